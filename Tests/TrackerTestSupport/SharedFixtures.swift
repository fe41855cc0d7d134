import Foundation

/// The fixtures of other projects in `../shared` (Loop's backups, Tickmate's databases, the
/// Core Data stores, csv-spectrum...), read in place and never copied into the repository.
///
/// One rule finds them: `TRACKPORT_SHARED_FIXTURES` names the `fixtures` folder; without it,
/// `../shared/fixtures` beside the repository. The Core Data stores are in its sibling folder
/// `coredata`. A clone elsewhere (a worktree one level deeper, say) sets the variable.
public enum SharedFixtures {
  /// The `fixtures` folder: `TRACKPORT_SHARED_FIXTURES` when set and not empty, else
  /// `../shared/fixtures` beside the repository.
  public static let folder: URL = {
    if let named = ProcessInfo.processInfo.environment["TRACKPORT_SHARED_FIXTURES"], !named.isEmpty {
      return URL(fileURLWithPath: named).standardizedFileURL
    }
    return Repository.root.appendingPathComponent("../shared/fixtures").standardizedFileURL
  }()

  /// The shared folder itself (the parent of ``folder``), holding `coredata/` and `docs/`.
  public static var sharedRoot: URL { folder.deletingLastPathComponent() }

  /// The absolute path of `relative` under the `fixtures` folder.
  public static func path(_ relative: String) -> String {
    folder.appendingPathComponent(relative).path
  }

  /// The absolute path of `relative` under the shared `coredata` folder.
  public static func coreData(_ relative: String) -> String {
    sharedRoot.appendingPathComponent("coredata").appendingPathComponent(relative).path
  }

  /// Whether the shared file at `path` is there, for `.enabled(if:)`. Always true under CI
  /// (`CI` set), so that a missing folder fails the tests there instead of skipping them.
  ///
  /// When it is missing, the test target calling this (named from `fileID`) is noted, and one
  /// line per target says so in the test output: a run without the fixtures is not mistaken
  /// for a run with them.
  public static func available(_ path: String, fileID: String = #fileID) -> Bool {
    if ProcessInfo.processInfo.environment["CI"] != nil { return true }
    if FileManager.default.fileExists(atPath: path) { return true }
    let suite = String(fileID.prefix { $0 != "/" })
    lock.lock()
    let first = missing.insert(suite).inserted
    lock.unlock()
    if first {
      let line = "note: \(suite) ran without the shared fixtures (\(path) is missing; "
        + "set TRACKPORT_SHARED_FIXTURES to the shared fixtures folder)\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
    return false
  }

  /// The test targets that found a shared fixture missing, each named once.
  public static var suitesWithout: Set<String> {
    lock.lock()
    defer { lock.unlock() }
    return missing
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var missing: Set<String> = []
}
