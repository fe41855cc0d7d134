import Testing
@testable import TrackerServe
import TrackerServeAPI

/// The frames the server and its workers exchange: what goes in comes out, and a frame that is
/// cut short, too long or of the other kind is refused whole.
@Suite struct WorkerMessageTests {
  @Test(arguments: [nil, "multipart/form-data; boundary=x"])
  func aRequestComesBackAsSent(_ contentType: String?) throws {
    let request = WorkerMessage.Request(method: "POST", path: "/api/convert", contentType: contentType,
                                        body: Array("--x\r\n\u{0}\u{FF}Домашний уют".utf8) + [0, 0xFF, 0xFE])
    let frame = WorkerMessage.encode(request)
    #expect(WorkerMessage.request(frame) == request)
    #expect(WorkerMessage.answer(frame) == nil, "a request is not an answer")
    for cut in [0, 3, 4, 7, frame.count - 1] {
      #expect(WorkerMessage.request(Array(frame[0..<cut])) == nil, "cut at \(cut)")
    }
    #expect(WorkerMessage.request(frame + [0]) == nil, "a byte after the frame")
  }

  @Test func anAnswerComesBackAsSent() throws {
    let response = ServeResponse(status: 422, headers: [("Content-Type", "application/json"), ("X-Trackport-Report", "{\"losses\": 0}")],
                                 body: Array("{\"error\": {}}\n".utf8))
    let frame = WorkerMessage.encode(response)
    let back = try #require(WorkerMessage.answer(frame))
    #expect(back.status == 422)
    #expect(back.headers.map { [$0.0, $0.1] } == response.headers.map { [$0.0, $0.1] })
    #expect(back.body == response.body)
    #expect(WorkerMessage.answer(Array(frame.dropLast())) == nil)
    #expect(WorkerMessage.request(frame) == nil, "an answer is not a request")
    let empty = WorkerMessage.encode(ServeResponse(status: 200, headers: [], body: []))
    #expect(WorkerMessage.answer(empty)?.body == [])
  }

  @Test(arguments: [99, 600])
  func anAnswerWithAnImpossibleStatusIsRefused(_ status: Int) {
    #expect(WorkerMessage.answer(WorkerMessage.encode(ServeResponse(status: status, headers: [], body: []))) == nil)
  }
}
