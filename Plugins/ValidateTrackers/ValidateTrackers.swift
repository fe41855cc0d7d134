import Foundation
import PackagePlugin

/// `swift package validate-trackers [PATH...] [validate options]`: runs `trackport validate` on
/// a package's tracker datasets and fails when it fails, so a repository of datasets can gate
/// them in CI with one line.
///
/// Only forwards to the tool (DESIGN.md §5): the report, its format and the exit status are
/// `trackport validate`'s. Paths are relative to the package folder; with none, every file in
/// the package whose name a built-in format claims is validated (see ``DatasetFinder``).
@main
struct ValidateTrackers: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try Self.builtTool(packageManager)
    let root = context.package.directoryURL
    let split = try ValidateArguments(arguments, valueOptions: ToolQuery.valueOptions(of: tool))
    var paths = split.paths
    if paths.isEmpty {
      let extensions = try ToolQuery.claimedExtensions(of: tool)
      paths = try DatasetFinder(root: root, extensions: extensions).datasets()
      guard !paths.isEmpty else {
        Diagnostics.warning("no dataset files in \(root.path) (names ending in \(extensions.map { "." + $0 }.joined(separator: ", "))); name them as arguments")
        return
      }
    }
    let result = try ToolQuery.run(tool, ["validate"] + paths + split.options, in: root, passingOutputThrough: true)
    let status = result.status
    if !result.stderr.isEmpty {
      if status == 0 { Diagnostics.warning(result.stderr) } else { Diagnostics.error(result.stderr) }
    }
    guard status == 0 else {
      // An error diagnostic is what makes `swift package` exit non-zero; the findings
      // themselves are already on standard output, in the format asked for.
      Diagnostics.error("trackport validate failed with exit status \(status) (\(paths.count) file(s) checked)")
      return
    }
  }

  /// Builds `trackport` through SwiftPM (debug, as a plain `swift build` does) and returns it.
  ///
  /// Asked of SwiftPM when the plugin runs rather than declared as the plugin's tool dependency:
  /// a tool dependency makes every `swift build` of a package with this plugin (TrackerPort's
  /// own, a dataset repository's) compile the whole tool a second time, for the host (the
  /// `*-tool` modules), whether or not the plugin ever runs. Built this way it is the very
  /// `trackport` `swift build` makes, so a build folder that has it builds nothing again.
  static func builtTool(_ packageManager: PackageManager) throws -> URL {
    let result = try packageManager.build(.product("trackport"), parameters: .init(configuration: .debug, logging: .concise))
    guard result.succeeded else {
      throw ArgumentError("building trackport failed:\n\(result.logText)")
    }
    guard let tool = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "trackport" }) else {
      throw ArgumentError("SwiftPM built no 'trackport' executable")
    }
    return tool.url
  }
}
