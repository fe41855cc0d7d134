/// Any JSON value, kept exactly as read: what `extras` hold for data the model cannot say.
///
/// Numbers keep their source text so that a round trip never changes a digit; objects keep
/// their member order.
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A JSON number in its literal text form (`12`, `-0.5`, `1e9`).
  case number(String)
  /// A string, unescaped (the text it stands for, not its JSON spelling).
  case string(String)
  /// Elements in source order.
  case array([JSONValue])
  /// Members in source order; an array, not a dictionary, so a round trip keeps the order.
  case object([JSONMember])

  /// The value of `key` in an object, or `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last(where: { $0.key == key })?.value
  }

  /// The string, when this is a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
  /// The member name, unescaped. The JSON reader refuses an object that repeats a key; when
  /// another source builds one, the subscript reads the last.
  public var key: String
  /// The member's value, kept exactly as read.
  public var value: JSONValue
  /// A member `"key": value`.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// What a source format had that the model cannot say, namespaced by source
/// (`extras["loop"]`, `extras["json"]`), so that converting back keeps it.
///
/// The namespace `json` holds unknown keys met in a canonical JSON object; the JSON writer puts
/// them back in place.
public typealias Extras = [String: JSONValue]
