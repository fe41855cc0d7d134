import BoundedHTTP
import Foundation
import Testing

// docs/serve.md shows the lines from `struct Hello` to the end of `helloServer` (docs-check
// compares them): a service of its own on BoundedHTTP, as `trackport hub serve` has one.

/// Answers how many bytes it was sent, to a request with the bearer token only.
struct Hello: HTTPService {
  func respond(to request: HTTPRequest, body: HTTPRequestBody) async -> HTTPResponse {
    guard request.header("Authorization") == "Bearer secret" else { return HTTPResponse(status: 401) }
    let bytes = (try? await body.collect(upTo: 1 << 20)) ?? []
    return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], bytes: Array("got \(bytes.count) bytes\n".utf8))
  }
}

/// `Hello` on 127.0.0.1:`port`, four requests at once per client; `run()` serves until `stop()`.
func helloServer(port: Int) -> BoundedHTTPServer {
  BoundedHTTPServer(host: "127.0.0.1", port: port, limits: HTTPLimits(maxRequestsPerClient: 4), service: Hello())
}

@Suite struct BoundedHTTPExampleTests {
  @Test func theDocumentedServiceAnswersWithItsTokenOnly() async throws {
    let server = helloServer(port: 0)
    let running = Task { try await server.run() }
    try await server.waitUntilListening(timeout: 120)
    let port = try #require(server.port)
    let with = try RawConnection(port: port)
    with.send("POST / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer secret\r\nContent-Length: 5\r\n\r\nhello")
    let answer = await with.readAnswer(within: 120)
    #expect(answer.status == 200 && answer.body == "got 5 bytes\n", "\(answer)")
    let without = try RawConnection(port: port)
    without.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
    #expect(await without.readAnswer(within: 120).status == 401)
    await server.stop()
    _ = await running.result
  }
}
