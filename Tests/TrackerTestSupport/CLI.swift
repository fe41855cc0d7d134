import Foundation

/// Runs the built `trackport` binary, as a user would, and captures what it prints; with
/// `executable:`, any other program (the oracles' runner is the same).
public enum CLI {
  /// What a finished process said: its exit status and both outputs as UTF-8 text.
  public struct Result: Sendable {
    /// The exit status (for a process killed by a signal, what Foundation reports).
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: String
    /// Everything written to standard error.
    public var stderr: String
  }

  /// The repository root (the folder holding Package.swift).
  public static var root: URL { Repository.root }

  /// `TRACKPORT_BIN`, or the `trackport` built beside the test bundle.
  public static var binary: String {
    if let path = ProcessInfo.processInfo.environment["TRACKPORT_BIN"] { return path }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle, bundle.deletingLastPathComponent(), bundle.deletingLastPathComponent().deletingLastPathComponent()] {
      let path = candidate.appendingPathComponent("trackport").path
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return root.appendingPathComponent(".build/debug/trackport").path
  }

  /// Runs `trackport args...` (or another `executable`) in the repository root, feeding
  /// `input` on standard input; `environment` entries are added to (or, when `nil`, removed
  /// from) the test's environment.
  public static func run(_ args: [String], input: Data? = nil, in directory: URL? = nil,
                  executable: String? = nil, environment: [String: String?] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable ?? binary)
    process.arguments = args
    if !environment.isEmpty {
      var merged = ProcessInfo.processInfo.environment
      for (key, value) in environment { merged[key] = value }
      process.environment = merged
    }
    process.currentDirectoryURL = directory ?? root
    let out = Pipe(), err = Pipe(), inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(input) }
    try inPipe.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot fill a pipe and stall.
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    let errHandle = err.fileHandleForReading
    DispatchQueue.global().async {
      errBox.data = errHandle.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                  stderr: String(decoding: errBox.data, as: UTF8.self))
  }

  /// A fresh temporary folder.
  public static func temporaryFolder() throws -> URL { try TrackerTestSupport.temporaryFolder("trackport-cli") }

  /// The first of `names` found on `PATH` (or given as an absolute path), for oracles and tools
  /// the tests run beside `trackport`.
  public static func tool(_ names: String...) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for name in names {
      if name.hasPrefix("/") { if FileManager.default.isExecutableFile(atPath: name) { return name } else { continue } }
      for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) { return folder + "/" + name }
    }
    return nil
  }

  /// The demo dataset, relative to the root (the working directory of ``run(_:input:in:executable:environment:)``).
  public static let demo = Repository.demo
}
