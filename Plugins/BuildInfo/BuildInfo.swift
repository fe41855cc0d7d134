import Foundation
import PackagePlugin

/// Gives the target it is applied to `BuildVersion.version` and `BuildVersion.commit`, the
/// release and commit `trackport --version` prints, from git's release tags
/// (`scripts/version`; docs/releasing.md).
///
/// A prebuild command, because only it runs on every build: the version changes with each
/// commit, which no input file of the build shows. The script rewrites the generated file only
/// when its content changes, so an unchanged version compiles nothing again and a new commit
/// recompiles the one small module that uses it.
@main
struct BuildInfo: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildVersion", isDirectory: true)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let package = context.package.directoryURL
    return [.prebuildCommand(
      displayName: "Reading trackport's version from git",
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: [package.appendingPathComponent("scripts/version").path, "--swift",
                  output.appendingPathComponent("BuildVersion.swift").path, package.path],
      outputFilesDirectory: output)]
  }
}
