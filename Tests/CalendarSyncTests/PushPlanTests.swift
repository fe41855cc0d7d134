import CalendarSync
import ICalendarCodec
import Testing
import TrackerModel
import WebDAV

@Suite struct PushPlanTests {
  let collection = WebDAVURL("https://dav.example.org/cal/ann/habits/")!

  func objects(_ dataset: TrackerDataset) throws -> [ICalendarObject] { try ICalendarCodec().objects(dataset, options: [:]) }

  func onServer(_ object: ICalendarObject, etag: String) -> CollectionObject {
    CollectionObject(CalendarResource(url: collection.resolving(CalendarObjectName.of(object.uid))!, etag: etag, data: object.bytes))
  }

  /// `object` as another client leaves it after an edit: its SUMMARY changed, every other
  /// property kept (our digest property too), re-folded as a server would.
  func edited(_ object: ICalendarObject, etag: String) -> CollectionObject {
    var text = String(decoding: object.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
    let summary = text.range(of: "SUMMARY:[^\r]*", options: .regularExpression)!
    text.replaceSubrange(summary, with: "SUMMARY:Edited in the phone")
    return CollectionObject(CalendarResource(url: collection.resolving(CalendarObjectName.of(object.uid))!, etag: etag, data: Array(text.utf8)))
  }

  /// `object` as a server stores it: properties in another order, lines unfolded.
  func reserialised(_ object: ICalendarObject, etag: String) -> CollectionObject {
    let lines = String(decoding: object.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    guard let begin = lines.firstIndex(where: { $0 == "BEGIN:VEVENT" || $0 == "BEGIN:VTODO" }),
          let end = lines.firstIndex(where: { $0 == "BEGIN:VALARM" || $0 == "END:VEVENT" || $0 == "END:VTODO" }) else { return onServer(object, etag: etag) }
    let shuffled = lines[..<(begin + 1)] + lines[(begin + 1)..<end].reversed() + lines[end...]
    return CollectionObject(CalendarResource(url: collection.resolving(CalendarObjectName.of(object.uid))!, etag: etag,
                                             data: Array(shuffled.joined(separator: "\n").utf8)))
  }

  func state(_ objects: [ICalendarObject], etag: (ICalendarObject) -> String) -> CalendarSyncState {
    CalendarSyncState(collection: collection.description, objects: Dictionary(uniqueKeysWithValues: objects.map {
      ($0.uid, CalendarSyncState.Entry(href: collection.path + CalendarObjectName.of($0.uid), etag: etag($0), digest: $0.digest))
    }))
  }

  @Test func anEmptyCollectionGetsEveryObject() throws {
    let wanted = try objects(demoDataset())
    let plan = PushPlan(objects: wanted, server: [], state: CalendarSyncState(collection: collection.description),
                        collection: collection, preferLocal: false)
    #expect(plan.creations == wanted.count)
    #expect(plan.updates == 0 && plan.removals == 0 && plan.conflicts.isEmpty)
    guard case .create(let first, let url) = plan.steps[0] else { Issue.record("not a creation"); return }
    #expect(url.description == collection.description + first.uid + ".ics")
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
    let server = wanted.enumerated().map { $0 == 0 ? edited($1, etag: "\"theirs\"") : onServer($1, etag: "\"\($1.uid)\"") }
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
    let server = pushed.enumerated().map { $0 == 0 ? edited($1, etag: "\"theirs\"") : onServer($1, etag: "\"\($1.uid)\"") }
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
    #expect(plan.others == 2)
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

  @Test func withoutStateAnEditKeepingOurDigestIsStillAConflict() throws {
    let wanted = try objects(demoDataset())
    // The first was edited in a phone (our digest property kept), the rest re-serialised.
    let server = [edited(wanted[0], etag: "\"e\"")] + wanted.dropFirst().map { reserialised($0, etag: "\"\($0.uid)\"") }
    let empty = CalendarSyncState(collection: collection.description)
    let plan = PushPlan(objects: wanted, server: server, state: empty, collection: collection, preferLocal: false)
    #expect(plan.conflicts.map(\.uid) == [wanted[0].uid])
    #expect(plan.conflicts.first?.reason.hasPrefix("differs from the dataset and was not pushed from here") == true)
    #expect(plan.steps.isEmpty && plan.unchanged == wanted.count - 1)
    // With state whose ETag is another: the same.
    let known = state(wanted) { "\"old-\($0.uid)\"" }
    #expect(PushPlan(objects: wanted, server: server, state: known, collection: collection, preferLocal: false).conflicts.count == 1)
  }

  @Test func withoutStateARemovalIsAConflictUnlessLocalIsPreferred() throws {
    let pushed = try objects(demoDataset())
    let server = pushed.map { onServer($0, etag: "\"\($0.uid)\"") }
    let empty = CalendarSyncState(collection: collection.description)
    let plan = PushPlan(objects: Array(pushed.dropFirst()), server: server, state: empty, collection: collection, preferLocal: false)
    #expect(plan.removals == 0)
    #expect(plan.conflicts.map(\.uid) == [pushed[0].uid])
    let preferred = PushPlan(objects: Array(pushed.dropFirst()), server: server, state: empty, collection: collection, preferLocal: true)
    #expect(preferred.removals == 1 && preferred.conflicts.isEmpty)
  }

  @Test func theStateForgetsWhatIsGoneFromBothSides() throws {
    let pushed = try objects(demoDataset())
    let server = pushed.dropFirst().map { onServer($0, etag: "\"\($0.uid)\"") }
    let plan = PushPlan(objects: Array(pushed.dropFirst()), server: Array(server), state: state(pushed) { "\"\($0.uid)\"" },
                        collection: collection, preferLocal: false)
    #expect(plan.steps.isEmpty)
    #expect(plan.state.objects[pushed[0].uid] == nil && plan.state.objects.count == pushed.count - 1)
  }

  @Test func oddUIDsGetNamesEveryServerTakes() {
    #expect(CalendarObjectName.of("run-5_km.2@example.org") == "run-5_km.2@example.org.ics")
    for uid in ["a/b", "urn:uuid:1234", ".hidden", "a,b;c", "a b", "ü", String(repeating: "x", count: 101), ""] {
      let name = CalendarObjectName.of(uid)
      #expect(name.hasPrefix("trackport-") && name.hasSuffix(".ics") && name.utf8.count == 46, "\(uid): \(name)")
    }
    #expect(CalendarObjectName.of("a/b") != CalendarObjectName.of("a:b"))
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
