import ArgumentParser
import TrackerPort

extension Trackport {
  struct Detect: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Tell which format a file is in, from its name and content.")

    @Argument(help: "The file, or - for standard input.", completion: .file())
    var file: String

    @Option(help: ArgumentHelp(OptionHelp.encoding, valueName: "name"), completion: .list(OptionHelp.encodings))
    var encoding: String?

    @OptionGroup var pluginOptions: PluginOptions

    func run() throws {
      try reportingFailures(Self.self) {
        // The one reading option detection looks at: a windows-1251 (or -1252) CSV is CSV only when told.
        let options = encoding.map { ["encoding": $0] } ?? [:]
        let codec = try pluginOptions.registry().detect(CodecInput(path: file), options: options)
        try StandardOutput.line("\(codec.descriptor.id)\t\(codec.descriptor.name)")
        return .ok
      }
    }
  }
}
