import CalendarSync
import ICalendarCodec
import Testing
import TrackerModel
import WebDAV

@Suite struct PushPlanTests {
  let collection = WebDAVURL("https://dav.example.org/cal/ann/habits/")!

  func objects(_ dataset: TrackerDataset) throws -> [ICalendarObject] { try ICalendarCodec().objects(dataset, options: [:]) }

  func onServer(_ object: ICalendarObject, etag: String) -> CollectionObject {
    CollectionObject(CalendarResource(url: collection.resolving(WebDAVURL.segment(object.uid) + ".ics")!, etag: etag, data: object.bytes))
  }

  func state(_ objects: [ICalendarObject], etag: (ICalendarObject) -> String) -> CalendarSyncState {
    CalendarSyncState(collection: collection.description, objects: Dictionary(uniqueKeysWithValues: objects.map {
      ($0.uid, CalendarSyncState.Entry(href: collection.path + WebDAVURL.segment($0.uid) + ".ics", etag: etag($0), digest: $0.digest))
    }))
  }

  @Test func anEmptyCollectionGetsEveryObject() throws {
    let wanted = try objects(demoDataset())
    let plan = PushPlan(objects: wanted, server: [], state: CalendarSyncState(collection: collection.description),
                        collection: collection, preferLocal: false)
    #expect(plan.creations == wanted.count)
    #expect(plan.updates == 0 && plan.removals == 0 && plan.conflicts.isEmpty)
    guard case .create(let first, let url) = plan.steps[0] else { Issue.record("not a creation"); return }
    #expect(url.description == collection.description + WebDAVURL.segment(first.uid) + ".ics")
  }

  @Test func theSameDataChangesNothing() throws {
    let wanted = try objects(demoDataset())
    let server = wanted.map { onServer($0, etag: "\"\($0.uid)\"") }
    let plan = PushPlan(objects: wanted, server: server, state: state(wanted) { "\"\($0.uid)\"" }, collection: collection, preferLocal: false)
    #expect(plan.steps.isEmpty && plan.conflicts.isEmpty)
    #expect(plan.unchanged == wanted.count)
  }

  @Test func renameDeleteAddAreOneUpdateOneRemovalOneCreation() throws {
    let before = try demoDataset()
    let pushed = try objects(before)
    var after = before
    after.trackers[1].name = "Renamed"
    after.trackers.remove(at: 3)
    var added = before.trackers[0]
    added.id = "new-habit"
    added.name = "New habit"
    after.trackers.append(added)
    let server = pushed.map { onServer($0, etag: "\"\($0.uid)\"") }
    let plan = PushPlan(objects: try objects(after), server: server, state: state(pushed) { "\"\($0.uid)\"" },
                        collection: collection, preferLocal: false)
    #expect(plan.updates == 1 && plan.removals == 1 && plan.creations == 1)
    #expect(plan.conflicts.isEmpty)
    #expect(plan.steps.map(\.summary) == [pushed[3].summary, "\(before.trackers[1].emoji ?? "") Renamed", "\(added.emoji ?? "") New habit"])
    guard case .update(_, _, let etag) = plan.steps[1] else { Issue.record("not an update"); return }
    #expect(etag == "\"\(pushed[1].uid)\"")
  }

  @Test func anObjectChangedOnTheServerIsAConflictUnlessLocalIsPreferred() throws {
    let wanted = try objects(demoDataset())
    // Another client changed the first object: a new ETag, our digest property kept.
    let server = wanted.enumerated().map { onServer($1, etag: $0 == 0 ? "\"theirs\"" : "\"\($1.uid)\"") }
    let known = state(wanted) { "\"\($0.uid)\"" }
    let plan = PushPlan(objects: wanted, server: server, state: known, collection: collection, preferLocal: false)
    #expect(plan.steps.isEmpty)
    #expect(plan.conflicts.map(\.uid) == [wanted[0].uid])
    let preferred = PushPlan(objects: wanted, server: server, state: known, collection: collection, preferLocal: true)
    #expect(preferred.conflicts.isEmpty)
    guard case .update(_, _, let etag) = preferred.steps.first else { Issue.record("not an update"); return }
    #expect(etag == "\"theirs\"")
  }

  @Test func aRemovalOfAChangedObjectIsAConflict() throws {
    let pushed = try objects(demoDataset())
    let server = pushed.enumerated().map { onServer($1, etag: $0 == 0 ? "\"theirs\"" : "\"\($1.uid)\"") }
    let plan = PushPlan(objects: Array(pushed.dropFirst(2)), server: server, state: state(pushed) { "\"\($0.uid)\"" },
                        collection: collection, preferLocal: false)
    #expect(plan.removals == 1)
    #expect(plan.conflicts.map(\.uid) == [pushed[0].uid])
  }

  @Test func othersObjectsAreNeverTouchedEvenPreferringLocal() throws {
    let wanted = try objects(demoDataset())
    let theirs = CollectionObject(CalendarResource(url: collection.resolving("theirs.ics")!, etag: "\"t\"", data: Array("""
      BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:\(wanted[0].uid)\r\nSUMMARY:Same UID, not ours\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
      """.utf8)))
    let unrelated = CollectionObject(CalendarResource(url: collection.resolving("dentist.ics")!, etag: "\"d\"", data: Array("""
      BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:dentist\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
      """.utf8)))
    let broken = CollectionObject(CalendarResource(url: collection.resolving("broken.ics")!, etag: "\"b\"", data: Array("not ical".utf8)))
    let plan = PushPlan(objects: wanted, server: [theirs, unrelated, broken], state: CalendarSyncState(collection: collection.description),
                        collection: collection, preferLocal: true)
    #expect(plan.others == 3)
    #expect(plan.conflicts.map(\.uid) == [wanted[0].uid])
    #expect(plan.creations == wanted.count - 1)
    #expect(plan.removals == 0)
  }

  @Test func withoutStateAMatchingObjectIsAdoptedAndADifferentOneIsAConflict() throws {
    let before = try demoDataset()
    let pushed = try objects(before)
    var after = before
    after.trackers[0].name = "Changed elsewhere"
    let server = pushed.map { onServer($0, etag: "\"\($0.uid)\"") }
    let plan = PushPlan(objects: try objects(after), server: server, state: CalendarSyncState(collection: collection.description),
                        collection: collection, preferLocal: false)
    #expect(plan.steps.isEmpty)
    #expect(plan.unchanged == pushed.count - 1)
    #expect(plan.conflicts.map(\.uid) == [pushed[0].uid])
    #expect(plan.state.objects.count == pushed.count - 1)
    #expect(plan.state.objects[pushed[1].uid]?.etag == "\"\(pushed[1].uid)\"")
  }

  @Test func aWriteWhoseAnswerWasLostIsRecognised() throws {
    let before = try demoDataset()
    let old = try objects(before)
    var after = before
    after.trackers[0].name = "Pushed, answer lost"
    let new = try objects(after)
    // The state still has the old ETag and digest; the server already holds the new object.
    let server = [onServer(new[0], etag: "\"after\"")] + old.dropFirst().map { onServer($0, etag: "\"\($0.uid)\"") }
    let plan = PushPlan(objects: new, server: server, state: state(old) { "\"\($0.uid)\"" }, collection: collection, preferLocal: false)
    #expect(plan.steps.isEmpty && plan.conflicts.isEmpty)
    #expect(plan.state.objects[new[0].uid] == CalendarSyncState.Entry(href: server[0].url.path, etag: "\"after\"", digest: new[0].digest))
  }
}
