import Foundation
import TrackerTestSupport
import Testing

/// `trackport` on Habitica exports, end to end: detection by content, conversion with the
/// day options, secrets in no output, errors with their location and exit status.
struct HabiticaCommandTests {
  static let token = "0ff1ce00-5ec2-4e7a-a91e-7071ca5ec2e7"
  static let email = "planted.secret@example.org"
  static let pushToken = "push-token-5ec2e7-android"
  static let loginId = "login-id-5ec2e7-google"

  /// A compact `userdata.json` (one line, as Habitica serves it) with the secrets planted
  /// around its tasks: a daily checked at 23:30 UTC on 1 March 2022, a habit, a to-do, a reward.
  static func export(timezoneOffset: Int = 0, dayStart: Int = 0) -> String {
    """
    {"auth":{"local":{"username":"u","email":"\(email)"},"google":{"id":"\(loginId)","emails":[{"value":"\(email)"}]}},\
    "apiToken":"\(token)","pushDevices":[{"regId":"\(pushToken)","type":"android"}],\
    "preferences":{"timezoneOffset":\(timezoneOffset),"dayStart":\(dayStart)},"history":{"exp":[]},\
    "tags":[{"id":"t1","name":"Health"}],"tasksOrder":{"habits":[],"dailys":[],"todos":[],"rewards":[]},\
    "tasks":{"dailys":[{"_id":"D1","type":"daily","text":"Stretch","notes":"","frequency":"weekly","everyX":1,\
    "repeat":{"m":true,"t":false,"w":true,"th":false,"f":true,"s":false,"su":false},"startDate":"2022-01-01T00:00:00.000Z",\
    "tags":["t1"],"history":[{"date":1646177400000,"value":1,"isDue":true,"completed":true}]}],\
    "habits":[{"_id":"H1","type":"habit","text":"Water","up":true,"down":false,"tags":[],\
    "history":[{"date":1646136000000,"value":1,"scoredUp":2,"scoredDown":0}]}],\
    "todos":[{"_id":"T1","type":"todo","text":"Taxes","notes":"forms","completed":false,"date":null,"checklist":[]}],\
    "rewards":[{"_id":"R1","type":"reward","text":"Cake","value":10}]}}
    """
  }

  static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aUserObjectWithoutTasksIsNotHabiticaForDetectNorForConvert() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let user = Self.export().replacingOccurrences(of: #","tasks":{"#, with: #","tasksGone":{"#)
    _ = try Self.write(user, "user.json", in: folder)
    let detect = try CLI.run(["detect", "user.json"], in: folder)
    let convert = try CLI.run(["convert", "user.json", "out.ics"], in: folder)
    for result in [detect, convert] {
      #expect(result.status == 65)
      #expect(result.stderr.contains("user.json: error: cannot tell the format of this file"), "\(result.stderr)")
      #expect(result.stderr.contains("a Habitica user object without \"tasks\""), "\(result.stderr)")
      #expect(result.stderr.contains("Export Data › User Data (JSON)"))
    }
    let named = try CLI.run(["convert", "user.json", "out.ics", "--from", "habitica"], in: folder)
    #expect(named.status == 65)
    #expect(named.stderr.contains("not a Habitica export: the top level has no \"tasks\" object"), "\(named.stderr)")
  }

  @Test func theAPIsTaskListIsNamedForWhatItIs() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let task = #"{"_id":"H1","type":"habit","text":"Water","up":true,"down":false,"history":[]}"#
    _ = try Self.write("[" + task + "]", "tasks.json", in: folder)
    _ = try Self.write(#"{"success":true,"data":["# + task + "]}", "answer.json", in: folder)
    let array = try CLI.run(["convert", "tasks.json", "out.json", "--from", "habitica"], in: folder)
    #expect(array.status == 65)
    #expect(array.stderr.contains("tasks.json:1:1: error: not a Habitica export: a JSON array of Habitica tasks"), "\(array.stderr)")
    #expect(!array.stderr.contains("stray-quote"))
    let answer = try CLI.run(["convert", "answer.json", "out.json", "--from", "habitica"], in: folder)
    #expect(answer.stderr.contains("an API answer whose \"data\" is a list of tasks"), "\(answer.stderr)")
    let detect = try CLI.run(["detect", "tasks.json"], in: folder)
    #expect(detect.status == 65)
    #expect(detect.stderr.contains("a list of Habitica tasks (as the API's /tasks/user answers), not an export"), "\(detect.stderr)")
  }

