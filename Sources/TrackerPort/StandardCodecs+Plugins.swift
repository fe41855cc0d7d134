extension StandardCodecs {
  /// A registry holding the built-in codecs and these plugins.
  ///
  /// Plugins come after the built-ins, except the catch-all CSV codec, which stays last: a
  /// plugin's exact content prefixes (a Habitify header) are asked before the CSV codec's check,
  /// which accepts almost any delimited text. A plugin cannot claim a built-in's id (discovery
  /// refuses it) nor take a built-in's ending outright (``discoverPlugins(pluginPaths:environment:limits:)``
  /// passes them as reserved).
  public static func registry(plugins: [any TrackerCodec]) -> CodecRegistry {
    CodecRegistry(Array(all.dropLast(catchAllCount)) + plugins + Array(all.suffix(catchAllCount)))
  }

  /// Finds plugins on the search path (`--plugin-path` folders, `TRACKPORT_PLUGIN_PATH`,
  /// `PATH`), refusing any named like a built-in codec.
  public static func discoverPlugins(pluginPaths: [String], environment: [String: String],
                                     limits: PluginLimits = .standard) -> PluginDiscovery {
    let descriptors = all.map(\.descriptor)
    return PluginDiscovery(pluginPaths: pluginPaths, environment: environment,
                           reservedIDs: Set(descriptors.map(\.id)),
                           reservedEndings: Set(descriptors.flatMap { $0.extensions + $0.sniffedExtensions }),
                           limits: limits)
  }
}
