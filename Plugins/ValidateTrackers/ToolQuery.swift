import Foundation

/// Runs the `trackport` tool and asks it what the plugin needs to know, so the plugin never
/// keeps its own copy of the tool's formats or options.
enum ToolQuery {
  struct Output {
    var status: Int32
    var stdout: Data
    /// The tool's standard error, as text without the final newline.
    var stderr: String
  }

  /// Runs `tool arguments` in `folder`, capturing its standard error. With
  /// `passingOutputThrough` the tool writes straight to the plugin's standard output (what
  /// `swift package` prints there: a report redirected to a file stays clean); otherwise its
  /// standard output is captured too.
  ///
  /// Standard error is captured because SwiftPM would print a plugin's standard error on its
  /// own standard output, in the middle of a SARIF or JUnit report; the caller passes it on as
  /// a diagnostic instead.
  static func run(_ tool: URL, _ arguments: [String], in folder: URL? = nil, passingOutputThrough: Bool = false) throws -> Output {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    let out = Pipe(), err = Pipe()
    if !passingOutputThrough { process.standardOutput = out }
    process.standardError = err
    try process.run()
    // Standard error on another thread, so neither pipe can fill up and stall the tool.
    final class Box: @unchecked Sendable { var data = Data() }
    let errors = Box()
    let group = DispatchGroup()
    let errorHandle = err.fileHandleForReading
    DispatchQueue.global().async(group: group) { errors.data = errorHandle.readDataToEndOfFile() }
    let data = passingOutputThrough ? Data() : out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    var stderr = String(decoding: errors.data, as: UTF8.self)
    while stderr.hasSuffix("\n") { stderr.removeLast() }
    return Output(status: process.terminationStatus, stdout: data, stderr: stderr)
  }

  /// The extensions built-in formats claim by name alone (`formats --json`, `extensions`).
  static func claimedExtensions(of tool: URL) throws -> [String] {
    let output = try run(tool, ["formats", "--json"])
    guard output.status == 0,
          let document = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any],
          let formats = document["formats"] as? [[String: Any]]
    else { throw ArgumentError("'trackport formats --json' gave no format list") }
    return formats.filter { $0["reads"] as? Bool == true }.flatMap { $0["extensions"] as? [String] ?? [] }
  }

  /// The long and short names of `validate`'s options that take a value (`--format`), from the
  /// tool's own description of its arguments (swift-argument-parser's help dump).
  static func valueOptions(of tool: URL) throws -> Set<String> {
    let output = try run(tool, ["validate", "--experimental-dump-help"])
    guard output.status == 0,
          let document = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any],
          let command = document["command"] as? [String: Any],
          let arguments = command["arguments"] as? [[String: Any]]
    else { throw ArgumentError("'trackport validate --experimental-dump-help' gave no argument list") }
    var names: Set<String> = []
    for argument in arguments where argument["kind"] as? String == "option" {
      for name in argument["names"] as? [[String: Any]] ?? [] {
        guard let kind = name["kind"] as? String, let text = name["name"] as? String else { continue }
        names.insert((kind == "long" ? "--" : "-") + text)
      }
    }
    return names
  }
}
