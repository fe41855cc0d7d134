import TOMLKit
import TrackerPort

/// A hub's `hub.toml`: where its sources are, what it writes, how often it runs.
///
/// Every key is documented in docs/hub.md. A key no table takes is refused with its line and the
/// nearest key it may have meant, as codec options are; a value of the wrong kind likewise.
public struct HubConfig: Equatable, Sendable {
  /// `hub watch`: a run at least this often, whether or not a source changed (`every = "6h"`);
  /// `nil`: only when a source changes.
  public var every: Double?
  /// A source file changed less than this long ago is left for the next run (a sync tool may
  /// still be writing it): `settle = "2s"`.
  public var settle: Double = 2
  /// Which side wins when a source and the history disagree on a value or a day.
  public var prefer: HubPreference = .newer
  /// The files, folders and globs imported, in the order given.
  public var sources: [HubSource] = []
  /// What each run that changed the history writes.
  public var outputs: [HubOutput] = []

  public init(every: Double? = nil, settle: Double = 2, prefer: HubPreference = .newer,
              sources: [HubSource] = [], outputs: [HubOutput] = []) {
    self.every = every
    self.settle = settle
    self.prefer = prefer
    self.sources = sources
    self.outputs = outputs
  }

  static let topKeys = ["every", "settle", "prefer", "source", "output"]
  static let sourceKeys = ["path", "from", "options", "skip-bad-rows"]
  static let outputKeys = ["path", "url", "to", "options", "state"]

  /// Reads a configuration; `file` names it in errors.
  ///
  /// - Throws: ``HubError`` `.config` with the line of the problem.
  public static func parse(_ text: String, file: String) throws -> HubConfig {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw HubError(.config, "\(file):\(error.source.begin.line):\(error.source.begin.column): error: \(error.description)")
    }
    let lines = HubConfigLines(text)
    func fail(_ message: String, _ line: Int?, note: String? = nil) -> HubError {
      HubError(.config, "\(file):\(line.map(String.init) ?? "1"): error: \(message)", note: note)
    }
    func checkKeys(_ table: TOMLTable, allowed: [String], section: HubConfigLines.Section, what: String) throws {
      for key in table.keys.sorted() where !allowed.contains(key) {
        let nearest = CodecDescriptor.nearestKey(to: key, among: allowed)
        throw fail("unknown key '\(key)' in \(what)", lines.line(of: key, in: section),
                   note: (nearest.map { "did you mean '\($0)'? " } ?? "") + "\(what) takes " + allowed.joined(separator: ", ") + " (docs/hub.md)")
      }
    }
    func string(_ table: TOMLTable, _ key: String, section: HubConfigLines.Section, what: String) throws -> String? {
      guard let value = table[key] else { return nil }
      guard let text = value.string else { throw fail("\(what): '\(key)' takes a string in quotes", lines.line(of: key, in: section)) }
      return text
    }
    func duration(_ key: String) throws -> Double? {
      guard let value = table[key] else { return nil }
      let line = lines.line(of: key, in: .top)
      if let n = value.int, n >= 0 { return Double(n) }
      guard let text = value.string, let seconds = HubDuration.seconds(text) else {
        throw fail("'\(key)' takes a length of time such as \"90s\", \"15m\", \"6h\" or \"1d\"", line)
      }
      return seconds
    }
    func options(_ table: TOMLTable, section: HubConfigLines.Section, what: String) throws -> [String: String] {
      guard let value = table["options"] else { return [:] }
      guard let inner = value.table else { throw fail("\(what): 'options' takes a table of codec options (options = { key = \"value\" })", lines.line(of: "options", in: section)) }
      var out: [String: String] = [:]
      for key in inner.keys {
        guard let v = inner[key] else { continue }
        if let s = v.string { out[key] = s } else if let b = v.bool { out[key] = b ? "true" : "false" } else if let i = v.int { out[key] = String(i) } else {
          throw fail("\(what): option '\(key)' takes a string, a number or true/false", lines.line(of: key, in: section.options))
        }
      }
      return out
    }

