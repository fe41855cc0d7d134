import Foundation
import Testing
import TrackerPort
import TrackerReport
import TrackerTestSupport
@testable import TrackerServeAPI

@Suite struct ServeAPITests {
  static let api = ServeAPI()
  static var demo: [UInt8] { get throws { try Array(Data(contentsOf: URL(fileURLWithPath: Repository.demoPath))) } }

  static func post(_ path: String, _ body: [UInt8], contentType: String = FormBody.contentType) -> ServeResponse {
    api.respond(method: "POST", path: path, contentType: contentType, body: body)
  }

  static func json(_ response: ServeResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  static func errorCode(_ response: ServeResponse) throws -> String? {
    (try json(response)["error"] as? [String: Any])?["code"] as? String
  }

  @Test func healthAndFormats() throws {
    let health = Self.api.respond(method: "GET", path: "/healthz", contentType: nil, body: [])
    #expect(health.status == 200)
    #expect(String(decoding: health.body, as: UTF8.self) == "ok\n")
    let formats = Self.api.respond(method: "GET", path: "/api/formats", contentType: nil, body: [])
    #expect(formats.status == 200)
    let listed = try #require(try Self.json(formats)["formats"] as? [[String: Any]])
    #expect(listed.compactMap { $0["id"] as? String } == StandardCodecs.all.map(\.descriptor.id))
    #expect(listed.allSatisfy { $0["cannotCarry"] is [String] && $0["options"] is [[String: Any]] })
  }

  @Test func unknownPathsAndMethodsAreRefused() throws {
    let missing = Self.api.respond(method: "GET", path: "/nope", contentType: nil, body: [])
    #expect(missing.status == 404)
    #expect(try Self.errorCode(missing) == "not-found")
    let wrongMethod = Self.api.respond(method: "GET", path: "/api/convert", contentType: nil, body: [])
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.header("Allow") == "POST")
    #expect(Self.api.respond(method: "TRACE", path: "/healthz", contentType: nil, body: []).header("Allow") == "GET")
  }

