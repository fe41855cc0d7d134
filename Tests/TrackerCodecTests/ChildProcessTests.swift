import Foundation
import Testing
@testable import TrackerCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the tool starts programs (plugins, serve's workers, the tests' CLI runs): the
/// group it starts them in, the signals and descriptors they get, and how an end is seen.
@Suite struct ChildProcessTests {
  /// Runs `executable arguments...` to its end with standard output into a file; its exit
  /// status and what it wrote. `prepare` runs just before the spawn (on the same thread).
  func run(_ executable: String, _ arguments: [String], group: ChildProcess.Group = .parent,
           closeOthers: Bool = false, prepare: () -> Void = {}) throws -> (status: Int32?, output: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
    defer { unlink(path) }
    let out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(null) }
    prepare()
    let pid = try ChildProcess.spawn(executable, arguments, environment: ["PATH": "/usr/bin:/bin"],
                                     stdin: null, stdout: out, stderr: null, group: group,
                                     closeOtherDescriptors: closeOthers)
    close(out)
    #expect(ChildProcess.waitForExit(pid, until: .now + .seconds(30)))
    let status = ChildProcess.exitStatus(pid)
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    return (status, try String(contentsOfFile: path, encoding: .utf8))
  }

  /// Starts `sleep 30` in `group`, asks `check` about it, and kills and reaps it.
  func withSleeper(_ group: ChildProcess.Group, _ check: (pid_t) -> Void) throws {
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(null) }
    let pid = try ChildProcess.spawn("/bin/sleep", ["30"], environment: [:], stdin: null, stdout: null, stderr: null,
                                     group: group)
    #expect(!ChildProcess.hasExited(pid))
    check(pid)
    kill(pid, SIGKILL)
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
  }

  @Test func theGroupIsTheOneAskedFor() throws {
    try withSleeper(.parent) { pid in
      #expect(getpgid(pid) == getpgrp())
      #expect(getsid(pid) == getsid(0))
    }
    try withSleeper(.newProcessGroup) { pid in
      #expect(getpgid(pid) == pid)
      #expect(getsid(pid) == getsid(0))
    }
    try withSleeper(.newSession) { pid in
      #expect(getsid(pid) == pid)
      #expect(getpgid(pid) == pid)
    }
  }

  @Test func theExitStatusIsReadWithoutReaping() throws {
    let ended = try run("/bin/sh", ["-c", "printf 'said'; exit 3"])
    #expect(ended.status == 3)
    #expect(ended.output == "said")
    let killed = try run("/bin/sh", ["-c", "kill -9 $$"])
    #expect(killed.status == nil)
  }

  #if os(Linux)
  /// SigBlk and SigIgn of the child's /proc/self/status, as numbers.
  func signalMasks(_ status: String) -> (blocked: UInt64, ignored: UInt64) {
    var masks: [String: UInt64] = [:]
    for line in status.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, parts[0] == "SigBlk" || parts[0] == "SigIgn" { masks[parts[0]] = UInt64(parts[1], radix: 16) }
    }
    return (masks["SigBlk"] ?? .max, masks["SigIgn"] ?? .max)
  }

  /// A host that blocks SIGPIPE on its thread (the plugin host does, while it feeds a plugin)
  /// starts children that neither block nor ignore it.
  @Test func theChildBlocksNoSignalAndHandlesSigpipeByDefault() throws {
    var sigpipe = sigset_t()
    sigemptyset(&sigpipe)
    sigaddset(&sigpipe, SIGPIPE)
    var previous = sigset_t()
    let child = try run("/bin/cat", ["/proc/self/status"], prepare: { pthread_sigmask(SIG_BLOCK, &sigpipe, &previous) })
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    let masks = signalMasks(child.output)
    #expect(masks.blocked == 0, "\(child.output)")
    #expect(masks.ignored & (1 << (UInt64(SIGPIPE) - 1)) == 0, "\(child.output)")
  }

  /// A descriptor opened without close-on-exec reaches the child unless it asks for the others
  /// closed (serve's workers must not hold the server's sockets).
  @Test func otherDescriptorsAreClosedWhenAsked() throws {
    // A number of its own (F_DUPFD sets no close-on-exec), above what ls opens itself.
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    let leaky = fcntl(null, F_DUPFD, 200)
    close(null)
    try #require(leaky >= 200)
    defer { close(leaky) }
    let inherited = try run("/bin/ls", ["/proc/self/fd"])
    #expect(inherited.output.split(separator: "\n").contains(Substring(String(leaky))), "\(inherited.output)")
    let closed = try run("/bin/ls", ["/proc/self/fd"], closeOthers: true)
    #expect(!closed.output.split(separator: "\n").contains(Substring(String(leaky))), "\(closed.output)")
    #expect(closed.output.split(separator: "\n").allSatisfy { (Int($0) ?? 99) < 10 }, "\(closed.output)")
  }
  #endif

  @Test func aProgramThatCannotStartIsNamed() throws {
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(null) }
    #expect {
      _ = try ChildProcess.spawn("/nonexistent/tool", [], environment: [:], stdin: null, stdout: null, stderr: null,
                                 group: .newProcessGroup)
    } throws: { error in
      guard let error = error as? ChildProcess.SpawnError else { return false }
      return error.code == ENOENT && error.message.hasPrefix("cannot run /nonexistent/tool: ")
    }
  }
}
