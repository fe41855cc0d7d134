import Foundation
import JSONCodec
import TrackerCodec
import TrackerMCP
import TrackerModel
import TrackerServeAPI

#if canImport(Glibc)
import Glibc
#endif

/// `trackport mcp`'s message handling under fuzzing: the input is what a client writes on the
/// server's standard input, read by the real transport (``MCPLineTransport``: the line framer,
/// the oversized-line answer, the end of input) and dispatched by the real server
/// (``TrackerMCPServer`` on the SDK, its tools over a small dataset, files readable in the
/// scratch folder). The harness `mcp` of `Fuzz/harnesses.tsv` names it by the reader column
/// `mcp-messages`; its option `max-message-bytes` sets the transport's line limit (small, so
/// that libFuzzer's inputs reach it).
///
/// A finding is a server that does not end at the end of input, an answer line that is not a
/// JSON-RPC 2.0 object, a request (a line with `method` and a string or whole-number `id`) left
/// without an answer carrying its `id`, or fewer error answers with a null `id` than the input
/// had lines past the limit and lines that are not JSON (each must get one; the SDK gives such
/// an answer an id of its own making instead of null, which is counted as null).
public struct FuzzMCPMessages: FuzzCheck {
  /// The reader column of the harness list that names this check.
  public static let reader = "mcp-messages"

  /// The transport's line limit.
  public let maxMessageBytes: Int
  private let server: TrackerMCPServer

  /// A server over a dataset written in `scratch` (which is also its one readable folder),
  /// with lines of at most `maxMessageBytes`.
  public init(scratch: String, maxMessageBytes: Int = 1024) throws {
    self.maxMessageBytes = maxMessageBytes
    let path = (scratch as NSString).appendingPathComponent("habits.trackport.json")
    if !FileManager.default.fileExists(atPath: path) {
      var context = CodecContext(fileName: path)
      try JSONCodec().encode(Self.dataset, to: CodecOutput(path: path, overwrite: true), context: &context)
    }
    let limits = MCPLimits(maxMessageBytes: maxMessageBytes, maxPageBytes: 4 << 10, defaultPageItems: 5, maxPageItems: 20,
                           maxResourceBytes: 64 << 10)
    let catalog = MCPDatasetCatalog(sources: MCPDatasetSource.named([(path, path, false)]),
                                    reading: .inProcess(ServeAPI(limits: limits.reading)))
    let folders: MCPFolders
    do { folders = try MCPFolders(allowRead: [scratch], allowWrite: nil) } catch { throw FuzzFinding(step: "setup", problem: error.description) }
    server = TrackerMCPServer(toolbox: MCPToolbox(catalog: catalog, folders: folders, limits: limits,
                                                  today: LocalDate(year: 2026, month: 3, day: 10)),
                              version: "fuzz")
  }

  /// Two habits over ten days and a dated event.
  static var dataset: TrackerDataset {
    let first = LocalDate(year: 2026, month: 3, day: 1)!
    let trackers = [
      Tracker(id: "h1", kind: .habit, name: "Read", categoryId: "c", emoji: "📚", color: "#33CF69", schedule: Weekday.allCases, createdOn: first),
      Tracker(id: "h2", kind: .habit, name: "Run", categoryId: "c", emoji: nil, color: nil, schedule: [.mon, .wed, .fri]),
      Tracker(id: "e1", kind: .event, name: "Doctor", categoryId: "c", emoji: nil, color: nil, schedule: [], date: first.adding(days: 4)),
    ]
    let records = (0..<10).map { TrackerRecord(trackerId: $0 % 3 == 0 ? "h2" : "h1", date: first.adding(days: $0)) }
    return TrackerDataset(categories: [TrackerCategory(id: "c", title: "Health")], trackers: trackers, records: records)
  }

