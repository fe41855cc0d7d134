import CalendarSync
import ICalendarCodec
import TrackerPort
import WebDAV

/// `trackport calendar push` and `pull` reading a CalDAV server's answer, under fuzzing: the
/// input is the body of a `207 Multi-Status` answer to the `calendar-query` REPORT, as a server
/// (broken or hostile) would send it. The harness `caldav` of `Fuzz/harnesses.tsv` names it by
/// the reader column `caldav-multistatus`.
///
/// The body may be refused (``MultistatusError``), and an object that is not iCalendar may
/// stop a pull (``CodecError``); nothing else may go wrong. What reads goes the way the
/// client's answer goes: its calendar objects (``Multistatus/calendarResources(in:)``, against
/// ``collection``) → ``CollectionObject``s → a ``PushPlan`` against ``objects`` (a habit and a
/// task) with no state, once as it is and once with `preferLocal`, which may never update or
/// remove an object TrackerPort did not write, nor remove one whose `UID` the dataset has
/// (by the object or by another the answer lists at the same address), nor update or remove
/// the collection or a folder above it; then
/// ``CalendarPull/merged(_:)``, whose bytes must parse again and may only be refused by the
/// iCalendar reader with a ``CodecError``.
public struct FuzzCalendarCollection: FuzzCheck {
  /// The reader column of the harness list that names this check.
  public static let reader = "caldav-multistatus"
  /// The collection the answer is about (hrefs resolve against it).
  public static let collection = WebDAVURL("https://dav.example.org/cal/ann/habits/")!
  /// Larger inputs are skipped: each input must stay fast.
  public static let maxBytes = 1 << 20

  /// The dataset's calendar objects, what a push would write.
  public let objects: [ICalendarObject]

  /// - Throws: ``CodecError`` if the fixed dataset cannot be made into objects (a bug).
  public init() throws {
    objects = try ICalendarCodec().objects(Self.dataset, options: [:])
  }

  /// One habit (with two days done) in one category and one task with a time: both kinds of
  /// object a push writes.
  public static var dataset: TrackerDataset {
    let day = LocalDate(year: 2026, month: 11, day: 23)!
    let habit = Tracker(id: "fuzz-habit", kind: .habit, name: "Read", categoryId: "fuzz-category", emoji: "📚",
                        color: "#3b82f6", schedule: [.mon, .wed, .fri], createdOn: day)
    let task = PlanTask(id: "fuzz-task", title: "Call the dentist", description: "before noon", color: nil,
                        start: LocalDateTime(date: day, hour: 9, minute: 30), end: LocalDateTime(date: day, hour: 10, minute: 0))
    return TrackerDataset(categories: [TrackerCategory(id: "fuzz-category", title: "Health")], trackers: [habit],
                          records: [TrackerRecord(trackerId: habit.id, date: day), TrackerRecord(trackerId: habit.id, date: day.adding(days: 2))],
                          tasks: [task])
  }

  public func check(_ bytes: [UInt8]) -> FuzzFinding? {
    guard bytes.count <= Self.maxBytes else { return nil }
    let multistatus: Multistatus
    do {
      multistatus = try Multistatus(bytes)
    } catch {
      return nil  // MultistatusError, the only error it throws
    }
    let resources = multistatus.calendarResources(in: Self.collection)
    guard resources.count <= multistatus.responses.count else {
      return FuzzFinding(step: "resources", problem: "\(resources.count) objects from \(multistatus.responses.count) responses")
    }
    let server = resources.map(CollectionObject.init)
    for preferLocal in [false, true] {
      let plan = PushPlan(objects: objects, server: server, state: CalendarSyncState(collection: Self.collection.description),
                          collection: Self.collection, preferLocal: preferLocal)
      if let finding = Self.check(plan, server: server, wanted: Set(objects.map(\.uid)), preferLocal: preferLocal) { return finding }
    }
    let merged: [UInt8]
    do {
      merged = try CalendarPull.merged(resources)
    } catch is CodecError {
      return nil
    } catch {
      return FuzzFinding(step: "pull", problem: "not a CodecError: \(error)")
    }
    do {
      _ = try merged.withUnsafeBytes { try ICalendarParser(fileName: "pulled.ics").parse($0) }
    } catch {
      return FuzzFinding(step: "parse the pulled calendar", problem: "the merged calendar does not parse again: \(error)")
    }
    var context = CodecContext(fileName: "pulled.ics")
    do {
      _ = try ICalendarCodec().decode(CodecInput(.bytes(merged, name: "pulled.ics")), context: &context)
    } catch is CodecError {
      return nil
    } catch {
      return FuzzFinding(step: "decode the pulled calendar", problem: "not a CodecError: \(error)")
    }
    return nil
  }

  /// The segments of `path` as a server reads them (RFC 3986 §5.2.4, as curl sends it): escapes
  /// decoded, empty and `.` segments dropped, `..` removing the one before. The check's own
  /// copy of ``WebDAVURL/segments(_:)``, so that a fault there does not hide from it.
  static func segments(_ path: String) -> [String] {
    var out: [String] = []
    for segment in WebDAVURL.decodedPath(path).split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == ".." { _ = out.popLast(); continue }
      out.append(String(segment))
    }
    return out
  }

  /// A plan's steps against what the server listed: objects at the same address (``segments(_:)``)
  /// are one resource to the server.
  static func check(_ plan: PushPlan, server: [CollectionObject], wanted: Set<String>, preferLocal: Bool) -> FuzzFinding? {
    let step = "plan" + (preferLocal ? " (prefer local)" : "")
    func listed(at url: WebDAVURL) -> [CollectionObject] {
      let path = segments(url.path)
      return server.filter { segments($0.url.path) == path }
    }
    let collection = segments(Self.collection.path)
    for action in plan.steps {
      switch action {
      case .create:
        continue
      case .update(let object, let url, _) where collection.starts(with: segments(url.path)):
        return FuzzFinding(step: step, problem: "updates \(url) (UID \(object.uid.debugDescription)), the collection itself or a folder above it")
      case .remove(let object, _) where collection.starts(with: segments(object.url.path)):
        return FuzzFinding(step: step, problem: "removes \(object.url), the collection itself or a folder above it")
      case .update(let object, let url, _):
        if let other = listed(at: url).first(where: { !$0.isOurs }) {
          return FuzzFinding(step: step, problem: "updates \(url) (UID \(object.uid.debugDescription)), where the answer lists an object TrackerPort did not write (UID \(other.uid.debugDescription))")
        }
      case .remove(let object, _):
        guard object.isOurs else {
          return FuzzFinding(step: step, problem: "removes \(object.url), which TrackerPort did not write")
        }
        if let uid = object.uid, wanted.contains(uid) {
          return FuzzFinding(step: step, problem: "removes \(object.url), whose UID \(uid.debugDescription) the dataset has")
        }
        for other in listed(at: object.url) {
          if !other.isOurs {
            return FuzzFinding(step: step, problem: "removes \(object.url), where the answer also lists an object TrackerPort did not write")
          }
          if let uid = other.uid, wanted.contains(uid) {
            return FuzzFinding(step: step, problem: "removes \(object.url), where the answer also lists the dataset's UID \(uid.debugDescription)")
          }
        }
      }
    }
    return nil
  }
}
