import Foundation

/// How many of the client's messages are still to be answered, so that the end of input ends
/// the session only once the answers to everything before it have been sent (the SDK's server
/// answers each request in a task of its own, and would otherwise stop before them).
///
/// A line is counted as awaiting an answer unless it is a notification (`method` without `id`)
/// or the client's answer to a request (no `method`); a batch counts once when it holds a
/// request, or is empty (both get one answer). Each answer sent (an object with `id` and
/// `result` or `error`, or an array) takes one off.
final class MCPAnswerCount: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = 0

  /// Notes a message received.
  func received(_ bytes: [UInt8]) {
    if Self.awaitsAnswer(bytes) { lock.withLock { pending += 1 } }
  }

  /// Notes a message sent.
  func sent(_ data: Data) {
    if Self.isAnswer(data) { lock.withLock { pending -= 1 } }
  }

  /// Whether every counted message has its answer.
  var settled: Bool { lock.withLock { pending <= 0 } }

  static func awaitsAnswer(_ bytes: [UInt8]) -> Bool {
    switch try? JSONSerialization.jsonObject(with: Data(bytes)) {
    case let object as [String: Any]:
      if object["method"] != nil { return object["id"] != nil }
      return object["result"] == nil && object["error"] == nil
    case let array as [Any]:
      return array.isEmpty || array.contains { item in
        guard let object = item as? [String: Any] else { return true }
        return object["method"] != nil && object["id"] != nil
      }
    default:
      return true
    }
  }

  static func isAnswer(_ data: Data) -> Bool {
    switch try? JSONSerialization.jsonObject(with: data) {
    case let object as [String: Any]: return object["method"] == nil && (object["result"] != nil || object["error"] != nil)
    case is [Any]: return true
    default: return false
    }
  }
}
