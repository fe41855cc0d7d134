import ArgumentParser
import TrackerOutput
import TrackerPort

extension Trackport {
  struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the formats this build reads and writes, built-in and plugins.",
      discussion: """
        FROM is 'built-in' or a plugin's path. After the table, what each format that writes \
        cannot carry, by the names its 'dropped-field' warnings use (per --to-shape for CSV's \
        tables); a conversion warns only for what the dataset has. Then each format's options \
        (--option KEY=VALUE): its values, whether it applies to reading (r) or writing (w), what \
        it does and its default; an option none of a command's formats takes is refused. \
        Plugins are executables named \
        trackport-codec-NAME in --plugin-path folders, TRACKPORT_PLUGIN_PATH, then PATH \
        (docs/plugins.md); listing them runs each one's 'describe'. Plugins that are not used \
        (shadowed, refused, broken) are listed after the formats, with the reason.
        """)

    @Option(help: "Output: text, or json (the formats, the model's fields in plain words, and what arrives on every route from a format to another: docs/migration-matrix.md).")
    var format: FormatsFormat = .text

    @Flag(help: "The same as --format json.")
    var json = false

    @OptionGroup var pluginOptions: PluginOptions

    func run() throws {
      try reportingFailures(Self.self) {
        let discovery = try pluginOptions.discover()
        let registry = StandardCodecs.registry(plugins: discovery.codecs)
        // Built-ins first, in their own order, then plugins in search order.
        let codecs = registry.codecs.filter { !($0 is PluginCodec) } + registry.codecs.filter { $0 is PluginCodec }
        let unused = FormatsListing.unused(discovery)
        if json || format == .json {
          let others = unused.map { u in
            JSONOutput.object([("name", JSONOutput.quote(u.name)), ("path", JSONOutput.quote(u.path)),
                               ("status", JSONOutput.quote(u.status)), ("reason", JSONOutput.quote(u.reason))])
          }
          try StandardOutput.line(FormatJSON.document(codecs, unusedPlugins: others))
          return .ok
        }
        let rows = codecs.map(FormatsListing.row)
        try StandardOutput.write(TextTable.render(header: ["ID", "NAME", "R/W", "FILES", "FROM"], rows: rows))
        for line in codecs.flatMap({ FormatsListing.losses($0.descriptor) }) {
          try StandardOutput.line(line)
        }
        for line in codecs.flatMap({ FormatsListing.options($0.descriptor) }) {
          try StandardOutput.line(line)
        }
        for u in unused {
          try StandardOutput.line("\(u.status) plugin \(u.path): \(u.reason)")
        }
        return .ok
      }
    }
  }
}

/// How `formats` shows the formats.
enum FormatsFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json
}
