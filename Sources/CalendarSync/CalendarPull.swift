import ICalendarCodec
import TrackerCodec
import WebDAV

/// `trackport calendar pull`: every object of a collection as one iCalendar text, for
/// TrackerPort's iCalendar reader (the `.ics` import's rules, docs/ics-format.md).
public enum CalendarPull {
  /// The collection's objects as one `VCALENDAR`: the objects' calendar properties once each,
  /// each time zone once, then every component in the server's order.
  ///
  /// - Throws: ``WebDAVError`` from reading; ``CodecError`` `.malformedInput`, naming the
  ///   object's URL and line, for an object that is not iCalendar.
  public static func calendar(_ client: WebDAVClient) throws -> [UInt8] {
    try client.checkCalendarCollection()
    return try merged(client.calendarObjects())
  }

  /// ``calendar(_:)``'s merge of objects already fetched.
  public static func merged(_ resources: [CalendarResource]) throws -> [UInt8] {
    var calendar = ICalendarComponent("VCALENDAR")
    var properties: Set<String> = []
    var zones: Set<String> = []
    var components: [ICalendarComponent] = []
    for resource in resources {
      let roots = try resource.data.withUnsafeBytes { try ICalendarParser(fileName: resource.url.description).parse($0) }
      for root in roots {
        guard root.name == "VCALENDAR" else {
          components.append(root)
          continue
        }
        for property in root.properties {
          let key = property.name + ";" + property.parameters.map { $0.name + "=" + $0.values.joined(separator: ",") }.joined(separator: ";") + ":" + property.value
          if properties.insert(key).inserted { calendar.add(property) }
        }
        for component in root.components {
          if component.name == "VTIMEZONE" {
            guard zones.insert(component.first("TZID")?.value ?? "").inserted else { continue }
          }
          components.append(component)
        }
      }
    }
    if calendar.first("VERSION") == nil { calendar.properties.insert(ICalendarProperty("VERSION", "2.0"), at: 0) }
    calendar.components = components
    var writer = ICalendarWriter()
    writer.write(calendar)
    return writer.drain()
  }
}
