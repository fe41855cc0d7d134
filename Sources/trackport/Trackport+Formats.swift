import ArgumentParser
import TrackerPort

extension Trackport {
  struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the formats this build reads and writes.")

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
      try reportingFailures {
        let codecs = StandardCodecs.registry.codecs.map(\.descriptor)
        if json {
          let items = codecs.map { d in
            JSONOutput.object([
              ("id", JSONOutput.quote(d.id)), ("name", JSONOutput.quote(d.name)),
              ("reads", JSONOutput.value(d.canRead)), ("writes", JSONOutput.value(d.canWrite)),
              ("extensions", JSONOutput.array(d.extensions.map(JSONOutput.quote))),
              ("detectedExtensions", JSONOutput.array(d.sniffedExtensions.map(JSONOutput.quote))),
              ("cannotCarry", JSONOutput.array(d.cannotCarry.map { JSONOutput.quote($0.rawValue) })),
              ("origin", JSONOutput.quote(d.origin)),
            ])
          }
          try StandardOutput.line("{\"formats\": \(JSONOutput.arrayOfLines(items, indent: ""))}")
          return .ok
        }
        let rows = codecs.map { d in
          [d.id, d.name, (d.canRead ? "r" : "-") + (d.canWrite ? "w" : "-"),
           (d.extensions.map { "." + $0 } + d.sniffedExtensions.map { ".\($0) (by content)" }).joined(separator: ", "),
           d.origin]
        }
        try StandardOutput.write(TextTable.render(header: ["ID", "NAME", "R/W", "FILES", "FROM"], rows: rows))
        for d in codecs where !d.cannotCarry.isEmpty {
          try StandardOutput.line("\(d.id) cannot carry: " + d.cannotCarry.map(\.rawValue).joined(separator: ", "))
        }
        return .ok
      }
    }
  }
}
