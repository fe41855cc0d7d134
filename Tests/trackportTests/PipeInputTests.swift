import Foundation
import Testing
import TrackerTestSupport

/// A shell's process substitution (`<(git show main:file)`) is a pipe: every command reads it
/// once, so detecting its format and decoding it must share what was read.
@Suite struct PipeInputTests {
  static let bash = CLI.tool("bash")

  /// Runs `trackport ARGS` through bash, where `$IN` is `<(cat demo)`.
  static func throughPipe(_ arguments: String) throws -> CLI.Result {
    let shell: String = try #require(bash)
    return try CLI.run(["-c", "\"$0\" \(arguments.replacing("$IN", with: "<(cat \(CLI.demo))"))", CLI.binary],
                       executable: shell)
  }

  @Test(.enabled(if: bash != nil))
  func everyReadingCommandTakesAProcessSubstitution() throws {
    let stats = try Self.throughPipe("stats $IN")
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(stats.stdout.contains("Perfect days"), "\(stats.stdout)")

    let validate = try Self.throughPipe("validate $IN --today 2026-11-22")
    #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    #expect(validate.stdout.contains("valid (0 errors"), "\(validate.stdout)")

    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("copy.trackport.json").path
    let convert = try Self.throughPipe("convert $IN \(output) --quiet")
    #expect(convert.status == 0, "\(convert.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data(contentsOf: CLI.root.appendingPathComponent(CLI.demo)))
  }
}
