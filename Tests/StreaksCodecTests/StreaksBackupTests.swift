import Foundation
import Testing
@testable import StreaksCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport
import TrackerValidation

/// Streaks' `.streaks` backup (docs/streaks.md), from the hand-made fixtures of Fixtures/README.md.
@Suite struct StreaksBackupTests {
  /// Each log type code the Node reader names: what its day becomes, and the type's name.
  static let codes: [(Int, String, StreaksCSVTests.Outcome)] = [
    (1, "completed_manually", .record), (2, "completed_auto", .record), (4, "skipped", .skipped), (5, "missed", .kept),
    (7, "timer_session", .kept), (9, "health_sync", .kept), (11, "completed_manually_partial", .kept),
    (15, "missed_auto_partial", .kept),
  ]

  @Test(arguments: codes)
  func eachLogCodeMapsToItsDay(code: Int, name: String, outcome: StreaksCSVTests.Outcome) throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("log-code-\(code)-" + name.replacingOccurrences(of: "_", with: "-") + ".streaks")
    let tracker = try #require(dataset.tracker("Meditate"))
    #expect(tracker.id == "5A1F0C3E-7B2D-4C8A-9E6F-0D4B3A2C1E7F" && !tracker.archived && tracker.goal == nil)
    // tf equal to t says nothing more; the icon is kept; no category: the default one.
    #expect(tracker.extras["streaks"]?["icon"] == .string("ic_lotus") && tracker.extras["streaks"]?["tf"] == nil)
    #expect(dataset.categories.map(\.title) == ["Streaks"] && dataset.extras["streaks"]?["app"] == .string("10.1"))
    let mark = JSONValue.object([JSONMember("code", .number(String(code))), JSONMember("type", .string(name))])
    switch outcome {
    case .record:
      #expect(dataset.recordDays("Meditate") == ["2024-03-05"] && dataset.entries.isEmpty)
      let extras = dataset.records[0].extras["streaks"]
      #expect(code == 1 ? extras == nil : extras?.marks == [mark], "\(String(describing: extras))")
    case .skipped:
      #expect(dataset.records.isEmpty)
      #expect(dataset.entries.map { "\($0.date) \($0.skipped)" } == ["2024-03-05 true"] && dataset.entries[0].extras["streaks"]?.marks == [mark])
    case .kept:
      #expect(dataset.records.isEmpty && dataset.entries.isEmpty)
      #expect(dataset.keptDays("Meditate") == [.object([JSONMember("day", .string("2024-03-05")), JSONMember("marks", .array([mark]))])])
      #expect(diagnostics.first { $0.code == "streaks-kept-days" }?.message.contains("\(name) 1") == true)
    }
    #expect(!diagnostics.contains { $0.code == "streaks-unknown-type" || $0.code == "streaks-negative-task" })
  }

  @Test func anUnknownCodeIsKeptAndWarnedOnceAtItsPointer() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("log-code-unknown.streaks")
    #expect(dataset.recordDays("Meditate") == ["2024-03-07"])
    #expect(dataset.keptDays("Meditate").map { $0["day"] } == [.string("2024-03-05"), .string("2024-03-06")])
    #expect(dataset.keptDays("Meditate").allSatisfy { $0.marks == [.object([JSONMember("code", .number("13"))])] })
    let unknown = diagnostics.filter { $0.code == "streaks-unknown-type" }
    #expect(unknown.count == 1 && unknown[0].message.contains("log type 13") && unknown[0].message.contains("2 time(s)"), "\(unknown)")
    #expect(unknown[0].location.pointer == "/tasks/0/log/0/t" && unknown[0].location.line == 1, "\(unknown)")
  }

  /// A negative task: at most 0 a day, its completed days the records, the rest kept.
  @Test func aLimitTaskIsAHabitToDoLessOf() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("limit-task.streaks")
    let tracker = try #require(dataset.tracker("No soda"))
    #expect(tracker.goal == TrackerGoal(target: 0, direction: .atMost) && tracker.extras["streaks"]?["negative"] == .bool(true))
    #expect(dataset.recordDays("No soda") == ["2024-03-01", "2024-03-04"])
    #expect(dataset.records.allSatisfy { $0.amount == nil })
    let kept = dataset.keptDays("No soda")
    #expect(kept.map { $0["day"] } == [.string("2024-03-02"), .string("2024-03-03")])
    #expect(kept.map { $0.marks.first?["type"] } == [.string("missed"), .string("missed_auto_partial")])
    #expect(kept.map { $0.marks.first?["progress"] } == [.number("1"), .number("1")])
    let warning = try #require(diagnostics.first { $0.code == "streaks-negative-task" })
    #expect(warning.message.contains("1 negative") && warning.message.contains("\"No soda\""), "\(warning)")
    #expect(Validator().validate(dataset).filter { $0.severity == .error }.isEmpty, "\(Validator().validate(dataset))")
  }

  @Test func everyDescribedMemberIsReadOrKept() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("backup.streaks")
    #expect(dataset.categories.map(\.title) == ["Health", "Mind", "Streaks"])
    #expect(dataset.categories[1].extras["streaks"] == .object([JSONMember("id", .string("CAT-MIND")), JSONMember("c", .number("3"))]))
    #expect(dataset.trackers.map(\.name) == ["Walk", "Journal", "Floss"])
    #expect(dataset.trackers.map(\.categoryId) == dataset.categories.map(\.id))
    #expect(dataset.trackers.map(\.archived) == [false, true, false])

    let walk = try #require(dataset.tracker("Walk")).extras["streaks"]
    #expect(walk?["tf"] == .string("Walk 10,000 steps") && walk?["icon"] == .string("ic_shoe") && walk?["ftpd"] == .number("1"))
    #expect(walk?["cat"] == .array([.string("CAT-HEALTH"), .string("CAT-MIND")]))
    #expect(walk?["e"] == .object([JSONMember("uab", .object([JSONMember("t", .string("count"))]))]))
    #expect(dataset.recordDays("Walk") == ["2024-02-29", "2024-03-02"])
    #expect(dataset.records.first { $0.date.description == "2024-02-29" }?.extras["streaks"]?.marks.first?["progress"] == .number("10000"))
    #expect(dataset.entries("Walk").map { "\($0.date) \($0.skipped)" } == ["2024-03-03 true"])
    // A day with two lines keeps both, in file order.
    let both = try #require(dataset.keptDays("Walk").first)
    #expect(both["day"] == .string("2024-03-01") && both.marks.map { $0["code"] } == [.number("9"), .number("15")])
    #expect(both.marks.map { $0["progress"] } == [.number("4200"), .number("6100")])

    #expect(dataset.recordDays("Journal") == ["2023-12-31"])
    #expect(dataset.keptDays("Journal").first?.marks == [.object([
      JSONMember("code", .number("7")), JSONMember("type", .string("timer_session")), JSONMember("progress", .number("600")),
      JSONMember("s", .number("1")),
    ])])
    #expect(dataset.tracker("Floss")?.invented.contains(.category) == true && dataset.recordDays("Floss").isEmpty)
    #expect(diagnostics.first { $0.code == "streaks-assigned-defaults" }?.message.contains("3 habit(s)") == true)
    #expect(diagnostics.first { $0.code == "streaks-assigned-defaults" }?.message.contains("1 in no category") == true)
    #expect(diagnostics.first { $0.code == "streaks-kept-days" }?.message.hasPrefix("2 day(s)") == true)
  }

  @Test func aBadDayIsALocatedWarningAndTheLineIsKept() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("backup-bad-day.streaks")
    #expect(dataset.recordDays("Meditate") == ["2024-03-05", "2024-03-06"])
    let bad = try #require(diagnostics.first { $0.code == "streaks-bad-date" })
    #expect(bad.location.pointer == "/tasks/0/log/1/d" && bad.location.line == 4 && bad.location.column == 6, "\(bad)")
    #expect(bad.message.contains("20241340"))
    guard case .array(let unread)? = dataset.extras["streaks"]?["unread"] else { Issue.record("nothing unread kept"); return }
    #expect(unread.map { $0["pointer"] } == [.string("/tasks/0/log/1")] && unread.first?["line"]?["d"] == .number("20241340"))
  }

  @Test func valuesOfTheWrongTypeAreLocatedErrors() throws {
    let day = try #require(codecError {
      _ = try decode(StreaksCodec(), text: "{\"tasks\": [{\"t\": \"A\",\n \"log\": [{\"d\": true, \"t\": 1}]}]}", name: "b.streaks")
    })
    #expect(day.kind == .malformedInput && day.location.pointer == "/tasks/0/log/0/d" && day.location.line == 2, "\(day)")
    let tasks = try #require(codecError { _ = try decode(StreaksCodec(), text: "{\"app\": \"1\", \"tasks\": {}}", name: "b.streaks") })
    #expect(tasks.location.pointer == "/tasks" && tasks.message.contains("an array"), "\(tasks)")
    let none = try #require(codecError { _ = try decode(StreaksCodec(), text: "{\"app\": \"1\"}", name: "b.streaks") })
    #expect(none.message.contains("\"tasks\""), "\(none)")
    let cut = try #require(codecError { _ = try decode(StreaksCodec(), text: "{\"tasks\": [\n{\"t\": ", name: "b.streaks") })
    #expect(cut.kind == .malformedInput && cut.location.line == 2, "\(cut)")
    let type = try #require(codecError {
      _ = try decode(StreaksCodec(), text: "{\"tasks\": [{\"t\": \"A\", \"log\": [{\"d\": 20240101, \"t\": \"1\"}]}]}", name: "b.streaks")
    })
    #expect(type.location.pointer == "/tasks/0/log/0/t", "\(type)")
  }

  @Test func unexpectedValuesAreKeptAndWarned() throws {
    let json = """
      {"tasks": [{"id": 7, "t": "A", "st": "X", "cat": ["nowhere"], "log": [{"d": 20240101, "t": 1}]},
                 {"id": 7, "t": "B", "n": 1, "log": []}]}
      """
    let (dataset, context) = try decode(StreaksCodec(), text: json, name: "b.streaks")
    #expect(dataset.trackers.map(\.name) == ["A", "B"] && dataset.trackers[0].id == "7" && dataset.trackers[1].id != "7")
    #expect(dataset.trackers[0].extras["streaks"]?["st"] == .string("X") && !dataset.trackers[0].archived)
    #expect(dataset.trackers[0].extras["streaks"]?["cat"] == .array([.string("nowhere")]))
    #expect(dataset.trackers[1].extras["streaks"]?["id"] == .string("7") && dataset.trackers[1].goal?.direction == .atMost)
    let pointers = context.diagnostics.filter { $0.code == "streaks-unexpected" }.map(\.location.pointer)
    #expect(pointers == ["/tasks/0/st", "/tasks/0", "/tasks/1"], "\(context.diagnostics)")
  }

  /// The content decides, not the name: a `.streaks` file holding the CSV export reads as CSV.
  @Test func theContentDecidesTheForm() throws {
    let (dataset, _) = try decode(StreaksCodec(), text: "task_id,title,entry_type,entry_date\nA,Read,completed_manually,20240101\n", name: "x.streaks")
    #expect(dataset.recordDays("Read") == ["2024-01-01"])
  }

  @Test func detectionKnowsTheBackup() throws {
    let codec = StreaksCodec()
    let backup = try Array(Data(contentsOf: URL(fileURLWithPath: StreaksFixtures.path("backup.streaks"))))
    #expect(codec.sniff(backup) && codec.sniff(Array("\u{FEFF} {\"app\":\"1\",\"tasks\":[{\"t\":\"A\",\"log\":[]}]}".utf8)))
    // Not at the top level, not an array, or no task with a log: not a backup.
    #expect(!codec.sniff(Array("{\"data\":{\"tasks\":[{\"log\":[]}]}}".utf8)))
    #expect(!codec.sniff(Array("{\"tasks\":{\"habits\":[{\"log\":[]}]}}".utf8)))
    #expect(!codec.sniff(Array("{\"tasks\":[{\"t\":\"A\",\"history\":[]}], \"log\": []}".utf8)))
    #expect(!codec.sniff(Array("{\"trackport\":3,\"tasks\":[{\"extras\":{},\"log\":[]}]}".utf8)))
    #expect(!codec.sniff(Array("[{\"tasks\":[{\"log\":[]}]}]".utf8)))
  }
}
