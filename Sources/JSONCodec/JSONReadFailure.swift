import TrackerCodec

/// Why reading JSON text stopped, with the byte offset of the offending byte.
///
/// Offsets are cheap to carry; the codec turns one into a 1-based line and column only when
/// the failure reaches the user.
struct JSONReadFailure: Error {
  var kind: CodecError.Kind = .malformedInput
  /// Byte offset into the input of the offending byte (the input's length at end of input).
  var offset: Int
  var message: String
  /// A JSON pointer: to the value, when the failure is about a value; to the object, for a
  /// duplicate key or a missing one; for broken JSON, to the innermost value known to hold
  /// the offending byte (`nil` outside the top-level object).
  var pointer: String?
  var note: String?

  init(_ kind: CodecError.Kind = .malformedInput, at offset: Int, _ message: String,
       pointer: String? = nil, note: String? = nil) {
    self.kind = kind
    self.offset = offset
    self.message = message
    self.pointer = pointer
    self.note = note
  }
}
