import ArgumentParser

/// How input files are read: shared by every command that reads datasets.
struct InputOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Input format id (see 'trackport formats'); detected from the name and content when omitted.", valueName: "format"))
  var from: String?

  @Option(name: .customLong("option"), help: ArgumentHelp("A codec option KEY=VALUE; repeatable.", valueName: "key=value"))
  var rawOptions: [String] = []

  /// `--option` values as a dictionary.
  var codecOptions: [String: String] {
    get throws {
      var result: [String: String] = [:]
      for raw in rawOptions {
        guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else {
          throw ValidationError("--option takes KEY=VALUE, got '\(raw)'")
        }
        result[String(raw[..<eq])] = String(raw[raw.index(after: eq)...])
      }
      return result
    }
  }

  func validate() throws { _ = try codecOptions }
}

extension DiagnosticFormat: ExpressibleByArgument {}
