import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackerPort
import TrackerTestSupport
@testable import TrackerServe
@testable import TrackerServeAPI

/// The server with `ConversionIsolation.process`: each POST in a `trackport serve-worker`
/// process (the built tool), killed with what it started at the time limit, a crash answered
/// 500 with the server still serving, the private TMPDIR gone afterwards, and the same bytes as
/// the command line.
@Suite struct WorkerProcessTests {
  /// A folder of the test's own: `plugins/` holds `trackport-codec-sleepy`, whose `decode` writes
  /// its process id, its parent's (the worker's), its `sleep` child's and its `TMPDIR` (the
  /// worker's private folder) into the folder and waits for ever; `tmp/` is where the server
  /// makes the workers' private folders.
  struct Setup {
    let folder: URL
    var plugins: String { folder.appendingPathComponent("plugins").path }
    var temporary: String { folder.appendingPathComponent("tmp").path }

    init() throws {
      folder = try temporaryFolder("trackport-worker-test")
      try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
      try writeScript("""
        #!/bin/sh
        case "$1" in
          describe) echo '{"id": "sleepy", "name": "Sleepy", "version": "1", "extensions": ["sleepy"], "reads": true, "writes": false}' ;;
          decode) echo "$TMPDIR" > '\(folder.path)/worker.tmpdir'; echo $PPID > '\(folder.path)/worker.pid'
                  ls -l /proc/$PPID/fd > '\(folder.path)/worker.fds'
                  echo $$ > '\(folder.path)/plugin.pid.tmp'; mv '\(folder.path)/plugin.pid.tmp' '\(folder.path)/plugin.pid'
                  sleep 300 & echo $! > '\(folder.path)/sleep.pid.tmp'; mv '\(folder.path)/sleep.pid.tmp' '\(folder.path)/sleep.pid'
                  wait ;;
          *) exit 64 ;;
        esac

        """, to: plugins + "/trackport-codec-sleepy")
    }

    /// `serve-worker` of the built tool with the plugins allowed (the plugin folder also tells
    /// this test's workers from those of tests running beside it).
    func command(_ limits: ServeLimits) -> WorkerCommand {
      WorkerCommand(executable: CLI.binary,
                    arguments: ["serve-worker", "--allow-plugins", "--plugin-path", plugins,
                                "--max-upload-bytes", String(limits.maxRequestBytes), "--max-parts", String(limits.maxParts),
                                "--max-unpacked-bytes", String(limits.maxUnpackedBytes), "--time-limit", "600"],
                    environment: ProcessInfo.processInfo.environment, temporaryParent: temporary)
    }

    /// The process id the plugin wrote into `file`, once it has (at most 60 s).
    func pid(_ file: String) async throws -> Int32 {
      let path = folder.appendingPathComponent(file).path
      for _ in 0..<1_200 {
        if let text = try? String(contentsOfFile: path, encoding: .utf8),
           let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
        try await Task.sleep(for: .milliseconds(50))
      }
      throw CocoaError(.fileReadNoSuchFile)
    }

    /// What is left in `tmp/`.
    var leftInTemporary: [String] { (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? ["(unreadable)"] }
  }

  /// Whether `pid` has ended (a zombie waiting for init to reap it holds nothing and counts).
  static func isGone(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return true }
    let state = stat[stat.index(after: close)...].split(separator: " ").first
    return state == "Z" || state == "X"
  }

