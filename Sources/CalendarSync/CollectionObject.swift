import ICalendarCodec
import TrackerCodec
import WebDAV

/// An object found in the collection, with what a push needs to know of it: its `UID`,
/// whether TrackerPort wrote it (its component has `X-TRACKPORT-*` properties) and the digest
/// it was written with.
public struct CollectionObject: Sendable {
  public var resource: CalendarResource
  /// The `UID` of its first component that is not a `VTIMEZONE`; `nil` when it has none or
  /// cannot be parsed (such an object is never touched).
  public var uid: String?
  public var summary: String
  /// Whether TrackerPort wrote it.
  public var isOurs: Bool
  /// ``ICalendarCodec/digestProperty``'s value, if any: what TrackerPort wrote, which an
  /// edit in a calendar app keeps (apps keep properties they do not know).
  public var digest: String?
  /// What the object says (``ObjectContent``), to compare with the dataset's object where no
  /// ETag vouches for it.
  var content: String?

  public var url: WebDAVURL { resource.url }
  public var etag: String? { resource.etag }

  public init(_ resource: CalendarResource) {
    self.resource = resource
    let roots = (try? resource.data.withUnsafeBytes { try ICalendarParser(fileName: resource.url.description).parse($0) }) ?? []
    let component = roots.first { $0.name == "VCALENDAR" }?.components.first { $0.name != "VTIMEZONE" }
    uid = component?.first("UID")?.text
    summary = component?.first("SUMMARY")?.text ?? ""
    isOurs = component?.properties.contains { $0.name.hasPrefix("X-TRACKPORT-") } ?? false
    digest = component?.first(ICalendarCodec.digestProperty)?.value
    content = component.map(ObjectContent.key)
  }
}
