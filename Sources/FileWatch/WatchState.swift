#if os(Linux)
import Glibc

/// What a ``DirectoryWatcher`` knows between two calls: which folder every watch is, what each
/// named path is now, and the changes seen but not yet reported.
///
/// The watches are never patched one event at a time. After any event that can change which
/// folders there are (a folder made, moved or deleted, a named path or one of its folders
/// coming or going, an overflow), `reconcile` works them out again from what is on disk, so
/// what it ends with holds whatever order the events came in. A folder it watches for the first
/// time is listed and its files reported: they may have been written before the watch existed.
struct WatchState {
  /// What one named path is now, with the watch that sees its changes.
  enum RootKind: Equatable {
    /// A folder: its own watch (and its subfolders', when recursive).
    case folder(Int32)
    /// A file: the watch of the folder holding it, whose events are filtered to its name.
    case file(Int32)
    /// Gone: the watch of the nearest folder above it that exists, to see it come back.
    case missing(Int32)
  }

  let roots: [String]
  let recursive: Bool
  private(set) var kinds: [RootKind] = []
  /// Every watch and the folder it is (the first path that found it, when two lead there).
  private(set) var folders: [Int32: String] = [:]
  private(set) var pending: Set<String> = []
  /// When the newest pending change was seen (seconds on the monotonic clock).
  private(set) var lastChange: Double = 0

  init(roots: [String], recursive: Bool) {
    self.roots = roots
    self.recursive = recursive
  }

  /// When the pending changes will have been quiet for `quiet` seconds; `nil` with none.
  func quietEnd(_ quiet: Double) -> Double? {
    pending.isEmpty ? nil : lastChange + quiet
  }

  /// The pending changes, sorted, which are then no longer pending.
  mutating func take() -> [String] {
    defer { pending.removeAll() }
    return pending.sorted()
  }

  /// Takes in what the kernel reported.
  mutating func handle(_ events: [InotifyHandle.Event], _ inotify: InotifyHandle, now: Double) throws {
    var structural = false
    for event in events {
      if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
        // Events were lost: every named path is a change (the caller rescans), and the
        // folders are worked out again in case some came or went unseen.
        for root in roots { note(root, now) }
        structural = true
        continue
      }
      guard let folder = folders[event.watch] else { continue }  // a watch dropped already
      if event.mask & UInt32(IN_IGNORED) != 0 {
        folders[event.watch] = nil
        structural = true
        continue
      }
      if event.mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
        structural = true
        continue
      }
      guard !event.name.isEmpty else { continue }
      let path = WatchPath.join(folder, event.name)
      let entryEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
      if event.mask & UInt32(IN_ISDIR) != 0 && event.mask & entryEvents != 0 { structural = true }
      if event.mask & entryEvents != 0 && roots.contains(where: { WatchPath.isSelfOrInside($0, path) }) { structural = true }
      if isReportable(path) { note(path, now) }
    }
    if structural { try reconcile(inotify, reporting: true, now: now) }
  }

  /// Works out every watch again from what is on disk (see the type's comment); with
  /// `reporting`, what came, went or was replaced since the last time becomes pending.
  mutating func reconcile(_ inotify: InotifyHandle, reporting: Bool, now: Double) throws {
    var found: [Int32: String] = [:]
    var treeWatches: [Int32] = []
    var newKinds: [RootKind] = []
    for root in roots {
      newKinds.append(try resolve(root, inotify, &found, &treeWatches))
    }
    for wd in folders.keys where found[wd] == nil { inotify.unwatch(wd) }
    let before = (kinds: kinds, folders: folders)
    kinds = newKinds
    folders = found
    guard reporting else { return }
    for (index, root) in roots.enumerated() where Self.changedKind(before.kinds[index], newKinds[index]) {
      note(root, now)
    }
    for wd in treeWatches where before.folders[wd] != found[wd] {
      guard let folder = found[wd] else { continue }
      for entry in FolderEntries.list(folder) where !entry.isFolder {
        let path = WatchPath.join(folder, entry.name)
        if isReportable(path) { note(path, now) }
      }
    }
  }

  /// A named path came, went, or became another folder (its watch is another inode's).
  private static func changedKind(_ old: RootKind, _ new: RootKind) -> Bool {
    switch (old, new) {
    case let (.folder(a), .folder(b)): a != b
    case (.file, .file), (.missing, .missing): false
    default: true
    }
  }

  /// What `root` is now, with the watches that see it added to `found`.
  private func resolve(_ root: String, _ inotify: InotifyHandle, _ found: inout [Int32: String],
                       _ treeWatches: inout [Int32]) throws -> RootKind {
    switch try FolderEntries.kind(root) {
    case .folder:
      if let wd = try inotify.watch(root, followLinks: true) {
        if found[wd] == nil { found[wd] = root }
        treeWatches.append(wd)
        if recursive { try watchSubfolders(of: root, inotify, &found, &treeWatches) }
        return .folder(wd)
      }
    case .file:
      let parent = WatchPath.parent(root)
      if let wd = try inotify.watch(parent, followLinks: true) {
        if found[wd] == nil { found[wd] = parent }
        return .file(wd)
      }
    case .missing:
      break
    }
    // Gone (perhaps in the instant between looking and watching): watch the nearest folder
    // above that exists; its events say when the path may be back.
    var anchor = WatchPath.parent(root)
    while true {
      if try FolderEntries.kind(anchor) == .folder, let wd = try inotify.watch(anchor, followLinks: true) {
        if found[wd] == nil { found[wd] = anchor }
        return .missing(wd)
      }
      if anchor == "/" { throw FileWatchError(.watch, path: root, code: ENOENT) }
      anchor = WatchPath.parent(anchor)
    }
  }

  /// Watches every folder below `root`, depth first, but those with temporary or hidden names
  /// (Syncthing's `.stversions`, a `.git`) and links; a subfolder that may not be read is left
  /// out (`lost+found` at the top of a disk), since nothing in it could be read either.
  private func watchSubfolders(of root: String, _ inotify: InotifyHandle, _ found: inout [Int32: String],
                               _ treeWatches: inout [Int32]) throws {
    var stack = [root]
    while let folder = stack.popLast() {
      for entry in FolderEntries.list(folder) where entry.isFolder && !DirectoryWatcher.isTemporaryName(entry.name) {
        let path = WatchPath.join(folder, entry.name)
        let watch: Int32?
        do {
          watch = try inotify.watch(path, followLinks: false)
        } catch let error as FileWatchError where error.code == EACCES {
          continue
        }
        // A watch found already is a folder seen twice (a bind mount): not walked again.
        guard let wd = watch, found[wd] == nil else { continue }
        found[wd] = path
        treeWatches.append(wd)
        stack.append(path)
      }
    }
  }

  /// Whether a change at `path` is one to report: inside a named folder (directly, unless
  /// recursive) with no temporary name on the way down, or a named file itself.
  private func isReportable(_ path: String) -> Bool {
    for (index, root) in roots.enumerated() {
      switch kinds[index] {
      case .folder:
        guard let names = WatchPath.components(of: path, under: root) else { continue }
        if !recursive && names.count != 1 { continue }
        if names.contains(where: { DirectoryWatcher.isTemporaryName(String($0)) }) { continue }
        return true
      case .file:
        if path == root { return true }
      case .missing:
        continue
      }
    }
    return false
  }

  private mutating func note(_ path: String, _ now: Double) {
    pending.insert(path)
    lastChange = now
  }
}
#endif
