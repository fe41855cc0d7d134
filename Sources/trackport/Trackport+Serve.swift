import ArgumentParser
import BoundedHTTP
import Dispatch
import Foundation
import TrackerPort
import TrackerServe
import TrackerServeAPI

extension Trackport {
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve the converter as an HTTP API (docs/serve.md).",
      discussion: """
        Answers GET / (the page: choose a file, see what it holds and what the chosen app will \
        not keep, convert it), GET /healthz, /metrics (Prometheus), /openapi.json and /api/formats, and POST /api/inspect, \
        /api/convert, /api/validate, /api/report and /api/diff with a multipart/form-data upload (a 'file' part; fields named as the \
        command line's options). Files are read in memory and kept nowhere; the access log on \
        standard error (text, or JSON lines with --log-format json) names method, path, status, \
        sizes and duration only. Every client is held \
        to the connection limits below (headers, times, connections, requests per client). SIGTERM \
        or Ctrl-C exits 0 at once when nothing is in flight, else once the requests in flight \
        have finished (at most --shutdown-grace seconds).
        """)

    @Option(help: ArgumentHelp("The address to listen on: an IPv4 or IPv6 address, or localhost.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on (0: any free port, printed at start).", valueName: "port"))
    var port: Int = 8080

    @Flag(help: "Read and write with the codec plugins found (--plugin-path, TRACKPORT_PLUGIN_PATH, PATH); off by default: a plugin is a program run on strangers' files.")
    var allowPlugins = false

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Open the page in the default browser once the server listens ($BROWSER, else xdg-open or open).")
    var open = false

    @Option(help: ArgumentHelp("The largest request body, in MiB (larger: 413).", valueName: "MiB"))
    var maxUpload: Int = 64

    @Option(help: ArgumentHelp("What an uploaded archive may unpack to, in MiB (more: 422, before unpacking).", valueName: "MiB"))
    var maxUnpacked: Int = 64

    @Option(help: ArgumentHelp("The most parts a form may have (more: 413).", valueName: "count"))
    var maxParts: Int = 16

    @Option(help: ArgumentHelp("How many conversions run at once; a request past them waits up to 5 s, then 503.", valueName: "count"))
    var maxConversions: Int = 4

    @Option(help: ArgumentHelp("Seconds from a request's headers to its answer, reading the upload and converting it (past it: 408 while the body comes, else 503; closed).", valueName: "seconds"))
    var requestTimeout: Double = 120

    @Option(help: ArgumentHelp("Seconds the work on one upload may take (past it: 503; with --isolation process the work is stopped).", valueName: "seconds"))
    var conversionTimeout: Double = 60

    @Option(help: ArgumentHelp("Where the work on an upload runs: process (a worker process per request, killed at --conversion-timeout) or thread (in the server; past the limit it runs on and keeps its slot).", valueName: "process|thread"))
    var isolation: Isolation = .process

    @Option(help: ArgumentHelp("The address space each worker process may use, in MiB (0: no limit); past it the worker fails (500) or stalls until --conversion-timeout (503).", valueName: "MiB"))
    var workerMemory: Int = 4_096

    @Option(help: ArgumentHelp("The most bytes of a request line and headers (more: 431).", valueName: "bytes"))
    var maxHeaderBytes: Int = 16_384

    @Option(help: ArgumentHelp("The most header fields of a request (more: 431).", valueName: "count"))
    var maxHeaderCount: Int = 100

    @Option(help: ArgumentHelp("Seconds from a connection's opening (or a later request's first byte) to the end of the headers (past it: 408, closed).", valueName: "seconds"))
    var headerTimeout: Double = 10

    @Option(help: ArgumentHelp("Seconds a request body may go without a byte (past it: 408, closed).", valueName: "seconds"))
    var bodyTimeout: Double = 10

    @Option(help: ArgumentHelp("The slowest a body may come, in bytes a second, checked after its first 5 s (slower: 408, closed; 0: no minimum).", valueName: "bytes/s"))
    var minBodyRate: Int = 1_024

    @Option(help: ArgumentHelp("Seconds a kept-alive connection may wait for its next request.", valueName: "seconds"))
    var idleTimeout: Double = 10

    @Option(help: ArgumentHelp("The most connections at once; past it the one idle longest is closed, or, when all have a request in flight, the new one gets 503 (lowered to the open-file limit).", valueName: "count"))
    var maxConnections: Int = 512

    @Option(help: ArgumentHelp("The most requests one client may have in flight at once (more: 429).", valueName: "count"))
    var maxPerClient: Int = 8

    @Option(help: ArgumentHelp("A reverse proxy (address or CIDR network, repeatable) whose X-Forwarded-For names the client for --max-per-client; from others the header is ignored.", valueName: "address"))
    var trustedProxy: [String] = []

    @Option(help: ArgumentHelp("Seconds SIGTERM or Ctrl-C waits for the requests in flight before it stops them (none in flight: it exits at once).", valueName: "seconds"))
    var shutdownGrace: Double = 10

    @Option(help: ArgumentHelp("Open files kept for everything but connections (workers, the listening socket); --max-connections is lowered to the open-file limit less these.", valueName: "count"))
    var reservedFiles: Int = 64

    @Option(help: ArgumentHelp("How the log on standard error is written: text (a line a request, for people) or json (a JSON object a line, for log collectors).", valueName: "text|json"))
    var logFormat: ServeLogFormat = .text

    /// `--isolation`.
    enum Isolation: String, ExpressibleByArgument, CaseIterable {
      case process, thread
    }

    func validate() throws {
      guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
      guard maxUpload > 0, maxUnpacked > 0, maxParts > 0, maxConversions > 0, requestTimeout > 0, conversionTimeout > 0, workerMemory >= 0 else {
        throw ValidationError("--max-upload, --max-unpacked, --max-parts, --max-conversions, --request-timeout and --conversion-timeout must be positive")
      }
      guard maxHeaderBytes > 0, maxHeaderCount > 0, headerTimeout > 0, bodyTimeout > 0, minBodyRate >= 0, idleTimeout > 0,
            maxConnections > 0, maxPerClient > 0, shutdownGrace >= 0, reservedFiles >= 0 else {
        throw ValidationError("--max-header-bytes, --max-header-count, --header-timeout, --body-timeout, --idle-timeout, --max-connections and --max-per-client must be positive, --min-body-rate, --shutdown-grace and --reserved-files at least 0")
      }
      _ = try proxies()
    }

    /// `--trusted-proxy` as address ranges.
    func proxies() throws -> [IPAddressRange] {
      try trustedProxy.map { text in
        guard let range = IPAddressRange(text) else {
          throw ValidationError("--trusted-proxy: '\(text)' is not an IP address or CIDR network (10.0.0.0/8, fd00::/8)")
        }
        return range
      }
    }

    /// The connection limits of the options.
    func httpLimits() throws -> HTTPLimits {
      HTTPLimits(maxHeaderBytes: maxHeaderBytes, maxHeaderCount: maxHeaderCount, headerTimeout: headerTimeout,
                 bodyTimeout: bodyTimeout, minBodyBytesPerSecond: minBodyRate, requestTimeout: requestTimeout,
                 idleTimeout: idleTimeout, maxConnections: maxConnections, maxRequestsPerClient: maxPerClient,
                 trustedProxies: try proxies(), shutdownGrace: shutdownGrace, reservedFiles: reservedFiles)
    }

    /// Starts the user's browser on `page`: the command in `BROWSER` (as Python's webbrowser and
    /// man-db read it), else `xdg-open` (Linux) or `open` (macOS); says so when none starts.
    static func openInBrowser(_ page: String) {
      let environment = ProcessInfo.processInfo.environment
      #if os(macOS)
      let fallback = "open"
      #else
      let fallback = "xdg-open"
      #endif
      let command = environment["BROWSER"].flatMap { $0.split(separator: ":").first.map(String.init) } ?? fallback
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [command, page]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.terminationHandler = { ended in
        if ended.terminationStatus != 0 {
          StandardError.line("trackport serve: \(command) could not open the page (exit status \(ended.terminationStatus)); open \(page) in a browser")
        }
      }
      do {
        try process.run()
        StandardError.line("trackport serve: opening \(page) with \(command)")
      } catch {
        StandardError.line("trackport serve: could not start \(command); open \(page) in a browser")
      }
    }

    /// `--isolation` for the server: a worker is this executable's `serve-worker` with the
    /// settings its API needs (limits, plugins), ending itself a little after the server's limit.
    func conversionIsolation(_ limits: ServeLimits) -> ConversionIsolation {
      guard isolation == .process else { return .thread }
      return .process(Self.workerCommand(limits, memory: workerMemory, plugins: allowPlugins ? plugins : nil))
    }

    /// This executable's `serve-worker` with the settings an API with `limits` needs, an address
    /// space of `memory` MiB, the codec plugins `plugins` finds (none without), ending itself a
    /// little after the conversion time limit (`trackport serve`, `trackport mcp`).
    static func workerCommand(_ limits: ServeLimits, memory: Int, plugins: PluginOptions?) -> WorkerCommand {
      var arguments = ["serve-worker", "--max-upload-bytes", String(limits.maxRequestBytes), "--max-parts", String(limits.maxParts),
                       "--max-unpacked-bytes", String(limits.maxUnpackedBytes), "--memory-limit", String(memory),
                       "--time-limit", String(limits.conversionTimeoutSeconds + 5)]
      if let plugins {
        arguments.append("--allow-plugins")
        for folder in plugins.pluginPaths { arguments += ["--plugin-path", folder] }
        if let timeout = plugins.pluginTimeout { arguments += ["--plugin-timeout", timeout] }
      }
      return WorkerCommand(executable: WorkerCommand.currentExecutable, arguments: arguments,
                           environment: ProcessInfo.processInfo.environment)
    }

    func run() throws {
      let limits = ServeLimits(maxRequestBytes: maxUpload << 20, maxParts: maxParts, maxConcurrent: maxConversions,
                               requestTimeoutSeconds: requestTimeout, conversionTimeoutSeconds: conversionTimeout,
                               maxUnpackedBytes: maxUnpacked << 20)
      let registry = allowPlugins ? try plugins.registry() : StandardCodecs.registry
      let server: TrackerServer
      do {
        server = try TrackerServer(host: host, port: UInt16(port), api: ServeAPI(registry: registry, limits: limits),
                                   isolation: conversionIsolation(limits), http: try httpLimits(), logFormat: logFormat,
                                   log: { StandardError.line($0) })
      } catch {
        StandardError.line("error: cannot listen on \(host): \(error)")
        throw ExitStatus.usage.exitCode
      }
      let finished = DispatchSemaphore(value: 0)
      final class Outcome: @unchecked Sendable { var error: (any Error)?; var stopping = false }
      let outcome = Outcome()
      Task {
        do { try await server.run() } catch { outcome.error = error }
        finished.signal()
      }
      Task {
        try? await server.waitUntilListening(timeout: 10)
        if let bound = await server.port() {
          let page = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/"
          StandardError.line(logFormat.message("trackport serve: listening on \(page)"))
          if open { Self.openInBrowser(page) }
        }
      }
      Interruption.ending { _ in
        outcome.stopping = true
        StandardError.line(logFormat.message("trackport serve: stopping; letting requests in flight finish (at most \(String(format: "%g", shutdownGrace)) s)"))
        let drained = DispatchSemaphore(value: 0)
        let grace = shutdownGrace
        Task {
          await server.stop(timeout: grace)
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

extension ServeLogFormat: ExpressibleByArgument {}
