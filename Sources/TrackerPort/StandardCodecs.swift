/// The one list of built-in codecs. Adding a format = its module, one line here, its tests.
public enum StandardCodecs {
  /// Every built-in codec, in the order `trackport formats` lists them.
  ///
  /// Order matters where formats share a file ending: detection asks codecs in this order, so
  /// the CSV codec, whose content check accepts almost any delimited text, stays last (after
  /// other apps' CSV exports, which recognise their own headers).
  public static let all: [any TrackerCodec] = [
    JSONCodec(),
    XMLCodec(),
    ICalendarCodec(),
    HabitBullCodec(),
    LoopCodec(),
    TickmateCodec(),
    HaboCodec(),
    HarshCodec(),
    DaylioCodec(),
    StreaksCodec(),
    ObsidianCodec(),
    OrgCodec(),
    BeaverHabitsCodec(),
    HabiticaCodec(),
    TableHabitCodec(),
    HabitKitCodec(),
    HabitBuilderCodec(),
    TrackerIOSCodec(),
    CSVCodec(),
  ]

  /// A registry holding the built-in codecs.
  public static var registry: CodecRegistry { CodecRegistry(all) }

  /// How many codecs at the end of ``all`` accept almost any text as their own (the CSV
  /// codec): plugins are asked before them (see ``registry(plugins:)``).
  static let catchAllCount = 1
}
