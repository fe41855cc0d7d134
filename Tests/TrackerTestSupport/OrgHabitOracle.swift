import Foundation
import Testing

/// Emacs' own org-habit, the independent oracle: `Tests/Oracles/org_habits.el` prints what
/// `org-habit-parse-todo` reads from each file, in ONE `emacs --batch -Q` for all of them.
/// `make test` installs Debian's `emacs-nox`; without an `emacs` the oracle tests are skipped
/// with a message, except under CI, where they fail. Used by `OrgCodecTests` and the Loop → org
/// migration test (`TrackerPortTests/CrossApp`).
public enum OrgHabitOracle {
  static let ci = ProcessInfo.processInfo.environment["CI"] != nil
  /// `TRACKPORT_EMACS`, else `emacs` on the PATH.
  public static let executable: String? = {
    if let path = ProcessInfo.processInfo.environment["TRACKPORT_EMACS"], !path.isEmpty { return path }
    return CLI.tool("emacs")
  }()
  /// Whether the oracle tests run: Emacs is there, or CI wants them to fail without it.
  public static let wanted = executable != nil || ci
  public static let missing = "emacs is a test dependency (Debian's emacs-nox: make test-deps); "
    + (ci ? "CI requires it" : "skipping the org-habit oracle")

  /// Why the oracle gave no answer.
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// One habit as org-habit parsed it, or the error it gave.
  public struct Habit: Equatable, CustomStringConvertible {
    public var line: Int
    /// `nil` when org-habit refused the habit.
    public var scheduled: String?
    public var type = "", days = 0
    public var maxDays: Int?
    /// Oldest first, as org-habit lists them (a day logged twice, twice).
    public var done: [String] = []
    public var error: String?

    public var description: String {
      error.map { "line \(line): error \($0)" }
        ?? "line \(line): \(scheduled ?? "-") \(type)\(days) /\(maxDays.map(String.init) ?? "-") [\(done.joined(separator: ","))]"
    }
  }

  /// Runs the oracle over `files`: each file's habits, in file order.
  public static func parse(_ files: [String]) throws -> [String: [Habit]] {
    guard let emacs = executable else { throw Failure(message: missing) }
    // Emacs may write caches into its working folder: run it in a folder of its own.
    let folder = try temporaryFolder("trackport-emacs")
    defer { removeFolder(folder) }
    let result = try CLI.run(["--batch", "-Q", "-l", Repository.path("Tests/Oracles/org_habits.el")] + files,
                             in: folder, executable: emacs, environment: ["HOME": folder.path])
    guard result.status == 0 else { throw Failure(message: "emacs failed (\(result.status)): \(result.stderr)") }
    var habits: [String: [Habit]] = [:]
    for line in result.stdout.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 4, let number = Int(fields[1]) else { continue }
      var habit = Habit(line: number)
      if fields[2] == "error" {
        habit.error = fields[3]
      } else if fields.count == 8 {
        habit.scheduled = fields[3]
        habit.type = fields[4]
        habit.days = Int(fields[5]) ?? -1
        habit.maxDays = Int(fields[6])
        habit.done = fields[7].split(separator: ",").map(String.init)
      }
      habits[fields[0], default: []].append(habit)
    }
    return habits
  }
}
