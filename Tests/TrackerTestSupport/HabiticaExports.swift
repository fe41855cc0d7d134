import Foundation

/// Habitica `userdata.json` exports built from the shapes of the shared fixtures
/// (`habitica/user.json`, `habitica/tasks.json`), with secrets planted: for the Habitica codec's
/// tests and for the tests in TrackerPortTests that send them through every writer. Conform a
/// helper namespace (`enum Habitica: HabiticaExports`) to get them as its members.
public protocol HabiticaExports: TestHelpers {}

extension HabiticaExports {
  public static var temporaryPrefix: String { "trackport-habitica-test" }

  /// A file of the shared fixtures.
  public static func fixture(_ path: String) -> String { SharedFixtures.path(path) }

  /// Whether the shared Habitica fixtures are there (always under CI).
  public static var haveFixtures: Bool { SharedFixtures.available(fixture("habitica/tasks.json")) }

  /// The secrets planted in every built export; no output may contain any of them.
  public static var secrets: [String] {
    ["0ff1ce00-5ec2-4e7a-a91e-7071ca5ec2e7", "planted.secret@example.org", "login-id-5ec2e7-google",
     "push-token-5ec2e7-android"]
  }

  /// The JSON value of the file at `path`, parsed by Foundation.
  public static func json(_ path: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The fixture account's user object with its tasks grouped as in `/export/userdata.json`,
  /// the secrets planted, and the zone and day start set when given.
  public static func fixtureExport(timezoneOffset: Int? = nil, dayStart: Int? = nil) throws -> [String: Any] {
    guard var user = try json(fixture("habitica/user.json")) as? [String: Any],
          let tasks = try json(fixture("habitica/tasks.json")) as? [[String: Any]] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    var grouped: [String: [[String: Any]]] = [:]
    for task in tasks {
      let key = ["habit": "habits", "daily": "dailys", "todo": "todos", "reward": "rewards"][task["type"] as? String ?? ""] ?? "other"
      grouped[key, default: []].append(task)
    }
    user["tasks"] = grouped
    var preferences = user["preferences"] as? [String: Any] ?? [:]
    if let timezoneOffset { preferences["timezoneOffset"] = timezoneOffset }
    if let dayStart { preferences["dayStart"] = dayStart }
    user["preferences"] = preferences
    return planted(user)
  }

  /// `user` with the API token, an e-mail address, a social login id and a push token.
  public static func planted(_ user: [String: Any]) -> [String: Any] {
    var user = user
    user["apiToken"] = secrets[0]
    var auth = user["auth"] as? [String: Any] ?? [:]
    var local = auth["local"] as? [String: Any] ?? [:]
    local["email"] = secrets[1]
    auth["local"] = local
    auth["google"] = ["id": secrets[2], "emails": [["value": secrets[1], "type": "account"]]]
    user["auth"] = auth
    user["pushDevices"] = [["regId": secrets[3], "type": "android"]]
    return user
  }

  /// A small export: `tasks` grouped by type, the given preferences and cron times.
  public static func export(habits: [[String: Any]] = [], dailys: [[String: Any]] = [], todos: [[String: Any]] = [],
                     rewards: [[String: Any]] = [], tags: [[String: Any]] = [], timezoneOffset: Int = 0, dayStart: Int = 0,
                     crons: [String] = []) -> [String: Any] {
    var tasks: [String: Any] = [:]
    if !habits.isEmpty { tasks["habits"] = habits }
    if !dailys.isEmpty { tasks["dailys"] = dailys }
    if !todos.isEmpty { tasks["todos"] = todos }
    if !rewards.isEmpty { tasks["rewards"] = rewards }
    return planted(["preferences": ["timezoneOffset": timezoneOffset, "dayStart": dayStart],
                    "history": ["exp": crons.map { ["date": $0, "value": 10] }], "tags": tags,
                    "tasksOrder": ["habits": [], "dailys": [], "todos": [], "rewards": []], "tasks": tasks])
  }

  /// Compact JSON bytes, as Habitica serves them (keys sorted: stable files).
  public static func bytes(_ object: Any) throws -> [UInt8] {
    Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
  }

  /// Milliseconds of an ISO instant, for building history entries.
  public static func ms(_ iso: String) -> Int64 {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return Int64((formatter.date(from: iso)?.timeIntervalSince1970 ?? .nan) * 1000)
  }

  /// Writes `object` as `name` in a fresh folder and returns its path.
  public static func file(_ object: Any, name: String = "userdata.json") throws -> String {
    let path = try temporaryFolder().appendingPathComponent(name).path
    try Data(try bytes(object)).write(to: URL(fileURLWithPath: path))
    return path
  }
}
