import Foundation
import TrackerCodec
import TrackerModel

/// One calendar object resource of a CalDAV collection (RFC 4791 §4.1): a `VCALENDAR` holding
/// one tracker, task or history component, with the time zone its times name.
///
/// ``ICalendarCodec/objects(_:options:)`` makes them from the same components, UIDs and options
/// as ``ICalendarCodec/encode(_:to:context:)``'s one file. Each component also carries
/// ``ICalendarCodec/digestProperty``: the ``digest`` of the object written without it, so a
/// later push can tell its own copy from one another client changed, however the server
/// re-serialises the text.
public struct ICalendarObject: Sendable, Equatable {
  /// The component's `UID`, unescaped.
  public let uid: String
  /// Its `SUMMARY`, unescaped (for plans and messages).
  public let summary: String
  /// The object's bytes: CRLF lines, folded, ready to `PUT`.
  public let bytes: [UInt8]
  /// 16 lowercase hex digits: FNV-1a (64-bit) of the object's bytes without the digest line.
  public let digest: String
}

extension ICalendarCodec {
  /// The property that holds an object's ``ICalendarObject/digest`` inside its component.
  public static let digestProperty = "X-TRACKPORT-DIGEST"

  /// The dataset's components, one calendar object each, in the order ``encode(_:to:context:)``
  /// writes them.
  ///
  /// Each object's `VCALENDAR` has the file's own properties (`VERSION`, `PRODID`, `CALSCALE`,
  /// `X-TRACKPORT-VERSION`) and, for a tracker, its category (`X-TRACKPORT-CATEGORY`), so that
  /// the objects of a collection read back together (``ICalendarCodec/decode(_:context:)`` over
  /// their concatenation) give the trackers, categories, records and tasks. What only the
  /// file's header can hold is not in any object: the dataset's `extras`, a task category
  /// order, categories without trackers, and records of no tracker.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` as ``encode(_:to:context:)`` does, and
  ///   `.malformedInput` when two components would have the same `UID` (a collection holds one
  ///   object per `UID`).
  public func objects(_ dataset: TrackerDataset, options: [String: String]) throws -> [ICalendarObject] {
    let builder = ICalendarDatasetWriter(options: options)
    let byTracker = ICalendarRecords.group(dataset)
    let marks = ICalendarMarks(dataset)
    let header = try builder.header(dataset, byTracker: byTracker, marks: marks)
    let shared = header.properties.filter { ["VERSION", "PRODID", "CALSCALE", "X-TRACKPORT-VERSION"].contains($0.name) }
    var categories: [String: ICalendarProperty] = [:]
    for property in header.all("X-TRACKPORT-CATEGORY") {
      if let id = (try? JSONText.parse(property.text))?["id"]?.stringValue,
         categories[id] == nil {
        categories[id] = property
      }
    }
    var zones: [String: ICalendarComponent] = [:]
    var objects: [ICalendarObject] = []
    var seen: [String: String] = [:]
    try builder.children(dataset, byTracker: byTracker, marks: marks) { component in
      if component.name == "VTIMEZONE" {
        if let id = component.first("TZID")?.value { zones[id] = component }
        return
      }
      let uid = component.first("UID")?.text ?? ""
      let summary = component.first("SUMMARY")?.text ?? ""
      if let other = seen[uid] {
        throw CodecError(.malformedInput, "\"\(summary)\" and \"\(other)\" would have the same UID \"\(uid)\"",
                         note: "a calendar collection holds one object per UID: give trackers and tasks unique ids")
      }
      seen[uid] = summary
      var component = component
      for index in component.properties.indices where Self.commaLists.contains(component.properties[index].name) {
        component.properties[index].value = component.properties[index].value.replacingOccurrences(of: ",", with: "\\,")
      }
      var calendar = ICalendarComponent("VCALENDAR", properties: shared)
      if let id = component.first("X-TRACKPORT-CATEGORY-ID")?.text, let category = categories[id] { calendar.add(category) }
      let named = Set(component.properties.compactMap { $0.parameter("TZID") })
      calendar.components = named.sorted().compactMap { zones[$0] }
      calendar.components.append(component)
      let digest = Self.digest(of: Self.bytes(calendar))
      calendar.components[calendar.components.count - 1].add(Self.digestProperty, digest)
      objects.append(ICalendarObject(uid: uid, summary: summary, bytes: Self.bytes(calendar), digest: digest))
    }
    return objects
  }

  /// Our properties whose value is a list separated by commas, escaped (`\,`) in an object:
  /// servers that parse with vobject (Radicale) keep only the first item of an unescaped list
  /// in a property they do not know. The `.ics` file keeps them unescaped, as older
  /// TrackerPort readers expect; the reader takes both.
  static let commaLists: Set<String> = ["X-TRACKPORT-SCHEDULE", "X-TRACKPORT-RECORDS"]

  static func bytes(_ calendar: ICalendarComponent) -> [UInt8] {
    var writer = ICalendarWriter()
    writer.write(calendar)
    return writer.drain()
  }

  /// FNV-1a, 64 bits, as 16 lowercase hex digits: a change detector, not a security hash
  /// (``ICalendarObject/digest`` is this of the object's bytes).
  public static func digest<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
