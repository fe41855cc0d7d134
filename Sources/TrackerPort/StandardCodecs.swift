/// The one list of built-in codecs. Adding a format = its module, one line here, its tests.
public enum StandardCodecs {
  /// Every built-in codec, in the order `trackport formats` lists them.
  public static let all: [any TrackerCodec] = [
    JSONCodec(),
  ]

  /// A registry holding the built-in codecs.
  public static var registry: CodecRegistry { CodecRegistry(all) }
}
