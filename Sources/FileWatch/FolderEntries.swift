#if os(Linux)
import Glibc

/// What a path is and what a folder holds, read with `stat` and `readdir` (no Foundation, and
/// the entry's type from `readdir` spares a `stat` per file).
enum FolderEntries {
  /// What a path names, following symbolic links.
  enum Kind { case folder, file, missing }

  /// One entry of a folder; `isFolder` is false for a link, even to a folder.
  struct Entry {
    let name: String
    let isFolder: Bool
  }

  /// What `path` is; a path that is gone, or has a file where a folder should be on the way
  /// (`ENOTDIR`), is missing. Anything else the system refuses (a folder on the way that may
  /// not be searched) is thrown: the watcher could not see that path come back either.
  static func kind(_ path: String) throws -> Kind {
    var info = stat()
    if stat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return .missing }
    throw FileWatchError(.watch, path: path, code: code)
  }

  /// The entries of a folder but `.` and `..`, sorted by name; empty when it cannot be read
  /// (gone or refused since it was watched: its own events say what became of it).
  static func list(_ folder: String) -> [Entry] {
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var entries: [Entry] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      let type = Int(entry.pointee.d_type)
      var isFolder = type == DT_DIR
      if type == DT_UNKNOWN {
        var info = stat()
        isFolder = lstat(WatchPath.join(folder, name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      }
      entries.append(Entry(name: name, isFolder: isFolder))
    }
    return entries.sorted { $0.name < $1.name }
  }
}
#endif
