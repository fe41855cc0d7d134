/// One unfolded content line (`NAME;PARAM=VALUE:value`) of an iCalendar file.
///
/// Names are upper-cased on reading (RFC 5545 names are case-insensitive); the value is kept
/// raw, before any TEXT unescaping, because only the property's type says how to read it.
public struct ICalendarProperty: Hashable, Sendable {
  /// The upper-cased property name (`DTSTART`, `X-TRACKPORT-ID`).
  public var name: String
  /// Parameters in the order written; names upper-cased, values unquoted.
  public var parameters: [(name: String, values: [String])] { storedParameters.map { ($0.name, $0.values) } }
  /// The raw value after the first unquoted colon.
  public var value: String
  /// The 1-based line the property starts on (0 when built in memory).
  public var line: Int

  struct Parameter: Hashable, Sendable {
    var name: String
    var values: [String]
  }
  var storedParameters: [Parameter]

  /// A property with no parameters; add them with ``adding(parameter:_:)``.
  public init(_ name: String, _ value: String, line: Int = 0) {
    self.name = name
    self.value = value
    self.line = line
    self.storedParameters = []
  }

  /// This property with one more parameter.
  public func adding(parameter name: String, _ values: String...) -> ICalendarProperty {
    var copy = self
    copy.storedParameters.append(Parameter(name: name, values: values))
    return copy
  }

  /// The first value of the parameter `name` (case-insensitive), if present.
  public func parameter(_ name: String) -> String? {
    let upper = name.uppercased()
    return storedParameters.first { $0.name == upper }?.values.first
  }

  /// The value read as TEXT (RFC 5545 §3.3.11): `\\ \; \, \n \N` unescaped.
  public var text: String { ICalendarText.unescape(value) }
}