  @Test func anExportIsDetectedByContentAndConverted() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.export(), "habitica-user-data.json", in: folder)
    let detect = try CLI.run(["detect", input])
    #expect(detect.stdout.hasPrefix("habitica\t"), "\(detect.stdout)")
    let output = folder.appendingPathComponent("out.trackport.json").path
    let converted = try CLI.run(["convert", input, output])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("[habitica-assigned-defaults]"))
    #expect(converted.stderr.contains("not imported: 1 reward(s)"))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
    let records = try #require(document["records"] as? [[String: Any]])
    #expect(records.map { "\($0["trackerId"] ?? "") \($0["date"] ?? "")" }.sorted() == ["D1 2022-03-01", "H1 2022-03-01"])
    let trackers = try #require(document["trackers"] as? [[String: Any]])
    #expect(trackers.first { $0["id"] as? String == "D1" }?["schedule"] as? [String] == ["mon", "wed", "fri"])
    let validated = try CLI.run(["validate", output])
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
  }

  /// 23:30 UTC on 1 March is 2 March in Moscow; with a day start of 3 it is still 1 March at
  /// 02:30 local; in New York (from the export's offset 300) it is 1 March.
  @Test func theZoneAndTheDayStartDecideTheDay() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.export(timezoneOffset: 300), "u.json", in: folder)
    func day(_ extra: [String]) throws -> String? {
      let run = try CLI.run(["convert", input, "-", "--to", "json"] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      return (document?["records"] as? [[String: Any]])?.first { $0["trackerId"] as? String == "D1" }?["date"] as? String
    }
    #expect(try day([]) == "2022-03-01")
    #expect(try day(["--timezone", "Europe/Moscow"]) == "2022-03-02")
    #expect(try day(["--timezone", "Europe/Moscow", "--day-start", "3"]) == "2022-03-01")
    let badHour = try CLI.run(["convert", input, "-", "--to", "json", "--day-start", "24"])
    #expect(badHour.status == 64)
    let badZone = try CLI.run(["convert", input, "-", "--to", "json", "--timezone", "Mars/Olympus"])
    #expect(badZone.status == 64)
    #expect(badZone.stderr.contains("unknown time zone \"Mars/Olympus\""), "\(badZone.stderr)")
  }

  /// The planted API token, e-mail, login id and push token are in no output of any format,
  /// and in nothing the command says.
  @Test(arguments: ["out.trackport.json", "out.trackport.xml", "out.ics", "out-package", "out.csv", "out.habitbull.csv", "out.db"])
  func secretsReachNoOutput(_ name: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write(Self.export(), "u.json", in: folder)
    let output = folder.appendingPathComponent(name).path
    var arguments = ["convert", input, output]
    if name == "out-package" { arguments += ["--to", "csv", "--to-shape", "package"] }
    if name == "out.db" { arguments += ["--to", "loop"] }
    let converted = try CLI.run(arguments)
    #expect(converted.status == 0, "\(converted.stderr)")
    var said = converted.stdout + converted.stderr
    for format in ["text", "json", "github", "sarif", "junit"] {
      let validated = try CLI.run(["validate", input, "--format", format])
      said += validated.stdout + validated.stderr
    }
    var files = [output]
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
      files = try FileManager.default.subpathsOfDirectory(atPath: output).map { output + "/" + $0 }
    }
    var bytes = Data(said.utf8)
    for file in files { bytes.append((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()) }
    for secret in [Self.token, Self.email, Self.pushToken, Self.loginId] {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(name) holds \(secret)")
      #expect(bytes.range(of: Data(secret.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })) == nil, "\(name) holds \(secret) as UTF-16")
    }
  }

  @Test func historyCSVIsReadWithItsWarning() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.write("""
      Task Name,Task ID,Task Type,Date,Value
      "Read, daily",t1,daily,2022-03-01 10:00:00,1
      Read,t1,daily,2022-03-02 10:00:00,0.2

      """, "habitica-tasks-history.csv", in: folder)
    let detect = try CLI.run(["detect", input])
    #expect(detect.stdout.hasPrefix("habitica\t"), "\(detect.stdout)")
    let run = try CLI.run(["convert", input, "-", "--to", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("[habitica-csv-no-schedule]"))
    #expect(run.stdout.contains("\"2022-03-01\""))
    #expect(!run.stdout.contains("\"2022-03-02\""))
  }

  @Test func badInputIsALocatedErrorWithExit65() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let notHabitica = try Self.write("{\"preferences\": {}, \"habits\": []}", "n.json", in: folder)
    let named = try CLI.run(["convert", notHabitica, "-", "--from", "habitica", "--to", "json"])
    #expect(named.status == 65)
    #expect(named.stderr.hasPrefix(notHabitica + ":1:1: error: not a Habitica export"), "\(named.stderr)")
    let export = Self.export()
    let truncated = try Self.write(String(export.prefix(export.count - 40)), "t.json", in: folder)
    let cut = try CLI.run(["convert", truncated, "-", "--from", "habitica", "--to", "json"])
    #expect(cut.status == 65)
    #expect(cut.stderr.hasPrefix(truncated + ":1:"), "\(cut.stderr)")
    #expect(!cut.stderr.contains(Self.token))
    let noId = try Self.write(export.replacingOccurrences(of: "\"_id\":\"H1\",", with: ""), "i.json", in: folder)
    let missing = try CLI.run(["convert", noId, "-", "--to", "json"])
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("error: a task without an id at /tasks/habits/0"), "\(missing.stderr)")
    let badDate = try Self.write(export.replacingOccurrences(of: "\"date\":1646136000000", with: "\"date\":\"soon\""), "d.json", in: folder)
    let warned = try CLI.run(["convert", badDate, "-", "--to", "json"])
    #expect(warned.status == 0)
    let line = warned.stderr.split(separator: "\n").first { $0.contains("[habitica-skipped-entry]") } ?? ""
    #expect(line.hasPrefix(badDate + ":1:"), "\(warned.stderr)")
  }
}
