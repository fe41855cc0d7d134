import CalendarSync
import ICalendarCodec
import JSONCodec
import Testing
import TrackerCodec
import TrackerModel
import TrackerTestSupport
import WebDAV

/// The demo dataset (12 trackers, 5 tasks).
func demoDataset() throws -> TrackerDataset {
  try decode(JSONCodec(), path: Repository.path("SampleData/demo.trackport.json")).0
}

@Suite struct CalendarObjectTests {
  @Test func oneObjectPerComponentWithItsDigest() throws {
    let dataset = try demoDataset()
    let objects = try ICalendarCodec().objects(dataset, options: [:])
    #expect(objects.count == dataset.trackers.count + dataset.tasks.count)
    #expect(objects.map(\.uid) == dataset.trackers.map(\.id) + dataset.tasks.map(\.id))
    for object in objects {
      let text = String(decoding: object.bytes, as: UTF8.self)
      #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
      #expect(text.components(separatedBy: "BEGIN:VEVENT").count + text.components(separatedBy: "BEGIN:VTODO").count == 3,
              "one component in \(object.uid)")
      // The digest is of the object as written without its own line.
      let line = "X-TRACKPORT-DIGEST:\(object.digest)\r\n"
      #expect(text.contains(line))
      #expect(object.digest.count == 16)
      #expect(object.digest == fnv(Array(text.replacingOccurrences(of: line, with: "").utf8)))
    }
    // The same dataset gives the same bytes; a change changes one object's digest only.
    #expect(try ICalendarCodec().objects(dataset, options: [:]) == objects)
    var renamed = dataset
    renamed.trackers[2].name = "Renamed"
    let after = try ICalendarCodec().objects(renamed, options: [:])
    #expect(zip(objects, after).filter { $0.digest != $1.digest }.map(\.0.uid) == [dataset.trackers[2].id])
  }

  @Test func aTrackerCarriesItsCategoryAndATaskItsTimeZone() throws {
    let dataset = try demoDataset()
    let objects = try ICalendarCodec().objects(dataset, options: ["timezone": "Europe/Moscow"])
    let tracker = String(decoding: objects[0].bytes, as: UTF8.self)
    #expect(tracker.contains("X-TRACKPORT-CATEGORY:"))
    #expect(tracker.contains(dataset.trackers[0].categoryId))
    let timed = try #require(objects.first { String(decoding: $0.bytes, as: UTF8.self).contains("TZID=Europe/Moscow") })
    #expect(String(decoding: timed.bytes, as: UTF8.self).contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Moscow"))
    #expect(!tracker.contains("BEGIN:VTIMEZONE"))
  }

  @Test func twoComponentsWithOneUIDAreRefused() throws {
    var dataset = try demoDataset()
    dataset.tasks[0].id = dataset.trackers[0].id
    let error = codecError { _ = try ICalendarCodec().objects(dataset, options: [:]) }
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains(dataset.trackers[0].id) == true)
  }

  @Test func theObjectsOfACollectionReadBackAsTheDataset() throws {
    let dataset = try demoDataset()
    let objects = try ICalendarCodec().objects(dataset, options: ["history": "true"])
    let collection = try #require(WebDAVURL("http://127.0.0.1/ann/habits/"))
    // A foreign event among them, in the server's order.
    let foreign = CalendarResource(url: collection.resolving("x.ics")!, etag: "\"1\"", data: Array("""
      BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20250101T000000Z\r
      DTSTART;VALUE=DATE:20250101\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
      """.utf8))
    let resources = [foreign] + objects.map { CalendarResource(url: collection.resolving(WebDAVURL.segment($0.uid) + ".ics")!, etag: "\"e\"", data: $0.bytes) }
    let merged = try CalendarPull.merged(resources)
    let (back, _) = try decode(ICalendarCodec(), bytes: merged, name: "collection")
    #expect(back.trackers.filter { $0.name != "Dentist" } == dataset.trackers)
    #expect(back.tasks == dataset.tasks)
    #expect(Set(back.records.filter { r in dataset.trackers.contains { $0.id == r.trackerId } }) == Set(dataset.records))
    // Categories come in the order the objects name them: the same set.
    #expect(Set(back.categories.filter { c in dataset.categories.contains { $0.id == c.id } }.map(\.id))
            == Set(dataset.categories.filter { c in dataset.trackers.contains { $0.categoryId == c.id } }.map(\.id)))
    #expect(back.categories.allSatisfy { c in dataset.categories.contains(c) || c.title == "Calendar" })
    #expect(back.trackers.contains { $0.name == "Dentist" })
  }

  func fnv(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
