import ArgumentParser
import Foundation
import TrackerPort

/// Where codec plugins are looked for and how long they may run: shared by every command that
/// resolves formats.
struct PluginOptions: ParsableArguments {
  @Option(name: .customLong("plugin-path"),
          help: ArgumentHelp("A folder holding trackport-codec-NAME plugins, searched before TRACKPORT_PLUGIN_PATH and PATH; repeatable.", valueName: "dir"), completion: .directory)
  var pluginPaths: [String] = []

  @Option(help: ArgumentHelp("Seconds each plugin command may run (default: TRACKPORT_PLUGIN_TIMEOUT, or 60).", valueName: "seconds"))
  var pluginTimeout: String?

  func validate() throws {
    for folder in pluginPaths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw ValidationError("--plugin-path '\(folder)' is not a folder")
      }
    }
    if let pluginTimeout {
      do {
        _ = try PluginLimits.seconds(pluginTimeout, from: "--plugin-timeout")
      } catch let error as CodecError {
        throw ValidationError(error.message)
      }
    }
  }

  /// The limits from the environment, `--plugin-timeout` taking precedence.
  var limits: PluginLimits {
    get throws {
      var limits = try PluginLimits(environment: ProcessInfo.processInfo.environment)
      if let pluginTimeout { limits.timeout = try PluginLimits.seconds(pluginTimeout, from: "--plugin-timeout") }
      return limits
    }
  }

  /// Lists the search folders; nothing runs yet.
  func discover() throws -> PluginDiscovery {
    StandardCodecs.discoverPlugins(pluginPaths: pluginPaths, environment: ProcessInfo.processInfo.environment,
                                   limits: try limits)
  }

  /// The built-in codecs and the plugins found, after warning on standard error about every
  /// plugin refused, shadowed or broken (unless `quiet`: `convert --quiet` prints no warnings).
  func registry(quiet: Bool = false) throws -> CodecRegistry {
    let discovery = try discover()
    if !quiet {
      for warning in discovery.warnings { StandardError.line(DiagnosticRenderer.text(warning)) }
    }
    return StandardCodecs.registry(plugins: discovery.codecs)
  }
}
