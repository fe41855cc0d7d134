import TrackerCodec
import TrackerModel

/// What an element had that the format does not define: attributes (unqualified unknown
/// ones, and any in another namespace) and child elements (as their XML text). Kept in the
/// entity's `extras["xml"]` as `{"attributes": {name: value}, "elements": ["<x>...</x>"]}`.
struct XMLUnknowns {
  var attributes: [JSONMember] = []
  var elements: [JSONValue] = []

  var isEmpty: Bool { attributes.isEmpty && elements.isEmpty }

  /// `extras` with `extras["xml"]` added; an explicit `extras["xml"]` beside unknown XML in
  /// the same element is refused, because writing both back would lose one.
  func merged(into extras: Extras, at position: XMLPosition, pointer: @autoclosure () -> String, fileName: String) throws -> Extras {
    guard !isEmpty else { return extras }
    guard extras["xml"] == nil else {
      throw CodecError(.malformedInput, "unknown XML beside an explicit extras \"xml\" namespace",
                       location: SourceLocation(file: fileName, pointer: pointer(), line: Int(position.line),
                                                column: position.column > 0 ? Int(position.column) : nil),
                       note: "unknown XML is kept in extras[\"xml\"]; remove or rename one of the two")
    }
    var members: [JSONMember] = []
    if !attributes.isEmpty { members.append(JSONMember("attributes", .object(attributes))) }
    if !elements.isEmpty { members.append(JSONMember("elements", .array(elements))) }
    var result = extras
    result["xml"] = .object(members)
    return result
  }
}
