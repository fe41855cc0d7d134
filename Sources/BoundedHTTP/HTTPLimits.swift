/// What one client may ask of a ``BoundedHTTPServer``: sizes, times and counts, each with the
/// answer past it. Every field is a `trackport serve` option (docs/serve.md, "Connection limits").
public struct HTTPLimits: Sendable, Equatable {
  /// The most bytes of a request line and its header names and values together; past it the
  /// answer is 431 and the connection closes. NIO's parser counts as it reads, so a longer
  /// head costs the server no more than this.
  public var maxHeaderBytes: Int
  /// The most header fields a request may have; past it, 431.
  public var maxHeaderCount: Int
  /// Seconds from a connection's opening (or the first byte of a later request on it) to the end
  /// of the request's headers; past it, 408 and the connection closes (a connection that sent
  /// nothing is closed without an answer).
  public var headerTimeout: Double
  /// Seconds a request body may go without a byte while the server waits for one; past it,
  /// 408 and the connection closes.
  public var bodyTimeout: Double
  /// The slowest a body may arrive, in bytes a second, averaged over the time the server has
  /// waited for it (0: no minimum); checked once ``minBodyRateGrace`` has passed; below it,
  /// 408 and the connection closes. Stops a body sent a byte at a time.
  public var minBodyBytesPerSecond: Int
  /// Seconds of a body before ``minBodyBytesPerSecond`` is checked.
  public var minBodyRateGrace: Double
  /// Seconds from the head of a request to the head of its answer (reading the body and the
  /// work on it); past it, 408 while the body is still coming, else 503, and the connection
  /// closes.
  public var requestTimeout: Double
  /// Seconds a kept-alive connection may wait for its next request; then it is closed.
  public var idleTimeout: Double
  /// The most connections open at once. A connection past it closes the one that has waited
  /// longest without a request (idle, or still sending its headers); when every connection has
  /// a request in flight, the new one is answered 503 and closed. Never more than the process's
  /// open-file limit allows (``BoundedHTTPServer`` lowers it, and says so).
  public var maxConnections: Int
  /// The most requests one client may have in flight at once; past it, 429.
  public var maxRequestsPerClient: Int
  /// Peers whose `X-Forwarded-For` names the client (reverse proxies); from any other peer the
  /// header is ignored and the client is the peer.
  public var trustedProxies: [IPAddressRange]
  /// Seconds a stop waits for the requests in flight before it closes their connections;
  /// with none in flight it returns at once.
  public var shutdownGrace: Double
  /// Open files kept for everything but connections (the listening socket, event loops,
  /// standard streams, the service's own files and child processes): ``maxConnections`` is
  /// lowered to the open-file limit less these.
  public var reservedFiles: Int

  /// 16 KiB and 100 fields of headers, 10 s to the end of the headers, 10 s between body bytes,
  /// at least 1 KiB/s after 5 s, 120 s a request, 10 s idle, 512 connections, 8 requests at
  /// once per client, no trusted proxy, 10 s to finish on a stop, 64 files kept.
  public init(maxHeaderBytes: Int = 16_384, maxHeaderCount: Int = 100, headerTimeout: Double = 10,
              bodyTimeout: Double = 10, minBodyBytesPerSecond: Int = 1_024, minBodyRateGrace: Double = 5,
              requestTimeout: Double = 120, idleTimeout: Double = 10, maxConnections: Int = 512,
              maxRequestsPerClient: Int = 8, trustedProxies: [IPAddressRange] = [], shutdownGrace: Double = 10,
              reservedFiles: Int = 64) {
    self.maxHeaderBytes = maxHeaderBytes
    self.maxHeaderCount = maxHeaderCount
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.minBodyBytesPerSecond = minBodyBytesPerSecond
    self.minBodyRateGrace = minBodyRateGrace
    self.requestTimeout = requestTimeout
    self.idleTimeout = idleTimeout
    self.maxConnections = maxConnections
    self.maxRequestsPerClient = maxRequestsPerClient
    self.trustedProxies = trustedProxies
    self.shutdownGrace = shutdownGrace
    self.reservedFiles = reservedFiles
  }

  /// How often a connection looks at its clocks: a quarter of the shortest time limit, between
  /// 20 ms and half a second.
  var tick: Double {
    min(0.5, max(0.02, min(headerTimeout, bodyTimeout, idleTimeout, requestTimeout) / 4))
  }
}
