/// The one list of built-in codecs. Adding a format = its module, one line here, its tests.
public enum StandardCodecs {
  /// Every built-in codec, in the order `trackport formats` lists them.
  ///
  /// Order matters where formats share a file ending: detection asks codecs in this order, so
  /// the CSV codec, whose content check accepts almost any delimited text, stays last.
  public static let all: [any TrackerCodec] = [
    JSONCodec(),
    XMLCodec(),
    ICalendarCodec(),
    LoopCodec(),
    CSVCodec(),
  ]

  /// A registry holding the built-in codecs.
  public static var registry: CodecRegistry { CodecRegistry(all) }
}
