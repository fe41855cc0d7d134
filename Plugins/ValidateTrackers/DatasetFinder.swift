import Foundation

/// Finds the dataset files of a package: every regular file whose name ends in an extension a
/// built-in format claims outright (`.trackport.json`, `.trackport.xml`, `.ics`, ...).
///
/// Endings a format recognises only by content (`.json`, `.xml`, `.csv`, `.zip`) are left out:
/// a package holds many such files that are not datasets (`Package.resolved`, CI files).
/// Name those, and CSV data-package folders, as arguments. Hidden files and folders, `.build`
/// and `node_modules` are skipped, and symbolic links to folders are not followed.
struct DatasetFinder {
  var root: URL
  /// Extensions without the leading dot, as `trackport formats --json` lists them.
  var extensions: [String]

  static let skippedFolders: Set<String> = [".build", "node_modules"]

  /// Paths relative to `root`, sorted, so the report's order is stable.
  func datasets() throws -> [String] {
    let suffixes = extensions.map { "." + $0.lowercased() }
    var found: [String] = []
    var folders = [""]
    while let relative = folders.popLast() {
      let folder = relative.isEmpty ? root : root.appendingPathComponent(relative)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        guard !name.hasPrefix("."), !Self.skippedFolders.contains(name) else { continue }
        let path = relative.isEmpty ? name : relative + "/" + name
        let values = try root.appendingPathComponent(path).resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey, .isRegularFileKey])
        if values.isDirectory == true, values.isSymbolicLink != true {
          folders.append(path)
        } else if suffixes.contains(where: { name.lowercased().hasSuffix($0) }) {
          found.append(path)
        }
      }
    }
    return found.sorted()
  }
}
