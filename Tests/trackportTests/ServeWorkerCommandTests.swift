import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackerTestSupport

/// `trackport serve` does the work on each upload in a `serve-worker` process and kills it at
/// `--conversion-timeout`; the worker command is hidden from the help.
@Suite struct ServeWorkerCommandTests {
  @Test func theWorkerCommandIsHiddenAndIsolationIsAFlag() throws {
    let help = try CLI.run(["--help"])
    #expect(help.status == 0)
    #expect(!help.stdout.contains("serve-worker"), "\(help.stdout)")
    let serveHelp = try CLI.run(["serve", "--help"])
    #expect(serveHelp.stdout.contains("--isolation <process|thread>"), "\(serveHelp.stdout)")
    // Nothing in a worker's frame: refused with 65 and nothing written.
    let refused = try CLI.run(["serve-worker"], input: Data("GET / HTTP/1.1\r\n\r\n".utf8))
    #expect(refused.status == 65)
    #expect(refused.stdout.isEmpty)
  }

  /// The processes whose parent is `parent`.
  static func children(of parent: Int32) -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent
    }
  }

  /// Whether `pid` has ended (a zombie counts: it holds nothing).
  static func isGone(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return true }
    let state = stat[stat.index(after: close)...].split(separator: " ").first
    return state == "Z" || state == "X"
  }

  /// A codec plugin whose `decode` never ends, through the command line's flags: 503 at the
  /// limit, the worker and the plugin gone, TMPDIR empty, and the only slot free again.
  @Test func aConversionPastTheLimitIsStopped() async throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugins = folder.appendingPathComponent("plugins").path
    let temporary = folder.appendingPathComponent("tmp").path
    for path in [plugins, temporary] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    let marker = folder.appendingPathComponent("plugin.pid").path
    let worker = folder.appendingPathComponent("worker.pid").path
    try writeScript("""
      #!/bin/sh
      case "$1" in
        describe) echo '{"id": "sleepy", "name": "Sleepy", "version": "1", "extensions": ["sleepy"], "reads": true, "writes": false}' ;;
        decode) echo $PPID > '\(worker)'; echo $$ > '\(marker).tmp'; mv '\(marker).tmp' '\(marker)'; exec sleep 300 ;;
      esac

      """, to: plugins + "/trackport-codec-sleepy")
    let serving = try ServeCommandTests.Serving(["--allow-plugins", "--plugin-path", plugins, "--conversion-timeout", "3",
                                                 "--max-conversions", "1"], environment: ["TMPDIR": temporary], folder: folder)
    let base = try #require(URL(string: try serving.address()))

    func post(_ name: String, _ content: String) async throws -> (String, Int, Double) {
      let boundary = "worker-test-boundary"
      var request = URLRequest(url: base.appendingPathComponent("api/inspect"))
      request.httpMethod = "POST"
      request.timeoutInterval = 600
      request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n\r\n\(content)\r\n--\(boundary)--\r\n".utf8)
      let started = Date()
      let (data, response) = try await URLSession.shared.data(for: request)
      return (String(decoding: data, as: UTF8.self), (response as? HTTPURLResponse)?.statusCode ?? 0, Date().timeIntervalSince(started))
    }

    let (body, status, _) = try await post("never.sleepy", "anything")
    #expect(status == 503 && body.contains("conversion-timeout"), "\(status) \(body)")
    // The server's own clock (this test's may lag on a busy machine): its access-log line.
    let line = try #require(serving.said.split(separator: "\n").first { $0.hasPrefix("POST /api/inspect 503") }, "\(serving.said)")
    let seconds = try #require(Double(line.split(separator: " ").last?.dropLast(2) ?? "")) / 1_000
    #expect(seconds >= 2.9 && seconds < 3 + 5, "answered after \(seconds) s")
    let pids = [marker, worker].compactMap { (try? String(contentsOfFile: $0, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
    #expect(pids.count == 2)
    #expect(Self.children(of: serving.process.pid).isEmpty)
    for pid in pids { #expect(Self.isGone(pid), "process \(pid) outlived the limit") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    let demo = try String(contentsOfFile: Repository.demoPath, encoding: .utf8)
    let (next, nextStatus, _) = try await post("demo.trackport.json", demo)
    #expect(nextStatus == 200, "\(next)")
    #expect(serving.stop(with: SIGTERM) == 0)
    #expect(serving.said.contains("worker: killed at the conversion time limit"), "\(serving.said)")
  }
}
