import Foundation
import TrackerPort
import TrackerTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tiny shell-script plugins in a fresh temporary folder.
struct PluginFolder {
  let url: URL
  var path: String { url.path }

  init() throws {
    url = try temporaryFolder("trackport-plugins")
  }

  /// Deletes the folder and everything in it (each test does, in a `defer`).
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// A valid descriptor for `name`, with extra members spliced in.
  static func descriptor(_ name: String, _ extra: String = "") -> String {
    #"{"id": "\#(name)", "name": "Test \#(name)", "version": "0.1", "extensions": ["\#(name)"], "reads": true, "writes": true\#(extra)}"#
  }

  /// Writes an executable `trackport-codec-NAME` whose `describe` prints `describe` and whose
  /// other commands run `body` (a shell fragment; `$1` is the command).
  @discardableResult
  func plugin(_ name: String, describe: String? = nil, body: String = "cat", executable: Bool = true) throws -> String {
    let path = url.appendingPathComponent(PluginDiscovery.prefix + name).path
    let script = """
      #!/bin/sh
      if [ "$1" = describe ]; then
      cat <<'JSON'
      \(describe ?? PluginFolder.descriptor(name))
      JSON
      exit 0
      fi
      \(body)

      """
    try PluginFolder.writeScript(script, to: path, mode: executable ? 0o755 : 0o644)
    return path
  }

  /// Writes a script through a close-on-exec descriptor (``TrackerTestSupport/writeScript(_:to:mode:)``).
  static func writeScript(_ text: String, to path: String, mode: mode_t = 0o755) throws {
    try TrackerTestSupport.writeScript(text, to: path, mode: mode)
  }

  /// A plugin codec for the script at `path`.
  func codec(_ name: String, limits: PluginLimits = .standard, reserved: Set<String> = []) -> PluginCodec {
    PluginCodec(name: name, executable: url.appendingPathComponent(PluginDiscovery.prefix + name).path,
                limits: limits, reservedEndings: reserved)
  }
}

/// A minimal canonical dataset with `records` completions of one habit.
func canonicalJSON(records: Int = 1) -> String {
  var text = ##"{"trackport": 1, "categories": [{"id": "c", "title": "C"}], "trackers": [{"id": "t", "kind": "habit", "name": "Walk", "categoryId": "c", "emoji": "🙂", "color": "#FD4C49", "schedule": ["mon","tue","wed","thu","fri","sat","sun"]}], "records": ["##
  var day = 0
  text += (0..<records).map { _ in
    day += 1
    let year = 2000 + day / 366, ordinal = day % 366
    let month = ordinal / 29 % 12 + 1, date = ordinal % 28 + 1
    return #"{"trackerId": "t", "date": "\#(year)-\#(month < 10 ? "0" : "")\#(month)-\#(date < 10 ? "0" : "")\#(date)", "extras": {"n": \#(day)}}"#
  }.joined(separator: ",\n")
  return text + "], \"tasks\": []}\n"
}

/// Decodes `text` with `codec`, as a file named `name`.
func decodeText(_ codec: PluginCodec, _ text: String, name: String = "in.test") throws -> (dataset: TrackerDataset, diagnostics: [Diagnostic]) {
  var context = CodecContext(fileName: name, options: [:])
  let dataset = try codec.decode(CodecInput(.bytes(Array(text.utf8), name: name)), context: &context)
  return (dataset, context.diagnostics)
}

/// Whether process `pid` is gone (or a zombie) within a few seconds.
func waitUntilGone(_ pid: pid_t) -> Bool {
  for _ in 0..<100 {
    #if os(Linux)
    // An orphan may stay a zombie when nothing reaps it (a container without init): it counts.
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { return true }
    #else
    if kill(pid, 0) != 0 && errno == ESRCH { return true }
    #endif
    usleep(50_000)
  }
  return false
}

/// A signal disposition's handler, comparable.
func handlerAddress(_ action: sigaction) -> UInt {
  #if os(Linux)
  unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
  #else
  unsafeBitCast(action.__sigaction_u.__sa_handler, to: UInt.self)
  #endif
}
