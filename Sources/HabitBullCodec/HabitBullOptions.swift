import TrackerCodec

/// The HabitBull codec's options, from ``CodecContext/options`` (`--option KEY=VALUE` and the
/// dedicated flags); keys other codecs use are ignored.
struct HabitBullOptions: Sendable {
  /// `default-category` (`--default-category`): the category of habits whose `HabitCategory`
  /// is empty.
  var defaultCategory = "HabitBull"

  /// - Throws: ``CodecError`` `.unsupportedOperation` for an empty `default-category`.
  init(_ options: [String: String]) throws {
    if let value = options["default-category"] {
      guard !value.isEmpty else {
        throw CodecError(.unsupportedOperation, "HabitBull option default-category: the title is empty",
                         note: "see docs/habitbull.md")
      }
      defaultCategory = value
    }
  }
}
