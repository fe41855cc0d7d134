import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tests/Oracles/caldav_faults.py on a free loopback port: an HTTP server that misbehaves as
/// `mode` says (`redirect`, `status:NNN`, `put-status:NNN`, `hang`, `www-auth`; the script's
/// docstring has the details), logging one `REQUEST METHOD PATH authorization=yes|no body=N`
/// line per request. Killed when released.
public final class CalDAVFaultServer {
  public struct NoPort: Error, CustomStringConvertible { public let description: String }

  public let port: Int
  /// `http://127.0.0.1:PORT`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }
  let process: SpawnedProcess
  let logFile: URL

  /// Starts the server in `mode` with its files in `folder`; `extra` goes to the script
  /// (`--location URL`).
  public init(_ mode: String, in folder: URL, _ extra: [String] = []) throws {
    let python = try #require(Python.executable)
    let name = UUID().uuidString
    let portFile = folder.appendingPathComponent("port-" + name)
    logFile = folder.appendingPathComponent("log-" + name)
    let input = open("/dev/null", O_RDONLY | O_CLOEXEC), output = open(logFile.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    defer { close(input); close(output) }
    process = try SpawnedProcess(python, [Python.oracle("caldav_faults.py"), "--port-file", portFile.path, "--mode", mode] + extra,
                                 in: folder, stdin: input, stdout: output, stderr: output)
    guard process.waitUntil(seconds: 10, { FileManager.default.fileExists(atPath: portFile.path) }),
          let port = Int((try? String(contentsOf: portFile, encoding: .utf8)) ?? "") else {
      process.send(SIGKILL)
      _ = process.wait()
      throw NoPort(description: "caldav_faults.py --mode \(mode) wrote no port: \((try? String(contentsOf: logFile, encoding: .utf8)) ?? "")")
    }
    self.port = port
  }

  /// What the server logged so far.
  public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

  deinit {
    process.send(SIGKILL)
    _ = process.wait()
  }
}
