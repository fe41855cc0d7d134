/// RFC 5545 TEXT escaping and parameter quoting.
public enum ICalendarText {
  /// Escapes `\`, `;`, `,` and line feeds (§3.3.11). Carriage returns and other controls are
  /// not TEXT; callers that must keep them use ``needsJSON(_:)``.
  public static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Undoes ``escape(_:)``; `\N` is a line feed too, and an unknown escape keeps its character.
  public static func unescape(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
    var out = ""
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        switch scalar {
        case "n", "N": out += "\n"
        default: out.unicodeScalars.append(scalar)
        }
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    if escaped { out += "\\" }
    return out
  }

  /// Splits a TEXT list (`CATEGORIES:a,b\,c`) on unescaped commas and unescapes each item.
  public static func splitList(_ raw: String) -> [String] {
    var items: [String] = []
    var current = ""
    var escaped = false
    for scalar in raw.unicodeScalars {
      if escaped {
        current.unicodeScalars.append("\\")
        current.unicodeScalars.append(scalar)
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == "," {
        items.append(unescape(current))
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    items.append(unescape(current))
    return items
  }

  /// Whether `text` has a control character TEXT cannot carry (anything below U+0020 except
  /// tab and line feed, and DEL).
  public static func needsJSON(_ text: String) -> Bool {
    text.utf8.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F }
  }

  /// A parameter value as written: quoted when it holds `;`, `:` or `,`; `"` and controls,
  /// which no parameter value may hold, become spaces.
  public static func parameterValue(_ value: String) -> String {
    var clean = ""
    var needsQuotes = false
    for scalar in value.unicodeScalars {
      if scalar == "\"" || scalar.value < 0x20 || scalar.value == 0x7F {
        clean += " "
      } else {
        if scalar == ";" || scalar == ":" || scalar == "," { needsQuotes = true }
        clean.unicodeScalars.append(scalar)
      }
    }
    return needsQuotes ? "\"" + clean + "\"" : clean
  }
}
