import Dispatch
import Foundation
import TrackerServeAPI

/// Where ``TrackerServer`` does the work on an upload (every POST), chosen when the server is
/// made (`trackport serve --isolation`, docs/serve.md).
public enum ConversionIsolation: Sendable {
  /// On a thread of the server's own process. At `--conversion-timeout` the answer is 503, but
  /// the work cannot be stopped: it runs on, and keeps its slot, until it ends. For tests and
  /// for programs that embed the server without the `trackport` executable.
  case thread
  /// In a worker process per request (`trackport serve-worker`), killed at the time limit with
  /// everything it started; its slot is freed once it has exited. A crash or a worker out of
  /// memory is a 500 for that request only.
  case process(WorkerCommand)
}

/// How to start a conversion worker: a program that reads one ``WorkerMessage`` request on
/// standard input and writes one answer on standard output (`trackport serve-worker ...`).
public struct WorkerCommand: Sendable {
  /// The program; `/proc/self/exe` is the server's own executable, even after it was replaced
  /// on disk.
  public var executable: String
  /// The arguments after the program's name.
  public var arguments: [String]
  /// The environment, without `TMPDIR` (each worker gets a private folder of its own).
  public var environment: [String: String]
  /// Where the workers' private folders are made (mode 0700, removed after each worker).
  public var temporaryParent: String

  /// A command as given; `temporaryParent` defaults to the server's temporary folder.
  public init(executable: String, arguments: [String], environment: [String: String],
              temporaryParent: String = NSTemporaryDirectory()) {
    self.executable = executable
    self.arguments = arguments
    self.environment = environment
    self.temporaryParent = temporaryParent
  }

  /// The running program's own executable: `/proc/self/exe` on Linux, its path elsewhere.
  public static var currentExecutable: String {
    #if os(Linux)
    "/proc/self/exe"
    #else
    Bundle.main.executablePath ?? CommandLine.arguments[0]
    #endif
  }
}

/// The workers of one server that have not been reaped yet, so that stopping the server kills
/// them (and removes their folders) instead of leaving them behind.
final class WorkerPool: @unchecked Sendable {
  private let lock = NSLock()
  private var living: [Int32: String] = [:]
  private var stopping = false

  /// Whether ``stopAll()`` has run: no worker starts after it.
  var isStopping: Bool { lock.withLock { stopping } }

  /// Runs `spawn` under the lock and records the worker it started with its `folder`; refused
  /// once the server is stopping.
  func spawn(folder: String, _ spawn: () -> Result<Int32, WorkerProcess.SpawnFailure>) -> Result<Int32, WorkerProcess.SpawnFailure> {
    lock.withLock {
      guard !stopping else { return .failure(WorkerProcess.SpawnFailure(end: .stopped)) }
      let result = spawn()
      if case .success(let pid) = result { living[pid] = folder }
      return result
    }
  }

  /// Forgets a worker about to be reaped (its id may be reused once it is).
  func forget(_ pid: Int32) {
    lock.withLock { _ = living.removeValue(forKey: pid) }
  }

