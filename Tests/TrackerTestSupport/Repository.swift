import Foundation

/// The checkout the tests run from: the folder holding Package.swift, and paths inside it.
public enum Repository {
  /// The repository root, found from this file's path (Tests/TrackerTestSupport/<file>), so
  /// that it holds wherever the checkout is and whatever the working directory.
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The absolute path of `relative`, a path inside the repository.
  public static func path(_ relative: String) -> String {
    root.appendingPathComponent(relative).path
  }

  /// The demo dataset every format's round-trip tests start from, relative to the root.
  public static let demo = "SampleData/demo.trackport.json"

  /// ``demo`` as an absolute path.
  public static var demoPath: String { path(demo) }
}