  /// The bytes /api/convert returns are the bytes `trackport convert` writes, for every format
  /// that writes (but for the moment of writing where a format records it, and the iOS store's
  /// own UUID, new for every store). A masked value is checked to be there, so the mask cannot
  /// hide a whole file.
  @Test(arguments: StandardCodecs.all.filter(\.descriptor.canWrite).map(\.descriptor.id))
  func convertGivesTheCLIsBytes(_ format: String) throws {
    let options = WrittenBytes.writeOptions[format] ?? []
    let response = Self.post("/api/convert", FormBody.upload("demo.trackport.json", try Self.demo,
                                                             [("to", format)] + options.map { ("option", $0) }))
    #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    let disposition = try #require(response.header("Content-Disposition"))
    let name = ServeAPI.downloadName("demo.trackport.json", writer: try StandardCodecs.registry.codec(id: format))
    #expect(disposition.hasPrefix("attachment; filename=\"\(name)\""))
    let folder = try temporaryFolder("trackport-serve-test")
    defer { removeFolder(folder) }
    let output = folder.appendingPathComponent(name).path
    let cli = try CLI.run(["convert", Repository.demoPath, output, "--to", format, "--quiet"] + options.flatMap { ["--option", $0] })
    #expect(cli.status == 0, "\(cli.stderr)")
    let written = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
    if format == "tracker-ios" {
      // Each new Core Data store gets a new store UUID (Z_METADATA), as the app's own do: the
      // stores are compared row by row with it masked.
      let served = folder.appendingPathComponent("served.sqlite").path
      try Data(response.body).write(to: URL(fileURLWithPath: served))
      let dump = { (path: String) in
        try SQLite3.lines(path, ".dump").map { $0.replacing(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/, with: "(uuid)") }
      }
      #expect(try dump(served) == dump(output), "tracker-ios: the server's store differs from the CLI's")
    } else {
      #expect(WrittenBytes.withoutClock(response.body, format) == WrittenBytes.withoutClock(written, format),
              "\(format): the server's bytes differ from the CLI's")
      if WrittenBytes.withoutClock(written, format) != written, format == "habo" || format == "beaverhabits" {
        #expect(String(decoding: WrittenBytes.withoutClock(written, format), as: UTF8.self).contains("(the moment of writing)"))
      }
    }
    let report = try #require(response.header("X-Trackport-Report"))
    #expect(report.unicodeScalars.allSatisfy { $0.isASCII })
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
    // The demo's reader says nothing: every dropped-field and lossy-frequency is the writer's loss.
    #expect(parsed["losses"] as? Int == (parsed["diagnostics"] as? [[String: Any]])?.filter {
      ["dropped-field", "lossy-frequency"].contains($0["code"] as? String ?? "")
    }.count)
  }

  @Test func aFileThatCannotBeReadIs422WithItsLocatedDiagnostics() throws {
    let broken = Array("{\"trackport\": 1, \"trackers\": [\n  {\"id\": }\n]}".utf8)
    let response = Self.post("/api/convert", FormBody.upload("mine.trackport.json", broken, [("to", "xml")]))
    #expect(response.status == 422)
    let body = try Self.json(response)
    #expect((body["error"] as? [String: Any])?["code"] as? String == "malformed-input")
    let diagnostic = try #require((body["diagnostics"] as? [[String: Any]])?.first)
    #expect(diagnostic["file"] as? String == "mine.trackport.json")
    #expect(diagnostic["line"] as? Int == 2)
    #expect(diagnostic["column"] != nil)
    #expect(response.header("Content-Disposition") == nil, "never a partial file")
  }

  @Test func optionsAreCheckedAsTheCLIChecksThem() throws {
    let misspelt = Self.post("/api/convert", FormBody.upload("demo.trackport.json", try Self.demo,
                                                             [("to", "beaverhabits"), ("option", "emial=me@example.org")]))
    #expect(misspelt.status == 400)
    #expect(try Self.errorCode(misspelt) == "unknown-option")
    let notKeyValue = Self.post("/api/convert", FormBody.upload("demo.trackport.json", try Self.demo, [("to", "xml"), ("option", "history")]))
    #expect(notKeyValue.status == 400)
    let unknownFormat = Self.post("/api/convert", FormBody.upload("demo.trackport.json", try Self.demo, [("to", "nosuch")]))
    #expect(try Self.errorCode(unknownFormat) == "unknown-codec")
  }

  @Test func failOnLossRefusesAndNamesTheLosses() throws {
    let response = Self.post("/api/convert", FormBody.upload("demo.trackport.json", try Self.demo, [("to", "habo"), ("fail_on_loss", "true")]))
    #expect(response.status == 422)
    #expect(try Self.errorCode(response) == "losses")
    let codes = (try Self.json(response)["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
    #expect(codes.contains("dropped-field"))
  }

  @Test func inspectSaysWhatTheFileIsAndWhatATargetLoses() throws {
    let dataset = try DatasetFile.load(Repository.demoPath).dataset
    let response = Self.post("/api/inspect", FormBody.upload("demo.trackport.json", try Self.demo, [("to", "habo")]))
    #expect(response.status == 200)
    let body = try Self.json(response)
    #expect((body["format"] as? [String: Any])?["id"] as? String == "json")
    let counts = try #require(body["counts"] as? [String: Int])
    #expect(counts["trackers"] == dataset.trackers.count && counts["records"] == dataset.records.count
            && counts["tasks"] == dataset.tasks.count && counts["categories"] == dataset.categories.count)
    let days = dataset.records.map(\.date) + dataset.entries.map(\.date)
    #expect(body["firstDay"] as? String == days.min()?.description)
    #expect(body["lastDay"] as? String == days.max()?.description)
    let losses = try #require(body["losses"] as? [[String: Any]])
    // The losses `trackport convert` reports for the same file and target, code and message.
    let folder = try temporaryFolder("trackport-serve-test")
    defer { removeFolder(folder) }
    let cli = try CLI.run(["convert", Repository.demoPath, folder.appendingPathComponent("x.json").path, "--to", "habo"])
    #expect(cli.status == 0, "\(cli.stderr)")
    #expect(!losses.isEmpty)
    for loss in losses {
      let code = try #require(loss["code"] as? String)
      let message = try #require(loss["message"] as? String)
      #expect(cli.stderr.contains(message) && cli.stderr.contains("[\(code)]"), "\(code): \(message)")
    }
    // The plan `convert --dry-run` prints: the same parts of the model, kept or lost.
    let fields = try #require(body["fields"] as? [[String: Any]])
    let dryRun = try CLI.run(["convert", Repository.demoPath, folder.appendingPathComponent("y.json").path, "--to", "habo", "--dry-run"])
    let planned = dryRun.stdout.split(separator: "\n").filter { $0.hasPrefix("  kept  ") || $0.hasPrefix("  lost  ") }
      .compactMap { line in
        try? /^  (kept|lost)  (.+?) +(\d+)(  .*)?$/.wholeMatch(in: line).map { "\($0.1) \($0.2) \($0.3)" }
      }
    #expect(fields.map { "\(($0["lost"] as? Bool) == true ? "lost" : "kept") \($0["field"] as? String ?? "") \($0["count"] as? Int ?? -1)" } == planned,
            "\(dryRun.stdout)")
    // Without `to`, no losses or fields keys.
    let plain = try Self.json(Self.post("/api/inspect", FormBody.upload("demo.trackport.json", try Self.demo)))
    #expect(plain["losses"] == nil && plain["fields"] == nil)
  }

  /// An upload is one file: a WAL-mode database (with rows) comes without its log, and the
  /// answer says so with the CLI's warning, for the page to show.
  @Test func inspectOfAWALDatabaseWarnsOfTheMissingLog() throws {
    let folder = try temporaryFolder("trackport-serve-test")
    defer { removeFolder(folder) }
    let path = folder.appendingPathComponent("Loop Habits.db").path
    #expect(try CLI.run(["convert", Repository.demoPath, path, "--quiet"]).status == 0)
    _ = try runPython(oracle: "coredata.py", ["execute", path, "PRAGMA journal_mode=WAL"])
    let body = try Self.json(Self.post("/api/inspect", FormBody.upload("Loop Habits.db", Array(try Data(contentsOf: URL(fileURLWithPath: path))))))
    let diagnostics = try #require(body["diagnostics"] as? [[String: Any]])
    let warning = try #require(diagnostics.first { $0["code"] as? String == "sqlite-missing-wal" }, "\(diagnostics)")
    #expect((warning["message"] as? String)?.contains("Loop Habits.db-wal is not beside it") == true)
    #expect((body["counts"] as? [String: Int])?["trackers"] ?? 0 > 0)
  }

  @Test func validateGivesTheCLIsJSONReport() throws {
    let path = Repository.path("SampleData/invalid/name-too-long.trackport.json")
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    let response = Self.post("/api/validate", FormBody.upload("name-too-long.trackport.json", bytes, [("today", "2026-11-22")]))
    #expect(response.status == 200)
    let cli = try CLI.run(["validate", path, "--format", "json", "--today", "2026-11-22"])
    let server = try Self.json(response)
    let command = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
    #expect(server["valid"] as? Bool == false && command["valid"] as? Bool == false)
    let codes = { (report: [String: Any]) in (report["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } }
    #expect(codes(server) == codes(command))
  }

  /// A 405's `Allow` lists the methods the route table has for the path; a path it lacks is 404.
  @Test(arguments: ServeRoute.paths)
  func aWrongMethodIsRefusedWithTheRoutesMethods(path: String) throws {
    let methods = ServeRoute.methods(on: path)
    #expect(!methods.isEmpty)
    for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] where !methods.contains(method) {
      let refused = Self.api.respond(method: method, path: path, contentType: nil, body: [])
      #expect(refused.status == 405, "\(method) \(path)")
      #expect(refused.header("Allow") == methods.joined(separator: ", "), "\(method) \(path)")
      #expect(try Self.errorCode(refused) == "method-not-allowed")
    }
    #expect(Self.api.respond(method: methods[0], path: path + "/more", contentType: nil, body: []).status == 404)
  }

  @Test func requestsOutsideTheLimitsAreRefused() throws {
    #expect(Self.post("/api/convert", try Self.demo, contentType: "application/json").status == 415)
    let noFile = Self.post("/api/convert", { var f = FormBody(); f.field("to", "xml"); return f.closed }())
    #expect(noFile.status == 400)
    #expect(try Self.errorCode(noFile) == "missing-field")
    let small = ServeAPI(limits: ServeLimits(maxRequestBytes: 100))
    let tooLarge = small.respond(method: "POST", path: "/api/convert", contentType: FormBody.contentType,
                                 body: FormBody.upload("demo.trackport.json", try Self.demo, [("to", "xml")]))
    #expect(tooLarge.status == 413)
  }

  @Test func downloadNamesAndHeadersAreSafe() throws {
    let xml = try StandardCodecs.registry.codec(id: "xml")
    #expect(ServeAPI.downloadName("loop.db", writer: xml) == "loop." + xml.descriptor.extensions[0])
    #expect(ServeAPI.downloadName("my.trackport.json", writer: xml) == "my." + xml.descriptor.extensions[0])
    #expect(ServeAPI.attachment("Мой \"файл\".json") == "attachment; filename=\"___ ______.json\"; filename*=UTF-8''%D0%9C%D0%BE%D0%B9%20%22%D1%84%D0%B0%D0%B9%D0%BB%22.json")
    #expect(ServeAPI.asciiJSON("{\"m\": \"Чай ☕\"}") == #"{"m": "\u0427\u0430\u0439 \u2615"}"#)
    let form = try MultipartForm(body: FormBody.upload("../../etc/pass\u{7}wd", [1]), boundary: FormBody.boundary)
    #expect(try Upload(form).name == "passwd")
  }

  /// GET /openapi.json describes exactly the endpoints there are, and the statuses they answer.
  @Test func theOpenAPIDocumentDescribesTheAPI() throws {
    let response = Self.api.respond(method: "GET", path: "/openapi.json", contentType: nil, body: [])
    #expect(response.status == 200)
    let document = try Self.json(response)
    #expect(document["openapi"] as? String == "3.1.0")
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    // The document and the route table name the same operations, both ways.
    let documented = Set(paths.flatMap { path, operations in operations.keys.map { $0.uppercased() + " " + path } })
    let routed = Set(ServeRoute.all.map { $0.method + " " + $0.path })
    #expect(documented == routed, "only documented: \(documented.subtracting(routed)); only routed: \(routed.subtracting(documented))")
    #expect(routed.count == ServeRoute.all.count, "a route is in the table twice")
    #expect(Set(ServeRoute.Endpoint.allCases) == Set(ServeRoute.all.map(\.endpoint)), "an endpoint without a route")
    // Every $ref points at something under components.
    let text = String(decoding: response.body, as: UTF8.self)
    let components = try #require(document["components"] as? [String: [String: Any]])
    let refs = try NSRegularExpression(pattern: ##""\$ref": "#/components/([A-Za-z]+)/([A-Za-z]+)""##)
      .matches(in: text, range: NSRange(text.startIndex..., in: text))
    #expect(refs.count > 20)
    for match in refs {
      let section = String(text[Range(match.range(at: 1), in: text)!]), name = String(text[Range(match.range(at: 2), in: text)!])
      #expect(components[section]?[name] != nil, "$ref to a missing #/components/\(section)/\(name)")
    }
    for (path, operations) in paths {
      for method in operations.keys {
        // Every documented operation answers (not 404 or 405).
        let answer = Self.api.respond(method: method.uppercased(), path: path, contentType: FormBody.contentType,
                                      body: FormBody.upload("demo.trackport.json", try Self.demo, [("to", "xml")]))
        #expect(answer.status != 404 && answer.status != 405, "\(method) \(path)")
        let documented = ((operations[method] as? [String: Any])?["responses"] as? [String: Any])?.keys
        #expect(documented?.contains(String(answer.status)) == true, "\(method) \(path) answered \(answer.status)")
      }
    }
  }

  @Test func reportIsTheCLIsPageWithItsOwnPolicy() throws {
    let response = Self.post("/api/report", FormBody.upload("demo.trackport.json", try Self.demo,
                                                            [("today", "2026-11-22"), ("theme", "dark"), ("locale", "ru")]))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "text/html; charset=utf-8")
    #expect(response.header("Content-Security-Policy") == HTMLReport.contentSecurityPolicy)
    let cli = try CLI.run(["report", Repository.demoPath, "-o", "-", "--today", "2026-11-22", "--theme", "dark", "--locale", "ru"])
    #expect(cli.status == 0, "\(cli.stderr)")
    #expect(String(decoding: response.body, as: UTF8.self) == cli.stdout)
    let badTheme = Self.post("/api/report", FormBody.upload("demo.trackport.json", try Self.demo, [("theme", "neon")]))
    #expect(badTheme.status == 400)
    let message = (try Self.json(badTheme)["error"] as? [String: Any])?["message"] as? String
    #expect(message?.contains("light, dark, auto") == true, "\(message ?? "")")
  }

  @Test func diffIsTheCLIsJSON() throws {
    let incomingPath = Repository.path("SampleData/invalid/name-too-long.trackport.json")
    var form = FormBody()
    form.file("base", fileName: "demo.trackport.json", try Self.demo)
    form.file("incoming", fileName: "name-too-long.trackport.json", try Array(Data(contentsOf: URL(fileURLWithPath: incomingPath))))
    let response = Self.post("/api/diff", form.closed)
    #expect(response.status == 200)
    let cli = try CLI.run(["diff", Repository.demoPath, incomingPath, "--format", "json"])
    let server = try Self.json(response)
    var command = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
    // The CLI names the files by the paths it was given; the server by the uploads' names.
    #expect(server["old"] as? String == "demo.trackport.json" && server["new"] as? String == "name-too-long.trackport.json")
    command["old"] = server["old"]
    command["new"] = server["new"]
    #expect(NSDictionary(dictionary: server) == NSDictionary(dictionary: command))
    let missing = Self.post("/api/diff", FormBody.upload("demo.trackport.json", try Self.demo))
    #expect(try Self.errorCode(missing) == "missing-field")
  }
}
