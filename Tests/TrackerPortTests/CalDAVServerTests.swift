import Foundation
import Testing
import TrackerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The test support of `trackport calendar push/pull` itself: each real server (CalDAVServer)
/// starts, takes an object, answers the oracle (Tests/Oracles/caldav_client.py) and keeps what
/// it stored over a kill and a restart; Radicale refuses a wrong password. Skipped, visibly,
/// only when the server is not installed outside `make test` and CI (CalDAVServer.wanted).
@Suite(.serialized) struct CalDAVServerTests {
  /// A habit as push would store it: an all-day event on Mondays and Wednesdays from
  /// 2026-01-05 (a Monday), with a property of ours.
  static func habit(uid: String, summary: String) -> String {
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TrackerPort tests//EN", "BEGIN:VEVENT", "UID:\(uid)",
     "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE",
     "SUMMARY:\(summary)", "X-TRACKPORT-KIND:habit", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
  }

  /// caldav_client.py COMMAND ARGS as this server's client; its JSON answer.
  static func oracle(_ server: CalDAVServer, _ arguments: [String],
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    let result = try Python.result(Python.oracle("caldav_client.py"), arguments, environment: server.oracleEnvironment)
    try #require(result.status == 0, "caldav_client.py \(arguments.first ?? ""): \(result.stderr)\n\(server.log)",
                 sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// A PUT of `text` to `href` in the collection: the status and the ETag.
  static func put(_ server: CalDAVServer, _ text: String, as name: String, in folder: URL,
                  headers: [String] = []) throws -> (status: Int, etag: String?) {
    let file = folder.appendingPathComponent(UUID().uuidString + ".ics")
    try Data(text.utf8).write(to: file)
    let answer = try #require(oracle(server, ["request", "PUT", server.collectionURL + name, "--body", file.path,
                                               "--header", "Content-Type: text/calendar; charset=utf-8"]
                                              + headers.flatMap { ["--header", $0] }) as? [String: Any])
    let headers = answer["headers"] as? [String: String]
    return (answer["status"] as? Int ?? 0, headers?["etag"])
  }

  /// One server through everything the calendar tests rely on.
  func exercise(_ kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let folder = try temporaryFolder("trackport-caldav-test")
    defer { removeFolder(folder) }
    #expect(server.collectionURL.hasPrefix("http://127.0.0.1:\(server.port)/") && server.collectionURL.hasSuffix("/"))
    #expect(try server.storedObjectCount() == 0)

    // A new object: 201 and a strong ETag; the same again under If-None-Match: *: 412.
    let created = try Self.put(server, Self.habit(uid: "walk@trackport", summary: "Walk"), as: "walk%40trackport.ics", in: folder)
    #expect(created.status == 201)
    let etag = try #require(created.etag, "no ETag on a PUT")
    #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
    #expect(try Self.put(server, Self.habit(uid: "walk@trackport", summary: "Walk"), as: "walk%40trackport.ics",
                         in: folder, headers: ["If-None-Match: *"]).status == 412)
    // The UID under another href: refused, each server with its own status.
    let clash = try Self.put(server, Self.habit(uid: "walk@trackport", summary: "Other"), as: "other.ics", in: folder)
    #expect(clash.status == (kind == .radicale ? 409 : 412))
    #expect(try server.storedObjectNames() == ["walk@trackport.ics"])

    // Another client's all-day event, then what the server says is on each day.
    _ = try Self.oracle(server, ["add", server.collectionURL, "dentist-1", "Dentist", "2026-01-06"])
    let week = try #require(Self.oracle(server, ["week", server.collectionURL, "2026-01-04", "5"]) as? [String: [String]])
    #expect(week == ["2026-01-04": [], "2026-01-05": ["Walk"], "2026-01-06": ["Dentist"], "2026-01-07": ["Walk"], "2026-01-08": []])
    let listed = try #require(Self.oracle(server, ["list", server.collectionURL]) as? [[String: String]])
    #expect(listed.map { $0["uid"] } == ["dentist-1", "walk@trackport"])
    #expect(listed.last?["etag"] == etag)
    #expect(try server.storedObjectCount() == 2)

    // Killed and started again: the same port and the same objects.
    server.stop()
    #expect(!server.isRunning)
    #expect(try server.storedObjectCount() == 2)
    try server.start()
    let again = try #require(Self.oracle(server, ["list", server.collectionURL]) as? [[String: String]])
    #expect(again == listed)
  }

  @Test(.enabled(if: CalDAVServer.wanted(.radicale), "pip install radicale (make venv) and set TRACKPORT_PYTHON"))
  func radicaleStoresAnswersAndSurvivesAKill() throws {
    try exercise(.radicale)
  }

  @Test(.enabled(if: CalDAVServer.wanted(.xandikos), "pip install xandikos (make venv) and set TRACKPORT_PYTHON"))
  func xandikosStoresAnswersAndSurvivesAKill() throws {
    try exercise(.xandikos)
  }

  /// Radicale's login: the right password reads the collection, a wrong one or none gets 401
  /// with a Basic challenge, and another user's path is forbidden.
  @Test(.enabled(if: CalDAVServer.wanted(.radicale), "pip install radicale (make venv) and set TRACKPORT_PYTHON"))
  func radicaleRefusesAWrongPassword() throws {
    let server = try CalDAVServer(.radicale, user: "alice", password: "right horse")
    #expect(server.collectionURL == "http://127.0.0.1:\(server.port)/alice/calendar/")
    func status(_ environment: [String: String?], _ url: String) throws -> (Int, [String: String]) {
      let result = try Python.result(Python.oracle("caldav_client.py"), ["request", "PROPFIND", url, "--header", "Depth: 0"],
                                     environment: environment)
      try #require(result.status == 0, "\(result.stderr)")
      let answer = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      return (answer["status"] as? Int ?? 0, answer["headers"] as? [String: String] ?? [:])
    }
    #expect(try status(server.oracleEnvironment, server.collectionURL).0 == 207)
    let wrong = try status(["CALDAV_USER": "alice", "CALDAV_PASSWORD": "wrong horse"], server.collectionURL)
    #expect(wrong.0 == 401)
    #expect(wrong.1["www-authenticate"]?.hasPrefix("Basic") == true)
    #expect(try status(["CALDAV_USER": nil, "CALDAV_PASSWORD": nil], server.collectionURL).0 == 401)
    #expect(try status(server.oracleEnvironment, server.baseURL + "/bob/").0 == 403)
  }

  /// One request through caldav_client.py: the status, the headers, the body.
  static func request(_ method: String, _ url: String, body: URL? = nil, user: String? = nil) throws -> (Int, [String: String], String) {
    let result = try Python.result(Python.oracle("caldav_client.py"), ["request", method, url] + (body.map { ["--body", $0.path] } ?? []),
                                   environment: ["CALDAV_USER": user, "CALDAV_PASSWORD": user.map { _ in "pw" }])
    try #require(result.status == 0, "\(result.stderr)")
    let answer = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return (answer["status"] as? Int ?? 0, answer["headers"] as? [String: String] ?? [:], answer["body"] as? String ?? "")
  }

  /// The fault server in every mode but `hang` (which would only cost the client's timeout):
  /// what it answers, and the request lines it logs, with whether an Authorization came.
  @Test(.enabled(if: Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil,
                 "set TRACKPORT_PYTHON to the venv's python (make venv)"))
  func theFaultServerMisbehavesAsAsked() throws {
    let folder = try temporaryFolder("trackport-caldav-faults")
    defer { removeFolder(folder) }
    let body = folder.appendingPathComponent("event.ics")
    try Data(Self.habit(uid: "u1", summary: "S").utf8).write(to: body)
    func run(_ mode: String, _ extra: [String] = [], _ check: (Int) throws -> Void) throws -> String {
      let server = try CalDAVFaultServer(mode, in: folder, extra)
      try check(server.port)
      return server.log
    }

    var log = try run("redirect", ["--location", "http://localhost:9/elsewhere/"]) { port in
      let (status, headers, _) = try Self.request("PROPFIND", "http://127.0.0.1:\(port)/cal/", user: "tester")
      #expect(status == 301 && headers["location"] == "http://localhost:9/elsewhere/")
    }
    #expect(log == "REQUEST PROPFIND /cal/ authorization=yes body=0\n")
    log = try run("redirect") { port in
      let location = try Self.request("GET", "http://127.0.0.1:\(port)/cal/x.ics").1["location"]
      #expect(location == "http://127.0.0.1:\(port)/redirected/cal/x.ics")
    }
    #expect(log == "REQUEST GET /cal/x.ics authorization=no body=0\n")
    _ = try run("status:503") { port in
      let (status, _, text) = try Self.request("REPORT", "http://127.0.0.1:\(port)/cal/", body: body)
      #expect(status == 503 && text.contains("503"))
    }
    log = try run("put-status:507") { port in
      let options = try Self.request("OPTIONS", "http://127.0.0.1:\(port)/cal/")
      #expect(options.0 == 200 && options.1["dav"]?.contains("calendar-access") == true)
      let report = try Self.request("REPORT", "http://127.0.0.1:\(port)/cal/", body: body)
      #expect(report.0 == 207 && report.1["content-type"] == "application/xml; charset=utf-8" && report.2.contains("multistatus"))
      #expect(try Self.request("PUT", "http://127.0.0.1:\(port)/cal/u1.ics", body: body, user: "tester").0 == 507)
      #expect(try Self.request("DELETE", "http://127.0.0.1:\(port)/cal/u1.ics").0 == 507)
    }
    let size = try Data(contentsOf: body).count
    #expect(log.contains("REQUEST PUT /cal/u1.ics authorization=yes body=\(size)\n"))
    _ = try run("www-auth") { port in
      let (status, headers, _) = try Self.request("PROPFIND", "http://127.0.0.1:\(port)/cal/")
      #expect(status == 401 && headers["www-authenticate"] == #"Basic realm="caldav_faults""#)
    }
  }
}