    try checkKeys(table, allowed: topKeys, section: .top, what: "the top of hub.toml")
    var config = HubConfig()
    config.every = try duration("every")
    if let settle = try duration("settle") { config.settle = settle }
    if let prefer = try string(table, "prefer", section: .top, what: "the top of hub.toml") {
      guard let value = HubPreference(rawValue: prefer) else {
        throw fail("'prefer' takes " + HubPreference.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", got \"\(prefer)\"",
                   lines.line(of: "prefer", in: .top))
      }
      config.prefer = value
    }
    for (name, allowed) in [("source", sourceKeys), ("output", outputKeys)] {
      guard let value = table[name] else { continue }
      guard let array = value.array else {
        throw fail("'\(name)' is a list of tables: write each as [[\(name)]]", lines.line(of: name, in: .top))
      }
      for index in array.indices {
        let section = HubConfigLines.Section.item(name, index)
        let what = "[[\(name)]] \(index + 1)"
        guard let item = array[index].table else { throw fail("\(what) is not a table", lines.header(section)) }
        try checkKeys(item, allowed: allowed, section: section, what: what)
        let line = lines.header(section)
        if name == "source" {
          guard let path = try string(item, "path", section: section, what: what), !path.isEmpty else {
            throw fail("\(what) has no path (a file, a folder or a glob such as \"~/Sync/Loop/*.db\")", line)
          }
          let skip: Bool
          if let v = item["skip-bad-rows"] {
            guard let b = v.bool else { throw fail("\(what): 'skip-bad-rows' takes true or false", lines.line(of: "skip-bad-rows", in: section)) }
            skip = b
          } else {
            skip = false
          }
          config.sources.append(HubSource(path: path, from: try string(item, "from", section: section, what: what),
                                          options: try options(item, section: section, what: what), skipBadRows: skip, line: line ?? 0))
        } else {
          let path = try string(item, "path", section: section, what: what)
          let url = try string(item, "url", section: section, what: what)
          guard (path == nil) != (url == nil) else {
            throw fail("\(what) needs one of path (a file to write) or url (a CalDAV collection)", line)
          }
          config.outputs.append(HubOutput(path: path, url: url, to: try string(item, "to", section: section, what: what),
                                          options: try options(item, section: section, what: what),
                                          state: try string(item, "state", section: section, what: what), line: line ?? 0))
        }
      }
    }
    return config
  }

  /// The configuration as `hub.toml` text, with a comment saying where each key is documented;
  /// ``parse(_:file:)`` reads it back equal.
  public func render() -> String {
    var out = """
      # A TrackerPort hub: every key is described in docs/hub.md (man trackport-hub).
      # every: hub watch runs at least this often; settle: a source changed less than this long
      # ago waits for the next run; prefer: who wins a disagreement (newer, history or source).

      """
    if let every { out += "every = \(Self.quote(HubDuration.text(every)))\n" }
    out += "settle = \(Self.quote(HubDuration.text(settle)))\n"
    out += "prefer = \(Self.quote(prefer.rawValue))\n"
    for source in sources {
      out += "\n[[source]]\npath = \(Self.quote(source.path))\n"
      if let from = source.from { out += "from = \(Self.quote(from))\n" }
      if source.skipBadRows { out += "skip-bad-rows = true\n" }
      out += Self.optionsLine(source.options)
    }
    for output in outputs {
      out += "\n[[output]]\n"
      if let path = output.path { out += "path = \(Self.quote(path))\n" }
      if let url = output.url { out += "url = \(Self.quote(url))\n" }
      if let to = output.to { out += "to = \(Self.quote(to))\n" }
      if let state = output.state { out += "state = \(Self.quote(state))\n" }
      out += Self.optionsLine(output.options)
    }
    return out
  }

  private static func optionsLine(_ options: [String: String]) -> String {
    guard !options.isEmpty else { return "" }
    return "options = { " + options.sorted { $0.key < $1.key }.map { "\(quoteKey($0.key)) = \(quote($0.value))" }.joined(separator: ", ") + " }\n"
  }

  private static func quoteKey(_ key: String) -> String {
    key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } && !key.isEmpty ? key : quote(key)
  }

  /// A TOML basic string.
  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f {
          out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

/// Who wins where a source and the history disagree (an amount, a note, done against skipped).
public enum HubPreference: String, CaseIterable, Sendable {
  /// The source, when its file is at least as new as every file imported before it; else the
  /// history (an old backup found late never overrides what a newer one said). The default.
  case newer
  /// Always the history: what came in first stays.
  case history
  /// Always the source being imported.
  case source
}

/// One `[[source]]` of `hub.toml`.
public struct HubSource: Equatable, Sendable {
  /// A file, a folder (each file in it, or the folder itself when it is one dataset: an
  /// Obsidian vault, a harsh folder) or a glob (`*`, `?`, `[...]`); `~/` is the home folder;
  /// relative to the hub's folder.
  public var path: String
  /// The format id; detected from each file when `nil`.
  public var from: String?
  /// Codec options for reading.
  public var options: [String: String]
  /// Import a file whose reader skipped bad rows (reported) instead of refusing it.
  public var skipBadRows: Bool
  /// Its `[[source]]` line in `hub.toml` (0 when made in code).
  public var line: Int

  public init(path: String, from: String? = nil, options: [String: String] = [:], skipBadRows: Bool = false, line: Int = 0) {
    self.path = path
    self.from = from
    self.options = options
    self.skipBadRows = skipBadRows
    self.line = line
  }

  public static func == (a: HubSource, b: HubSource) -> Bool {
    a.path == b.path && a.from == b.from && a.options == b.options && a.skipBadRows == b.skipBadRows
  }
}

/// One `[[output]]` of `hub.toml`: a file written in a format, the HTML report, or a CalDAV
/// collection pushed to.
public struct HubOutput: Equatable, Sendable {
  /// The file to write (relative to the hub's folder); `nil` for a CalDAV output.
  public var path: String?
  /// The CalDAV collection's URL; `nil` for a file.
  public var url: String?
  /// The format id (`ics`, `tablehabit`, ...) or `report` (the HTML report); from the file's
  /// name when `nil`.
  public var to: String?
  /// Codec options for writing (`report`: `locale`, `theme`; CalDAV: `user`, `password-file`,
  /// `netrc-file`, `ca-file`, `allow-http` and the ics writer's options).
  public var options: [String: String]
  /// CalDAV: the push's state file (default: in the hub's store).
  public var state: String?
  /// Its `[[output]]` line in `hub.toml` (0 when made in code).
  public var line: Int

  public init(path: String? = nil, url: String? = nil, to: String? = nil, options: [String: String] = [:], state: String? = nil, line: Int = 0) {
    self.path = path
    self.url = url
    self.to = to
    self.options = options
    self.state = state
    self.line = line
  }

  /// How the journal and the output record name it: the path or the URL.
  public var key: String { path ?? url ?? "" }

  public static func == (a: HubOutput, b: HubOutput) -> Bool {
    a.path == b.path && a.url == b.url && a.to == b.to && a.options == b.options && a.state == b.state
  }
}

extension HubConfig {
  /// "did you mean" for a misspelt format id, and the ids there are.
  static func nearestNote(_ id: String, among ids: [String]) -> String {
    (CodecDescriptor.nearestKey(to: id, among: ids).map { "did you mean '\($0)'? " } ?? "") + "formats: " + ids.joined(separator: ", ")
  }
}
