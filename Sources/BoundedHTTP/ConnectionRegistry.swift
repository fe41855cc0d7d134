import NIOConcurrencyHelpers
import NIOCore

/// Every open connection of one server, across its event loops: the connection limit and who
/// makes room under it, the requests in flight (per client and in all) and the stop.
final class ConnectionRegistry: @unchecked Sendable {
  /// What a connection is doing, as the limit sees it.
  enum Activity {
    /// Waiting for a request: new, or kept alive after an answer. The first to be closed.
    case idle
    /// Sending a request's headers. Closed when no connection is idle.
    case head
    /// A request in flight (body, work or answer): never closed to make room.
    case busy
  }

  /// One connection; its fields are the registry's, read and written under its lock.
  final class Entry: @unchecked Sendable {
    let channel: any Channel
    fileprivate var activity = Activity.idle
    fileprivate var since: NIODeadline
    fileprivate var removed = false

    init(_ channel: any Channel, at now: NIODeadline) {
      self.channel = channel
      since = now
    }
  }

  /// What became of a new connection.
  enum Admission {
    case admitted(Entry)
    /// Every connection has a request in flight; the new one is answered 503.
    case full
    /// The server is stopping.
    case stopping
  }

  private let lock = NIOLock()
  private let maxConnections: Int
  private let maxPerClient: Int
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Connections accepted and not yet admitted (or closed): a stop closes them too, or one
  /// accepted in the instant of the stop could stay open with nobody to serve it.
  private var accepted: [ObjectIdentifier: any Channel] = [:]
  private var perClient: [String: Int] = [:]
  private var inFlight = 0
  private var stopping = false
  /// Connections closed to make room, for the log.
  private(set) var evictions = 0

  init(maxConnections: Int, maxPerClient: Int) {
    self.maxConnections = max(1, maxConnections)
    self.maxPerClient = max(1, maxPerClient)
  }

  /// Notes a connection just accepted, before it is active; forgotten once admitted or closed.
  func accept(_ channel: any Channel) {
    let key = ObjectIdentifier(channel)
    let closing: Bool = lock.withLock {
      guard !stopping else { return true }
      accepted[key] = channel
      return false
    }
    if closing {
      channel.close(promise: nil)
      return
    }
    channel.closeFuture.whenComplete { _ in self.lock.withLock { _ = self.accepted.removeValue(forKey: key) } }
  }

  /// Counts a new connection in, closing the one that has waited longest without a request
  /// when the limit is reached.
  func admit(_ channel: any Channel) -> Admission {
    let now = NIODeadline.now()
    let (admission, victim): (Admission, (any Channel)?) = lock.withLock {
      accepted.removeValue(forKey: ObjectIdentifier(channel))
      guard !stopping else { return (.stopping, nil) }
      var victim: Entry?
      if entries.count >= maxConnections {
        victim = oldestWaiting()
        guard let found = victim else { return (.full, nil) }
        removeLocked(found)
        evictions += 1
      }
      let entry = Entry(channel, at: now)
      entries[ObjectIdentifier(entry)] = entry
      return (.admitted(entry), victim?.channel)
    }
    victim?.close(promise: nil)
    return admission
  }

  /// Closes the connection that has waited longest without a request, to free its file (the
  /// accept that failed for want of one is tried again); false when there is none.
  func evictOne() -> Bool {
    let victim: (any Channel)? = lock.withLock {
      guard let found = oldestWaiting() else { return nil }
      removeLocked(found)
      evictions += 1
      return found.channel
    }
    victim?.close(promise: nil)
    return victim != nil
  }

  /// Idle first, then those still sending headers; the longest waiting of them.
  private func oldestWaiting() -> Entry? {
    var best: Entry?
    for entry in entries.values where entry.activity != .busy {
      guard let current = best else { best = entry; continue }
      let rank = entry.activity == .idle ? 0 : 1, bestRank = current.activity == .idle ? 0 : 1
      if rank < bestRank || (rank == bestRank && entry.since < current.since) { best = entry }
    }
    return best
  }

  /// Notes what `entry` is doing now.
  func set(_ entry: Entry, _ activity: Activity) {
    let now = NIODeadline.now()
    lock.withLock {
      guard entry.activity != activity else { return }
      entry.activity = activity
      entry.since = now
    }
  }

  /// Counts a connection out (it closed).
  func remove(_ entry: Entry) {
    lock.withLock { removeLocked(entry) }
  }

  private func removeLocked(_ entry: Entry) {
    guard !entry.removed else { return }
    entry.removed = true
    entries.removeValue(forKey: ObjectIdentifier(entry))
  }

  /// How many connections are counted.
  var count: Int { lock.withLock { entries.count } }

  /// Starts a request of `client`; false (not started) when the client has
  /// ``HTTPLimits/maxRequestsPerClient`` in flight already.
  func beginRequest(of client: String) -> Bool {
    lock.withLock {
      let current = perClient[client, default: 0]
      guard current < maxPerClient else { return false }
      perClient[client] = current + 1
      inFlight += 1
      return true
    }
  }

  /// Ends a request ``beginRequest(of:)`` started.
  func endRequest(of client: String) {
    lock.withLock {
      inFlight -= 1
      let left = perClient[client, default: 1] - 1
      perClient[client] = left > 0 ? left : nil
    }
  }

  /// Requests in flight.
  var requestsInFlight: Int { lock.withLock { inFlight } }

  /// Whether the server is stopping: answers then say `Connection: close`.
  var isStopping: Bool { lock.withLock { stopping } }

  /// Stops admitting and closes every connection without a request in flight.
  func quiesce() {
    let waiting: [any Channel] = lock.withLock {
      stopping = true
      return entries.values.filter { $0.activity != .busy }.map(\.channel) + accepted.values
    }
    for channel in waiting { channel.close(promise: nil) }
  }

  /// Closes every connection left.
  func closeAll() {
    let all: [any Channel] = lock.withLock { entries.values.map(\.channel) + accepted.values }
    for channel in all { channel.close(promise: nil) }
  }
}
