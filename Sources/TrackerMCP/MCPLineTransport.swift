import Foundation
import Logging
import MCP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// MCP's stdio transport with bounds: messages are read by ``MCPLineFramer`` on a thread of
/// their own (blocking reads, off the cooperative pool), a line past the limit is answered at
/// once with a JSON-RPC error (`-32600`) and skipped, and the end of input ends the stream (the
/// server then stops, and `trackport mcp` exits 0). Its logger logs nothing: what a message
/// holds never reaches standard error.
public actor MCPLineTransport: Transport {
  public nonisolated let logger = Logger(label: "trackport.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
  private let input: Int32
  private let output: MCPOutput
  private let maxBytes: Int
  private let stream: AsyncThrowingStream<Data, any Error>
  private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
  private var started = false
  private let answers = MCPAnswerCount()
  private let settleSeconds: Double

  /// A transport reading `input` and writing `output` (file descriptors), with messages of at
  /// most `maxBytes`; at the end of input it waits up to `settleSeconds` for the answers still
  /// due (``MCPAnswerCount``).
  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, maxBytes: Int, settleSeconds: Double = 70) {
    self.input = input
    self.settleSeconds = settleSeconds
    self.output = MCPOutput(output)
    self.maxBytes = maxBytes
    (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
  }

  public func connect() async throws {
    guard !started else { return }
    started = true
    let (input, output, maxBytes, continuation, answers, settle) = (self.input, self.output, self.maxBytes, self.continuation,
                                                                    self.answers, self.settleSeconds)
    let reader = Thread {
      var framer = MCPLineFramer(maxBytes: maxBytes)
      var buffer = [UInt8](repeating: 0, count: 65_536)
      func deliver(_ pieces: [MCPLineFramer.Piece]) {
        for piece in pieces {
          switch piece {
          case .message(let bytes):
            answers.received(bytes)
            continuation.yield(Data(bytes))
          case .oversized(let count): output.line(Data(Self.oversizedAnswer(count, limit: maxBytes).utf8))
          }
        }
      }
      while true {
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        deliver(framer.feed(buffer[0..<count]))
      }
      deliver(framer.finish())
      let deadline = Date().addingTimeInterval(settle)
      while !answers.settled && Date() < deadline { usleep(5_000) }
      continuation.finish()
    }
    reader.stackSize = 1 << 20
    reader.start()
  }

  public func disconnect() async {
    continuation.finish()
  }

  public func send(_ data: Data) async throws {
    output.line(data)
    answers.sent(data)
  }

  public nonisolated func receive() -> AsyncThrowingStream<Data, any Error> {
    stream
  }

  /// The error answer to a line of `count` bytes past `limit` (its id cannot be known).
  public static func oversizedAnswer(_ count: Int, limit: Int) -> String {
    "{\"error\":{\"code\":-32600,\"message\":\"the message is \(count) bytes, longer than this server reads (\(limit)); it was skipped\"},\"id\":null,\"jsonrpc\":\"2.0\"}"
  }
}

/// Standard output, one whole line at a time from any thread.
final class MCPOutput: @unchecked Sendable {
  private let fd: Int32
  private let lock = NSLock()

  init(_ fd: Int32) { self.fd = fd }

  /// Writes `data` and a line end; a closed output (the client went away) drops it.
  func line(_ data: Data) {
    var bytes = [UInt8](data)
    bytes.append(UInt8(ascii: "\n"))
    lock.withLock {
      var done = 0
      while done < bytes.count {
        let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        done += count
      }
    }
  }
}
