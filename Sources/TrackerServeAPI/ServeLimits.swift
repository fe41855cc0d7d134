import Foundation

/// What one request may ask of the server; each is a `trackport serve` flag (docs/serve.md).
public struct ServeLimits: Sendable, Equatable {
  /// The largest request body, in bytes (`--max-upload`); a larger one is refused with 413
  /// before its body is read, when it declares its length.
  public var maxRequestBytes: Int
  /// The most parts a form may have (`--max-parts`); more is 413.
  public var maxParts: Int
  /// How many conversions run at once (`--max-conversions`); a request past them waits up to
  /// ``queueWaitSeconds`` for a turn, then gets 503 with `Retry-After`.
  public var maxConcurrent: Int
  /// How long a request waits for a conversion slot before 503.
  public var queueWaitSeconds: Double
  /// How long one request may take, from its headers to the answer — reading the upload and
  /// converting it (`--request-timeout`), in seconds; past it the server answers 500 and closes
  /// the connection, so a slow client cannot hold one.
  public var requestTimeoutSeconds: Double
  /// How long the work on one upload may take once it has its slot (`--conversion-timeout`),
  /// in seconds; past it the answer is 503 `conversion-timeout`. With `--isolation process`
  /// (`ConversionIsolation.process`) the work's worker process is killed; on a thread it
  /// cannot be cut off mid-way and keeps its slot until it ends (docs/serve.md, "Isolation").
  public var conversionTimeoutSeconds: Double
  /// What the members of an uploaded archive (a zipped CSV package or Loop export) may unpack
  /// to, together, in bytes (`--max-unpacked`); past it the upload is refused (422) before
  /// the member is unpacked, so half a megabyte of zeros cannot become gigabytes in memory.
  public var maxUnpackedBytes: Int

  /// 64 MiB, 16 parts, 4 conversions at once, a 5-second wait, 120 seconds a request, 60 a
  /// conversion, 64 MiB unpacked from an archive.
  public init(maxRequestBytes: Int = 64 << 20, maxParts: Int = 16, maxConcurrent: Int = 4,
              queueWaitSeconds: Double = 5, requestTimeoutSeconds: Double = 120, conversionTimeoutSeconds: Double = 60,
              maxUnpackedBytes: Int = 64 << 20) {
    self.maxRequestBytes = maxRequestBytes
    self.maxParts = maxParts
    self.maxConcurrent = maxConcurrent
    self.queueWaitSeconds = queueWaitSeconds
    self.requestTimeoutSeconds = requestTimeoutSeconds
    self.conversionTimeoutSeconds = conversionTimeoutSeconds
    self.maxUnpackedBytes = maxUnpackedBytes
  }
}

extension ServeError {
  /// 503 `conversion-timeout`.
  public static func conversionTimeout(_ seconds: Double) -> ServeError {
    ServeError(status: 503, code: "conversion-timeout",
               message: "the file took longer to convert than this server allows (\(String(format: "%g", seconds)) s); nothing was converted")
  }

  /// 413 `too-large`.
  public static func tooLarge(_ limit: Int) -> ServeError {
    ServeError(status: 413, code: "too-large", message: "the request is larger than the server takes (\(limit) bytes)")
  }
}
