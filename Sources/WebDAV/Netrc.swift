/// A `.netrc` file (the format of ftp(1) and curl's `--netrc`): `machine HOST login USER
/// password SECRET` entries, a `default` entry, `account` and `macdef` blocks skipped.
///
/// Tokens are separated by spaces, tabs and line ends; a token may be double-quoted, with `\"`
/// and `\\` inside, as curl reads them. Parsed by hand because no library on this machine
/// exposes a lookup: curl reads the file only to send its entry, and TrackerPort must tell the
/// user which file and entry it used, or that there is none.
public struct Netrc: Sendable {
  public struct Entry: Sendable, Equatable {
    /// The host, lowercased; `nil` for the `default` entry.
    public var machine: String?
    public var login: String?
    public var password: String?
  }

  public var entries: [Entry]

  /// Parses `text`. Unknown tokens are skipped, as curl does.
  public init(_ text: String) {
    var tokens = Netrc.tokens(text)[...]
    var entries: [Entry] = []
    while let token = tokens.popFirst() {
      switch token {
      case "machine":
        entries.append(Entry(machine: tokens.popFirst()?.lowercased() ?? ""))
      case "default":
        entries.append(Entry(machine: nil))
      case "login":
        let value = tokens.popFirst()
        if !entries.isEmpty { entries[entries.count - 1].login = value }
      case "password":
        let value = tokens.popFirst()
        if !entries.isEmpty { entries[entries.count - 1].password = value }
      case "account":
        _ = tokens.popFirst()
      default:
        break
      }
    }
    self.entries = entries
  }

  /// The entry for `host` (and `user`, when given): the first `machine` entry that matches,
  /// else the `default` entry.
  public func entry(host: String, user: String?) -> Entry? {
    let host = host.lowercased()
    let matches = { (entry: Entry) in user == nil || entry.login == nil || entry.login == user }
    return entries.first { $0.machine == host && matches($0) } ?? entries.first { $0.machine == nil && matches($0) }
  }

  /// The tokens, line by line, with `macdef` blocks (to the first empty line) left out.
  static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var inMacro = false
    for rawLine in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let line = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine[...]
      if inMacro {
        if line.isEmpty { inMacro = false }
        continue
      }
      var lineTokens = lineTokens(line)
      if let macro = lineTokens.firstIndex(of: "macdef") {
        lineTokens.removeSubrange(macro...)
        inMacro = true
      }
      tokens += lineTokens
    }
    return tokens
  }

  /// One line's tokens: runs of non-blank bytes, or double-quoted with `\"` and `\\` escapes.
  static func lineTokens(_ line: Substring.UTF8View.SubSequence) -> [String] {
    var tokens: [String] = []
    var current: [UInt8] = []
    var inToken = false
    var quoted = false
    var escaped = false
    for byte in line {
      if quoted {
        if escaped {
          current.append(byte)
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          quoted = false
        } else {
          current.append(byte)
        }
      } else if byte == 0x20 || byte == 0x09 {
        if inToken { tokens.append(String(decoding: current, as: UTF8.self)) }
        current.removeAll()
        inToken = false
      } else if byte == UInt8(ascii: "\""), !inToken {
        quoted = true
        inToken = true
      } else {
        current.append(byte)
        inToken = true
      }
    }
    if inToken { tokens.append(String(decoding: current, as: UTF8.self)) }
    return tokens
  }
}
