import ArgumentParser
import TrackerOutput
import TrackerPort

extension Trackport {
  struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List every diagnostic code: the spec's rules, format notices and fatal errors.",
      discussion: "Codes are stable; docs/rules.md explains each with an example and a fix.")

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var pluginOptions: PluginOptions

    func run() throws {
      try reportingFailures(Self.self) {
        let entries = KnownCodes.all(registry: try pluginOptions.registry())
        if json {
          let items = entries.map { e in
            JSONOutput.object([("code", JSONOutput.quote(e.code)), ("severity", JSONOutput.quote(e.descriptor.severity.rawValue)),
                             ("source", JSONOutput.quote(e.source)), ("summary", JSONOutput.quote(e.descriptor.summary))])
          }
          try StandardOutput.line("{\"rules\": \(JSONOutput.arrayOfLines(items, indent: ""))}")
          return .ok
        }
        let rows = entries.map { [$0.code, $0.descriptor.severity.rawValue, $0.source, $0.descriptor.summary] }
        try StandardOutput.write(TextTable.render(header: ["CODE", "SEVERITY", "FROM", "SUMMARY"], rows: rows))
        return .ok
      }
    }
  }
}
