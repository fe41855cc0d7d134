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

  /// What writing a codec loses, after the table: `ID cannot carry: fields` (no place for them:
  /// reading makes them up) then `ID carries in part: fields` (some values only) for a codec
  /// that writes one shape, `ID --to-shape NAME cannot carry: fields` and so on per shape for
  /// one that writes several (the CSV tables), none for what loses nothing. Fields are in the model's order,
  /// as the `dropped-field` warnings name them; a line longer than `width` columns goes on on
  /// lines indented by two spaces, broken after a comma.
  static func losses(_ d: CodecDescriptor, width: Int = 100) -> [String] {
    guard d.canWrite else { return [] }
    let lists = d.shapes.isEmpty ? [(d.id, d.cannotCarry, d.carriesInPart)]
      : d.shapes.map { ("\(d.id) --to-shape \($0.name)", $0.cannotCarry, $0.carriesInPart) }
    return lists.flatMap { subject, lost, inPart -> [String] in
      (lost.isEmpty ? [] : wrap("\(subject) cannot carry:", ModelField.inModelOrder(lost).map(\.rawValue), width: width))
        + (inPart.isEmpty ? [] : wrap("\(subject) carries in part:", ModelField.inModelOrder(inPart).map(\.rawValue), width: width))
    }
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
