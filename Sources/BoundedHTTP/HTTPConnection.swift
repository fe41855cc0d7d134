import NIOCore
import NIOHTTP1

/// One accepted connection's pipeline, as its child-channel initializer returns it.
struct AcceptedConnection: Sendable {
  let channel: NIOAsyncChannel<HTTPServerRequestPart, Never>
  let state: ConnectionState
}

/// The requests of one connection, one after the other: each given to the service with its
/// body, its answer written, the connection kept alive when it may be.
struct HTTPConnection {
  /// How much of a body the service left unread is read and dropped to keep the connection.
  static let drainLimit = 65_536

  let accepted: AcceptedConnection
  let service: any HTTPService
  let limits: HTTPLimits
  let registry: ConnectionRegistry

  /// Header fields the server writes itself.
  static func serverOwned(_ name: String) -> Bool {
    ["connection", "transfer-encoding", "content-length", "keep-alive"].contains(name.lowercased())
  }

  func serve() async {
    let channel = accepted.channel.channel
    let peer = channel.remoteAddress?.ipAddress ?? "unknown"
    try? await accepted.channel.executeThenClose { inbound in
      let parts = RequestPartSource(inbound, state: accepted.state)
      while let part = try await parts.next() {
        guard case .head(let head) = part else { continue }
        guard try await answer(head, parts: parts, channel: channel, peer: peer) else { return }
      }
      // The parts ended: the client closed, or a limit did and closes the channel itself.
      try? await channel.closeFuture.get()
    }
  }

  /// Answers one request; true when the connection may carry another.
  private func answer(_ head: HTTPRequestHead, parts: RequestPartSource, channel: any Channel, peer: String) async throws -> Bool {
    let client = ClientAddress.resolve(peer: peer, forwarded: head.headers["X-Forwarded-For"], trusted: limits.trustedProxies)
    let request = HTTPRequest(method: head.method.rawValue, target: head.uri, version: "\(head.version.major).\(head.version.minor)",
                              headers: head.headers.map { ($0.name, $0.value) }, peer: peer, client: client)
    // No length and not chunked: no body (RFC 9112 §6.3).
    let chunked = head.headers["Transfer-Encoding"].contains { $0.lowercased().contains("chunked") }
    let declared = head.headers["Content-Length"].first.flatMap { Int($0) } ?? (chunked ? nil : 0)
    let body = HTTPRequestBody(parts: parts, declaredLength: declared)
    let expectsContinue = head.headers["Expect"].contains { $0.lowercased() == "100-continue" }
    if expectsContinue {
      // Said when the service first reads the body: a client waits for it before sending.
      body.beforeFirstRead = {
        try? await channel.writeAndFlush(HTTPServerResponsePart.head(HTTPResponseHead(version: head.version, status: .continue))).get()
      }
    }
    let response: HTTPResponse
    let admitted = registry.beginRequest(of: client)
    if admitted {
      response = await service.respond(to: request, body: body)
    } else {
      response = service.refusal(HTTPRefusal(.tooManyRequests,
                                             "this client has \(limits.maxRequestsPerClient) requests in flight, the most the server takes at once; try again in a few seconds"))
    }
    var close = !head.isKeepAlive || registry.isStopping
    if !body.isComplete && (expectsContinue && body.beforeFirstRead != nil || (body.declaredLength ?? .max) - body.bytesRead > Self.drainLimit) {
      close = true
    }
    let written = await write(response, to: head, close: close, channel: channel)
    if admitted { registry.endRequest(of: client) }
    guard written, !close else { return false }
    guard body.isComplete else { return await body.drain(upTo: Self.drainLimit) }
    return true
  }

  /// Writes `response`; false when it could not be written whole within the request time.
  private func write(_ response: HTTPResponse, to request: HTTPRequestHead, close: Bool, channel: any Channel) async -> Bool {
    var headers = HTTPHeaders(response.headers.filter { !Self.serverOwned($0.0) || ($0.0.lowercased() == "content-length" && isStream(response)) })
    if close {
      headers.add(name: "Connection", value: "close")
    } else if request.version == .http1_0 {
      headers.add(name: "Connection", value: "keep-alive")
    }
    if case .bytes(let bytes) = response.body { headers.add(name: "Content-Length", value: String(bytes.count)) }
    let head = HTTPResponseHead(version: request.version.major == 1 && request.version.minor == 0 ? .http1_0 : .http1_1,
                                status: HTTPResponseStatus(statusCode: response.status), headers: headers)
    // Every write goes through the channel, in order; the last one's promise says when the
    // answer is in the socket. A client that does not read it is cut off at the request time.
    let deadline = channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(limits.requestTimeout * 1e9))) { channel.close(promise: nil) }
    defer { deadline.cancel() }
    do {
      switch response.body {
      case .bytes(let bytes):
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        if !bytes.isEmpty { channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes))), promise: nil) }
        try await channel.writeAndFlush(HTTPServerResponsePart.end(nil)).get()
      case .stream(let produce):
        try await channel.writeAndFlush(HTTPServerResponsePart.head(head)).get()
        try await produce(HTTPBodyWriter { bytes in
          try await channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes)))).get()
        })
        try await channel.writeAndFlush(HTTPServerResponsePart.end(nil)).get()
      }
      return true
    } catch {
      channel.close(promise: nil)
      return false
    }
  }

  private func isStream(_ response: HTTPResponse) -> Bool {
    if case .stream = response.body { true } else { false }
  }
}