  /// Runs `body` against a server with process isolation on a free port, then stops it.
  static func withServer(_ isolation: ConversionIsolation, limits: ServeLimits,
                         _ body: (URL, TrackerServerTests.Log) async throws -> Void) async throws {
    let log = TrackerServerTests.Log()
    let server = try TrackerServer(host: "127.0.0.1", port: 0, api: ServeAPI(limits: limits), isolation: isolation, log: { log.add($0) })
    let running = Task { try await server.run() }
    try await server.waitUntilListening(timeout: 60)
    let port = try #require(await server.port())
    do {
      try await body(try #require(URL(string: "http://127.0.0.1:\(port)")), log)
    } catch {
      await server.stop(timeout: 1)
      throw error
    }
    await server.stop(timeout: 5)
    _ = await running.result
  }

  /// POSTs a form of one file and `fields`; the answer, its status and how long it took.
  static func post(_ base: URL, _ path: String, _ fileName: String, _ content: [UInt8],
                   _ fields: [(String, String)] = [], timeout: Double = 600) async throws -> (body: [UInt8], response: HTTPURLResponse, seconds: Double) {
    var request = URLRequest(url: base.appendingPathComponent(path))
    request.httpMethod = "POST"
    request.timeoutInterval = timeout
    request.setValue(FormBody.contentType, forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(FormBody.upload(fileName, content, fields))
    let started = Date()
    let (data, response) = try await URLSession.shared.data(for: request)
    return (Array(data), try #require(response as? HTTPURLResponse), Date().timeIntervalSince(started))
  }

  /// The duration the access log gives the first request whose line starts with `prefix`, in
  /// seconds: the server's own clock (the test's may lag behind on a busy cooperative pool).
  static func loggedSeconds(_ log: [String], _ prefix: String) -> Double? {
    guard let line = log.first(where: { $0.hasPrefix(prefix) }), let last = line.split(separator: " ").last,
          last.hasSuffix("ms"), let milliseconds = Double(last.dropLast(2)) else { return nil }
    return milliseconds / 1_000
  }

  static func errorCode(_ body: [UInt8]) -> String? {
    let json = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
    return (json?["error"] as? [String: Any])?["code"] as? String
  }

  static var demo: [UInt8] { get throws { try Array(Data(contentsOf: URL(fileURLWithPath: Repository.demoPath))) } }

  /// A plugin that never ends its `decode`: at the limit the answer is 503, the worker and the
  /// plugin (in a process group of its own) and the plugin's child are gone, the private
  /// TMPDIR is removed, and the one conversion slot is free for the next request.
  @Test func aConversionThatNeverEndsIsStoppedAtTheLimit() async throws {
    let setup = try Setup()
    defer { removeFolder(setup.folder) }
    let limits = ServeLimits(maxConcurrent: 1, queueWaitSeconds: 5, requestTimeoutSeconds: 600, conversionTimeoutSeconds: 3)
    try await Self.withServer(.process(setup.command(limits)), limits: limits) { base, log in
      let (body, response, _) = try await Self.post(base, "api/inspect", "never.sleepy", Array("anything".utf8))
      #expect(response.statusCode == 503)
      #expect(Self.errorCode(body) == "conversion-timeout", "\(String(decoding: body, as: UTF8.self))")
      // The worker's end by the runner's clock, which no busy cooperative pool delays; the
      // answer's by the access log (on a pool this suite keeps busy: a wide margin).
      let killed = try #require(log.all.first { $0.hasPrefix("worker: killed at the conversion time limit (3 s); gone after ") }, "\(log.all)")
      let gone = try #require(Double(killed.split(separator: " ").dropLast().last ?? ""))
      #expect(gone >= 3 && gone < 3 + 1, "the worker was gone \(gone) s after its start")
      let seconds = try #require(Self.loggedSeconds(log.all, "POST /api/inspect 503"), "\(log.all)")
      #expect(seconds >= 2.9 && seconds < 3 + 30, "answered after \(seconds) s")
      let worker = try await setup.pid("worker.pid")
      for pid in [worker, try await setup.pid("plugin.pid"), try await setup.pid("sleep.pid")] {
        #expect(Self.isGone(pid), "process \(pid) outlived the time limit")
      }
      let privateFolder = try String(contentsOf: setup.folder.appendingPathComponent("worker.tmpdir"), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(privateFolder.hasPrefix(setup.temporary + "/trackport-worker-"), "\(privateFolder)")
      #expect(!FileManager.default.fileExists(atPath: privateFolder))
      #expect(setup.leftInTemporary.isEmpty, "\(setup.leftInTemporary)")
      // The worker holds one socket (its standard input and output), none of the server's.
      let fds = try String(contentsOf: setup.folder.appendingPathComponent("worker.fds"), encoding: .utf8)
      let sockets = Set(fds.split(separator: "\n").filter { $0.contains("socket:[") }.compactMap { $0.split(separator: " ").last })
      #expect(sockets.count == 1, "\(fds)")
      // A small file, so that its own conversion keeps well inside the 3 s limit on a machine
      // the rest of the suite keeps busy (the demo's took longer there once); a slot not given
      // back would be 503 `busy` after the 5 s queue wait.
      let small = Array(##"{"trackport": 1, "categories": [{"id": "c", "title": "Home"}], "trackers": [{"id": "t", "kind": "habit", "name": "Read", "categoryId": "c", "emoji": "📚", "color": "#007BFA", "schedule": ["mon"]}], "records": []}"##.utf8)
      let next = try await Self.post(base, "api/inspect", "small.trackport.json", small)
      #expect(next.response.statusCode == 200, "the slot was not given back: \(String(decoding: next.body, as: UTF8.self))")
    }
  }

  /// A worker that crashes (here: SIGSEGV from outside, mid-conversion) is a 500 for its
  /// request; what it started is killed, its folder removed, and the server serves on.
  @Test func aCrashedWorkerIs500AndTheServerServesOn() async throws {
    let setup = try Setup()
    defer { removeFolder(setup.folder) }
    let limits = ServeLimits(maxConcurrent: 1, requestTimeoutSeconds: 600, conversionTimeoutSeconds: 120)
    try await Self.withServer(.process(setup.command(limits)), limits: limits) { base, _ in
      async let answer = Self.post(base, "api/convert", "crash.sleepy", Array("anything".utf8), [("to", "xml")])
      let plugin = try await setup.pid("plugin.pid")
      let worker = try await setup.pid("worker.pid")
      kill(worker, SIGSEGV)
      let (body, response, seconds) = try await answer
      #expect(response.statusCode == 500)
      #expect(Self.errorCode(body) == "worker-failed")
      #expect(String(decoding: body, as: UTF8.self).contains("signal 11"), "\(String(decoding: body, as: UTF8.self))")
      #expect(seconds < 60)
      #expect(Self.isGone(worker) && Self.isGone(plugin))
      #expect(setup.leftInTemporary.isEmpty, "\(setup.leftInTemporary)")
      let (health, healthResponse) = try await URLSession.shared.data(from: base.appendingPathComponent("healthz"))
      #expect((healthResponse as? HTTPURLResponse)?.statusCode == 200 && health == Data("ok\n".utf8))
      let next = try await Self.post(base, "api/convert", "demo.trackport.json", try Self.demo, [("to", "xml")])
      #expect(next.response.statusCode == 200)
      #expect(String(decoding: next.body, as: UTF8.self).contains("<trackport"))
    }
  }

  /// A worker that exits without an answer, answers garbage or cannot be started: 500
  /// `worker-failed` with a plain message.
  @Test(arguments: [
    (["-c", "cat > /dev/null; exit 3"], "exit status 3"),
    (["-c", "cat > /dev/null; printf 'TPA1 not a frame'"], "could not be read"),
    (["-c", "exit 0"], "exit status 0"),
  ])
  func aWorkerWithoutAnAnswerIs500(_ arguments: [String], _ said: String) async throws {
    let setup = try Setup()
    defer { removeFolder(setup.folder) }
    let limits = ServeLimits(requestTimeoutSeconds: 600)
    let command = WorkerCommand(executable: "/bin/sh", arguments: arguments, environment: [:], temporaryParent: setup.temporary)
    try await Self.withServer(.process(command), limits: limits) { base, _ in
      let (body, response, _) = try await Self.post(base, "api/inspect", "demo.trackport.json", try Self.demo)
      #expect(response.statusCode == 500)
      #expect(Self.errorCode(body) == "worker-failed")
      #expect(String(decoding: body, as: UTF8.self).contains(said), "\(String(decoding: body, as: UTF8.self))")
      #expect(setup.leftInTemporary.isEmpty, "\(setup.leftInTemporary)")
    }
  }

  @Test func aWorkerThatCannotStartIs500() async throws {
    let setup = try Setup()
    defer { removeFolder(setup.folder) }
    let command = WorkerCommand(executable: setup.folder.appendingPathComponent("missing").path, arguments: [], environment: [:],
                                temporaryParent: setup.temporary)
    try await Self.withServer(.process(command), limits: ServeLimits(requestTimeoutSeconds: 600)) { base, _ in
      let (body, response, _) = try await Self.post(base, "api/inspect", "demo.trackport.json", try Self.demo)
      #expect(response.statusCode == 500)
      #expect(Self.errorCode(body) == "worker-failed")
      #expect(setup.leftInTemporary.isEmpty, "\(setup.leftInTemporary)")
    }
  }

  /// Stopping the server kills the workers still running (after the requests' grace period),
  /// with what they started, and removes their folders.
  @Test func stoppingTheServerKillsItsWorkers() async throws {
    let setup = try Setup()
    defer { removeFolder(setup.folder) }
    let limits = ServeLimits(requestTimeoutSeconds: 600, conversionTimeoutSeconds: 300)
    let server = try TrackerServer(host: "127.0.0.1", port: 0, api: ServeAPI(limits: limits), isolation: .process(setup.command(limits)))
    let running = Task { try await server.run() }
    try await server.waitUntilListening(timeout: 60)
    let port = try #require(await server.port())
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    // The request is left to end by itself: the stopped server closes its connection, which
    // FoundationNetworking notices only at the request's own timeout.
    Task { _ = try? await Self.post(base, "api/inspect", "never.sleepy", Array("anything".utf8), timeout: 60) }
    let plugin = try await setup.pid("plugin.pid")
    let worker = try await setup.pid("worker.pid")
    await server.stop(timeout: 0.5)
    #expect(Self.isGone(worker) && Self.isGone(plugin))
    #expect(setup.leftInTemporary.isEmpty, "\(setup.leftInTemporary)")
    _ = await running.result
  }

  /// Through workers, /api/convert still gives the bytes `trackport convert` writes, for every
  /// format that writes (masked as ``WrittenBytes/withoutClock(_:_:)`` masks them).
  @Test(arguments: StandardCodecs.all.filter(\.descriptor.canWrite).map(\.descriptor.id))
  func convertThroughAWorkerGivesTheCLIsBytes(_ format: String) async throws {
    let setup = try Setup()
    defer { removeFolder(setup.folder) }
    let limits = ServeLimits(requestTimeoutSeconds: 600, conversionTimeoutSeconds: 300)
    try await Self.withServer(.process(setup.command(limits)), limits: limits) { base, _ in
      let options = WrittenBytes.writeOptions[format] ?? []
      let (body, response, _) = try await Self.post(base, "api/convert", "demo.trackport.json", try Self.demo,
                                                    [("to", format)] + options.map { ("option", $0) })
      #expect(response.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")
      let name = ServeAPI.downloadName("demo.trackport.json", writer: try StandardCodecs.registry.codec(id: format))
      let output = setup.folder.appendingPathComponent(name).path
      let cli = try CLI.run(["convert", Repository.demoPath, output, "--to", format, "--quiet"] + options.flatMap { ["--option", $0] })
      #expect(cli.status == 0, "\(cli.stderr)")
      if format == "tracker-ios" {
        let served = setup.folder.appendingPathComponent("served.sqlite").path
        try Data(body).write(to: URL(fileURLWithPath: served))
        let dump = { (path: String) in
          try SQLite3.lines(path, ".dump").map { $0.replacing(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/, with: "(uuid)") }
        }
        #expect(try dump(served) == dump(output))
      } else {
        let written = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(WrittenBytes.withoutClock(body, format) == WrittenBytes.withoutClock(written, format),
                "\(format): the worker's bytes differ from the CLI's")
      }
      #expect(setup.leftInTemporary.isEmpty, "\(setup.leftInTemporary)")
    }
  }
}
