extension DirectoryWatcher {
  /// Whether a file name is one a tool writes while the file is not finished (or a lock or
  /// backup beside it), so the file must not be read; the watcher reports no change to such a
  /// name, and the rename to the final name is the change it reports.
  ///
  /// Takes a name, not a path. Case is ignored for the endings. The conventions:
  /// - every hidden name (`.NAME`): among them Syncthing's `.syncthing.NAME.tmp`, the
  ///   temporary file it writes and renames (its `lib/fs/tempname.go`), the Nextcloud and
  ///   ownCloud desktop clients' downloads in progress, `.NAME.~1a2b3c4d`
  ///   (`createDownloadTmpFileName` in their `propagatedownload.cpp`), LibreOffice's lock
  ///   files `.~lock.NAME#`, Emacs's lock links `.#NAME` and Vim's swap files `.NAME.swp`;
  /// - `~syncthing~NAME.tmp`: Syncthing's temporary name on Windows, which `tempname.go`
  ///   recognises on every system (a folder shared with Windows holds them);
  /// - `NAME.part`: the Nextcloud and ownCloud clients' and servers' partial transfers
  ///   (`*.part` is in the desktop client's default `sync-exclude.lst`), Firefox's downloads;
  ///   `NAME.filepart` (WinSCP, in the same list);
  /// - `NAME.crdownload` (Chrome, Chromium, Edge) and `NAME.partial` (Internet Explorer and
  ///   the old Edge): downloads in progress;
  /// - `NAME.tmp`: the ending of Syncthing's names and of many programs' temporary files;
  ///   `NAME.swp`: Vim's swap file when it is not hidden;
  /// - `NAME~`: the backup copy Emacs, Vim, gedit and Kate leave (`*~` in `sync-exclude.lst`);
  /// - `~$NAME`: Microsoft Office's owner file beside an open document (in `sync-exclude.lst`).
  public static func isTemporaryName(_ name: String) -> Bool {
    guard !name.isEmpty else { return false }
    if name.hasPrefix(".") || name.hasPrefix("~syncthing~") || name.hasPrefix("~$") || name.hasSuffix("~") { return true }
    let lower = name.lowercased()
    return temporaryEndings.contains { lower.hasSuffix($0) }
  }

  private static let temporaryEndings = [".tmp", ".part", ".filepart", ".crdownload", ".partial", ".swp"]
}
