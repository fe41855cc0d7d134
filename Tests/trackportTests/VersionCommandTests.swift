import Foundation
import TrackerTestSupport
import Testing

/// `trackport --version`, and the one place its version comes from: git's release tags, read
/// by scripts/version (which Plugins/BuildInfo runs before each build).
@Suite struct VersionCommandTests {
  @Test func versionIsTheReleaseTagAndTheCommit() throws {
    let printed = try CLI.run(["--version"])
    #expect(printed.status == 0)
    let version = try CLI.run(["scripts/version"], executable: "/bin/sh")
    let commit = try CLI.run(["scripts/version", "--commit"], executable: "/bin/sh")
    #expect(version.status == 0 && commit.status == 0)
    let expected = "\(version.stdout.trimmingCharacters(in: .newlines)) (commit \(commit.stdout.trimmingCharacters(in: .newlines)))"
    #expect(printed.stdout.trimmingCharacters(in: .newlines) == expected)
    #expect(commit.stdout.count == 41, "a full commit id: \(commit.stdout)")
  }

  /// The script's reading of tags, in a repository of its own: a release tag is the version,
  /// commits after it are counted, other tags are passed over, changed files say so.
  @Test func scriptReadsReleaseTags() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = CLI.root.appendingPathComponent("scripts/version").path
    func git(_ arguments: String...) throws {
      let result = try CLI.run(["-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.org"] + arguments, executable: "/usr/bin/git")
      #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    }
    func version() throws -> String {
      try CLI.run([script, folder.path], executable: "/bin/sh").stdout.trimmingCharacters(in: .newlines)
    }
    func head() throws -> String {
      try CLI.run(["-C", folder.path, "rev-parse", "--short=7", "HEAD"], executable: "/usr/bin/git").stdout.trimmingCharacters(in: .newlines)
    }
    try git("init", "-q")
    try Data("a".utf8).write(to: folder.appendingPathComponent("file"))
    try git("add", "file")
    try git("commit", "-qm", "one")
    #expect(try version() == "0.0.0+1.g\(try head())")
    try git("tag", "v1.2.3")
    try git("tag", "nightly")
    #expect(try version() == "1.2.3")
    try git("commit", "-qm", "two", "--allow-empty")
    try git("tag", "v2.0.0-not-a-release")
    #expect(try version() == "1.2.3+1.g\(try head())")
    try Data("b".utf8).write(to: folder.appendingPathComponent("file"))
    #expect(try version() == "1.2.3+1.g\(try head()).dirty")
    try git("commit", "-qam", "three")
    try git("tag", "-a", "v1.3.0", "-m", "release")
    #expect(try version() == "1.3.0")
  }
}
