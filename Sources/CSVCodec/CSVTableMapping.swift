import TrackerCodec
import TrackerModel

/// How the entities of one model array map to the rows of one package table.
protocol CSVTableMapping {
  associatedtype Entity
  /// The table, with its columns in the order ``cells(_:pointer:)`` returns them.
  static var table: CSVTable { get }
  /// The entity of data row `index` (0-based); unreadable cells are reported into `row` and
  /// replaced by defaults (the caller discards a row with problems).
  static func entity(_ row: inout CSVFieldReader, index: Int) -> Entity
  /// The cells of the known columns of the package `version`, in
  /// ``CSVTable/columns(version:)`` order.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a value the format cannot write
  ///   (a day outside years 1-9999, an amount that is not a finite number), at `pointer`.
  static func cells(_ entity: Entity, version: Int, pointer: () -> String) throws -> [String]
  /// The entity's extras, which the table writer places in the `extras` and unknown columns.
  static func extras(of entity: Entity) -> Extras
}

extension CSVTableMapping {
  /// A placeholder for an unreadable required day; the row is discarded.
  static var unreadableDay: LocalDate { LocalDate(dayNumber: 0) }

  /// Days `YYYY-MM-DD` can write: 0001-01-01 ... 9999-12-31.
  private static var validDays: ClosedRange<Int> {
    (LocalDate(year: 1, month: 1, day: 1)?.dayNumber ?? 0)...(LocalDate(year: 9999, month: 12, day: 31)?.dayNumber ?? 0)
  }

  /// `YYYY-MM-DD`, or empty for `nil`.
  static func dateCell(_ date: LocalDate?, _ pointer: @autoclosure () -> String) throws -> String {
    guard let date else { return "" }
    guard validDays.contains(date.dayNumber) else {
      throw CodecError(.unsupportedOperation, "a day outside years 1-9999 cannot be written as YYYY-MM-DD",
                       location: SourceLocation(pointer: pointer()))
    }
    return date.description
  }

  /// A number (``CSVCell/number(_:)``), or empty for `nil`.
  static func numberCell(_ value: Double?, _ pointer: @autoclosure () -> String) throws -> String {
    guard let value else { return "" }
    guard value.isFinite else {
      throw CodecError(.unsupportedOperation, "\(value) is not a finite number; a number cell cannot hold it",
                       location: SourceLocation(pointer: pointer()))
    }
    return CSVCell.number(value)
  }

  /// `YYYY-MM-DDTHH:MM`, or empty for `nil`.
  static func dateTimeCell(_ value: LocalDateTime?, _ pointer: @autoclosure () -> String) throws -> String {
    guard let value else { return "" }
    _ = try dateCell(value.date, pointer())
    return value.description
  }
}
