import Foundation
import JSONCodec
import TrackerCodec
import TrackerModel

/// A codec that is an executable, `trackport-codec-NAME`, speaking the plugin protocol of
/// `docs/plugins.md`: `describe`, `decode` and `encode`, canonical JSON on the model side.
///
/// The host trusts nothing the plugin says: the descriptor is checked
/// (``PluginDescriptor/parse(_:name:path:reservedEndings:)``), decoded output is read by the
/// real ``JSONCodec``, every command runs under ``PluginLimits``, and a failure becomes a
/// ``CodecError`` naming the plugin's path and quoting the end of its standard error.
///
/// `describe` runs lazily, at most once per process: only when something asks for the
/// instance's ``descriptor-property`` (listing formats, detecting a file's format, `--from NAME`).
public struct PluginCodec: TrackerCodec {
  /// A placeholder required by ``TrackerCodec``; every instance answers with its own
  /// ``descriptor-property``, from `describe`.
  public static let descriptor = CodecDescriptor(
    id: "plugin", name: "Executable codec plugin", summary: "A trackport-codec-NAME executable.",
    extensions: [], canRead: false, canWrite: false)

  /// The executable's name without `trackport-codec-`: the id the plugin must describe.
  public let name: String
  /// The plugin's id: its ``name``, known without running `describe`.
  public var id: String { name }
  /// The executable's path, as found (a search folder joined with the file name).
  public let executable: String
  /// The time limit and output cap of each command.
  public let limits: PluginLimits
  /// Endings built-in codecs claim: the plugin may claim them only by content.
  public let reservedEndings: Set<String>
  /// The environment the plugin runs with (the host's, plus `TRACKPORT_PLUGIN_PROTOCOL=1`).
  public let environment: [String: String]
  private let cache = DescribeCache()

  /// How many lines of a failing plugin's standard error an error quotes.
  public static let quotedLines = 10

  /// A plugin at `executable`; nothing runs until its descriptor is needed.
  public init(name: String, executable: String, limits: PluginLimits = .standard,
              reservedEndings: Set<String> = [],
              environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.name = name
    self.executable = executable
    self.limits = limits
    self.reservedEndings = reservedEndings
    var environment = environment
    environment["TRACKPORT_PLUGIN_PROTOCOL"] = "1"
    // A calendar server's password is never a plugin's business (`trackport calendar push`
    // reads its input through plugins too).
    environment["TRACKPORT_CALDAV_PASSWORD"] = nil
    self.environment = environment
  }

  /// The checked answer to `describe`, or why the plugin is broken. Runs `describe` the first
  /// time it is asked.
  public var described: Result<PluginDescriptor, PluginDescriptor.Problem> {
    cache.value {
      let outcome: (stdout: [UInt8], messages: PluginMessages)
      var tail: [String] = []
      do throws(CodecError) {
        outcome = try run("describe", [], input: UnsafeRawBufferPointer(start: nil, count: 0), file: executable,
                          maximumOutput: 1 << 20, failed: { tail = $0 })
      } catch {
        // "plugin 'x' describe failed …" is said where the plugin is already named.
        let prefix = "plugin '\(name)' "
        let reason = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        return .failure(PluginDescriptor.Problem(reason: reason, standardError: tail))
      }
      do {
        return .success(try PluginDescriptor.parse(String(decoding: outcome.stdout, as: UTF8.self), name: name,
                                                   path: executable, reservedEndings: reservedEndings))
      } catch let problem as PluginDescriptor.Problem {
        return .failure(problem)
      } catch {
        return .failure(PluginDescriptor.Problem(reason: ForeignError.words(error)))
      }
    }
  }

  /// From `describe`. A broken plugin answers with its name as id, no endings, and its reason
  /// as summary: it is never detected, and naming it with `--from`/`--to` gives the reason.
  public var descriptor: CodecDescriptor {
    switch described {
    case .success(let described): described.codec
    case .failure(let problem):
      CodecDescriptor(id: name, name: "trackport-codec-\(name)", summary: "broken: " + problem.summary,
                      extensions: [], origin: executable)
    }
  }

  /// Whether the head starts (after a UTF-8 byte order mark) with one of the plugin's
  /// `contentPrefixes`; no plugin process runs for this.
  public func sniff(_ head: [UInt8]) -> Bool {
    guard case .success(let described) = described else { return false }
    let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
    return described.contentPrefixes.contains { body.starts(with: Array($0.utf8)) }
  }

