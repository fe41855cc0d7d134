/// A day of the week, Monday first (the app's order); raw values are the canonical JSON names.
public enum Weekday: String, CaseIterable, Hashable, Comparable, Sendable, Codable {
  case mon, tue, wed, thu, fri, sat, sun

  /// 0 for Monday ... 6 for Sunday.
  public var index: Int { Weekday.allCases.firstIndex(of: self) ?? 0 }

  /// The app's short Russian name: «Пн Вт Ср Чт Пт Сб Вс».
  public var shortRussianName: String { ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"][index] }

  /// The English short name: "Mon" ... "Sun".
  public var shortEnglishName: String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index] }

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.index < rhs.index }
}
