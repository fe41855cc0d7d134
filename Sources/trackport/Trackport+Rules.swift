import ArgumentParser
import TrackerPort

extension Trackport {
  struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List every diagnostic code: the spec's rules, format notices and fatal errors.",
      discussion: "Codes are stable; docs/rules.md explains each with an example and a fix.")

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
      try reportingFailures {
        let entries = KnownCodes.all()
        if json {
          let items = entries.map { e in
            JSONText.object([("code", JSONText.quote(e.code)), ("severity", JSONText.quote(e.descriptor.severity.rawValue)),
                             ("source", JSONText.quote(e.source)), ("summary", JSONText.quote(e.descriptor.summary))])
          }
          try StandardOutput.line("{\"rules\": \(JSONText.arrayOfLines(items, indent: ""))}")
          return .ok
        }
        let rows = entries.map { [$0.code, $0.descriptor.severity.rawValue, $0.source, $0.descriptor.summary] }
        try StandardOutput.write(TextTable.render(header: ["CODE", "SEVERITY", "FROM", "SUMMARY"], rows: rows))
        return .ok
      }
    }
  }
}
