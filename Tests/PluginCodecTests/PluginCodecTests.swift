import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

@Suite struct PluginCodecTests {
  @Test func describeRunsOnceAndDecodeReadsThePluginsCanonicalJSON() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    let counter = folder.url.appendingPathComponent("describes").path
    try folder.plugin("demo", describe: nil, body: "cat")
    // Count describes by wrapping the script: a second describe would append a second line.
    let path = folder.url.appendingPathComponent("trackport-codec-demo").path
    var script = try String(contentsOfFile: path, encoding: .utf8)
    script = script.replacingOccurrences(of: "if [ \"$1\" = describe ]; then\n", with: "if [ \"$1\" = describe ]; then\necho x >> '\(counter)'\n")
    try PluginFolder.writeScript(script, to: path)

    let codec = folder.codec("demo")
    #expect(codec.descriptor.id == "demo")
    #expect(codec.descriptor.name == "Test demo")
    let (dataset, diagnostics) = try decodeText(codec, canonicalJSON(records: 3))
    #expect(dataset.records.count == 3)
    #expect(diagnostics.isEmpty)
    _ = codec.descriptor
    #expect(try String(contentsOfFile: counter, encoding: .utf8) == "x\n")
  }

  @Test func lookingUpAFormatByIDRunsNoPlugin() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    let marker = folder.url.appendingPathComponent("described").path
    try folder.plugin("lazy", describe: PluginFolder.descriptor("lazy"))
    let path = folder.url.appendingPathComponent("trackport-codec-lazy").path
    let script = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "then\n", with: "then\ntouch '\(marker)'\n")
    try PluginFolder.writeScript(script, to: path)
    let registry = StandardCodecs.registry(plugins: [folder.codec("lazy")])
    #expect(try registry.codec(id: "csv").id == "csv")
    #expect(try registry.codec(id: "lazy").id == "lazy")
    #expect(!FileManager.default.fileExists(atPath: marker))
    _ = try registry.detect(CodecInput(.bytes(Array("x".utf8), name: "a.lazy")))
    #expect(FileManager.default.fileExists(atPath: marker))
  }

  @Test func aBigInputAndOutputStreamWithoutDeadlock() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("echo")
    let text = canonicalJSON(records: 60_000)
    #expect(text.utf8.count > 3_000_000)
    let (dataset, _) = try decodeText(folder.codec("echo"), text)
    #expect(dataset.records.count == 60_000)
  }

  @Test func theBytesFedToAPluginAreTheReadingProgress() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("echo")
    let text = canonicalJSON(records: 20_000)
    let meter = ProgressMeter()
    meter.begin("reading", subject: "in.test", totalBytes: text.utf8.count)
    var context = CodecContext(fileName: "in.test", options: [:])
    context.progress = meter
    _ = try folder.codec("echo").decode(CodecInput(.bytes(Array(text.utf8), name: "in.test")), context: &context)
    let read = meter.snapshot()
    #expect(read.bytes == text.utf8.count)  // every byte went in, told as it went
    #expect(read.items == 0)  // what a plugin makes of them is not counted
  }

  @Test func aSleepingPluginIsKilledAtTheTimeLimit() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("slow", body: "sleep 30")
    // 2 s: room for `describe` (under the same limit) on a busy machine, far below the sleep.
    let codec = folder.codec("slow", limits: PluginLimits(timeout: 2, maximumOutput: 1 << 20))
    _ = codec.descriptor
    let start = ContinuousClock.now
    let error = codecError { _ = try decodeText(codec, "{}") }
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(error?.kind == .pluginFailed)
    #expect(error?.message.contains("was stopped after 2 s") == true, "\(error?.message ?? "")")
    #expect(error?.note?.contains(folder.path) == true)
  }

  @Test func aChildLeftInTheBackgroundNeitherHoldsUpTheRunNorOutlivesIt() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    let script = folder.url.appendingPathComponent("trackport-codec-bg")
    try PluginFolder.writeScript("""
      #!/bin/sh
      sleep 30 &
      echo $! > '\(folder.path)/sleep-'"$1"
      if [ "$1" = describe ]; then
        echo '\(PluginFolder.descriptor("bg"))'
        exit 0
      fi
      cat

      """, to: script.path)
    let codec = folder.codec("bg", limits: PluginLimits(timeout: 20, maximumOutput: 1 << 20))
    let start = ContinuousClock.now
    #expect(codec.descriptor.summary == "", "\(codec.descriptor.summary)")
    let (dataset, _) = try decodeText(codec, canonicalJSON(records: 2))
    #expect(dataset.records.count == 2)
    #expect(ContinuousClock.now - start < .seconds(15))  // well under the background sleep's 30
    for command in ["describe", "decode"] {
      let text = try String(contentsOfFile: folder.path + "/sleep-" + command, encoding: .utf8)
      let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(waitUntilGone(pid), "the background sleep of \(command) is still running")
    }
  }

  @Test func aPluginThatReadsNoInputLeavesTheHostsSIGPIPEHandlingAlone() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    // It answers without reading its (large) input: the host's writes fail with EPIPE.
    let answer = canonicalJSON(records: 1).replacingOccurrences(of: "'", with: "")
    try folder.plugin("deaf", body: "echo '\(answer)'")
    var before = sigaction()
    sigaction(SIGPIPE, nil, &before)
    let (dataset, _) = try decodeText(folder.codec("deaf"), canonicalJSON(records: 20_000))
    #expect(dataset.records.count == 1)
    var after = sigaction()
    sigaction(SIGPIPE, nil, &after)
    #expect(handlerAddress(after) == handlerAddress(before))
    var blocked = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &blocked)
    #expect(sigismember(&blocked, SIGPIPE) == 0)
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGPIPE) == 0)
  }

  @Test func invalidCanonicalJSONIsAPluginFailureNamingThePlugin() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("bad", body: #"echo '{"trackport": 1, "trackers": ['"#)
    let error = codecError { _ = try decodeText(folder.codec("bad"), "x", name: "data.bad") }
    #expect(error?.kind == .pluginFailed)
    #expect(error?.message.contains("plugin 'bad' wrote invalid canonical JSON") == true)
    #expect(error?.location.file == "data.bad")
    #expect(error?.note?.contains("trackport-codec-bad") == true)
  }

  @Test func aFailingExitQuotesTheEndOfStandardError() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("fail", body: """
      echo 'Traceback (most recent call last):' >&2
      echo '{"severity": "error", "code": "demo-broke", "message": "cannot parse row 3"}' >&2
      echo 'ValueError: boom' >&2
      exit 3
      """)
    let error = codecError { _ = try decodeText(folder.codec("fail"), "x") }
    #expect(error?.kind == .pluginFailed)
    #expect(error?.message == "plugin 'fail' decode failed with exit status 3: cannot parse row 3")
    let note = error?.note ?? ""
    #expect(note.contains(folder.url.appendingPathComponent("trackport-codec-fail").path))
    #expect(note.contains("| ValueError: boom"))
    #expect(note.contains("| error: cannot parse row 3 [demo-broke]"))
  }

  @Test func exit65IsMalformedInputLocatedByThePluginsDiagnostic() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("strict", body: """
      echo '{"severity": "error", "code": "bad-row", "message": "row 4 has no date", "location": {"line": 4, "column": 2, "row": 4, "field": "date"}}' >&2
      exit 65
      """)
    let error = codecError { _ = try decodeText(folder.codec("strict"), "x", name: "in.strict") }
    #expect(error?.kind == .malformedInput)
    #expect(error?.message == "row 4 has no date")
    #expect(error?.location == SourceLocation(file: "in.strict", line: 4, column: 2, row: 4, field: "date"))
  }

  @Test func diagnosticsAndTextOnStandardErrorAreReportedOnSuccess() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("chatty", body: """
      echo '{"severity": "warning", "code": "odd-row", "message": "row 2 skipped", "location": {"row": 2, "field": "mood"}}' >&2
      echo 'just some text' >&2
      echo '{"severity": "loud", "code": "x", "message": "not a diagnostic"}' >&2
      echo "{\\"severity\\": \\"warning\\", \\"code\\": \\"args\\", \\"message\\": \\"$*\\"}" >&2
      cat
      """)
    var context = CodecContext(fileName: "in.chatty", options: ["b": "2", "a": "x y"])
    _ = try folder.codec("chatty").decode(CodecInput(.bytes(Array(canonicalJSON().utf8), name: "in.chatty")), context: &context)
    let found = context.diagnostics.map { [$0.code, $0.message] }
    #expect(found == [
      ["odd-row", "row 2 skipped"],
      ["args", "decode --option a=x y --option b=2"],
      ["plugin-stderr", "plugin 'chatty' said: just some text"],
      ["plugin-stderr", #"plugin 'chatty' said: {"severity": "loud", "code": "x", "message": "not a diagnostic"}"#],
    ])
    #expect(context.diagnostics[0].location == SourceLocation(file: "in.chatty", row: 2, field: "mood"))
  }

  @Test func tooMuchOutputStopsThePlugin() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("flood", body: "while :; do echo aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; done")
    let codec = folder.codec("flood", limits: PluginLimits(timeout: 20, maximumOutput: 10_000))
    let error = codecError { _ = try decodeText(codec, "x") }
    #expect(error?.kind == .pluginFailed)
    #expect(error?.message.contains("wrote more than 10000 bytes") == true)
  }

  @Test func aBrokenDescriptorIsListedNotFatal() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("wrong", describe: PluginFolder.descriptor("right"))
    let codec = folder.codec("wrong")
    #expect(codec.descriptor.id == "wrong")
    #expect(codec.descriptor.summary.hasPrefix("broken: id \"right\" does not match"))
    #expect(codec.descriptor.extensions.isEmpty)
    #expect(!codec.sniff(Array("anything".utf8)))
    let error = codecError { _ = try decodeText(codec, "x") }
    #expect(error?.kind == .pluginFailed)
    #expect(error?.message.contains("is broken") == true)

    try folder.plugin("crash", describe: "", body: "")
    let script = folder.url.appendingPathComponent("trackport-codec-crash")
    try PluginFolder.writeScript("#!/bin/sh\necho 'no describe here' >&2\nexit 2\n", to: script.path)
    #expect(folder.codec("crash").descriptor.summary.contains("describe failed with exit status 2"))
  }

  /// Tried as a new user would: a plugin that says why it cannot start and exits 3. Its own
  /// words reach `formats` (the last line) and the error naming it (the last lines, quoted).
  @Test func aFailingDescribeQuotesThePluginsStandardError() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("boom", describe: "", body: "")
    let script = folder.url.appendingPathComponent("trackport-codec-boom")
    try PluginFolder.writeScript("#!/bin/sh\necho 'starting up' >&2\necho 'boom: cannot read input' >&2\nexit 3\n", to: script.path)
    let codec = folder.codec("boom")
    guard case .failure(let problem) = codec.described else {
      Issue.record("describe should have failed")
      return
    }
    #expect(problem.reason == "describe failed with exit status 3")
    #expect(problem.standardError == ["starting up", "boom: cannot read input"])
    #expect(codec.descriptor.summary == "broken: describe failed with exit status 3 (it said: boom: cannot read input)")
    let error = codecError { _ = try decodeText(codec, "x") }
    #expect(error?.message == "plugin 'boom' is broken: describe failed with exit status 3")
    #expect(error?.note?.hasSuffix("its standard error ends with:\n    | starting up\n    | boom: cannot read input") == true,
            "\(String(describing: error?.note))")
  }

  @Test func encodeSendsCanonicalJSONAndWritesThePluginsOutput() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("upper", body: "tr a-z A-Z")
    var readContext = CodecContext(fileName: "in.trackport.json")
    let dataset = try JSONCodec().decode(CodecInput(.bytes(Array(canonicalJSON().utf8), name: "in")), context: &readContext)
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "out.upper")
    try folder.codec("upper").encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    let text = String(decoding: memory.bytes, as: UTF8.self)
    #expect(text.contains("\"TRACKPORT\": 1"))
    #expect(text.contains("\"NAME\": \"WALK\""))
  }

  /// A calendar server's password (`trackport calendar push` reads its input through plugins
  /// too) is not handed to plugins; their protocol version is.
  @Test func theCalendarPasswordStaysOutOfPluginsEnvironment() {
    let plugin = PluginCodec(name: "x", executable: "/bin/true",
                             environment: ["TRACKPORT_CALDAV_PASSWORD": "s3cret", "HOME": "/home/ann"])
    #expect(plugin.environment["TRACKPORT_CALDAV_PASSWORD"] == nil)
    #expect(plugin.environment["HOME"] == "/home/ann" && plugin.environment["TRACKPORT_PLUGIN_PROTOCOL"] == "1")
  }
}
