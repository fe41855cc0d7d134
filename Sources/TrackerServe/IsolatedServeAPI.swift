import TrackerServeAPI

/// ``ServeAPI`` requests answered where a ``ConversionIsolation`` says, within the API's
/// conversion time limit, without an HTTP server: how `trackport mcp` reads the files an
/// assistant names, under the limits `trackport serve` keeps for uploads (a worker process per
/// file, killed at the limit; nothing of the file in a log).
public final class IsolatedServeAPI: Sendable {
  /// The API the requests go to (its limits bound each one).
  public let api: ServeAPI
  /// Where the work runs.
  public let isolation: ConversionIsolation
  private let workers = WorkerPool()
  private let log: @Sendable (String) -> Void

  /// An API whose requests run as `isolation` says; `log` is told, without anything of the
  /// file, why a worker gave no answer.
  public init(api: ServeAPI, isolation: ConversionIsolation, log: @escaping @Sendable (String) -> Void = { _ in }) {
    self.api = api
    self.isolation = isolation
    self.log = log
  }

  /// The answer to `request`: the API's own, or 503 `conversion-timeout` past the time limit,
  /// or 500 `worker-failed` when the worker crashed or ran out of memory.
  public func respond(_ request: WorkerMessage.Request) async -> ServeResponse {
    await isolation.answer(request, api: api, workers: workers, log: log, done: {})
  }

  /// Kills the workers still running and starts no more.
  public func stop() {
    workers.stopAll()
  }
}
