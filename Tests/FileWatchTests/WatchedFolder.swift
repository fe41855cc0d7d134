import Foundation
import XCTest

/// A fresh folder under the system's temporary folder, and the file operations the tests
/// play as a sync tool would (written in pieces, renamed, removed).
final class WatchedFolder: Sendable {
  let path: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/filewatch.XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EEXIST) }
    path = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func at(_ relative: String) -> String { path + "/" + relative }

  func write(_ relative: String, _ text: String = "{}") throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: at(relative)))
  }

  func makeFolder(_ relative: String) throws {
    try FileManager.default.createDirectory(atPath: at(relative), withIntermediateDirectories: true)
  }

  func remove(_ relative: String) throws { try FileManager.default.removeItem(atPath: at(relative)) }

  func rename(_ from: String, _ to: String) throws {
    guard Foundation.rename(at(from), at(to)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }
}

/// A value set on one thread and read on another.
final class Shared<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// Seconds on a clock no wall-clock change moves.
func uptime() -> Double { ProcessInfo.processInfo.systemUptime }
