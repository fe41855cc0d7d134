import ArgumentParser
import TrackerPort

/// Shell completion for `--from` and `--to`: the built-in codecs' ids.
///
/// A fixed list, written into the completion scripts, rather than a call back into the tool
/// that could also list plugins: swift-argument-parser's generated fish script cannot make
/// that call on fish 3 (Debian 12's; the tool is then asked without a cursor index and
/// answers with an error on every Tab), and completion must work everywhere.
enum FormatCompletion {
  static let kind = CompletionKind.list(StandardCodecs.all.map(\.descriptor.id))

  /// For `--option`: every key a built-in codec declares, as `key=` (sorted, each once), so
  /// Tab offers the keys and the user types the value. Plugins' keys are not offered, for
  /// the reason above.
  static let optionKeys = CompletionKind.list(
    Array(Set(StandardCodecs.all.flatMap(\.descriptor.options).map { $0.key + "=" })).sorted())
}
