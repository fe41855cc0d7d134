import Foundation
import TrackerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C, SIGTERM and SIGHUP in the middle of writing, for every kind of output: the tool
/// exits with the shell's status for the signal, says one line, and leaves nothing beside the
/// output or in `$TMPDIR`.
///
/// Each test waits until writing has really begun — the temporary beside the output (or Loop's
/// scratch folder in `$TMPDIR`, or the first bytes on standard output) exists — and only then
/// sends the signal, so what is tested is an interruption half-way, whatever the machine's speed.
@Suite(.serialized) struct InterruptionTests {
  /// About 200,000 records (16 MB of JSON): over a second to write in a debug build, so the
  /// signal, sent within milliseconds of the first temporary, always lands half-way; made once
  /// and kept in .build (ignored by git), not left in the temporary folder.
  static let big: String = {
    let folder = CLI.root.appendingPathComponent(".build/test-fixtures")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let input = folder.appendingPathComponent("interruption-400x1000.trackport.json").path
    if !FileManager.default.fileExists(atPath: input) {
      let made = try! CLI.run(["generate", "--trackers", "400", "--days", "1000", "--seed", "5", "-o", input, "--force"])
      precondition(made.status == 0, made.stderr)
    }
    return input
  }()

  struct Run {
    var status: Int32
    var stderr: String
    /// What is left in the output folder, hidden entries included.
    var leftInOutput: [String]
    /// What is left in the run's `$TMPDIR`.
    var leftInTemporary: [String]
  }

  /// Runs `trackport arguments...` in a fresh folder (the output folder) with a fresh
  /// `$TMPDIR`, standard output to `stdoutFile` (or /dev/null), waits until `begun` says writing
  /// has begun, sends `signal` and waits for the end.
  func interrupt(_ arguments: [String], with signal: Int32, stdoutFile: String? = nil,
                 prepare: (_ output: URL) throws -> Void = { _ in },
                 check: (_ output: URL) throws -> Void = { _ in },
                 begun: (_ output: URL, _ temporary: URL) -> Bool) throws -> Run {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out")
    let temporary = folder.appendingPathComponent("tmp")
    for url in [output, temporary] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    try prepare(output)
    let stdoutPath = stdoutFile.map { folder.appendingPathComponent($0).path } ?? "/dev/null"
    let stderrPath = folder.appendingPathComponent("stderr.txt").path
    let stdoutFD = open(stdoutPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    let stderrFD = open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    let stdinFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    let process = try SpawnedProcess(CLI.binary, arguments, in: output, environment: ["TMPDIR": temporary.path],
                                     stdin: stdinFD, stdout: stdoutFD, stderr: stderrFD)
    for fd in [stdoutFD, stderrFD, stdinFD] { close(fd) }
    let began = process.waitUntil(seconds: 120) { begun(output, temporary) }
    process.send(signal)
    let status = process.wait()
    let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    #expect(began, "writing never began: \(stderr)")
    try check(output)
    let list = { (url: URL) in ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
    return Run(status: status, stderr: stderr, leftInOutput: list(output), leftInTemporary: list(temporary))
  }

  /// Writing has begun when a temporary of the tool's shows up beside the output.
  static func temporaryBesideOutput(_ output: URL, _: URL) -> Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).contains { $0.contains(".trackport-") }
  }

  func expectNothingLeft(_ run: Run, status: Int32, line: String = "interrupted: nothing written") {
    #expect(run.status == status, "\(run.stderr)")
    #expect(run.stderr.hasSuffix(line + "\n"), "\(run.stderr)")
    #expect(run.leftInOutput.isEmpty, "left beside the output: \(run.leftInOutput)")
    #expect(run.leftInTemporary.isEmpty, "left in TMPDIR: \(run.leftInTemporary)")
  }

  @Test func aFileOutputInterruptedByCtrlC() throws {
    let run = try interrupt(["convert", InterruptionTests.big, "r.trackport.xml"], with: SIGINT,
                            begun: InterruptionTests.temporaryBesideOutput)
    expectNothingLeft(run, status: 130)
  }

  @Test func aZipPackageInterruptedBySIGTERM() throws {
    let run = try interrupt(["convert", InterruptionTests.big, "package.zip"], with: SIGTERM,
                            begun: InterruptionTests.temporaryBesideOutput)
    expectNothingLeft(run, status: 143)
  }

  @Test func aFolderPackageInterruptedBySIGHUP() throws {
    let run = try interrupt(["convert", InterruptionTests.big, "package", "--to", "csv"], with: SIGHUP,
                            begun: InterruptionTests.temporaryBesideOutput)
    expectNothingLeft(run, status: 129)
  }

