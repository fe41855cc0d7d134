#if os(Linux)
import Glibc

/// What a ``DirectoryWatcher`` knows between two calls: which folder every watch is, what each
/// named path is now, and the changes seen but not yet reported.
///
/// Two ways of keeping the watches right. A folder made or moved inside a watched tree is
/// watched, with all below it, when the events that said so have been read; a folder moved
/// out has its watches dropped at once. Anything that concerns a named path or a folder above
/// it (removed, moved, made, an overflow) makes `reconcile` work every watch out again from
/// what is on disk, so what it ends with holds whatever order the events came in. Either way,
/// a folder watched for the first time is listed and its files reported: they may have been
/// written before its watch existed.
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

  private static let entryEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
  private static let arrivals = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)
  private static let selfEvents = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

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
    var rootsConcerned = false
    var arrivedFolders: [String] = []
    for event in events {
      if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
        // Events were lost: every named path is a change (the caller rescans), and every
        // watch is worked out again in case folders came or went unseen.
        for root in roots { note(root, now) }
        rootsConcerned = true
        continue
      }
      guard let folder = folders[event.watch] else { continue }  // a watch dropped already
      if event.mask & UInt32(IN_IGNORED) != 0 {
        folders[event.watch] = nil
        if concernsRoot(folder) { rootsConcerned = true }
        continue
      }
      if event.mask & Self.selfEvents != 0 {
        if concernsRoot(folder) { rootsConcerned = true }
        continue
      }
      guard !event.name.isEmpty else { continue }
      let path = WatchPath.join(folder, event.name)
      if event.mask & Self.entryEvents != 0 && concernsRoot(path) { rootsConcerned = true }
      if event.mask & UInt32(IN_ISDIR) != 0 {
        if event.mask & Self.arrivals != 0 && isInsideTree(path) { arrivedFolders.append(path) }
        if event.mask & UInt32(IN_MOVED_FROM) != 0 { unwatchTree(path, inotify) }
      }
      if isReportable(path) { note(path, now) }
    }
    if rootsConcerned {
      try reconcile(inotify, reporting: true, now: now)
    } else {
      for folder in arrivedFolders {
        let before = folders
        let watched = try watchTree(folder, isRoot: false, inotify, into: &folders)
        reportFiles(in: watched.filter { before[$0] == nil }, now: now)
      }
    }
  }

  /// Works out every watch again from what is on disk (see the type's comment); with
  /// `reporting`, what came, went or was replaced since the last time becomes pending.
  mutating func reconcile(_ inotify: InotifyHandle, reporting: Bool, now: Double) throws {
    var found: [Int32: String] = [:]
    var trees: [Int32] = []
    var newKinds: [RootKind] = []
    for root in roots {
      newKinds.append(try resolve(root, inotify, &found, &trees))
    }
    for wd in folders.keys where found[wd] == nil { inotify.unwatch(wd) }
    let before = (kinds: kinds, folders: folders)
    kinds = newKinds
    folders = found
    guard reporting else { return }
    for (index, root) in roots.enumerated() where Self.changedKind(before.kinds[index], newKinds[index]) {
      note(root, now)
    }
    reportFiles(in: trees.filter { before.folders[$0] != found[$0] }, now: now)
  }

  /// A named path came, went, or became another folder (its watch is another inode's).
  private static func changedKind(_ old: RootKind, _ new: RootKind) -> Bool {
    switch (old, new) {
    case let (.folder(a), .folder(b)): a != b
    case (.file, .file), (.missing, .missing): false
    default: true
    }
  }

  /// What `root` is now, with the watches that see it put in `found` (and those of its tree
  /// in `trees` too).
  private func resolve(_ root: String, _ inotify: InotifyHandle, _ found: inout [Int32: String],
                       _ trees: inout [Int32]) throws -> RootKind {
    switch try FolderEntries.kind(root) {
    case .folder:
      let watched = try watchTree(root, isRoot: true, inotify, into: &found)
      if let top = watched.first {
        trees += watched
        return .folder(top)
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

  /// Watches `top` and, when recursive, every folder below it but links and those with
  /// temporary or hidden names (Syncthing's `.stversions`, a `.git`), putting each in `map`;
  /// returns the watches put there, `top`'s first, or none when `top` is gone.
  ///
  /// A named path (`isRoot`) is followed when it is a link, and one that may not be read is
  /// thrown; a subfolder that may not be read is left out (`lost+found` at the top of a disk),
  /// since nothing in it could be read either. A folder `map` has already (a tree met twice,
  /// through a bind mount or two named paths) is not walked again.
  private func watchTree(_ top: String, isRoot: Bool, _ inotify: InotifyHandle, into map: inout [Int32: String]) throws -> [Int32] {
    var watched: [Int32] = []
    var stack = [top]
    while let folder = stack.popLast() {
      let isTop = watched.isEmpty && folder == top
      let watch: Int32?
      do {
        watch = try inotify.watch(folder, followLinks: isTop && isRoot)
      } catch let error as FileWatchError where error.code == EACCES && !(isTop && isRoot) {
        continue
      }
      guard let wd = watch else { continue }
      if map[wd] != nil {
        if isTop { watched.append(wd) }
        continue
      }
      map[wd] = folder
      watched.append(wd)
      guard recursive else { continue }
      for entry in FolderEntries.list(folder).reversed() where entry.isFolder && !DirectoryWatcher.isTemporaryName(entry.name) {
        stack.append(WatchPath.join(folder, entry.name))
      }
    }
    return watched
  }

  /// Drops the watches of `path` and of every folder below it (moved out of sight, or
  /// elsewhere in the tree, where their arrival watches them again under their new path).
  private mutating func unwatchTree(_ path: String, _ inotify: InotifyHandle) {
    for (wd, folder) in folders where WatchPath.isSelfOrInside(folder, path) {
      inotify.unwatch(wd)
      folders[wd] = nil
    }
  }

  /// Notes the files (not the folders: each has its own watch) in folders just watched.
  private mutating func reportFiles(in watches: [Int32], now: Double) {
    for wd in watches {
      guard let folder = folders[wd] else { continue }
      for entry in FolderEntries.list(folder) where !entry.isFolder {
        let path = WatchPath.join(folder, entry.name)
        if isReportable(path) { note(path, now) }
      }
    }
  }

  /// Whether `path` is a named path or a folder above one: what happens to it changes what
  /// a named path is.
  private func concernsRoot(_ path: String) -> Bool {
    roots.contains { WatchPath.isSelfOrInside($0, path) }
  }

  /// Whether a folder at `path` belongs to a watched tree: below a named folder, when
  /// recursive, with no temporary name on the way down.
  private func isInsideTree(_ path: String) -> Bool {
    recursive && roots.indices.contains { index in
      guard case .folder = kinds[index], let names = WatchPath.components(of: path, under: roots[index]) else { return false }
      return !names.contains { DirectoryWatcher.isTemporaryName(String($0)) }
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
