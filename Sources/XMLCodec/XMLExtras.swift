import TrackerCodec
import TrackerModel

/// Extras in XML: the compact JSON text (``JSONText``) of one object whose members are the
/// namespaces, sorted by name, in an `<extras>` element.
enum XMLExtras {
  /// The JSON text; U+FFFE and U+FFFF, which XML cannot carry, are written as `\ufffe` and
  /// `\uffff` escapes (JSON already escapes control characters).
  static func text(_ extras: Extras) throws -> String {
    let members = extras.keys.sorted().map { key in JSONMember(key, extras[key] ?? .null) }
    let json: String
    do {
      json = try JSONText.compact(.object(members))
    } catch {
      throw CodecError(.unsupportedOperation, "cannot write extras: \(error.message)")
    }
    guard json.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) else { return json }
    var result = ""
    for scalar in json.unicodeScalars {
      switch scalar.value {
      case 0xFFFE: result += "\\ufffe"
      case 0xFFFF: result += "\\uffff"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The extras an `<extras>` element's text stands for; `failure` makes the error from a
  /// message saying why not.
  static func parse(_ text: String, failure: (String) -> CodecError) throws -> Extras {
    let value: JSONValue
    do {
      value = try JSONText.parse(text)
    } catch {
      throw failure("extras is not JSON: \(error.message)")
    }
    guard case .object(let members) = value else { throw failure("extras must be a JSON object") }
    var extras: Extras = [:]
    for member in members { extras[member.key] = member.value }
    return extras
  }
}