  /// Kills every worker and what it started, removes their folders, and starts no more.
  func stopAll() {
    lock.withLock {
      stopping = true
      for (pid, folder) in living {
        WorkerProcess.killSession(pid)
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
  }
}

extension ConversionIsolation {
  /// The answer to `request`, given within `api.limits.conversionTimeoutSeconds` (503 past it);
  /// `done` is called once the work has ended, which may be after the answer (``thread``).
  /// `log` is told, without anything of the file, why a worker gave no answer.
  func answer(_ request: WorkerMessage.Request, api: ServeAPI, workers: WorkerPool,
              log: @escaping @Sendable (String) -> Void, done: @escaping @Sendable () -> Void) async -> ServeResponse {
    let timeout = api.limits.conversionTimeoutSeconds
    switch self {
    case .thread:
      // Off the cooperative pool: a conversion is CPU-bound, synchronous library work, and
      // must not hold the threads the server's sockets run on. The answer is whichever comes
      // first, the conversion's or the time limit's; `done` is called when the work ends.
      let answer = FirstAnswer()
      return await withCheckedContinuation { continuation in
        answer.continuation = continuation
        // The limit's clock is a Dispatch timer (it fires even when the cooperative pool is
        // busy), cancelled when the conversion ends first: a cancelled source lets go of its
        // handler at once, so a finished request holds nothing until its limit.
        let clock = DispatchSource.makeTimerSource(queue: .global())
        clock.schedule(deadline: .now() + timeout)
        clock.setEventHandler { answer.give(ServeResponse(error: .conversionTimeout(timeout))) }
        answer.clock = clock
        clock.resume()
        DispatchQueue.global(qos: .userInitiated).async {
          let converted = api.respond(method: request.method, path: request.path, contentType: request.contentType, body: request.body)
          done()
          answer.give(converted)
        }
      }
    case .process(let command):
      return await withCheckedContinuation { continuation in
        // The run blocks a Dispatch thread (not one of the cooperative pool's) until the worker
        // is reaped; the slot is given back only then.
        DispatchQueue.global(qos: .userInitiated).async {
          let end = WorkerProcess.run(command, request: WorkerMessage.encode(request), seconds: timeout, pool: workers)
          done()
          continuation.resume(returning: Self.response(for: end, timeout: timeout, log: log))
        }
      }
    }
  }

  /// What a worker's end answers: its own answer, 503 at the time limit or when the server is
  /// stopping, else 500 `worker-failed` with a plain message.
  static func response(for end: WorkerProcess.End, timeout: Double, log: (String) -> Void) -> ServeResponse {
    let failed = { (message: String) in
      ServeResponse(error: ServeError(status: 500, code: "worker-failed", message: message + "; nothing was converted"))
    }
    switch end {
    case .answered(let frame):
      guard let response = WorkerMessage.answer(frame) else {
        log("worker: its answer was not a whole answer frame (\(frame.count) bytes)")
        return failed("the conversion's answer could not be read")
      }
      return response
    case .timedOut(let gone):
      log("worker: killed at the conversion time limit (\(String(format: "%g", timeout)) s); gone after \(String(format: "%.2f", gone)) s")
      return ServeResponse(error: .conversionTimeout(timeout))
    case .tooMuchOutput:
      log("worker: killed, its answer was larger than the server sends")
      return failed("the converted file is larger than this server sends")
    case .exited(let status):
      log("worker: exited with status \(status) and no answer")
      return failed("the conversion ended abnormally (exit status \(status))")
    case .signalled(let signal):
      log("worker: ended by signal \(signal)")
      return failed("the conversion ended abnormally (signal \(signal): it crashed or ran out of memory)")
    case .notStarted(let reason):
      log("worker: not started: \(reason)")
      return failed("the server could not start the conversion")
    case .stopped:
      return ServeResponse(error: ServeError(status: 503, code: "stopping", message: "the server is stopping; try again in a few seconds"))
    }
  }
}

/// The first of two answers to one request (the conversion's, the time limit's); the other
/// is dropped.
final class FirstAnswer: @unchecked Sendable {
  private let lock = NSLock()
  private var given = false
  /// Set before either answer can come (both are scheduled after it is set).
  var continuation: CheckedContinuation<ServeResponse, Never>?
  /// The time limit's timer, cancelled by the first answer (a cancelled source lets go of its
  /// handler, and so of this object, at once).
  var clock: (any DispatchSourceTimer)?

  func give(_ response: ServeResponse) {
    let (waiting, timer): (CheckedContinuation<ServeResponse, Never>?, (any DispatchSourceTimer)?) = lock.withLock {
      guard !given else { return (nil, nil) }
      given = true
      return (continuation, clock)
    }
    timer?.cancel()
    waiting?.resume(returning: response)
  }
}
