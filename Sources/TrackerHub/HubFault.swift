#if canImport(Glibc)
import Glibc
#endif

/// Points of a run where a test may stop the process dead (`kill -9`), to prove that the
/// history and the journal are always the before or the after: the environment variable
/// `TRACKPORT_HUB_KILL_AT` names one. Unset (always, outside tests), it costs one lookup.
enum HubFault: String, CaseIterable {
  /// After a source was opened, before its dataset is merged.
  case reading
  /// Between the merge and the commit.
  case merging
  /// The new history is on disk under its temporary name, not yet renamed into place.
  case writingHistory = "writing-history"
  /// The history is committed; the outputs are being written.
  case writingOutputs = "writing-outputs"
  /// A CalDAV output is about to be pushed.
  case pushing

  private static let chosen: HubFault? = getenv("TRACKPORT_HUB_KILL_AT").flatMap { HubFault(rawValue: String(cString: $0)) }

  /// Kills this process with SIGKILL when `point` is the one chosen.
  static func at(_ point: HubFault) {
    if chosen == point { kill(getpid(), SIGKILL) }
  }
}