  /// `--force` over an earlier package folder: interrupted while the new one is staged, the
  /// old package is still there, as it was, and nothing else is.
  @Test func replacingAPackageFolderInterrupted() throws {
    var before: [String: Data] = [:]
    let read = { (folder: URL) throws -> [String: Data] in
      var files: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
      }
      return files
    }
    let run = try interrupt(["convert", InterruptionTests.big, "package", "--to", "csv", "--force"], with: SIGINT,
                            prepare: { output in
                              let made = try CLI.run(["convert", CLI.root.appendingPathComponent(CLI.demo).path,
                                                      output.appendingPathComponent("package").path, "--to", "csv"])
                              #expect(made.status == 0, "\(made.stderr)")
                              before = try read(output.appendingPathComponent("package"))
                            },
                            check: { output in
                              #expect(try read(output.appendingPathComponent("package")) == before, "the old package is untouched")
                              try FileManager.default.removeItem(at: output.appendingPathComponent("package"))
                            },
                            begun: InterruptionTests.temporaryBesideOutput)
    #expect(!before.isEmpty)
    expectNothingLeft(run, status: 130)
  }

  @Test func aLoopBackupInterruptedWhileSQLiteBuildsIt() throws {
    // Loop's backup is built in a private folder in $TMPDIR before it is put beside the output.
    let run = try interrupt(["convert", InterruptionTests.big, "backup.db", "--quiet"], with: SIGINT) { _, temporary in
      ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).contains { $0.hasPrefix("trackport-loop-") }
    }
    expectNothingLeft(run, status: 130)
  }

  @Test func standardOutputInterrupted() throws {
    var stdoutPath = ""
    let run = try interrupt(["convert", InterruptionTests.big, "-", "--to", "xml"], with: SIGTERM, stdoutFile: "stdout.xml") { output, _ in
      stdoutPath = output.deletingLastPathComponent().appendingPathComponent("stdout.xml").path
      return ((try? FileManager.default.attributesOfItem(atPath: stdoutPath)[.size] as? Int) ?? 0) > 0
    }
    expectNothingLeft(run, status: 143, line: "interrupted: the output on standard output is incomplete")
  }

  @Test func generateInterrupted() throws {
    let run = try interrupt(["generate", "--trackers", "1000", "--days", "2000", "-o", "big.trackport.xml"], with: SIGINT,
                            begun: InterruptionTests.temporaryBesideOutput)
    expectNothingLeft(run, status: 130)
  }

  /// Output to a pipe nobody reads (a paused terminal, `| sleep 60`): the tool is blocked
  /// writing, and its one line could not be written either; Ctrl-C still ends it, at once.
  @Test func aFullPipeDoesNotHoldAnInterruptedRun() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = try SpawnedProcess(CLI.binary, ["convert", InterruptionTests.big, "-", "--to", "xml"], in: folder,
                                     stdin: open("/dev/null", O_RDONLY), stdout: fds[1], stderr: fds[1])
    close(fds[1])
    defer { close(fds[0]) }
    // Writing has begun, and stopped, once the pipe is full.
    let full = process.waitUntil(seconds: 120) {
      var available: Int32 = 0
      return ioctl(fds[0], UInt(FIONREAD), &available) == 0 && available >= 65_536
    }
    #expect(full)
    process.send(SIGINT)
    let ended = process.waitUntil(seconds: 10) { process.hasEnded }
    if !ended { process.send(SIGKILL) }
    #expect(ended, "an interrupted run blocked on a full pipe must still end")
    #expect(process.wait() == 130)
  }

  /// A signal the tool was started with ignored (as `nohup` ignores SIGHUP) stays ignored.
  @Test func anIgnoredSignalStaysIgnored() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.trackport.xml").path
    let quoted = [CLI.binary, "convert", InterruptionTests.big, output].map { "'" + $0 + "'" }.joined(separator: " ")
    // The shell ignores SIGHUP, then runs the tool, which inherits that; the signal is sent once
    // the temporary shows up, and the conversion must finish anyway.
    let process = try SpawnedProcess("/bin/sh", ["-c", "trap '' HUP; exec " + quoted], in: folder,
                                     stdin: open("/dev/null", O_RDONLY), stdout: 1, stderr: 2)
    let began = process.waitUntil(seconds: 120) { InterruptionTests.temporaryBesideOutput(folder, folder) }
    process.send(SIGHUP)
    #expect(began, "the signal must land while writing")
    #expect(process.wait() == 0)
    #expect(FileManager.default.fileExists(atPath: output))
  }

  /// Ctrl-C typed on a terminal while the progress line shows: the line is erased, then the
  /// one line is said.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"))
  func ctrlCOnATerminalErasesTheProgressLine() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("r.trackport.xml").path
    let quoted = [CLI.binary, "convert", InterruptionTests.big, output].map { "'" + $0 + "'" }.joined(separator: " ")
    var toScript: [Int32] = [0, 0]
    var fromScript: [Int32] = [0, 0]
    #expect(pipe(&toScript) == 0 && pipe(&fromScript) == 0)
    for fd in toScript + fromScript { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let process = try SpawnedProcess("/usr/bin/script", ["-qec", "stty cols 200 && " + quoted, "/dev/null"], in: folder,
                                     environment: ["TRACKPORT_PROGRESS_DELAY": "0", "TERM": "xterm"],
                                     stdin: toScript[0], stdout: fromScript[1], stderr: fromScript[1])
    close(toScript[0])
    close(fromScript[1])
    // Read the terminal on a thread of its own, so the pipe never fills.
    final class Screen: @unchecked Sendable { var data = Data() }
    let screen = Screen()
    let reader = fromScript[0]
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = read(reader, &buffer, buffer.count)
        if n <= 0 { break }
        screen.data.append(contentsOf: buffer[0..<n])
      }
      done.signal()
    }
    let began = process.waitUntil(seconds: 120) { InterruptionTests.temporaryBesideOutput(folder, folder) }
    var ctrlC: UInt8 = 3
    _ = write(toScript[1], &ctrlC, 1)
    let status = process.wait()
    close(toScript[1])
    done.wait()
    close(reader)
    let text = String(decoding: screen.data, as: UTF8.self)
    #expect(began, "\(text)")
    #expect(status == 130, "\(text.suffix(300))")
    #expect(text.contains("writing r.trackport.xml"), "\(text.suffix(300))")
    // The last progress frame is erased ("\r" + erase to end of line) before the message.
    let message = try #require(text.range(of: "interrupted: nothing written"), "\(text.suffix(300))")
    let before = text[..<message.lowerBound].replacingOccurrences(of: "^C", with: "")
    #expect(before.hasSuffix("\r\u{1B}[K") || before.hasSuffix("\r\u{1B}[K\r\n"), "\(before.suffix(200).debugDescription)")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.isEmpty, "left: \(left)")
  }
}
