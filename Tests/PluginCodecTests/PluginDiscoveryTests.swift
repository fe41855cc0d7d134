import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

@Suite struct PluginDiscoveryTests {
  @Test func pluginPathThenEnvironmentThenPathAndLaterOnesAreShadowed() throws {
    let option = try PluginFolder(), environment = try PluginFolder(), path = try PluginFolder()
    defer { for folder in [option, environment, path] { folder.remove() } }
    let first = try option.plugin("same")
    let second = try environment.plugin("same")
    let third = try path.plugin("same")
    try environment.plugin("env-only")
    try path.plugin("env-only")
    let discovery = PluginDiscovery(
      pluginPaths: [option.path],
      environment: ["TRACKPORT_PLUGIN_PATH": "/nonexistent:" + environment.path, "PATH": path.path + "::/also-missing"],
      reservedIDs: ["json"])
    #expect(discovery.codecs.map(\.executable) == [first, environment.url.appendingPathComponent("trackport-codec-env-only").path])
    let statuses = discovery.candidates.map { [$0.path, "\($0.source.rawValue)", "\($0.status)"] }
    #expect(statuses.contains([second, "TRACKPORT_PLUGIN_PATH", "\(PluginDiscovery.Status.shadowed(by: first))"]))
    #expect(statuses.contains([third, "PATH", "\(PluginDiscovery.Status.shadowed(by: first))"]))
    #expect(discovery.warnings.map(\.code) == ["plugin-shadowed", "plugin-shadowed", "plugin-shadowed"])
    #expect(discovery.warnings.first?.message.contains("\(first) comes first") == true)
  }

  @Test func relativeEntriesOfTheSearchVariablesAreSkippedButAPluginPathIsNot() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("here")
    // The folder named relatively, whatever the working folder is: ".." at "/" stays at "/".
    let relative = String(repeating: "../", count: 64) + folder.path.drop { $0 == "/" }
    let skipped = PluginDiscovery(pluginPaths: [],
                                  environment: ["TRACKPORT_PLUGIN_PATH": relative, "PATH": ".:..:" + relative],
                                  reservedIDs: [])
    #expect(skipped.candidates.isEmpty)
    #expect(PluginDiscovery.folders(pluginPaths: [], environment: ["PATH": "bin:.:/usr/bin::"]).map(\.0) == ["/usr/bin"])
    let named = PluginDiscovery(pluginPaths: [relative], environment: [:], reservedIDs: [])
    #expect(named.codecs.map(\.name) == ["here"])
  }

  @Test func aPluginNamedLikeABuiltInIsRefusedAndSaysSo() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("json")
    let discovery = StandardCodecs.discoverPlugins(pluginPaths: [folder.path], environment: [:])
    #expect(discovery.codecs.isEmpty)
    #expect(discovery.candidates.map(\.status) == [.refused])
    #expect(discovery.warnings.map(\.code) == ["plugin-refused"])
    #expect(StandardCodecs.registry(plugins: discovery.codecs).codecs.count == StandardCodecs.all.count)
  }

  @Test func badNamesAndNonExecutablesAreListedAsUnusable() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("Upper")
    try folder.plugin("plain", executable: false)
    let discovery = PluginDiscovery(pluginPaths: [folder.path], environment: [:], reservedIDs: [])
    #expect(discovery.codecs.isEmpty)
    let reasons = discovery.candidates.map { "\($0.name): \($0.status)" }
    #expect(reasons.count == 2)
    #expect(reasons.contains { $0.hasPrefix("Upper: unusable") && $0.contains("lower-case") })
    #expect(reasons.contains { $0.hasPrefix("plain: unusable") && $0.contains("not an executable") })
    #expect(discovery.warnings.map(\.code) == ["plugin-broken", "plugin-broken"])
  }

  @Test func aFolderListedTwiceIsSearchedOnce() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("once")
    let discovery = PluginDiscovery(pluginPaths: [folder.path, folder.path + "/"],
                                    environment: ["PATH": folder.path], reservedIDs: [])
    #expect(discovery.candidates.count == 1)
    #expect(discovery.warnings.isEmpty)
  }

  @Test func contentPrefixesAreAskedBeforeTheCatchAllCSVCodec() throws {
    let folder = try PluginFolder()
    defer { folder.remove() }
    try folder.plugin("moods", describe: PluginFolder.descriptor("moods", #", "contentPrefixes": ["day,mood"]"#).replacingOccurrences(of: #"["moods"]"#, with: #"["csv"]"#))
    let discovery = StandardCodecs.discoverPlugins(pluginPaths: [folder.path], environment: [:])
    let registry = StandardCodecs.registry(plugins: discovery.codecs)
    let moods = CodecInput(.bytes(Array("day,mood\n2026-01-01,good\n".utf8), name: "export.csv"))
    let plain = CodecInput(.bytes(Array("tracker,date\nWalk,2026-01-01\n".utf8), name: "log.csv"))
    #expect(try registry.detect(moods).descriptor.id == "moods")
    #expect(try registry.detect(plain).descriptor.id == "csv")
    // The plugin asked for "csv" outright: it gets it only by content.
    #expect(discovery.codecs.first?.descriptor.sniffedExtensions == ["csv"])
    #expect(try registry.detectOutput(CodecOutput(path: "x.csv")).descriptor.id == "csv")
  }
}
