import Foundation
import TrackerModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds codec plugins: executables named `trackport-codec-NAME` in the search folders.
///
/// The folders are searched in this order, and the first plugin of a name wins; a later one
/// of the same name is listed as shadowed (and warned about), never silently dropped:
/// 1. each `--plugin-path` folder, in the order given;
/// 2. each folder of `TRACKPORT_PLUGIN_PATH` (colon-separated), in order;
/// 3. each folder of `PATH`, in order.
///
/// Discovery only lists folders: no plugin runs until its descriptor is needed. A plugin whose
/// name is a built-in codec's id is refused, so no plugin shadows a built-in.
public struct PluginDiscovery: Sendable {
  /// The file-name prefix that makes an executable a codec plugin.
  public static let prefix = "trackport-codec-"

  /// Where a search folder came from.
  public enum Source: String, Hashable, Sendable {
    /// `--plugin-path DIR`.
    case option = "--plugin-path"
    /// `TRACKPORT_PLUGIN_PATH`.
    case environment = "TRACKPORT_PLUGIN_PATH"
    /// `PATH`.
    case path = "PATH"
  }

  /// Whether a found file is used, and why not.
  public enum Status: Hashable, Sendable {
    /// Used: its codec is in ``codecs``.
    case active
    /// Not used: the plugin at this path has the same name and comes first.
    case shadowed(by: String)
    /// Not used: its name is a built-in codec's id.
    case refused
    /// Not usable: its name is not lower-case letters, digits and hyphens, or it is not an
    /// executable file.
    case unusable(String)
  }

  /// One file named `trackport-codec-*` in a search folder.
  public struct Candidate: Hashable, Sendable {
    /// The part after `trackport-codec-`.
    public var name: String
    /// The search folder joined with the file name.
    public var path: String
    /// Which search setting the folder came from.
    public var source: Source
    /// Used or not, and why.
    public var status: Status
  }

  /// Every file found, in search order.
  public private(set) var candidates: [Candidate] = []
  /// One codec per active candidate, in search order.
  public private(set) var codecs: [PluginCodec] = []

  /// Searches the folders (see the type's documentation for the order).
  ///
  /// - Parameters:
  ///   - pluginPaths: `--plugin-path` folders, searched first.
  ///   - environment: supplies `TRACKPORT_PLUGIN_PATH` and `PATH`, and is what plugins run with.
  ///   - reservedIDs: built-in codec ids; a plugin of such a name is refused.
  ///   - reservedEndings: endings built-in codecs claim; plugins may claim them only by content.
  public init(pluginPaths: [String], environment: [String: String], reservedIDs: Set<String>,
              reservedEndings: Set<String> = [], limits: PluginLimits = .standard) {
    var winners: [String: String] = [:]
    for (folder, source) in PluginDiscovery.folders(pluginPaths: pluginPaths, environment: environment) {
      for file in PluginDiscovery.plugins(in: folder) {
        let name = String(file.dropFirst(PluginDiscovery.prefix.count))
        let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
        var candidate = Candidate(name: name, path: path, source: source, status: .active)
        if !PluginDescriptor.isValidID(name) {
          candidate.status = .unusable("its name after trackport-codec- is not lower-case letters, digits and hyphens")
        } else if !PluginDiscovery.isExecutableFile(path) {
          candidate.status = .unusable("it is not an executable file")
        } else if reservedIDs.contains(name) {
          candidate.status = .refused
        } else if let winner = winners[name] {
          candidate.status = .shadowed(by: winner)
        } else {
          winners[name] = path
          codecs.append(PluginCodec(name: name, executable: path, limits: limits,
                                    reservedEndings: reservedEndings, environment: environment))
        }
        candidates.append(candidate)
      }
    }
  }

  /// `plugin-refused`, `plugin-shadowed` and `plugin-broken` warnings, one per candidate not
  /// used: what every command tells the user, so nothing is dropped silently. (A plugin whose
  /// `describe` fails is found out only when it runs: `formats` and `--from` say so.)
  public var warnings: [Diagnostic] {
    candidates.compactMap { candidate in
      switch candidate.status {
      case .refused:
        Diagnostic(code: PluginHostCodes.refused.code, severity: .warning,
                   message: "plugin '\(candidate.name)' is not used: '\(candidate.name)' is a built-in format",
                   location: SourceLocation(file: candidate.path), note: "rename it; built-in formats cannot be replaced")
      case .shadowed(let winner):
        Diagnostic(code: PluginHostCodes.shadowed.code, severity: .warning,
                   message: "plugin '\(candidate.name)' is not used: \(winner) comes first",
                   location: SourceLocation(file: candidate.path),
                   note: "search order: --plugin-path, then TRACKPORT_PLUGIN_PATH, then PATH")
      case .unusable(let reason):
        Diagnostic(code: PluginHostCodes.broken.code, severity: .warning,
                   message: "plugin '\(candidate.name)' is not used: \(reason)",
                   location: SourceLocation(file: candidate.path))
      case .active:
        nil
      }
    }
  }

  /// The search folders in order, each once (by its resolved path).
  ///
  /// `--plugin-path` folders are used as given (a relative one from the working folder: the
  /// user named it). Of `TRACKPORT_PLUGIN_PATH` and `PATH`, only absolute entries are used: an
  /// empty or relative entry (`.`, `..`, `bin`) would mean a folder under wherever `trackport`
  /// happens to run, say an untrusted dataset checkout, and finding a plugin there runs its
  /// `describe`. Such entries are skipped quietly, as shells' security advice treats them.
  public static func folders(pluginPaths: [String], environment: [String: String]) -> [(String, Source)] {
    var seen: Set<String> = []
    var result: [(String, Source)] = []
    let searchList = { (name: String) in
      (environment[name] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }
    let lists: [([String], Source)] = [
      (pluginPaths, .option),
      (searchList("TRACKPORT_PLUGIN_PATH"), .environment),
      (searchList("PATH"), .path),
    ]
    for (folders, source) in lists {
      for folder in folders where !folder.isEmpty {
        let key = realpath(folder, nil).map { pointer in
          defer { free(pointer) }
          return String(cString: pointer)
        } ?? folder
        if seen.insert(key).inserted { result.append((folder, source)) }
      }
    }
    return result
  }

  /// Names starting with ``prefix`` in `folder`, sorted; nothing when it cannot be listed.
  static func plugins(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.count > prefix.count }.sorted()
  }

  /// A regular file (after following links) the user may execute.
  static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
