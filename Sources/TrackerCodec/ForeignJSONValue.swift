import TrackerModel

/// One value of a ``ForeignJSON`` document with its JSON pointer, read with typed accessors
/// whose errors name the pointer, line and column: `expected an integer at
/// /habits/3/records/2/record_date, found "abc"`.
///
/// Accessors follow what apps write: `int()` takes `3` and `3.0` but not `3.5` or `"3"`; a
/// missing member and a `null` one are the same to ``member(_:)``.
public struct ForeignJSONValue: Sendable {
  /// The value as read.
  public let value: JSONValue
  /// Where it is (`""` for the top level).
  public let pointer: String
  /// The document, for locations.
  public let document: ForeignJSON

  init(_ value: JSONValue, pointer: String, document: ForeignJSON) {
    self.value = value
    self.pointer = pointer
    self.document = document
  }

  /// A `.malformedInput` error at this value.
  public func failure(_ message: String, note: String? = nil) -> CodecError {
    document.failure(pointer, message, note: note)
  }

  /// The member `key` of this object; `nil` when it is missing or `null` (or this is no object).
  public func member(_ key: String) -> ForeignJSONValue? {
    guard let found = value[key] else { return nil }
    let place = pointer + "/" + JSONPointer.escape(key)
    guard found != .null else {
      return document.deferredValue(at: place).map { ForeignJSONValue($0, pointer: place, document: document) }
    }
    return ForeignJSONValue(found, pointer: place, document: document)
  }

  /// The member `key`, which must be there and not `null`.
  public func required(_ key: String) throws -> ForeignJSONValue {
    guard case .object = value else { throw mismatch("an object") }
    guard let found = member(key) else {
      throw failure("missing \"\(key)\" in \(pointer.isEmpty ? "the top-level object" : pointer)")
    }
    return found
  }

  /// The members of an object, in file order, each with its pointer.
  public func members() throws -> [(key: String, value: ForeignJSONValue)] {
    guard case .object(let members) = value else { throw mismatch("an object") }
    return members.map { member in
      let place = pointer + "/" + JSONPointer.escape(member.key)
      let value = member.value == .null ? document.deferredValue(at: place) ?? .null : member.value
      return (member.key, ForeignJSONValue(value, pointer: place, document: document))
    }
  }

  /// The elements of an array, each with its pointer.
  public func elements() throws -> [ForeignJSONValue] {
    guard case .array(let elements) = value else { throw mismatch("an array") }
    return elements.enumerated().map { ForeignJSONValue($0.element, pointer: pointer + "/\($0.offset)", document: document) }
  }

  /// A string.
  public func string() throws -> String {
    guard case .string(let text) = value else { throw mismatch("a string") }
    return text
  }

  /// A number as a `Double` (finite).
  public func double() throws -> Double {
    guard case .number(let text) = value, let number = Double(text), number.isFinite else { throw mismatch("a number") }
    return number
  }

  /// A whole number (`3` or `3.0`) that fits an `Int`.
  public func int() throws -> Int {
    guard case .number(let text) = value else { throw mismatch("an integer") }
    if let whole = Int(text) { return whole }
    guard let number = Double(text), number.rounded() == number, abs(number) < 9.0e15 else { throw mismatch("an integer") }
    return Int(number)
  }

  /// `true` or `false`; with `integers`, also `0` and `1` (apps that store SQLite flags).
  public func bool(integers: Bool = false) throws -> Bool {
    if case .bool(let flag) = value { return flag }
    if integers, case .number(let text) = value, text == "0" || text == "1" { return text == "1" }
    throw mismatch(integers ? "0, 1, true or false" : "true or false")
  }

  /// An error saying what was expected here and what was found.
  public func mismatch(_ expected: String) -> CodecError {
    failure("expected \(expected) at \(pointer.isEmpty ? "the top level" : pointer), found \(Self.describe(value))")
  }

  /// A short description of a value for messages: `"abc"`, `12.5`, `an object`.
  public static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let text): text.count > 24 ? String(text.prefix(24)) + "…" : text
    case .string(let text): (text.count > 24 ? String(text.prefix(24)) + "…" : text).debugDescription
    case .array: "an array"
    case .object: "an object"
    }
  }
}