  public func check(_ bytes: [UInt8]) -> FuzzFinding? {
    let answers: [UInt8]
    switch serve(bytes) {
    case .failure(let finding): return finding
    case .success(let output): answers = output
    }
    var expectedIDs: Set<String> = []
    var sentIDs: Set<String> = []
    var expectedNullErrors = 0
    var framer = MCPLineFramer(maxBytes: maxMessageBytes)
    for piece in framer.feed(bytes) + framer.finish() {
      switch piece {
      case .oversized: expectedNullErrors += 1
      case .message(let line):
        guard let message = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]) else {
          expectedNullErrors += 1
          continue
        }
        if let id = Probe.of(line)?.id { sentIDs.insert(id) }
        if message is [String: Any], let probe = Probe.of(line), probe.method != nil, let id = probe.id { expectedIDs.insert(id) }
      }
    }
    var answeredIDs: Set<String> = []
    var errors: [String?] = []
    for line in answers.split(separator: UInt8(ascii: "\n")) {
      guard let message = try? JSONSerialization.jsonObject(with: Data(line)) else {
        return FuzzFinding(step: "answer", problem: "a line of the output is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
      }
      for item in (message as? [Any] ?? [message]) {
        guard let object = item as? [String: Any], object["jsonrpc"] as? String == "2.0" else {
          return FuzzFinding(step: "answer", problem: "an answer is not a JSON-RPC 2.0 object: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        if object["method"] != nil { continue }
        guard (object["result"] != nil) != (object["error"] != nil) else {
          return FuzzFinding(step: "answer", problem: "an answer has not exactly one of result and error: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        if let id = (try? JSONSerialization.data(withJSONObject: object)).flatMap(Probe.of)?.id { answeredIDs.insert(id) }
        if object["error"] != nil { errors.append(object["id"] == nil || object["id"] is NSNull ? nil : (try? JSONSerialization.data(withJSONObject: object)).flatMap(Probe.of)?.id) }
      }
    }
    // The SDK (0.12.1) answers a line it cannot decode with an id of its own making (a UUID), not
    // null as JSON-RPC 2.0 asks: an error answer whose id no request of the input had counts too.
    let nullErrors = errors.filter { $0 == nil || !sentIDs.contains($0!) }.count
    if let missing = expectedIDs.subtracting(answeredIDs).sorted().first {
      return FuzzFinding(step: "dispatch", problem: "the request with id \(missing) got no answer")
    }
    guard nullErrors >= expectedNullErrors else {
      return FuzzFinding(step: "dispatch", problem: "\(expectedNullErrors) lines past the limit or not JSON, but \(nullErrors) error answers without an id")
    }
    return nil
  }

  /// A message's `method` and `id` as the SDK decodes them (JSONDecoder): an id is a string or
  /// a whole number, anything else is none.
  struct Probe: Decodable {
    var method: String?
    var id: String?

    enum Keys: String, CodingKey { case method, id }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      method = try? container.decodeIfPresent(String.self, forKey: .method)
      if let text = try? container.decode(String.self, forKey: .id) { id = "s:" + text }
      else if let number = try? container.decode(Int.self, forKey: .id) { id = "n:\(number)" }
    }

    static func of(_ bytes: some Collection<UInt8>) -> Probe? {
      try? JSONDecoder().decode(Probe.self, from: Data(bytes))
    }
  }

  /// Everything the server writes when `input` is its whole standard input, or the finding that
  /// it did not end.
  func serve(_ input: [UInt8]) -> Result<[UInt8], FuzzFinding> {
    var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0]
    guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { return .failure(FuzzFinding(step: "setup", problem: "no pipe: errno \(errno)")) }
    let (inRead, inWrite, outRead, outWrite) = (inPipe[0], inPipe[1], outPipe[0], outPipe[1])
    let writer = Thread {
      var done = 0
      while done < input.count {
        let count = input.withUnsafeBytes { write(inWrite, $0.baseAddress! + done, $0.count - done) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        done += count
      }
      close(inWrite)
    }
    let output = FuzzBytes()
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(outRead, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        output.append(buffer[0..<count])
      }
      output.finish()
    }
    writer.start()
    reader.start()
    let ended = DispatchSemaphore(value: 0)
    let server = self.server
    let transport = MCPLineTransport(input: inRead, output: outWrite, maxBytes: maxMessageBytes, settleSeconds: 20)
    Task {
      try? await server.run(on: transport)
      ended.signal()
    }
    guard ended.wait(timeout: .now() + 40) == .success else {
      return .failure(FuzzFinding(step: "end of input", problem: "the server had not ended 40 s after its input ended"))
    }
    close(outWrite)
    output.wait()
    close(outRead)
    close(inRead)
    return .success(output.bytes)
  }
}

/// Bytes gathered on one thread and read on another once it is done.
private final class FuzzBytes: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var gathered: [UInt8] = []

  func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { gathered += chunk } }
  func finish() { done.signal() }
  func wait() { done.wait() }
  var bytes: [UInt8] { lock.withLock { gathered } }
}
