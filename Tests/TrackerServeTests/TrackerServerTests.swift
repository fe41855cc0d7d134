import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackerPort
import TrackerTestSupport
@testable import TrackerServe
@testable import TrackerServeAPI

/// The server on a loopback port, spoken to over HTTP as a browser would.
@Suite struct TrackerServerTests {
  final class Log: @unchecked Sendable {
    let lock = NSLock()
    var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
  }

  /// Runs `body` against a server on a free port, then stops it.
  /// The suite runs beside hundreds of other tests on two cores: a request gets ten minutes.
  static func withServer(limits: ServeLimits = ServeLimits(requestTimeoutSeconds: 600), _ body: (URL, Log) async throws -> Void) async throws {
    let log = Log()
    let server = try TrackerServer(host: "127.0.0.1", port: 0, api: ServeAPI(limits: limits), log: { log.add($0) })
    let running = Task { try await server.run() }
    try await server.waitUntilListening(timeout: 60)
    let port = try #require(await server.port())
    do {
      try await body(URL(string: "http://127.0.0.1:\(port)")!, log)
    } catch {
      await server.stop(timeout: 1)
      throw error
    }
    await server.stop(timeout: 5)
    _ = await running.result
  }

  static func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let (data, response) = try await URLSession.shared.data(for: request)
    return (data, try #require(response as? HTTPURLResponse))
  }

  @Test func convertsOverHTTPAndLogsNothingOfTheFile() async throws {
    try await Self.withServer { base, log in
      let (health, healthResponse) = try await Self.send(URLRequest(url: base.appendingPathComponent("healthz")))
      #expect(healthResponse.statusCode == 200 && String(decoding: health, as: UTF8.self) == "ok\n")

      let demo = try Data(contentsOf: URL(fileURLWithPath: Repository.demoPath))
      var request = URLRequest(url: base.appendingPathComponent("api/convert"))
      request.httpMethod = "POST"
      request.setValue(FormBody.contentType, forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(FormBody.upload("demo.trackport.json", Array(demo), [("to", "xml")]))
      let (xml, response) = try await Self.send(request)
      #expect(response.statusCode == 200)
      #expect(response.value(forHTTPHeaderField: "Content-Disposition")?.hasPrefix("attachment; filename=") == true)
      #expect(String(decoding: xml, as: UTF8.self).contains("<trackport"))

      let lines = log.all
      #expect(lines.count == 2, "\(lines)")
      #expect(lines.last?.hasPrefix("POST /api/convert 200 in=") == true, "\(lines)")
      // Neither the file's name nor anything in it (tracker names) nor the output is logged.
      let names = try DatasetFile.load(Repository.demoPath).dataset.trackers.map(\.name)
      #expect(!names.isEmpty)
      for secret in names + ["demo.trackport.json", "<trackport"] {
        #expect(!lines.joined(separator: "\n").contains(secret), "\(secret) logged")
      }
    }
  }

  @Test func aDeclaredBodyOverTheLimitIsRefusedBeforeItIsRead() async throws {
    try await Self.withServer(limits: ServeLimits(maxRequestBytes: 1_000, requestTimeoutSeconds: 600)) { base, _ in
      var request = URLRequest(url: base.appendingPathComponent("api/convert"))
      request.httpMethod = "POST"
      request.setValue(FormBody.contentType, forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(FormBody.upload("big.trackport.json", Array(repeating: 32, count: 5_000), [("to", "xml")]))
      let (body, response) = try await Self.send(request)
      #expect(response.statusCode == 413)
      #expect(String(decoding: body, as: UTF8.self).contains("\"too-large\""))
      // The server still answers.
      let (_, health) = try await Self.send(URLRequest(url: base.appendingPathComponent("healthz")))
      #expect(health.statusCode == 200)
    }
  }

  /// A conversion past `--conversion-timeout` is answered 503 `conversion-timeout` at the
  /// limit; it keeps its slot until it ends, and the server goes on answering.
  @Test func aConversionPastItsTimeIs503AndTheServerGoesOn() async throws {
    let big = DatasetGenerator(trackers: 200, days: 365, seed: 3).generate()
    let (bytes, _) = try encode(JSONCodec(), big)
    let limits = ServeLimits(maxConcurrent: 1, queueWaitSeconds: 600, requestTimeoutSeconds: 600, conversionTimeoutSeconds: 0.001)
    try await Self.withServer(limits: limits) { base, log in
      var request = URLRequest(url: base.appendingPathComponent("api/convert"))
      request.httpMethod = "POST"
      request.setValue(FormBody.contentType, forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(FormBody.upload("big.trackport.json", bytes, [("to", "xml")]))
      let (body, response) = try await Self.send(request)
      #expect(response.statusCode == 503)
      #expect(String(decoding: body, as: UTF8.self).contains("\"conversion-timeout\""), "\(String(decoding: body, as: UTF8.self))")
      let (_, health) = try await Self.send(URLRequest(url: base.appendingPathComponent("healthz")))
      #expect(health.statusCode == 200)
      #expect(log.all.contains { $0.hasPrefix("POST /api/convert 503 ") }, "\(log.all)")
    }
  }
}
