/// A day of the week, Monday first (the app's order); raw values are the canonical JSON names.
public enum Weekday: String, CaseIterable, Hashable, Comparable, Sendable, Codable {
  /// Monday to Sunday; each raw value (`mon`...) is the name canonical JSON and the `schedule` field use.
  case mon, tue, wed, thu, fri, sat, sun

  /// 0 for Monday ... 6 for Sunday.
  public var index: Int {
    switch self {
    case .mon: 0
    case .tue: 1
    case .wed: 2
    case .thu: 3
    case .fri: 4
    case .sat: 5
    case .sun: 6
    }
  }

  /// The weekday with this ``index`` (taken modulo 7).
  public init(index: Int) {
    switch ((index % 7) + 7) % 7 {
    case 0: self = .mon
    case 1: self = .tue
    case 2: self = .wed
    case 3: self = .thu
    case 4: self = .fri
    case 5: self = .sat
    default: self = .sun
    }
  }

  /// The app's short Russian name: «Пн Вт Ср Чт Пт Сб Вс».
  public var shortRussianName: String { ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"][index] }

  /// The English name: "Monday" ... "Sunday".
  public var englishName: String {
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][index]
  }

  /// The English short name: "Mon" ... "Sun".
  public var shortEnglishName: String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index] }

  /// Monday first, by ``index``; not the alphabetical order of the raw values.
  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.index < rhs.index }
}
