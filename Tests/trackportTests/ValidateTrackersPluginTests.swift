import Foundation
import TrackerTestSupport
import Testing

/// The SwiftPM command plugin, end to end: `Examples/dataset-repo` validated through
/// `swift package validate-trackers`, as a repository of datasets would run it in CI.
///
/// The example is copied to `.build/examples/` with its dependency pointed at this checkout,
/// so the tree stays clean, and it builds in `.build/examples/dataset-repo-build`, which is
/// kept: the first run builds `trackport` there (minutes on a loaded machine), later runs
/// take seconds. Needs `swift` on PATH (or TRACKPORT_SWIFT).
@Suite(.serialized) struct ValidateTrackersPluginTests {
  static let swift = ProcessInfo.processInfo.environment["TRACKPORT_SWIFT"] ?? CLI.tool("swift")
  static let examples = CLI.root.appendingPathComponent(".build/examples")

  /// A fresh copy of the example package whose dependency is this checkout.
  static func exampleCopy() throws -> URL {
    let copy = examples.appendingPathComponent("dataset-repo")
    try? FileManager.default.removeItem(at: copy)
    try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("Examples/dataset-repo"), to: copy)
    for leftover in [".build", ".swiftpm", "Package.resolved"] {
      try? FileManager.default.removeItem(at: copy.appendingPathComponent(leftover))
    }
    let manifest = copy.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    #expect(text.contains(#".package(path: "../..")"#))
    try Data(text.replacing(#".package(path: "../..")"#, with: ".package(path: \(String(reflecting: CLI.root.path)))").utf8).write(to: manifest)
    return copy
  }

  static func plugin(_ package: URL, _ args: [String]) throws -> (CLI.Result, Duration) {
    let clock = ContinuousClock()
    var result: CLI.Result?
    let elapsed = try clock.measure {
      result = try CLI.run(["package", "--package-path", package.path,
                            "--scratch-path", examples.appendingPathComponent("dataset-repo-build").path,
                            "validate-trackers"] + args,
                           executable: try #require(swift) as String)
    }
    let done = try #require(result)
    print("swift package validate-trackers \(args.joined(separator: " ")): exit \(done.status) in \(elapsed)")
    return (done, elapsed)
  }

  static func copyInvalid(_ name: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("SampleData/invalid/\(name)"), to: url)
  }

  @Test(.enabled(if: swift != nil, "swift is not on PATH"), .timeLimit(.minutes(20)))
  func theExampleRepositoryPassesAndABadDatasetFailsIt() throws {
    let package = try Self.exampleCopy()
    // Broken datasets where the plugin must not look: hidden folders and .build.
    try Self.copyInvalid("name-too-long.trackport.json", to: package.appendingPathComponent(".hidden/bad.trackport.json"))
    try Self.copyInvalid("name-too-long.trackport.json", to: package.appendingPathComponent(".build/bad.trackport.json"))

    let (good, _) = try Self.plugin(package, [])
    #expect(good.status == 0, "\(good.stdout)\n\(good.stderr)")
    #expect(good.stdout.contains("datasets/october-habits.trackport.json: valid (0 errors, 0 warnings)"))
    #expect(good.stdout.contains("datasets/reading-club.trackport.xml: valid (0 errors, 0 warnings)"))
    #expect(!good.stdout.contains("bad.trackport.json"))

    try Self.copyInvalid("name-too-long.trackport.json", to: package.appendingPathComponent("datasets/nested/bad.trackport.json"))
    let (bad, _) = try Self.plugin(package, [])
    #expect(bad.status != 0)
    #expect(bad.stdout.contains("datasets/nested/bad.trackport.json:17:15: error: tracker name is 40 characters; the app allows at most 38 [name-too-long]"),
            "\(bad.stdout)")
    #expect(bad.stdout.contains("datasets/october-habits.trackport.json: valid"))
    #expect(bad.stderr.contains("trackport validate failed with exit status 1 (3 file(s) checked)"), "\(bad.stderr)")

    // Paths and options are told apart and forwarded, with values in both spellings.
    let (github, _) = try Self.plugin(package, ["datasets/nested/bad.trackport.json", "--format", "github", "--today", "2026-11-22"])
    #expect(github.status != 0)
    #expect(github.stdout.contains("::error file=datasets/nested/bad.trackport.json,line=17,col=15,title=name-too-long::"), "\(github.stdout)")
    #expect(!github.stdout.contains("october-habits"))
    let (selected, _) = try Self.plugin(package, ["--select=color-invalid", "datasets/nested/bad.trackport.json"])
    #expect(selected.status == 0, "\(selected.stdout)\n\(selected.stderr)")

    let (dashed, _) = try Self.plugin(package, ["--strict", "--", "datasets/october-habits.trackport.json"])
    #expect(dashed.status == 0, "\(dashed.stdout)\n\(dashed.stderr)")
    #expect(dashed.stdout == "datasets/october-habits.trackport.json: valid (0 errors, 0 warnings)\n")

    let (misspelt, _) = try Self.plugin(package, ["--select", "name-to-long"])
    #expect(misspelt.status != 0)
    #expect(misspelt.stderr.contains("unknown code 'name-to-long'"), "\(misspelt.stderr)")
  }
}
