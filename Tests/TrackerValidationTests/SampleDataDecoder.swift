import Foundation
import TrackerModel

/// A test-only reader of canonical JSON (DESIGN.md §1), just enough to check that the files
/// in `SampleData/invalid/` break the rules they are named after. The real reader is the JSON
/// codec; this one is lenient and knows no extras.
enum SampleDataDecoder {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SampleData/invalid")

  static func object(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw Failure(description: "\(name): not a JSON object")
    }
    return object
  }

  static func dataset(_ name: String) throws -> TrackerDataset {
    let json = try object(name)
    guard json["trackport"] as? Int == 1 else { throw Failure(description: "\(name): not version 1") }
    return TrackerDataset(
      categories: try list(json["categories"]).map {
        TrackerCategory(id: try string($0["id"]), title: try string($0["title"]))
      },
      trackers: try list(json["trackers"]).map(tracker),
      records: try list(json["records"]).map {
        TrackerRecord(trackerId: try string($0["trackerId"]), date: try day($0["date"] as Any))
      },
      tasks: try list(json["tasks"]).map(task),
      taskCategoryOrder: try (json["taskCategoryOrder"] as? [String]).orThrow("taskCategoryOrder"))
  }

  static func tracker(_ json: [String: Any]) throws -> Tracker {
    let schedule = try (json["schedule"] as? [String])?.map { try Weekday(rawValue: $0).orThrow($0) }
    return Tracker(
      id: try string(json["id"]), kind: try TrackerKind(rawValue: try string(json["kind"])).orThrow("kind"),
      name: try string(json["name"]), categoryId: try string(json["categoryId"]),
      emoji: json["emoji"] as? String, color: json["color"] as? String, schedule: schedule,
      date: try json["date"].map(day), pinned: try (json["pinned"] as? Bool).orThrow("pinned"),
      createdOn: try json["createdOn"].map(day))
  }

  static func task(_ json: [String: Any]) throws -> PlanTask {
    PlanTask(
      id: try string(json["id"]), title: try string(json["title"]),
      description: json["description"] as? String, color: json["color"] as? String,
      category: try string(json["category"]), start: try json["start"].map(time),
      end: try json["end"].map(time), done: try (json["done"] as? Bool).orThrow("done"),
      reminders: try ((json["reminders"] as? [Any]) ?? []).map(time),
      attachments: try list(json["attachments"]).map {
        TaskAttachment(name: try string($0["name"]), uri: try string($0["uri"]))
      },
      position: try (json["position"] as? Int).orThrow("position"))
  }

  static func list(_ value: Any?) throws -> [[String: Any]] {
    try (value as? [[String: Any]]).orThrow("array of objects")
  }

  static func string(_ value: Any?) throws -> String { try (value as? String).orThrow("string") }

  static func day(_ value: Any) throws -> LocalDate {
    try LocalDate(try string(value)).orThrow("YYYY-MM-DD")
  }

  static func time(_ value: Any) throws -> LocalDateTime {
    try LocalDateTime(try string(value)).orThrow("YYYY-MM-DDTHH:MM")
  }
}

extension Optional {
  func orThrow(_ expected: String) throws -> Wrapped {
    guard let self else { throw SampleDataDecoder.Failure(description: "expected \(expected)") }
    return self
  }
}
