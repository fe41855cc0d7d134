/// The line of each key and table header of a `hub.toml`, for errors about valid TOML with
/// a wrong key or value (TOMLKit gives positions for syntax errors only).
///
/// A light scan, not a second parser: headers (`[[source]]`, `[source.options]`), `key =`
/// lines and the keys of an inline `options = { ... }`. A key it cannot place is reported at
/// its table's header.
struct HubConfigLines {
  /// Where a key is.
  enum Section: Hashable {
    case top
    /// The `index`th `[[name]]`.
    case item(String, Int)
    /// The options of the `index`th `[[name]]`.
    case options(String, Int)
    case other

    var options: Section {
      if case .item(let name, let index) = self { return .options(name, index) }
      return self
    }
  }

  private var keys: [Section: [String: Int]] = [:]
  private var headers: [Section: Int] = [:]

  init(_ text: String) {
    var current = Section.top
    var counts: [String: Int] = [:]
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = n + 1
      let trimmed = raw.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("#") || trimmed.isEmpty { continue }
      if trimmed.hasPrefix("[[") {
        let name = Self.headerName(trimmed.dropFirst(2))
        let index = counts[name, default: 0]
        counts[name] = index + 1
        current = .item(name, index)
        headers[current] = line
        continue
      }
      if trimmed.hasPrefix("[") {
        let name = Self.headerName(trimmed.dropFirst())
        if name.hasSuffix(".options"), let index = counts[String(name.dropLast(8))] {
          current = .options(String(name.dropLast(8)), index - 1)
        } else {
          current = .other
        }
        headers[current] = headers[current] ?? line
        continue
      }
      guard let equals = trimmed.firstIndex(of: "=") else { continue }
      let key = Self.unquote(trimmed[..<equals])
      if keys[current, default: [:]][key] == nil { keys[current, default: [:]][key] = line }
      let value = trimmed[trimmed.index(after: equals)...].drop { $0 == " " }
      if key == "options", value.hasPrefix("{") {
        for part in value.dropFirst().split(separator: ",") {
          guard let eq = part.firstIndex(of: "=") else { continue }
          let inner = Self.unquote(part[..<eq])
          if keys[current.options, default: [:]][inner] == nil { keys[current.options, default: [:]][inner] = line }
        }
      }
    }
  }

  /// The line of `key` in `section`, else of the section's header, else `nil`.
  func line(of key: String, in section: Section) -> Int? {
    keys[section]?[key] ?? header(section)
  }

  /// The line of the section's header (`[[source]]`); for options, of their `options` key or
  /// header.
  func header(_ section: Section) -> Int? {
    switch section {
    case .options(let name, let index):
      return headers[section] ?? keys[.item(name, index)]?["options"] ?? headers[.item(name, index)]
    default:
      return headers[section]
    }
  }

  private static func headerName(_ text: Substring) -> String {
    String(text.prefix { $0 != "]" }).trimmingSpaces
  }

  private static func unquote(_ text: Substring) -> String {
    var key = String(text).trimmingSpaces
    if key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first {
      key = String(key.dropFirst().dropLast())
    }
    return key
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
    return String(s)
  }
}
