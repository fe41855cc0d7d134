import Foundation
import TrackerTestSupport
import Testing

/// The SwiftPM command plugin, end to end, as a repository of datasets runs it in CI:
/// `swift package validate-trackers`.
///
/// Both tests run SwiftPM in the build folder the tests were built in, so it finds the
/// `trackport` this test run already built (the compile commands of TrackerPort's modules are
/// the same whether TrackerPort is the root package or a dependency) and each run takes seconds
/// instead of a second build of the whole tool:
/// - on this package itself: the plugin's forwarding of paths, options and exit statuses;
/// - on a copy of `Examples/dataset-repo`, a package that depends on TrackerPort: a dependent
///   package gets the plugin, and dataset discovery skips hidden folders and `.build`.
/// Needs `swift` on PATH (or TRACKPORT_SWIFT), and the flags of the build beyond its
/// configuration in TRACKPORT_SWIFT_FLAGS when there are any (make test passes them).
@Suite(.serialized) struct ValidateTrackersPluginTests {
  static let swift = ProcessInfo.processInfo.environment["TRACKPORT_SWIFT"] ?? CLI.tool("swift")
  /// The build flags the tests were built with beyond the configuration (make test under CI:
  /// `-Xswiftc -gnone`), which SwiftPM must be given again to find that build up to date.
  static let buildFlags = (ProcessInfo.processInfo.environment["TRACKPORT_SWIFT_FLAGS"] ?? "")
    .split(separator: " ").map(String.init)
  static let examples = CLI.root.appendingPathComponent(".build/examples")

  /// The build folder this test run was built in (`.build`, or another `--scratch-path`): the
  /// test bundle lives in `SCRATCH/TRIPLE/debug/`.
  static var scratch: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

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

  /// `swift package validate-trackers args...` on `package`, in the test run's build folder,
  /// which `swift test` holds locked while the tests run (hence `--ignore-lock`): the tool is
  /// up to date there, so SwiftPM builds nothing, which the tests check.
  static func plugin(_ package: URL, _ args: [String]) throws -> (CLI.Result, Duration) {
    let clock = ContinuousClock()
    var result: CLI.Result?
    let elapsed = try clock.measure {
      result = try CLI.run(["package"] + buildFlags + ["--package-path", package.path, "--scratch-path", scratch.path,
                            "--ignore-lock", "validate-trackers"] + args,
                           executable: try #require(swift) as String)
    }
    let done = try #require(result)
    print("swift package validate-trackers \(args.joined(separator: " ")): exit \(done.status) in \(elapsed)")
    return (done, elapsed)
  }

  /// The plugin run on this package with the tool the tests were built with.
  static func pluginHere(_ args: [String]) throws -> CLI.Result {
    try plugin(CLI.root, args).0
  }

  static func copyInvalid(_ name: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("SampleData/invalid/\(name)"), to: url)
  }

  @Test(.enabled(if: swift != nil, "swift is not on PATH"), .timeLimit(.minutes(5)))
  func pathsOptionsAndExitStatusesAreForwardedToTheBuiltTool() throws {
    let bad = "SampleData/invalid/name-too-long.trackport.json"
    let good = "Examples/dataset-repo/datasets/october-habits.trackport.json"
    let tool = URL(fileURLWithPath: CLI.binary)
    let before = try FileManager.default.attributesOfItem(atPath: tool.path)[.modificationDate] as? Date

    let failed = try Self.pluginHere([bad, good])
    #expect(failed.status != 0)
    #expect(failed.stdout.contains("\(bad):17:15: error: tracker name is 40 characters; the app allows at most 38 [name-too-long]"),
            "\(failed.stdout)")
    #expect(failed.stdout.contains("\(good): valid"))
    #expect(failed.stderr.contains("trackport validate failed with exit status 1 (2 file(s) checked)"), "\(failed.stderr)")
    // The plugin used the tool the tests run, not a new build of it.
    #expect(!(failed.stdout + failed.stderr).contains("Compiling"), "\(failed.stderr)")
    let after = try FileManager.default.attributesOfItem(atPath: tool.path)[.modificationDate] as? Date
    #expect(before == after)

    // Paths and options are told apart and forwarded, with values in both spellings.
    let github = try Self.pluginHere([bad, "--format", "github", "--today", "2026-11-22"])
    #expect(github.status != 0)
    #expect(github.stdout.contains("::error file=\(bad),line=17,col=15,title=name-too-long::"), "\(github.stdout)")
    #expect(!github.stdout.contains("october-habits"))
    let selected = try Self.pluginHere(["--select=color-invalid", bad])
    #expect(selected.status == 0, "\(selected.stdout)\n\(selected.stderr)")

    let dashed = try Self.pluginHere(["--strict", "--", good])
    #expect(dashed.status == 0, "\(dashed.stdout)\n\(dashed.stderr)")
    #expect(dashed.stdout == "\(good): valid (0 errors, 0 warnings)\n")

    let misspelt = try Self.pluginHere(["--select", "name-to-long", good])
    #expect(misspelt.status != 0)
    #expect(misspelt.stderr.contains("unknown code 'name-to-long'"), "\(misspelt.stderr)")
  }

  @Test(.enabled(if: swift != nil, "swift is not on PATH"), .timeLimit(.minutes(5)))
  func aDependentPackageFindsItsDatasetsAndABadOneFailsIt() throws {
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
    #expect(!(bad.stdout + bad.stderr).contains("Compiling"), "\(bad.stderr)")
    #expect(bad.status != 0)
    #expect(bad.stdout.contains("datasets/nested/bad.trackport.json:17:15: error: tracker name is 40 characters; the app allows at most 38 [name-too-long]"),
            "\(bad.stdout)")
    #expect(bad.stdout.contains("datasets/october-habits.trackport.json: valid"))
    #expect(bad.stderr.contains("trackport validate failed with exit status 1 (3 file(s) checked)"), "\(bad.stderr)")
  }
}
