import ICalendarCodec
import WebDAV

/// What a push will do to a collection, decided from the dataset's objects, what the server
/// holds and what the last push left (``CalendarSyncState``), before any request that changes
/// anything (docs/calendar.md, "How it stays in step").
///
/// An object of TrackerPort's is *vouched for* when its ETag is the one the last push got for
/// it: nobody changed it since. Then its digest property tells whether the dataset changed it.
/// Otherwise (no state for it, another ETag) only its content (``ObjectContent``) can say
/// whether it is as the dataset has it; if not, someone may have edited it, and it is a
/// conflict.
///
/// - Created: a dataset object with no object of its `UID` on the server (`If-None-Match: *`).
/// - Updated: vouched for, and the dataset changed it (`If-Match`).
/// - Removed: vouched for, and its `UID` is no longer in the dataset (`If-Match`).
/// - Unchanged: vouched for and the same digest, or its content is the dataset's (then adopted
///   into the state: a push from another computer, or a write whose answer was lost).
/// - Conflict, left as it is: not vouched for and different, or not vouched for and no longer
///   in the dataset. With `preferLocal` these are overwritten (or removed) instead. An object
///   TrackerPort did not write is never touched, even then.
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
  /// Objects of other clients, never touched (those with a dataset's `UID` are conflicts).
  public var others = 0
  /// The state after the plan's reading: unchanged objects the state did not know recorded,
  /// and `UID`s gone from both the server and the dataset forgotten.
  public var state: CalendarSyncState
  /// Whether reading changed ``state`` (an adoption, a forgotten `UID`): then a push saves it
  /// even when it sends nothing.
  public private(set) var stateChanged = false

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

    // Nobody changed it since the last push wrote it: the ETag that push got is still its ETag.
    func isVouchedFor(_ found: CollectionObject) -> Bool {
      guard let uid = found.uid, let etag = self.state.objects[uid]?.etag else { return false }
      return etag == found.etag
    }
    func conflict(_ found: CollectionObject, _ reason: String) {
      conflicts.append(Conflict(uid: found.uid ?? "", summary: found.summary, url: found.url, reason: reason))
    }

    for object in server where object.uid != nil {
      let uid = object.uid!
      guard byUID[uid]?.url == object.url else { continue }
      guard object.isOurs else {
        if wanted.contains(uid) {
          conflict(object, "an event TrackerPort did not write has this UID; left as it is")
        } else {
          others += 1
        }
        continue
      }
      guard !wanted.contains(uid) else { continue }
      guard listedOnce(object) else {
        conflict(object, twice + "; not removed")
        continue
      }
      guard let etag = object.etag else {
        conflict(object, "the server gave no ETag; not removed")
        continue
      }
      if isVouchedFor(object) || preferLocal {
        removals.append(.remove(object, etag: etag))
      } else if self.state.objects[uid] == nil {
        conflict(object, "TrackerPort's, no longer in the dataset, but not pushed from here (no state for it); not removed (--prefer local removes it)")
      } else {
        conflict(object, "changed on the server since the last push; not removed (--prefer local removes it)")
      }
    }
    // What the state remembers of objects gone from the server and the dataset alike.
    for uid in self.state.objects.keys where byUID[uid] == nil && !wanted.contains(uid) { self.state.objects[uid] = nil }

    for object in objects {
      guard let found = byUID[object.uid] else {
        let url = collection.asCollection.resolving(CalendarObjectName.of(object.uid)) ?? collection
        creations.append(.create(object, url))
        continue
      }
      guard found.isOurs else { continue }
      guard listedOnce(found) else {
        conflict(found, twice + "; left as it is")
        continue
      }
      if isVouchedFor(found), let etag = found.etag {
        if found.digest == object.digest {
          unchanged += 1
        } else {
          updates.append(.update(object, found.url, etag: etag))
        }
        continue
      }
      if found.content != nil, found.content == ObjectContent.key(of: object.bytes, name: object.uid) {
        // As the dataset has it: ours from another computer, or a write whose answer was lost.
        unchanged += 1
        self.state.objects[object.uid] = CalendarSyncState.Entry(href: found.url.path, etag: found.etag, digest: object.digest)
      } else if preferLocal, let etag = found.etag {
        updates.append(.update(object, found.url, etag: etag))
      } else {
        conflict(found, self.state.objects[object.uid] == nil
          ? "differs from the dataset and was not pushed from here (no state for it); left as it is (--prefer local overwrites it)"
          : "changed on the server since the last push; left as it is (--prefer local overwrites it)")
      }
    }
    steps = removals + updates + creations
    stateChanged = self.state != state
  }
}
