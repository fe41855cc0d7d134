import ArgumentParser
import Dispatch
import Foundation
import TrackerPort
import TrackerServe
import TrackerServeAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Trackport {
  /// `trackport serve-worker`: the work on one upload for `trackport serve --isolation process`,
  /// in a process the server can kill. Hidden from help, completions and the manual: only the
  /// server starts it, with the server's settings as arguments.
  ///
  /// It reads one ``WorkerMessage`` request on standard input, answers it with ``ServeAPI``
  /// and writes the answer frame on standard output, then exits 0; a request that is not a
  /// whole frame exits 65 with nothing written. It prints nothing else (the server sends its
  /// standard error to `/dev/null`).
  struct ServeWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve-worker",
      abstract: "The work on one upload for trackport serve (started by the server only).",
      shouldDisplay: false)

    @Flag(help: "Read and write with the codec plugins found.")
    var allowPlugins = false

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("The largest request body, in bytes.", valueName: "bytes"))
    var maxUploadBytes: Int = 64 << 20

    @Option(help: ArgumentHelp("What an uploaded archive may unpack to, in bytes.", valueName: "bytes"))
    var maxUnpackedBytes: Int = 64 << 20

    @Option(help: ArgumentHelp("The most parts a form may have.", valueName: "count"))
    var maxParts: Int = 16

    @Option(help: ArgumentHelp("The address space the worker may use, in MiB (0: no limit).", valueName: "MiB"))
    var memoryLimit: Int = 0

    @Option(help: ArgumentHelp("Seconds after which the worker ends itself, should the server that kills it at its limit be gone.", valueName: "seconds"))
    var timeLimit: Double = 3_600

    func validate() throws {
      guard maxUploadBytes > 0, maxUnpackedBytes > 0, maxParts > 0, memoryLimit >= 0, timeLimit > 0 else {
        throw ValidationError("--max-upload-bytes, --max-unpacked-bytes, --max-parts and --time-limit must be positive, --memory-limit at least 0")
      }
    }

    func run() throws {
      if memoryLimit > 0 {
        // Plugins started from here inherit the limit too.
        var limit = rlimit(rlim_cur: rlim_t(memoryLimit) << 20, rlim_max: rlim_t(memoryLimit) << 20)
        #if os(Linux)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        #else
        _ = setrlimit(RLIMIT_AS, &limit)
        #endif
      }
      // A server killed outright cannot kill its workers: each one ends itself a little after
      // the server would have, with its plugins (TemporaryItems holds their process groups).
      DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
        _ = TemporaryItems.interrupt()
        _exit(ExitStatus.ioError.rawValue)
      }
      let input = FileHandle.standardInput.readDataToEndOfFile()
      guard let request = WorkerMessage.request([UInt8](input)) else { throw ExitStatus.malformedInput.exitCode }
      let registry = allowPlugins ? try plugins.registry(quiet: true) : StandardCodecs.registry
      let api = ServeAPI(registry: registry, limits: ServeLimits(maxRequestBytes: maxUploadBytes, maxParts: maxParts,
                                                                 maxUnpackedBytes: maxUnpackedBytes))
      let response = api.respond(method: request.method, path: request.path, contentType: request.contentType, body: request.body)
      let frame = WorkerMessage.encode(response)
      var written = 0
      while written < frame.count {
        let count = frame.withUnsafeBytes { all in all.baseAddress.map { write(1, $0 + written, all.count - written) } ?? -1 }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw ExitStatus.ioError.exitCode }
        written += count
      }
    }
  }
}
