import Foundation
import Testing
import TrackerTestSupport

/// Where /proc is not mounted (a bare chroot, a minimal container) the Swift runtime cannot read
/// the command line from /proc/self/cmdline; `trackport` takes it from what the C library hands
/// its initialisers (CArguments), so every subcommand still runs. Simulated by hiding /proc
/// under an empty tmpfs in a mount namespace of its own (`unshare -m`, as root).
@Suite struct NoProcCommandTests {
  static var canHideProc: Bool { getuid() == 0 && CLI.tool("unshare") != nil }

  @Test(.enabled(if: canHideProc, "needs root and unshare"))
  func subcommandsRunWithoutProc() throws {
    let script = """
      mount -t tmpfs none /proc || exit 99
      [ ! -e /proc/self/cmdline ] || exit 98
      exec "$0" "$@"
      """
    let result = try CLI.run(["-m", "sh", "-c", script, CLI.binary, "validate", Repository.demoPath, "--today", "2026-11-22"],
                             executable: try #require(CLI.tool("unshare")))
    #expect(result.status == 0, "\(result.status): \(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("OVERVIEW"), "the root help instead of the subcommand: \(result.stdout)")
    #expect(result.stdout.contains("valid") || result.stderr.contains("valid"), "\(result.stdout)\(result.stderr)")
    // A misspelt subcommand still gets its suggestion there (the arguments reach the parser).
    let misspelt = try CLI.run(["-m", "sh", "-c", script, CLI.binary, "conver", "x"], executable: try #require(CLI.tool("unshare")))
    #expect(misspelt.status == 64 && misspelt.stderr.contains("convert"), "\(misspelt.stderr)")
  }
}
