import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to a loopback port, for sending what no HTTP client sends (a
/// header too large, a body a byte at a time) and seeing what the server answers and when it
/// closes. Every read has a time limit, and waits on a Dispatch thread: a test that blocked the
/// cooperative pool would starve the server it talks to.
final class RawConnection: @unchecked Sendable {
  let fd: Int32

  /// Connects to 127.0.0.1:`port`.
  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      close(fd)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
    }
  }

  deinit { close(fd) }

  /// Sends `bytes`; false when the server has closed.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { return false }
      sent += n
    }
    return true
  }

  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// What the server sends until it closes, or until `seconds` pass; `closed` says which.
  func readToEnd(within seconds: Double) async -> (bytes: [UInt8], closed: Bool) {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: self.blockingReadToEnd(within: seconds)) }
    }
  }

  /// ``readToEnd(within:)`` on the calling thread.
  func blockingReadToEnd(within seconds: Double) -> (bytes: [UInt8], closed: Bool) {
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return (bytes, false) }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(max(1, left * 1000))) == 1 else { continue }
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { return (bytes, true) }
      bytes += buffer[0..<n]
    }
  }

  /// The first answer's status and body, read until the body's `Content-Length` has come (or
  /// `seconds` pass).
  func readAnswer(within seconds: Double) async -> (status: Int?, body: String) {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: self.blockingReadAnswer(within: seconds)) }
    }
  }

  /// ``readAnswer(within:)`` on the calling thread.
  func blockingReadAnswer(within seconds: Double) -> (status: Int?, body: String) {
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while deadline.timeIntervalSinceNow > 0 {
      if let answer = Self.parse(bytes) { return answer }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) == 1 else { continue }
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      bytes += buffer[0..<n]
    }
    return Self.parse(bytes) ?? (nil, String(decoding: bytes, as: UTF8.self))
  }

  static func parse(_ bytes: [UInt8]) -> (status: Int?, body: String)? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n") else { return nil }
    let head = text[..<end.lowerBound]
    let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    let body = String(text[end.upperBound...])
    guard body.utf8.count >= length else { return nil }
    return (status, body)
  }
}
