import Foundation
import Testing
import TrackerTestSupport

/// `trackport calendar push` and `pull` against real CalDAV servers on loopback (Radicale and
/// Xandikos from the venv, Tests/TrackerTestSupport/CalDAVServer.swift), checked through another
/// client (Tests/Oracles/caldav_client.py on the `caldav` library): the issue's "Done means".
@Suite struct CalendarCommandTests {
  /// A week with every demo habit started and the dated event of 2026-12-03.
  static let weekStart = "2026-11-30"

  /// A scratch folder, removed at the end of the test.
  final class Scratch {
    let url: URL
    init() throws { url = try temporaryFolder("trackport-calendar") }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { removeFolder(url) }
  }

  /// `trackport calendar push FILE --url COLLECTION` as this server's user.
  func push(_ server: CalDAVServer, _ file: String, state: String, _ extra: [String] = []) throws -> CLI.Result {
    try CLI.run(["calendar", "push", file, "--url", server.collectionURL, "--state", state]
                + (server.password == nil ? [] : ["--user", server.user]) + extra,
                environment: ["TRACKPORT_CALDAV_PASSWORD": server.password])
  }

  /// caldav_client.py's JSON answer, as this server's client.
  func oracle(_ server: CalDAVServer, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    let result = try Python.result(Python.oracle("caldav_client.py"), arguments, environment: server.oracleEnvironment)
    try #require(result.status == 0, "caldav_client.py \(arguments[0]): \(result.stderr)", sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// The collection's objects as the other client lists them: UID → (summary, ETag).
  func listing(_ server: CalDAVServer) throws -> [String: [String]] {
    let rows = try #require(try oracle(server, ["list", server.collectionURL]) as? [[String: String]])
    return Dictionary(uniqueKeysWithValues: rows.map { ($0["uid"] ?? "", [$0["summary"] ?? "", $0["etag"] ?? ""]) })
  }

  /// A copy of the demo with `change` applied to its JSON, written into the scratch folder.
  func demo(in scratch: Scratch, named name: String, _ change: (inout [String: Any]) -> Void = { _ in }) throws -> String {
    var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Repository.demoPath))) as? [String: Any])
    change(&json)
    let path = scratch.path(name)
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// What `trackport agenda` plans on `day` that a calendar shows as an event (habits, and
  /// events with a date), as "EMOJI NAME", sorted.
  func agenda(_ file: String, _ day: String, dataset: [String: Any]) throws -> [String] {
    let result = try CLI.run(["agenda", file, "--date", day, "--today", day, "--json"])
    try #require(result.status == 0, "\(result.stderr)")
    let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let trackers = (dataset["trackers"] as? [[String: Any]]) ?? []
    var names: [String] = []
    for group in json["groups"] as? [[String: Any]] ?? [] {
      for card in group["trackers"] as? [[String: Any]] ?? [] {
        guard let tracker = trackers.first(where: { $0["id"] as? String == card["id"] as? String }),
              tracker["kind"] as? String == "habit" || tracker["date"] != nil else { continue }
        names.append([card["emoji"] as? String, card["name"] as? String].compactMap { $0 }.joined(separator: " "))
      }
    }
    return names.sorted()
  }

  @Test(.enabled(if: CalDAVServer.wanted(.radicale) && CalDAVServer.wanted(.xandikos), "make venv and set TRACKPORT_PYTHON"),
        arguments: CalDAVServer.Kind.allCases)
  func pushKeepsTheCollectionInStep(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let scratch = try Scratch()
    let state = scratch.path("state.json")
    let demo = Repository.demoPath
    let dataset = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: demo))) as? [String: Any])

    // The first push creates one object per habit, event and task.
    var result = try push(server, demo, state: state)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(server.collectionURL): created 17, updated 0, removed 0, 0 unchanged\n")
    #expect(try server.storedObjectCount() == 17)

    // The server's own calendar-query for each day of a week: exactly what agenda plans.
    let week = try #require(try oracle(server, ["week", server.collectionURL, Self.weekStart, "7"]) as? [String: [String]])
    #expect(week.count == 7)
    for (day, summaries) in week {
      #expect(summaries == (try agenda(demo, day, dataset: dataset)), "\(day)")
    }
    #expect(week["2026-12-03"]?.contains("😇 Сходить к врачу") == true)

    // Again: nothing is sent, and the objects keep their ETags.
    let before = try listing(server)
    result = try push(server, demo, state: state)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(server.collectionURL): nothing to change: 0 to create, 0 to update, 0 to remove, 17 unchanged\n")
    #expect(try listing(server) == before)

    // Without the state file (another computer): each object is known by its content, however
    // the server wrote it down, and adopted.
    try FileManager.default.removeItem(atPath: state)
    result = try push(server, demo, state: state)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(server.collectionURL): nothing to change: 0 to create, 0 to update, 0 to remove, 17 unchanged\n")
    #expect(try listing(server) == before)

    // Rename one habit, delete one, add one: one update, one removal, one creation.
    let trackers = (dataset["trackers"] as? [[String: Any]]) ?? []
    let changed = try self.demo(in: scratch, named: "changed.trackport.json") { json in
      var list = trackers
      list[1]["name"] = "Зарядка вечером"
      list.remove(at: 3)
      var added = trackers[0]
      added["id"] = "new-habit@example"
      added["name"] = "Stretch"
      list.append(added)
      json["trackers"] = list
      json["records"] = (json["records"] as? [[String: Any]] ?? []).filter { $0["trackerId"] as? String != trackers[3]["id"] as? String }
    }
    let deletedId = try #require(trackers[3]["id"] as? String), renamedId = try #require(trackers[1]["id"] as? String)
    var dry = try push(server, changed, state: state, ["--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.hasPrefix("\(server.collectionURL): 1 to create, 1 to update, 1 to remove, 15 unchanged\n"))
    #expect(dry.stdout.contains("  update  🙂 Зарядка вечером\n") && dry.stdout.hasSuffix("(dry run: nothing sent)\n"))
    #expect(try listing(server) == before, "a dry run sent something")
    result = try push(server, changed, state: state)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(server.collectionURL): created 1, updated 1, removed 1, 15 unchanged\n")
    var after = try listing(server)
    #expect(after.count == 17 && after[deletedId] == nil)
    #expect(after["new-habit@example"]?.first == "🌺 Stretch")
    #expect(after[renamedId]?.first == "🙂 Зарядка вечером" && after[renamedId]?.last != before[renamedId]?.last)

    // Another client's event is left alone; another client's edit of ours is a conflict.
    _ = try oracle(server, ["add", server.collectionURL, "dentist@other", "Dentist", "2026-12-01"])
    let editedId = try #require(trackers[0]["id"] as? String)
    _ = try oracle(server, ["edit", server.collectionURL, editedId, "Edited in the phone"])
    result = try push(server, changed, state: state)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout == "\(server.collectionURL): nothing to change: 0 to create, 0 to update, 0 to remove, 16 unchanged; 1 object of other clients left alone; 1 conflict left as it is\n")
    #expect(result.stderr.contains(": conflict: \"Edited in the phone\" (UID \(editedId)): changed on the server since the last push; left as it is (--prefer local overwrites it)"),
            "\(result.stderr)")
    after = try listing(server)
    #expect(after[editedId]?.first == "Edited in the phone")
    #expect(after["dentist@other"]?.first == "Dentist")
    result = try push(server, changed, state: state, ["--prefer", "local"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("\(server.collectionURL): created 0, updated 1, removed 0, 16 unchanged"))
    after = try listing(server)
    #expect(after[editedId]?.first == "🌺 Поливать растения" && after["dentist@other"]?.first == "Dentist")

    // Pulled back: the dataset pushed, and the other client's event as the .ics import reads it.
    let pulled = scratch.path("pulled.trackport.json")
    result = try CLI.run(["calendar", "pull", server.collectionURL, "-o", pulled] + (server.password == nil ? [] : ["--user", server.user]),
                         environment: ["TRACKPORT_CALDAV_PASSWORD": server.password])
    #expect(result.status == 0, "\(result.stderr)")
    let back = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: pulled))) as? [String: Any])
    let sent = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: changed))) as? [String: Any])
    func byId(_ list: Any?) -> [String: NSDictionary] {
      Dictionary(uniqueKeysWithValues: ((list as? [[String: Any]]) ?? []).map { ($0["id"] as? String ?? "", $0 as NSDictionary) })
    }
    var pulledTrackers = byId(back["trackers"])
    #expect(pulledTrackers.removeValue(forKey: "dentist@other")?["name"] as? String == "Dentist")
    #expect(pulledTrackers == byId(sent["trackers"]))
    #expect(byId(back["tasks"]) == byId(sent["tasks"]))
    func days(_ json: [String: Any]) -> Set<String> {
      Set(((json["records"] as? [[String: Any]]) ?? []).map { "\($0["trackerId"] ?? "") \($0["date"] ?? "")" })
    }
    let (pulledDays, sentDays) = (days(back), days(sent))
    #expect(pulledDays.count == sentDays.count && pulledDays.symmetricDifference(sentDays).isEmpty,
            "\(pulledDays.symmetricDifference(sentDays).sorted().prefix(5))")

    // A title changed in a calendar app comes back on pull (issue 45): the name and its emoji,
    // not the X-TRACKPORT-NAME copy the app never shows; diff names the rename.
    _ = try oracle(server, ["edit", server.collectionURL, editedId, "🪴 Water the ficus"])
    let repulled = scratch.path("repulled.trackport.json")
    result = try CLI.run(["calendar", "pull", server.collectionURL, "-o", repulled] + (server.password == nil ? [] : ["--user", server.user]),
                         environment: ["TRACKPORT_CALDAV_PASSWORD": server.password])
    #expect(result.status == 0, "\(result.stderr)")
    let edited = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: repulled))) as? [String: Any])
    let renamed = byId(edited["trackers"])[editedId]
    #expect(renamed?["name"] as? String == "Water the ficus" && renamed?["emoji"] as? String == "🪴", "\(String(describing: renamed))")
    let diff = try CLI.run(["diff", changed, repulled])
    #expect(diff.status == 1 && diff.stdout.contains("Water the ficus"), "\(diff.stdout)\(diff.stderr)")
  }

  /// UIDs no server takes as an object's name (a slash, a colon, a leading dot, 300 bytes):
  /// pushed under names of their own, kept whole inside, pulled back.
  @Test(.enabled(if: CalDAVServer.wanted(.radicale), "make venv and set TRACKPORT_PYTHON"))
  func oddUIDsArePushedAndPulledBack() throws {
    let server = try CalDAVServer(.radicale)
    let scratch = try Scratch()
    let odd = ["a/b", "urn:uuid:4f6c", ".hidden", String(repeating: "x", count: 300), "пробежка 5 км"]
    let file = try demo(in: scratch, named: "odd.trackport.json") { json in
      var trackers = json["trackers"] as? [[String: Any]] ?? []
      var records = json["records"] as? [[String: Any]] ?? []
      for (index, uid) in odd.enumerated() {
        let old = trackers[index]["id"] as? String
        trackers[index]["id"] = uid
        for r in records.indices where records[r]["trackerId"] as? String == old { records[r]["trackerId"] = uid }
      }
      json["trackers"] = trackers
      json["records"] = records
    }
    var result = try push(server, file, state: scratch.path("state.json"))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(server.collectionURL): created 17, updated 0, removed 0, 0 unchanged\n")
    result = try push(server, file, state: scratch.path("state.json"))
    #expect(result.stdout.contains("nothing to change"), "\(result.stdout)\(result.stderr)")
    let listed = try listing(server)
    for uid in odd { #expect(listed[uid] != nil, "\(uid)") }
    let pulled = scratch.path("pulled.trackport.json")
    result = try CLI.run(["calendar", "pull", server.collectionURL, "-o", pulled, "--user", server.user],
                         environment: ["TRACKPORT_CALDAV_PASSWORD": server.password])
    #expect(result.status == 0, "\(result.stderr)")
    let back = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: pulled))) as? [String: Any])
    let ids = Set(((back["trackers"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
    #expect(ids.isSuperset(of: odd))
  }

  @Test(.enabled(if: CalDAVServer.wanted(.radicale), "make venv and set TRACKPORT_PYTHON"))
  func aWrongPasswordIsRefusedWithoutShowingIt() throws {
    let server = try CalDAVServer(.radicale, user: "ann", password: "correct horse")
    let scratch = try Scratch()
    let secret = "battery staple 42"
    var result = try CLI.run(["calendar", "push", Repository.demoPath, "--url", server.collectionURL, "--user", "ann",
                              "--state", scratch.path("state.json")], environment: ["TRACKPORT_CALDAV_PASSWORD": secret])
    #expect(result.status == 77)
    #expect(result.stderr == "error: PROPFIND \(server.collectionURL): the server refused the password for user ann (from TRACKPORT_CALDAV_PASSWORD) (401)\n")
    #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
    #expect(try server.storedObjectCount() == 0)

    // From a password file and a netrc file, the same; the right one from netrc works.
    try Data((secret + "\n").utf8).write(to: URL(fileURLWithPath: scratch.path("password")))
    result = try CLI.run(["calendar", "pull", server.collectionURL, "-o", scratch.path("out.json"), "--user", "ann",
                          "--password-file", scratch.path("password")], environment: ["TRACKPORT_CALDAV_PASSWORD": nil])
    #expect(result.status == 77 && !result.stderr.contains(secret))
    #expect(result.stderr.contains("(from \(scratch.path("password")))"))
    try Data("machine 127.0.0.1 login ann password \"correct horse\"\n".utf8).write(to: URL(fileURLWithPath: scratch.path("netrc")))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: scratch.path("netrc"))
    result = try CLI.run(["calendar", "push", Repository.demoPath, "--url", server.collectionURL, "--netrc-file", scratch.path("netrc"),
                          "--state", scratch.path("state.json")], environment: ["TRACKPORT_CALDAV_PASSWORD": nil])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(!result.stdout.contains("correct horse"))
    // No password at all: the server's 401 says what to give.
    result = try CLI.run(["calendar", "pull", server.collectionURL, "-o", scratch.path("out.json")],
                         environment: ["TRACKPORT_CALDAV_PASSWORD": nil])
    #expect(result.status == 77)
    #expect(result.stderr.contains("the server asks for a user name and password (401): give --user and a password"))
    // A netrc file others may read is used, with a warning; one without the host is status 66.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scratch.path("netrc"))
    result = try CLI.run(["calendar", "pull", server.collectionURL, "-o", scratch.path("out.json"), "--netrc-file", scratch.path("netrc")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("warning: other users may read this netrc file: chmod 600"))
    try Data("machine elsewhere.example login ann password x\n".utf8).write(to: URL(fileURLWithPath: scratch.path("netrc")))
    result = try CLI.run(["calendar", "pull", server.collectionURL, "-o", scratch.path("out2.json"), "--netrc-file", scratch.path("netrc")])
    #expect(result.status == 66)
    #expect(result.stderr.contains("no entry with a password for 127.0.0.1"))
  }

  @Test(.enabled(if: CalDAVServer.wanted(.radicale), "make venv and set TRACKPORT_PYTHON"))
  func aServerStoppedMidPushIsCompletedByTheNextPush() throws {
    let server = try CalDAVServer(.radicale)
    let scratch = try Scratch()
    let state = scratch.path("state.json"), big = scratch.path("big.trackport.json")
    #expect(try CLI.run(["generate", "--trackers", "120", "--days", "20", "-o", big, "--quiet"]).status == 0)
    let generated = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: big))) as? [String: Any])
    let total = ((generated["trackers"] as? [Any])?.count ?? 0) + ((generated["tasks"] as? [Any])?.count ?? 0)
    #expect(total >= 120)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: CLI.binary)
    process.arguments = ["calendar", "push", big, "--url", server.collectionURL, "--user", server.user, "--state", state]
    var environment = ProcessInfo.processInfo.environment
    environment["TRACKPORT_CALDAV_PASSWORD"] = server.password
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Stopped (killed) once a few objects are in; the push is still sending the rest.
    let deadline = Date().addingTimeInterval(60)
    while (try server.storedObjectCount()) < 10, Date() < deadline { usleep(20_000) }
    server.stop()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    _ = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 69, "\(stderr)")
    #expect(stderr.contains("cannot connect to 127.0.0.1:\(server.port)") || stderr.contains("the connection to 127.0.0.1:\(server.port) broke"), "\(stderr)")
    #expect(stderr.contains("changes; every object on the server is whole, and the next push completes the rest"), "\(stderr)")
    let stored = try server.storedObjectCount()
    #expect(stored >= 10 && stored < total)

    try server.start()
    var result = try push(server, big, state: state)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("\(server.collectionURL): created \(total - stored), updated 0, removed 0, \(stored) unchanged"), "\(result.stdout)")
    #expect(try server.storedObjectCount() == total)
    result = try push(server, big, state: state)
    #expect(result.stdout == "\(server.collectionURL): nothing to change: 0 to create, 0 to update, 0 to remove, \(total) unchanged\n")
  }

  /// Servers that misbehave (Tests/Oracles/caldav_faults.py): each answer is a plain message
  /// and the status of README's table, and nothing is followed or retried.
  @Test(.enabled(if: Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil, "set TRACKPORT_PYTHON (make venv)"))
  func serverFailuresHaveTheirStatus() throws {
    let scratch = try Scratch()
    func push(_ server: CalDAVFaultServer, _ extra: [String] = [], environment: [String: String?] = ["TRACKPORT_CALDAV_PASSWORD": "pw"]) throws -> CLI.Result {
      try CLI.run(["calendar", "push", Repository.demoPath, "--url", server.baseURL + "/cal/", "--user", "ann",
                   "--state", scratch.path("state-\(server.port).json")] + extra, environment: environment)
    }
    var server = try CalDAVFaultServer("redirect", in: scratch.url)
    var result = try push(server)
    #expect(result.status == 76)
    #expect(result.stderr == "error: PROPFIND \(server.baseURL)/cal/: the server redirects (301) to \(server.baseURL)/redirected/cal/; not followed: if that is the calendar, use its URL\n")
    // One request, not followed; the first request asks before it sends credentials (libcurl
    // learns the server's method from its 401), so a redirecting server never saw them.
    #expect(server.log.hasPrefix("REQUEST PROPFIND /cal/ authorization=no body=") && server.log.components(separatedBy: "\n").count == 2,
            "\(server.log)")

    for (mode, status, message) in [("status:404", 76, "there is no such calendar on the server (404)"),
                                     ("status:403", 77, "the server does not let user ann read this calendar (403)"),
                                     ("status:503", 69, "the server failed (503); try again later"),
                                     ("status:405", 76, "the server does not allow PROPFIND here (405)")] {
      server = try CalDAVFaultServer(mode, in: scratch.url)
      result = try push(server)
      #expect(result.status == Int32(status), "\(mode): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(mode): \(result.stderr)")
    }

    server = try CalDAVFaultServer("www-auth", in: scratch.url)
    result = try push(server, environment: ["TRACKPORT_CALDAV_PASSWORD": nil])
    #expect(result.status == 77 && result.stderr.contains("asks for a user name and password"), "\(result.stderr)")

    server = try CalDAVFaultServer("put-status:507", in: scratch.url)
    result = try push(server)
    #expect(result.status == 69)
    #expect(result.stderr.contains("the server has no room left (507 Insufficient Storage): stopped after 0 of 17 changes"), "\(result.stderr)")
    #expect(server.log.components(separatedBy: "REQUEST PUT").count == 2, "one PUT, then stop: \(server.log)")

    // An object the server will not take (its name, its content) is refused alone; the push
    // goes on with the rest and ends with that refusal's status.
    server = try CalDAVFaultServer("put-status:400", in: scratch.url)
    result = try push(server)
    #expect(result.status == 76)
    #expect(result.stderr.components(separatedBy: "error: \"").count == 18, "\(result.stderr)")
    #expect(result.stderr.contains("the server refused this object (400: caldav_faults: 400): its name or its content is not one it takes"))
    #expect(result.stdout.hasSuffix("created 0, updated 0, removed 0, 0 unchanged; 17 refused by the server\n"), "\(result.stdout)")
    #expect(server.log.components(separatedBy: "REQUEST PUT").count == 18)

    server = try CalDAVFaultServer("put-status:412", in: scratch.url)
    result = try push(server)
    #expect(result.status == 1)
    #expect(result.stderr.components(separatedBy: "created on the server by someone else meanwhile; left as it is").count == 18)

    server = try CalDAVFaultServer("hang", in: scratch.url)
    let started = Date()
    result = try push(server, ["--timeout", "1"])
    #expect(result.status == 69)
    #expect(result.stderr.contains("127.0.0.1:\(server.port) did not answer within 1 s (--timeout)"), "\(result.stderr)")
    #expect(Date().timeIntervalSince(started) < 15)
  }

  /// A server that asks for Digest (Baïkal's default): answered, every request with the right
  /// password; the body goes only with the answer, not with the probe; a wrong one is 77.
  @Test(.enabled(if: Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil, "set TRACKPORT_PYTHON (make venv)"))
  func digestAuthenticationIsAnswered() throws {
    let scratch = try Scratch()
    let server = try CalDAVFaultServer("put-status:201", in: scratch.url, ["--digest", "ann:digest pass"])
    let arguments = ["calendar", "push", Repository.demoPath, "--url", server.baseURL + "/cal/", "--user", "ann"]
    var result = try CLI.run(arguments + ["--state", scratch.path("s.json")], environment: ["TRACKPORT_CALDAV_PASSWORD": "digest pass"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix(": created 17, updated 0, removed 0, 0 unchanged\n"))
    let accepted = server.log.split(separator: "\n").filter { $0.hasSuffix("digest=ok") }
    #expect(accepted.count == 19, "PROPFIND, REPORT and 17 PUTs, each answered: \(server.log)")
    #expect(!server.log.split(separator: "\n").contains { $0.hasPrefix("REQUEST PUT") && $0.hasSuffix("digest=no") && !$0.contains("body=0") },
            "a body sent before the challenge was answered")
    result = try CLI.run(arguments + ["--state", scratch.path("s2.json")], environment: ["TRACKPORT_CALDAV_PASSWORD": "wrong"])
    #expect(result.status == 77 && result.stderr.contains("refused the password for user ann"))
    #expect(!result.stderr.contains("wrong"))
  }

  /// HTTPS through the system's TLS: a certificate nobody vouches for is refused (status 69),
  /// the same server with its CA given by --ca-file is taken.
  @Test(.enabled(if: (Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil) && CLI.tool("openssl") != nil,
                 "set TRACKPORT_PYTHON (make venv); needs openssl"))
  func httpsChecksTheCertificate() throws {
    let scratch = try Scratch()
    let (cert, key) = (scratch.path("cert.pem"), scratch.path("key.pem"))
    let made = try CLI.run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], executable: try #require(CLI.tool("openssl")))
    try #require(made.status == 0, "\(made.stderr)")
    let server = try CalDAVFaultServer("put-status:201", in: scratch.url, ["--tls-cert", cert, "--tls-key", key])
    let url = "https://127.0.0.1:\(server.port)/cal/"
    var result = try CLI.run(["calendar", "push", Repository.demoPath, "--url", url, "--state", scratch.path("s.json")])
    #expect(result.status == 69)
    #expect(result.stderr.contains("the secure connection to 127.0.0.1:\(server.port) failed: SSL certificate problem"), "\(result.stderr)")
    result = try CLI.run(["calendar", "push", Repository.demoPath, "--url", url, "--state", scratch.path("s.json"), "--ca-file", cert])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(url): created 17, updated 0, removed 0, 0 unchanged\n")
  }

  /// Ctrl-C during a push abandons the request in flight and stops: status 130, the state
  /// saved, the next push completes.
  @Test(.enabled(if: Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil, "set TRACKPORT_PYTHON (make venv)"))
  func ctrlCStopsAPushAtOnce() throws {
    let scratch = try Scratch()
    let server = try CalDAVFaultServer("put-status:0", in: scratch.url)
    // Spawned with every signal at its default, as a terminal starts it (SpawnedProcess).
    let errPath = scratch.path("stderr")
    let input = open("/dev/null", O_RDONLY | O_CLOEXEC), output = open(errPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    let discard = open("/dev/null", O_WRONLY | O_CLOEXEC)
    let process = try SpawnedProcess(CLI.binary, ["calendar", "push", Repository.demoPath, "--url", server.baseURL + "/cal/",
                                                  "--state", scratch.path("s.json")],
                                     in: scratch.url, stdin: input, stdout: discard, stderr: output)
    for fd in [input, output, discard] { close(fd) }
    #expect(process.waitUntil(seconds: 20) { server.log.contains("REQUEST PUT") })
    let interrupted = Date()
    process.send(SIGINT)
    let status = process.wait()
    let stderr = (try? String(contentsOf: URL(fileURLWithPath: errPath), encoding: .utf8)) ?? ""
    #expect(status == 130, "\(stderr)")
    #expect(Date().timeIntervalSince(interrupted) < 5, "the request in flight was not abandoned")
    #expect(stderr.contains("interrupted after 0 of 17 changes; every object on the server is whole, and the next push completes the rest"),
            "\(stderr)")
    // The state was saved; a push to a server that answers completes the rest.
    #expect(FileManager.default.fileExists(atPath: scratch.path("s.json")))
  }

  /// What is refused before anything is sent: a password in the URL (never echoed), plain
  /// HTTP to another computer; and a host that does not resolve.
  @Test func refusalsBeforeSending() throws {
    let scratch = try Scratch()
    var result = try CLI.run(["calendar", "push", Repository.demoPath, "--url", "https://ann:hunter2secret@dav.example.org/cal/",
                              "--state", scratch.path("s.json")])
    #expect(result.status == 64)
    #expect(!result.stderr.contains("hunter2secret"))
    #expect(result.stderr.contains("the URL holds a password"))
    result = try CLI.run(["calendar", "pull", "http://dav.example.org/cal/", "-o", scratch.path("o.json")])
    #expect(result.status == 64)
    #expect(result.stderr.contains("plain http to dav.example.org would send the password and the data unencrypted"))
    result = try CLI.run(["calendar", "pull", "ftp://dav.example.org/cal/", "-o", scratch.path("o.json")])
    #expect(result.status == 64)
    // --allow-http lifts the rule: the request goes out (and here finds no such host).
    result = try CLI.run(["calendar", "pull", "http://no-such-host.invalid/cal/", "-o", scratch.path("o.json"), "--allow-http", "--timeout", "5"])
    #expect(result.status == 68, "\(result.stderr)")
    result = try CLI.run(["calendar", "pull", "https://no-such-host.invalid/cal/", "-o", scratch.path("o.json"), "--timeout", "5"])
    #expect(result.status == 68, "\(result.stderr)")
    #expect(result.stderr.contains("the host name no-such-host.invalid does not resolve"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("o.json")))
  }
}
