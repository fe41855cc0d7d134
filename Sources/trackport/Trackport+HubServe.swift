import ArgumentParser
import BoundedHTTP
import Foundation
import TrackerHub
import TrackerServeAPI

extension Trackport {
  /// `hub serve`: the hub's private web on the bounded HTTP server `serve` runs on.
  struct HubServe: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Serve the hub's report, history, journal and a subscribable calendar feed.",
      discussion: """
        Apart from trackport serve (the public converter, which stores nothing). The calendar \
        feed is /feed/SECRET.ics (trackport hub feed DIR prints it; --rotate makes a new one), \
        with ETag and Last-Modified so calendar apps poll cheaply; /healthz answers ok to \
        anyone (health checks, probes); everything else needs Authorization: Bearer TOKEN \
        (trackport hub token add DIR), and answers 401 without it: / (the report), \
        /history.trackport.json, /journal.json and POST /run. \
        The same connection limits as serve. The access log names no token and no feed secret.
        """)

    @Argument(help: "The hub's folder.", completion: .directory) var folder: String
    @Option(help: ArgumentHelp("The address to listen on (127.0.0.1: this computer only; 0.0.0.0 or :: for every interface, behind TLS).", valueName: "address"))
    var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port (0 picks a free one, printed when listening).", valueName: "port")) var port = 8090
    @Option(help: ArgumentHelp("Seconds SIGTERM or Ctrl-C waits for the requests in flight (none in flight: it exits at once).", valueName: "seconds"))
    var shutdownGrace: Double = 10
    @OptionGroup var quietOption: QuietOption

    func run() throws {
      let hub = Hub(folder: folder)
      do {
        _ = try hub.config()
        if try HubSecrets(store: hub.store).tokenHashes().isEmpty {
          StandardError.line("trackport hub serve: note: no token yet, so only the feed answers; make one with: trackport hub token add \(folder)")
        }
      } catch let error as HubError {
        StandardError.line(error.message.contains(": error: ") ? error.description : "error: " + error.description)
        throw ExitStatus(error).exitCode
      }
      let quiet = quietOption.quiet
      let log: (@Sendable (String) -> Void)? = quiet ? nil : { @Sendable line in StandardError.line(line) }
      let api = HubServeAPI(hub: hub, outputs: HubCalDAVOutput.outputs(quiet: true))
      let service = HubHTTPService(api: api, log: log)
      // serve's limits, at their defaults (docs/serve.md, "Limits"): the hub's pages are small.
      var limits = HTTPLimits()
      limits.shutdownGrace = shutdownGrace
      let server = BoundedHTTPServer(host: host, port: port, limits: limits, service: service, log: { StandardError.line("trackport hub serve: \($0)") })
      let finished = DispatchSemaphore(value: 0)
      final class Outcome: @unchecked Sendable { var error: (any Error)?; var stopping = false }
      let outcome = Outcome()
      Task {
        do { try await server.run() } catch { outcome.error = error }
        finished.signal()
      }
      Task {
        try? await server.waitUntilListening(timeout: 10)
        if let bound = server.port {
          StandardError.line("trackport hub serve: listening on http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/ (the feed: trackport hub feed \(folder))")
        }
      }
      let grace = shutdownGrace
      Interruption.ending { _ in
        outcome.stopping = true
        let drained = DispatchSemaphore(value: 0)
        Task {
          await server.stop(grace: grace)
          drained.signal()
        }
        drained.wait()
        Foundation.exit(0)
      }
      finished.wait()
      if let error = outcome.error, !outcome.stopping {
        StandardError.line("error: cannot serve on \(host):\(port): \(error)")
        throw ExitStatus.cannotCreateOutput.exitCode
      }
    }
  }
}

/// The hub's answers (``HubServeAPI``) as a ``HTTPService``, with an access log line per request
/// that shows the feed's path without its secret and never a header.
struct HubHTTPService: HTTPService {
  let api: HubServeAPI
  let log: (@Sendable (String) -> Void)?

  func respond(to request: HTTPRequest, body: HTTPRequestBody) async -> HTTPResponse {
    let start = Date()
    let answer = api.respond(method: request.method, path: request.path, headers: request.headers)
    let bytes = request.method == "HEAD" ? [] : answer.body
    if let log {
      let ms = Int(Date().timeIntervalSince(start) * 1000)
      log("\(request.client) \(request.method) \(HubServeAPI.loggedPath(request.path)) \(answer.status) \(answer.body.count) \(ms)ms")
    }
    return HTTPResponse(status: answer.status, headers: answer.headers, bytes: bytes)
  }
}
