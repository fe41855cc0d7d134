import ArgumentParser
import TrackerPort

extension Trackport {
  struct Detect: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Tell which format a file is in, from its name and content.")

    @Argument(help: "The file, or - for standard input.", completion: .file())
    var file: String

    @Option(help: ArgumentHelp("CSV and HabitBull: the text encoding: utf-8 (default) or windows-1251.", valueName: "name"), completion: .list(["utf-8", "windows-1251"]))
    var encoding: String?

    @OptionGroup var pluginOptions: PluginOptions

    func run() throws {
      try reportingFailures(Self.self) {
        // The one reading option detection looks at: a windows-1251 CSV is CSV only when told.
        let options = encoding.map { ["encoding": $0] } ?? [:]
        let codec = try pluginOptions.registry().detect(CodecInput(path: file), options: options)
        try StandardOutput.line("\(codec.descriptor.id)\t\(codec.descriptor.name)")
        return .ok
      }
    }
  }
}
