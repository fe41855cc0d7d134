import ICalendarCodec
import WebDAV

/// What a push will do to a collection, decided from the dataset's objects, what the server
/// holds and what the last push left (``CalendarSyncState``), before any request that changes
/// anything (docs/calendar.md, "How it stays in step").
///
/// - Created: a dataset object with no object of its `UID` on the server (`If-None-Match: *`).
/// - Updated: ours, its digest differs, and its ETag is the one the last push got (`If-Match`).
/// - Removed: ours (`X-TRACKPORT-*`), its `UID` no longer in the dataset, unchanged since the
///   last push (or never pushed from here).
/// - Unchanged: its digest is the dataset's. Adopted into the state when the state did not
///   know it (a push from another computer, or one interrupted before it could record it).
/// - Conflict, left as it is: changed on the server since the last push (another ETag), or
///   different and never pushed from here; with `preferLocal` these are overwritten (or
///   removed) instead. An object TrackerPort did not write is never touched, even then.
/// - Conflict too: an address the server's answer lists more than once (however spelled:
///   escapes, `.` and `..`): which object it holds is not known, so none listed there is
///   updated or removed.
public struct PushPlan: Sendable {
  public enum Step: Sendable {
    case create(ICalendarObject, WebDAVURL)
    case update(ICalendarObject, WebDAVURL, etag: String)
    case remove(CollectionObject, etag: String)

    public var summary: String {
      switch self {
      case .create(let object, _), .update(let object, _, _): object.summary
      case .remove(let object, _): object.summary
      }
    }
  }

  public struct Conflict: Sendable {
    public var uid: String
    public var summary: String
    public var url: WebDAVURL
    public var reason: String
  }

  /// In the order they are sent: removals, updates, creations (room first, and a `UID` freed
  /// before it is used again).
  public var steps: [Step] = []
  public var conflicts: [Conflict] = []
  /// Objects already as the dataset has them.
  public var unchanged = 0
  /// Objects of other clients, never touched.
  public var others = 0
  /// The state after the plan's reading: unchanged objects the state did not know recorded.
  public var state: CalendarSyncState

  public var creations: Int { steps.count { if case .create = $0 { true } else { false } } }
  public var updates: Int { steps.count { if case .update = $0 { true } else { false } } }
  public var removals: Int { steps.count { if case .remove = $0 { true } else { false } } }

  public init(objects: [ICalendarObject], server: [CollectionObject], state: CalendarSyncState,
              collection: WebDAVURL, preferLocal: Bool) {
    self.state = state
    var byUID: [String: CollectionObject] = [:]
    for object in server {
      guard let uid = object.uid else {
        others += 1
        continue
      }
      if byUID[uid] == nil || (object.isOurs && byUID[uid]?.isOurs == false) { byUID[uid] = object }
    }
    let wanted = Set(objects.map(\.uid))
    // A broken server can list one address twice, as two objects (found writing the fuzz harness:
    // Tests/TrackerFuzzingTests/Regressions/caldav/): one of ours there could be another's.
    // The address as the server gets it (escapes decoded, `.` and `..` resolved).
    var listings: [[String]: Int] = [:]
    for object in server { listings[WebDAVURL.segments(object.url.path), default: 0] += 1 }
    func listedOnce(_ object: CollectionObject) -> Bool { listings[WebDAVURL.segments(object.url.path)] == 1 }
    let twice = "the server lists its address more than once"
    var removals: [Step] = []
    var updates: [Step] = []
    var creations: [Step] = []

    // Whether the server's copy is the one the last push wrote (same ETag; without an ETag
    // then, the same digest).
    func isLastPushed(_ found: CollectionObject, _ entry: CalendarSyncState.Entry?) -> Bool {
      guard let entry else { return false }
      if let etag = entry.etag { return etag == found.etag }
      return entry.digest == found.digest
    }
    func record(_ found: CollectionObject, uid: String, digest: String) {
      self.state.objects[uid] = CalendarSyncState.Entry(href: found.url.path, etag: found.etag, digest: digest)
    }

    for object in server where object.uid != nil {
      let uid = object.uid!
      guard byUID[uid]?.url == object.url else { continue }
      guard object.isOurs else {
        others += 1
        if wanted.contains(uid) {
          conflicts.append(Conflict(uid: uid, summary: object.summary, url: object.url,
                                    reason: "an event TrackerPort did not write has this UID; left as it is"))
        }
        continue
      }
      guard !wanted.contains(uid) else { continue }
      guard listedOnce(object) else {
        conflicts.append(Conflict(uid: uid, summary: object.summary, url: object.url, reason: twice + "; not removed"))
        continue
      }
      let entry = self.state.objects[uid]
      guard let etag = object.etag else {
        conflicts.append(Conflict(uid: uid, summary: object.summary, url: object.url, reason: "the server gave no ETag; not removed"))
        continue
      }
      if entry == nil || isLastPushed(object, entry) || preferLocal {
        removals.append(.remove(object, etag: etag))
      } else {
        conflicts.append(Conflict(uid: uid, summary: object.summary, url: object.url,
                                  reason: "changed on the server since the last push; not removed (--prefer local removes it)"))
      }
    }

    for object in objects {
      guard let found = byUID[object.uid] else {
        let url = collection.asCollection.resolving(WebDAVURL.segment(object.uid) + ".ics") ?? collection
        creations.append(.create(object, url))
        continue
      }
      guard found.isOurs else { continue }
      guard listedOnce(found) else {
        conflicts.append(Conflict(uid: object.uid, summary: found.summary, url: found.url, reason: twice + "; left as it is"))
        continue
      }
      let entry = self.state.objects[object.uid]
      let lastPushed = isLastPushed(found, entry)
      if found.digest == object.digest {
        if entry == nil || lastPushed || entry?.digest != object.digest {
          // As the dataset has it: ours from before, or a write whose answer was lost.
          unchanged += 1
          record(found, uid: object.uid, digest: object.digest)
          continue
        }
      } else if lastPushed, let etag = found.etag {
        updates.append(.update(object, found.url, etag: etag))
        continue
      }
      // Changed by someone else since the last push, or never pushed from here and different.
      if preferLocal, let etag = found.etag {
        updates.append(.update(object, found.url, etag: etag))
      } else {
        let reason = entry == nil
          ? "differs from the dataset and was not pushed from here (no state for it); left as it is (--prefer local overwrites it)"
          : "changed on the server since the last push; left as it is (--prefer local overwrites it)"
        conflicts.append(Conflict(uid: object.uid, summary: found.summary, url: found.url, reason: reason))
      }
    }
    steps = removals + updates + creations
  }
}
