import Foundation
import TrackerPort

/// "1 error", "2 errors": English counts for summaries.
func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

