import FileWatch
import Foundation
import TrackerPort
#if canImport(Glibc)
import Glibc
#endif

/// One thing a source names that can be imported: a file, or a folder that is one dataset.
struct HubUnit {
  var path: String
  var isFolder: Bool
  var modified: Double
  var size: Int
  var source: HubSource
}

/// Finds what the sources name now: globs expanded, folders listed, sync tools' temporary
/// names and hidden files left out, ordered by modification time (then path) so that backups
/// are taken in the order they were made.
public enum HubSourceScan {
  /// Names never read: a sync tool's file still arriving, an editor's backup or lock, a
  /// hidden file (``DirectoryWatcher/isTemporaryName(_:)`` lists each convention).
  public static func isTemporaryName(_ name: String) -> Bool { DirectoryWatcher.isTemporaryName(name) }

  /// `~/` expanded, and a relative path taken from the hub's folder.
  public static func absolute(_ path: String, hub: String) -> String {
    var p = path
    if p == "~" || p.hasPrefix("~/") { p = (ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) + p.dropFirst() }
    if !p.hasPrefix("/") {
      let base = hub.hasPrefix("/") ? hub : FileManager.default.currentDirectoryPath + "/" + hub
      p = base + "/" + p
    }
    return (p as NSString).standardizingPath
  }

  /// The units of every source, each path once (the first source naming it wins).
  static func units(_ sources: [HubSource], hub: String, registry: CodecRegistry) -> [HubUnit] {
    var seen = Set<String>()
    var units: [HubUnit] = []
    for source in sources {
      for path in expand(absolute(source.path, hub: hub)) {
        var info = stat()
        guard stat(path, &info) == 0 else { continue }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        if isFolder && !isDataset(path, source: source, registry: registry) {
          for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() where !isTemporaryName(name) {
            let file = path + "/" + name
            var inner = stat()
            guard stat(file, &inner) == 0, (inner.st_mode & S_IFMT) == S_IFREG, seen.insert(file).inserted else { continue }
            units.append(HubUnit(path: file, isFolder: false, modified: seconds(inner.st_mtim), size: Int(inner.st_size), source: source))
          }
          continue
        }
        guard isFolder || (info.st_mode & S_IFMT) == S_IFREG else { continue }
        guard !isTemporaryName((path as NSString).lastPathComponent), seen.insert(path).inserted else { continue }
        units.append(HubUnit(path: path, isFolder: isFolder, modified: isFolder ? newest(in: path) : seconds(info.st_mtim),
                             size: Int(info.st_size), source: source))
      }
    }
    return units.sorted { ($0.modified, $0.path) < ($1.modified, $1.path) }
  }

  /// A folder read as one dataset: one a format recognises as its package (an Obsidian vault,
  /// a harsh folder, a CSV package), rather than a folder of exports.
  static func isDataset(_ path: String, source: HubSource, registry: CodecRegistry) -> Bool {
    guard let codec = try? registry.detect(CodecInput(path: path), options: source.options) else { return false }
    return source.from == nil || source.from == codec.descriptor.id
  }

  /// The paths a glob matches (sorted), or the path itself when it has no pattern.
  static func expand(_ path: String) -> [String] {
    guard path.contains(where: { "*?[".contains($0) }) else { return [path] }
    var result = glob_t()
    defer { globfree(&result) }
    guard glob(path, 0, nil, &result) == 0 else { return [] }
    var paths: [String] = []
    for i in 0..<Int(result.gl_pathc) {
      if let p = result.gl_pathv[i] { paths.append(String(cString: p)) }
    }
    return paths.sorted()
  }

  /// The content hash of a unit: of the file's bytes, or of a folder's files (relative path and
  /// hash of each, sorted, hidden and temporary names left out); `nil` when it vanished.
  static func hash(_ unit: HubUnit) -> String? {
    guard unit.isFolder else { return (try? HubFiles.read(unit.path))?.map { HubHash.of($0) } ?? nil }
    guard let walker = FileManager.default.enumerator(atPath: unit.path) else { return nil }
    var lines: [String] = []
    while let relative = walker.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if isTemporaryName(name) {
        walker.skipDescendants()
        continue
      }
      let full = unit.path + "/" + relative
      var info = stat()
      guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let bytes = try? HubFiles.read(full) else { continue }
      lines.append(relative + "\u{0}" + HubHash.of(bytes))
    }
    return HubHash.of(text: lines.sorted().joined(separator: "\n"))
  }

  /// The newest modification time of the files in a folder.
  static func newest(in folder: String) -> Double {
    var newest = 0.0
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
    while let relative = walker.nextObject() as? String {
      var info = stat()
      if stat(folder + "/" + relative, &info) == 0 { newest = max(newest, seconds(info.st_mtim)) }
    }
    return newest
  }

  static func seconds(_ t: timespec) -> Double { Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
}
