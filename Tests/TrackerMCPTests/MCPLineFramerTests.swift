import Testing
@testable import TrackerMCP

@Suite struct MCPLineFramerTests {
  @Test func messagesSplitAcrossChunksArriveWhole() {
    var framer = MCPLineFramer(maxBytes: 64)
    var pieces = framer.feed(Array("{\"a\":".utf8))
    #expect(pieces.isEmpty)
    pieces += framer.feed(Array("1}\r\n\n  \n{\"b\"".utf8))
    pieces += framer.feed(Array(":2}".utf8))
    pieces += framer.finish()
    #expect(pieces == [.message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":2}".utf8))])
  }

  @Test func anOversizedLineIsDroppedAsItComesAndTheNextOneIsKept() {
    var framer = MCPLineFramer(maxBytes: 8)
    var pieces: [MCPLineFramer.Piece] = []
    for _ in 0..<5 { pieces += framer.feed([UInt8](repeating: UInt8(ascii: "x"), count: 6)) }
    pieces += framer.feed(Array("\n{}\n".utf8))
    #expect(pieces == [.oversized(30), .message(Array("{}".utf8))])
  }

  @Test func aLineOfExactlyTheLimitIsKept() {
    var framer = MCPLineFramer(maxBytes: 4)
    #expect(framer.feed(Array("abcd\nabcde\n".utf8)) == [.message(Array("abcd".utf8)), .oversized(5)])
  }
}
