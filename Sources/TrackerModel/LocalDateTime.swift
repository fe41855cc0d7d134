/// A local wall-clock time to the minute (`YYYY-MM-DDTHH:MM`), as the Daily Plan app shows it.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The calendar day.
  public let date: LocalDate
  /// Minutes since midnight, 0...1439.
  public let minuteOfDay: Int

  /// `nil` when hour or minute is out of range.
  public init?(date: LocalDate, hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.date = date
    self.minuteOfDay = hour * 60 + minute
  }

  /// Parses exactly `YYYY-MM-DDTHH:MM`.
  public init?(_ text: some StringProtocol) {
    var text = String(text)
    guard let value = text.withUTF8({ LocalDateTime(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
    self = value
  }

  /// Parses exactly `YYYY-MM-DDTHH:MM` from UTF-8 bytes.
  public init?(utf8 bytes: UnsafeRawBufferPointer) {
    guard bytes.count == 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
          let date = LocalDate(utf8: UnsafeRawBufferPointer(rebasing: bytes[0..<10])),
          let hour = LocalDate.digits(bytes, 11, 2), let minute = LocalDate.digits(bytes, 14, 2)
    else { return nil }
    self.init(date: date, hour: hour, minute: minute)
  }

  /// The hour, 0...23.
  public var hour: Int { minuteOfDay / 60 }
  /// The minute within the hour, 0...59.
  public var minute: Int { minuteOfDay % 60 }

  /// `YYYY-MM-DDTHH:MM`.
  public var description: String {
    date.description + "T" + LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2)
  }

  /// Earlier first: by day, then by minute of the day.
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.date, lhs.minuteOfDay) < (rhs.date, rhs.minuteOfDay)
  }
}

extension LocalDateTime: Codable {
  /// Decodes the `YYYY-MM-DDTHH:MM` string form; seconds or a time zone are
  /// `DecodingError.dataCorrupted`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = LocalDateTime(text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected YYYY-MM-DDTHH:MM, got \(text)")
    }
    self = value
  }

  /// Encodes the `YYYY-MM-DDTHH:MM` string form, as canonical JSON writes it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
