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
    let tool = try context.tool(named: "trackport").url
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
}