  /// Runs `decode` with the input on standard input and reads its standard output as canonical
  /// JSON. The plugin's diagnostic lines are reported (located in the input); other lines of
  /// its standard error as `plugin-stderr` warnings.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` when the plugin exits with 65 (located by its
  ///   first error diagnostic); `.pluginFailed` for a broken plugin, another failure exit, a
  ///   timeout, too much output, or output that is not canonical JSON; `.cannotReadInput`.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let file = context.fileName.isEmpty ? input.displayName : context.fileName
    try checkDescribed(file: file)
    let source = try input.bytes()
    let progress = context.progress
    let outcome = try source.withUnsafeBytes { bytes in
      try run("decode", optionArguments(context.options), input: bytes, file: file, maximumOutput: limits.maximumOutput,
              fed: progress.map { meter in { meter.reached(bytes: $0) } })
    }
    var inner = CodecContext(fileName: "output of trackport-codec-\(name)")
    let dataset: TrackerDataset
    do {
      dataset = try JSONCodec().decode(CodecInput(.bytes(outcome.stdout, name: inner.fileName)), context: &inner)
    } catch let error as CodecError {
      throw CodecError(.pluginFailed, "plugin '\(name)' wrote invalid canonical JSON: \(error.message)",
                       location: SourceLocation(file: file),
                       note: "at \(error.location.place) (docs/json-format.md)\n  plugin: \(executable)")
    }
    report(outcome.messages, to: &context)
    for var d in inner.diagnostics {
      d.location = SourceLocation(file: file, pointer: d.location.pointer)
      d.note = "in the canonical JSON plugin '\(name)' wrote"
      context.report(d)
    }
    return dataset
  }

  /// Writes the dataset as canonical JSON to the plugin's `encode` and its standard output to
  /// `output` (atomically, like every codec).
  ///
  /// - Throws: ``CodecError`` `.pluginFailed` for a broken plugin or a failing `encode`;
  ///   `.io` and `.cannotCreateOutput` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try checkDescribed(file: output.displayName)
    let canonical = MemoryOutput()
    var inner = CodecContext(fileName: output.displayName, options: context.options)
    try JSONCodec().encode(dataset, to: CodecOutput(.memory(canonical)), context: &inner)
    let outcome = try canonical.bytes.withUnsafeBytes { bytes in
      try run("encode", optionArguments(context.options), input: bytes, file: output.displayName,
              maximumOutput: limits.maximumOutput)
    }
    try output.write { $0.write(bytes: outcome.stdout) }
    report(outcome.messages, to: &context)
  }

  /// `--option KEY=VALUE` for each codec option, sorted by key.
  func optionArguments(_ options: [String: String]) -> [String] {
    options.sorted { $0.key < $1.key }.flatMap { ["--option", "\($0.key)=\($0.value)"] }
  }

  private func checkDescribed(file: String) throws {
    if case .failure(let problem) = described {
      throw CodecError(.pluginFailed, "plugin '\(name)' is broken: \(problem.reason)",
                       location: SourceLocation(file: file),
                       note: "plugin: \(executable)" + PluginCodec.quoting(problem.standardError))
    }
  }

  /// The lines of a note quoting the end of a plugin's standard error, or nothing.
  static func quoting(_ lines: [String]) -> String {
    lines.isEmpty ? "" : "\n  its standard error ends with:\n" + lines.map { "    | " + $0 }.joined(separator: "\n")
  }

  private func report(_ messages: PluginMessages, to context: inout CodecContext) {
    context.report(contentsOf: messages.diagnostics)
    for line in messages.text {
      context.report(Diagnostic(code: PluginHostCodes.stderr.code, severity: .warning,
                                message: "plugin '\(name)' said: \(line)"))
    }
  }

  /// Runs one command and turns every way it can fail into a ``CodecError`` about `file`.
  private func run(_ command: String, _ arguments: [String], input: UnsafeRawBufferPointer, file: String,
                   maximumOutput: Int, fed: ((Int) -> Void)? = nil,
                   failed: (([String]) -> Void)? = nil) throws(CodecError) -> (stdout: [UInt8], messages: PluginMessages) {
    let limits = PluginLimits(timeout: self.limits.timeout, maximumOutput: maximumOutput)
    let outcome: PluginProcess.Outcome
    do {
      outcome = try PluginProcess.run(executable, [command] + arguments, input: input,
                                      environment: environment, limits: limits, fed: fed)
    } catch {
      throw CodecError(.pluginFailed, "plugin '\(name)' cannot be run: \(error.message)",
                       location: SourceLocation(file: file), note: "plugin: \(executable)")
    }
    let messages = PluginMessages(outcome.stderr, file: file)
    if outcome.exitStatus == 0 && !outcome.timedOut && !outcome.outputTooLarge {
      return (outcome.stdout, messages)
    }
    let quoted = PluginMessages.tail(of: outcome.stderr, PluginCodec.quotedLines)
    failed?(quoted)
    let note = "plugin: \(executable) \(command)" + PluginCodec.quoting(quoted)
    let reason: String
    if outcome.timedOut {
      reason = "plugin '\(name)' \(command) was stopped after \(PluginCodec.seconds(limits.timeout)) (the time limit; TRACKPORT_PLUGIN_TIMEOUT or --plugin-timeout)"
    } else if outcome.outputTooLarge {
      reason = "plugin '\(name)' \(command) wrote more than \(limits.maximumOutput) bytes and was stopped (TRACKPORT_PLUGIN_MAX_OUTPUT)"
    } else if let signal = outcome.signal {
      reason = "plugin '\(name)' \(command) was killed by signal \(signal)"
    } else if outcome.exitStatus == 65, command == "decode" {
      // The protocol's "the input is malformed": the user's file is at fault, not the plugin.
      let first = messages.firstError
      throw CodecError(.malformedInput, first?.message ?? "plugin '\(name)' reports the input is malformed",
                       location: first?.location ?? SourceLocation(file: file), note: note)
    } else {
      reason = "plugin '\(name)' \(command) failed with exit status \(outcome.exitStatus.map(String.init) ?? "unknown")"
    }
    let detail = messages.firstError.map { ": " + $0.message } ?? ""
    throw CodecError(.pluginFailed, reason + detail, location: SourceLocation(file: file), note: note)
  }

  /// `60 s`, `0.5 s`.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

/// The one `describe` answer of a plugin instance, computed once and shared by its copies.
private final class DescribeCache: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Result<PluginDescriptor, PluginDescriptor.Problem>?

  func value(_ make: () -> Result<PluginDescriptor, PluginDescriptor.Problem>) -> Result<PluginDescriptor, PluginDescriptor.Problem> {
    lock.lock()
    defer { lock.unlock() }
    if let stored { return stored }
    let made = make()
    stored = made
    return made
  }
}
