import ICalendarCodec
import TrackerCodec
import TrackerModel
import WebDAV

/// `trackport calendar push`: makes a CalDAV collection hold a dataset's components as the
/// `.ics` export writes them, and nothing else of TrackerPort's (``PushPlan``).
///
/// One request per object, each conditional on what was read, the state saved after each: a
/// push stopped at any point (the server went away, Ctrl-C) leaves every object whole, and the
/// next push completes it.
public struct CalendarPush {
  /// What a run did.
  public struct Result: Sendable {
    public var plan: PushPlan
    public var created = 0
    public var updated = 0
    public var removed = 0
    /// The plan's conflicts and those found while sending (a `412`: the object changed
    /// between the reading and the write).
    public var conflicts: [PushPlan.Conflict]
    /// Objects the server refused one by one (a name or content it does not take: 400, 409,
    /// 413, 415, 422, 500 and the like), each with its error; the push went on with the rest.
    public var refused: [(uid: String, summary: String, error: WebDAVError)] = []
    /// The failure that stopped the push before its end, if one did.
    public var stoppedBy: WebDAVError?
    /// The steps not sent because of ``stoppedBy``.
    public var notSent = 0
  }

  /// Whether a failed `PUT` or `DELETE` is about that object alone: the server refused its
  /// name or content (400, 405, 409, 413, 415, 422, 500...), not the connection, the
  /// credentials, the collection or the server as a whole (which stop the push).
  public static func isObjectsOwn(_ error: WebDAVError) -> Bool {
    switch error.kind {
    case .notAllowed, .unexpectedStatus, .malformedResponse: return true
    case .serverError: return error.status == 500
    default: return false
    }
  }

  public let client: WebDAVClient
  /// The state file's path.
  public let statePath: String

  public init(client: WebDAVClient, statePath: String) {
    self.client = client
    self.statePath = statePath
  }

  /// Reads the collection and plans (no change is sent).
  ///
  /// - Throws: ``WebDAVError`` from reading; ``CalendarSyncError`` for a bad state file.
  public func plan(_ objects: [ICalendarObject], preferLocal: Bool) throws -> PushPlan {
    let state = try CalendarSyncState.load(statePath, collection: client.collection)
    try client.checkCalendarCollection()
    let server = try client.calendarObjects().map(CollectionObject.init)
    return PushPlan(objects: objects, server: server, state: state, collection: client.collection, preferLocal: preferLocal)
  }

  /// Sends `plan`'s steps in order, saving the state after each. A `412` makes that step a
  /// conflict and an answer about that object alone (``isObjectsOwn(_:)``) a refusal, and the
  /// push goes on; any other failure stops it (``Result/stoppedBy``). `shouldStop` is asked
  /// before each step (Ctrl-C).
  public func run(_ plan: PushPlan, shouldStop: () -> Bool = { false }) throws -> Result {
    var state = plan.state
    var result = Result(plan: plan, conflicts: plan.conflicts)
    if plan.stateChanged { try state.save(statePath) }
    for (index, step) in plan.steps.enumerated() {
      if shouldStop() {
        result.notSent = plan.steps.count - index
        break
      }
      do {
        switch step {
        case .create(let object, let url):
          let etag = try client.put(url, object.bytes, .create)
          state.objects[object.uid] = CalendarSyncState.Entry(href: url.path, etag: etag, digest: object.digest)
          result.created += 1
        case .update(let object, let url, let etag):
          let newTag = try client.put(url, object.bytes, .replace(etag: etag))
          state.objects[object.uid] = CalendarSyncState.Entry(href: url.path, etag: newTag, digest: object.digest)
          result.updated += 1
        case .remove(let object, let etag):
          try client.delete(object.url, ifMatch: etag)
          if let uid = object.uid { state.objects[uid] = nil }
          result.removed += 1
        }
      } catch let error as WebDAVError where error.kind == .preconditionFailed {
        let (uid, summary, url): (String, String, WebDAVURL) = switch step {
        case .create(let object, let url): (object.uid, object.summary, url)
        case .update(let object, let url, _): (object.uid, object.summary, url)
        case .remove(let object, _): (object.uid ?? "", object.summary, object.url)
        }
        let reason = if case .create = step { "created on the server by someone else meanwhile; left as it is" }
          else { "changed on the server while this push ran; left as it is" }
        result.conflicts.append(PushPlan.Conflict(uid: uid, summary: summary, url: url, reason: reason))
        continue
      } catch let error as WebDAVError where Self.isObjectsOwn(error) {
        let (uid, summary): (String, String) = switch step {
        case .create(let object, _), .update(let object, _, _): (object.uid, object.summary)
        case .remove(let object, _): (object.uid ?? "", object.summary)
        }
        result.refused.append((uid, summary, error))
        continue
      } catch let error as WebDAVError {
        result.stoppedBy = error
        result.notSent = plan.steps.count - index
        try state.save(statePath)
        return result
      }
      try state.save(statePath)
    }
    return result
  }
}
