import ArgumentParser
import TrackerPort

extension Trackport {
  struct Detect: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Tell which format a file is in, from its name and content.")

    @Argument(help: "The file, or - for standard input.", completion: .file())
    var file: String

    @OptionGroup var pluginOptions: PluginOptions

    func run() throws {
      try reportingFailures {
        let codec = try pluginOptions.registry().detect(CodecInput(path: file))
        try StandardOutput.line("\(codec.descriptor.id)\t\(codec.descriptor.name)")
        return .ok
      }
    }
  }
}
