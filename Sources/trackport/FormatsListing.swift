import TrackerPort

/// The rows of `trackport formats`: one per codec, then the plugins found but not used.
enum FormatsListing {
  /// A plugin file that is not one of the formats, and why.
  struct Unused {
    var name: String
    var path: String
    /// `shadowed`, `refused` or `broken`.
    var status: String
    var reason: String
  }

  /// ID, NAME, R/W, FILES, FROM; a plugin's name carries its version, a broken plugin says so.
  static func row(_ codec: any TrackerCodec) -> [String] {
    let d = codec.descriptor
    let files = (d.extensions.map { "." + $0 } + d.sniffedExtensions.map { ".\($0) (by content)" }).joined(separator: ", ")
    guard let plugin = codec as? PluginCodec else {
      return [d.id, d.name, abilities(d), files, d.origin]
    }
    switch plugin.described {
    case .success(let described):
      return [d.id, "\(d.name) \(described.version)", abilities(d), files, d.origin]
    case .failure(let problem):
      return [d.id, "(broken: \(problem.summary))", "--", "", d.origin]
    }
  }

  /// One codec as an object of `formats --json`; plugins add `version`, and `broken` with the
  /// reason when `describe` failed.
  static func json(_ codec: any TrackerCodec) -> String {
    let d = codec.descriptor
    var members: [(String, String)] = [
      ("id", JSONOutput.quote(d.id)), ("name", JSONOutput.quote(d.name)),
      ("reads", JSONOutput.value(d.canRead)), ("writes", JSONOutput.value(d.canWrite)),
      ("extensions", JSONOutput.array(d.extensions.map(JSONOutput.quote))),
      ("detectedExtensions", JSONOutput.array(d.sniffedExtensions.map(JSONOutput.quote))),
      ("cannotCarry", JSONOutput.array(ModelField.inModelOrder(d.cannotCarry).map { JSONOutput.quote($0.rawValue) })),
      ("shapes", JSONOutput.array(d.shapes.map { shape in
        JSONOutput.object([("name", JSONOutput.quote(shape.name)), ("summary", JSONOutput.quote(shape.summary)),
                           ("cannotCarry", JSONOutput.array(ModelField.inModelOrder(shape.cannotCarry).map { JSONOutput.quote($0.rawValue) }))])
      })),
      ("options", JSONOutput.array(d.options.map(option))),
      ("origin", JSONOutput.quote(d.origin)),
    ]
    if let plugin = codec as? PluginCodec {
      switch plugin.described {
      case .success(let described): members.append(("version", JSONOutput.quote(described.version)))
      case .failure(let problem):
        members.append(("broken", JSONOutput.quote(problem.reason)))
        if !problem.standardError.isEmpty {
          members.append(("standardError", JSONOutput.array(problem.standardError.map(JSONOutput.quote))))
        }
      }
    }
    return JSONOutput.object(members)
  }

  /// What writing a codec loses, after the table: `ID cannot carry: fields` for a codec that
  /// writes one shape, `ID --to-shape NAME cannot carry: fields` per shape for one that writes
  /// several (the CSV tables), none for what loses nothing. Fields are in the model's order,
  /// as the `dropped-field` warnings name them; a line longer than `width` columns goes on on
  /// lines indented by two spaces, broken after a comma.
  static func losses(_ d: CodecDescriptor, width: Int = 100) -> [String] {
    guard d.canWrite else { return [] }
    let lists = d.shapes.isEmpty ? [(d.id, d.cannotCarry)] : d.shapes.map { ("\(d.id) --to-shape \($0.name)", $0.cannotCarry) }
    return lists.flatMap { subject, fields -> [String] in
      guard !fields.isEmpty else { return [] }
      return wrap("\(subject) cannot carry:", ModelField.inModelOrder(fields).map(\.rawValue), width: width)
    }
  }

  /// One declared option as `formats --json` lists it, the shape a plugin's `describe` declares
  /// it in (`docs/plugins.md`): `key`, `type`, `values` for a choice, `minimum` and `maximum`
  /// for an integer, `default` when there is one, `help`, `reads`, `writes`, and `aliases` when
  /// a choice has other spellings.
  static func option(_ o: CodecOption) -> String {
    var members: [(String, String)] = [("key", JSONOutput.quote(o.key)), ("type", JSONOutput.quote(o.values.kind))]
    switch o.values {
    case .choice(let words): members.append(("values", JSONOutput.array(words.map(JSONOutput.quote))))
    case .integer(let low, let high): members += [("minimum", String(low)), ("maximum", String(high))]
    default: break
    }
    if let value = o.defaultValue { members.append(("default", JSONOutput.quote(value))) }
    members += [("help", JSONOutput.quote(o.help)), ("reads", JSONOutput.value(o.reads)), ("writes", JSONOutput.value(o.writes))]
    if !o.aliases.isEmpty { members.append(("aliases", JSONOutput.array(o.aliases.map(JSONOutput.quote)))) }
    return JSONOutput.object(members)
  }

  /// A codec's options after the table: `ID options:`, then one line per option:
  /// `KEY=VALUES`, when it applies (`r-` reading, `-w` writing, `rw` both, as the R/W column),
  /// its help and default. None for a codec that takes no option.
  static func options(_ d: CodecDescriptor) -> [String] {
    guard !d.options.isEmpty else { return [] }
    let rows = d.options.map { o in
      ["  " + o.key + "=" + o.values.placeholder, (o.reads ? "r" : "-") + (o.writes ? "w" : "-"),
       o.help + (o.defaultValue.map { " (default: \($0))" } ?? "")]
    }
    return ["\(d.id) options:"] + TextTable.render(header: [], rows: rows).split(separator: "\n").map(String.init)
  }

  /// `head` and `items` joined by `, `, in lines of at most `width` columns where the items
  /// allow, continued on lines indented by two spaces.
  private static func wrap(_ head: String, _ items: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = head
    var hasItem = false
    for (index, item) in items.enumerated() {
      let piece = item + (index < items.count - 1 ? "," : "")
      if hasItem && line.count + 1 + piece.count > width {
        lines.append(line)
        line = "  " + piece
      } else {
        line += " " + piece
      }
      hasItem = true
    }
    return lines + [line]
  }

  /// Plugins found but not used: shadowed, refused (a built-in's id) or unusable files.
  static func unused(_ discovery: PluginDiscovery) -> [Unused] {
    discovery.candidates.compactMap { c in
      switch c.status {
      case .active: nil
      case .shadowed(let winner): Unused(name: c.name, path: c.path, status: "shadowed", reason: "\(winner) comes first")
      case .refused: Unused(name: c.name, path: c.path, status: "refused", reason: "'\(c.name)' is a built-in format")
      case .unusable(let reason): Unused(name: c.name, path: c.path, status: "broken", reason: reason)
      }
    }
  }

  private static func abilities(_ d: CodecDescriptor) -> String {
    (d.canRead ? "r" : "-") + (d.canWrite ? "w" : "-")
  }
}
