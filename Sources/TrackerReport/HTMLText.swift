/// The report's one escaper: every piece of text from a dataset goes through ``append(_:to:)``
/// before it reaches the page, whether it lands in an element or in a quoted attribute.
public enum HTMLText {
  /// `text` with `& < > " '` as character references and the code points HTML forbids in text
  /// (C0 controls other than tab, line feed and carriage return; DEL and the C1 controls;
  /// noncharacters) as U+FFFD, so a name renders as the characters it is made of.
  public static func escape(_ text: String) -> String {
    var out = ""
    append(text, to: &out)
    return out
  }

  /// Appends `text`, escaped as ``escape(_:)`` says, to `out`.
  public static func append(_ text: String, to out: inout String) {
    // Most names need nothing: copy them whole.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0x7F || $0 >= 0xC2 }) {
      out += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: out += "&amp;"
      case 0x3C: out += "&lt;"
      case 0x3E: out += "&gt;"
      case 0x22: out += "&quot;"
      case 0x27: out += "&#39;"
      case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(scalar)
      case 0x00..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: out += "\u{FFFD}"
      case let v where v & 0xFFFE == 0xFFFE: out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
  }
}
