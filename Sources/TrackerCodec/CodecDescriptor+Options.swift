extension CodecDescriptor {
  /// The declared option `key` that applies to reading (`reading` true) or writing, if any.
  public func option(_ key: String, reading: Bool) -> CodecOption? {
    options.first { $0.key == key && $0.applies(reading: reading) }
  }

  /// The options that apply to reading (`reading` true) or to writing, in declared order.
  public func options(reading: Bool) -> [CodecOption] {
    options.filter { $0.applies(reading: reading) }
  }

  /// The part of `options` this codec is given when it reads (`reading` true) or writes: the
  /// keys it declares for that. One command line's options reach every codec of the command,
  /// so each sees only its own (a plugin is never passed another format's `delimiter`).
  public func given(_ options: [String: String], reading: Bool) -> [String: String] {
    options.filter { option($0.key, reading: reading) != nil }
  }

  /// Refuses options no codec of a command takes, and values a declaration rules out.
  ///
  /// A key is accepted when one of `readers` declares it for reading or one of `writers` for
  /// writing. Its value is then checked against every such declaration whose kind the host
  /// checks (``CodecOption/Values``): a word of a choice, a boolean, a day, a whole number in
  /// range. Other values (a title, a pattern, a zone) are the codec's to check.
  ///
  /// - Throws: ``CodecError`` `.unknownOption` for an undeclared key: the message names the
  ///   key and the codecs, the note suggests the nearest declared key and lists what each
  ///   codec takes. `.unsupportedOperation` for a value outside its declaration, naming the
  ///   values it takes. Keys are checked in sorted order, so the error is the same every run.
  public static func checkOptions(_ options: [String: String], reading readers: [CodecDescriptor],
                                  writing writers: [CodecDescriptor]) throws(CodecError) {
    var roles: [Role] = []
    for (descriptors, reading) in [(readers, true), (writers, false)] {
      for descriptor in descriptors where !roles.contains(where: { $0.descriptor.id == descriptor.id && $0.reading == reading }) {
        roles.append(Role(descriptor: descriptor, reading: reading))
      }
    }
    for key in options.keys.sorted() {
      let value = options[key] ?? ""
      let declared = roles.compactMap { role in role.descriptor.option(key, reading: role.reading).map { (role, $0) } }
      guard !declared.isEmpty else { throw unknown(key, roles: roles) }
      for (role, option) in declared {
        if let problem = option.problem(with: value) {
          throw CodecError(.unsupportedOperation, "\(role.descriptor.name) option \(key): \(problem)",
                           note: "\(key) takes \(option.values.placeholder) when \(role.doing); \(option.help)")
        }
      }
    }
  }

  /// A codec and whether it reads or writes in the command.
  private struct Role {
    var descriptor: CodecDescriptor
    var reading: Bool
    /// `reading csv`, `writing beaverhabits`.
    var doing: String { (reading ? "reading " : "writing ") + descriptor.id }
    /// What it takes, as `key=VALUES` pairs.
    var takes: String {
      let own = descriptor.options(reading: reading)
      return doing + (own.isEmpty ? " takes no options" : " takes " + own.map { $0.key + "=" + $0.values.placeholder }.joined(separator: ", "))
    }
  }

  /// The error for `key`, which none of `roles` declares.
  private static func unknown(_ key: String, roles: [Role]) -> CodecError {
    var notes: [String] = []
    let candidates = roles.flatMap { $0.descriptor.options(reading: $0.reading).map(\.key) }
    if let nearest = nearestKey(to: key, among: candidates) { notes.append("did you mean '\(nearest)'?") }
    for role in roles {
      if let other = role.descriptor.option(key, reading: !role.reading) {
        notes.append("\(role.descriptor.id) takes \(key) only when \(other.reads ? "reading" : "writing")")
      }
    }
    notes += roles.map(\.takes)
    let what = roles.isEmpty ? "no format" : CodecOption.list(roles.map(\.doing))
    return CodecError(.unknownOption, "unknown option '\(key)': not an option of \(what)",
                      note: notes.joined(separator: "; ") + " (trackport formats lists every format's options)")
  }

  /// The declared key nearest to a misspelt one (a letter wrong, missing, extra or two swapped,
  /// or two such edits in a longer key), or `nil` when none is near.
  public static func nearestKey(to key: String, among candidates: [String]) -> String? {
    var best: (key: String, distance: Int)?
    for candidate in Set(candidates).sorted() {
      let distance = editDistance(Array(key.lowercased().utf8), Array(candidate.utf8))
      let allowed = max(key.count, candidate.count) >= 6 ? 2 : 1
      if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.key
  }

  /// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }
}
