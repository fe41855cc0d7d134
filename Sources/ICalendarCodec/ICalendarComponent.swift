/// A `BEGIN:NAME` … `END:NAME` block with its properties and nested components.
public struct ICalendarComponent: Hashable, Sendable {
  /// The upper-cased component name (`VCALENDAR`, `VEVENT`).
  public var name: String
  /// Properties in file order.
  public var properties: [ICalendarProperty]
  /// Nested components in file order.
  public var components: [ICalendarComponent]
  /// The 1-based line of the `BEGIN` (0 when built in memory).
  public var line: Int

  /// An empty component.
  public init(_ name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = [], line: Int = 0) {
    self.name = name
    self.properties = properties
    self.components = components
    self.line = line
  }

  /// The first property named `name` (upper-case).
  public func first(_ name: String) -> ICalendarProperty? { properties.first { $0.name == name } }

  /// Every property named `name` (upper-case), in file order.
  public func all(_ name: String) -> [ICalendarProperty] { properties.filter { $0.name == name } }

  /// Appends a property.
  public mutating func add(_ property: ICalendarProperty) { properties.append(property) }

  /// Appends a property with a raw (already escaped) value.
  public mutating func add(_ name: String, _ value: String) { properties.append(ICalendarProperty(name, value)) }
}
