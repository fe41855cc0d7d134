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
            JSONText.object([
              ("id", JSONText.quote(d.id)), ("name", JSONText.quote(d.name)),
              ("reads", JSONText.value(d.canRead)), ("writes", JSONText.value(d.canWrite)),
              ("extensions", JSONText.array(d.extensions.map(JSONText.quote))),
              ("detectedExtensions", JSONText.array(d.sniffedExtensions.map(JSONText.quote))),
              ("cannotCarry", JSONText.array(d.cannotCarry.map { JSONText.quote($0.rawValue) })),
              ("origin", JSONText.quote(d.origin)),
            ])
          }
          try StandardOutput.line("{\"formats\": \(JSONText.arrayOfLines(items, indent: ""))}")
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
