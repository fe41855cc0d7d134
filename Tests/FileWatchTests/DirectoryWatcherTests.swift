import FileWatch
import Foundation
import XCTest

/// The watcher as `hub watch` uses it: sync tools' ways of bringing files, debouncing, folders
/// that come and go, stopping. Every wait has a timeout of a few seconds.
final class DirectoryWatcherTests: XCTestCase {
  /// Syncthing writes `.syncthing.NAME.tmp` in pieces and renames it: one change, under the
  /// final name, and the file is whole when it is reported.
  func testATemporaryFileRenamedIsReportedOnceUnderItsFinalName() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    let pieces = 6
    let writer = Thread {
      let temporary = folder.at(".syncthing.x.db.tmp")
      guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else { return }
      for _ in 0..<pieces {
        handle.write(Data(repeating: 7, count: 4096))
        Thread.sleep(forTimeInterval: 0.05)
      }
      handle.closeFile()
      try? folder.rename(".syncthing.x.db.tmp", "x.db")
    }
    writer.start()
    let wake = try watcher.next(quiet: 0.3, timeout: 5)
    XCTAssertEqual(wake, .changed([folder.at("x.db")]))
    let size = (try FileManager.default.attributesOfItem(atPath: folder.at("x.db"))[.size] as? Int) ?? 0
    XCTAssertEqual(size, pieces * 4096, "reported before it was whole")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 0.6), .timeout, "reported more than once")
  }

  /// A sync bringing 100 files at once (half written in place, half renamed from temporary
  /// names): all of them in one or two wakes, each once.
  func testAHundredFilesDroppedAtOnceAreEachReportedOnce() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    let names = (1...100).map { String(format: "Loop Habits Backup %03d.db", $0) }
    for (index, name) in names.enumerated() {
      if index.isMultiple(of: 2) {
        try folder.write(name, "backup \(index)")
      } else {
        try folder.write(".syncthing.\(name).tmp", "backup \(index)")
        try folder.rename(".syncthing.\(name).tmp", name)
      }
    }
    var reported: [String] = []
    var wakes = 0
    let end = uptime() + 8
    while reported.count < names.count && uptime() < end {
      guard case .changed(let paths) = try watcher.next(quiet: 0.3, timeout: 3) else { break }
      wakes += 1
      reported += paths
    }
    XCTAssertEqual(reported.sorted(), names.map(folder.at).sorted())
    XCTAssertLessThanOrEqual(wakes, 2)
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 0.5), .timeout)
  }

  /// The watched folder removed and made again, with a wake in between: its removal is a
  /// change of the folder itself, and a file written into the new one is reported.
  func testTheFolderRemovedAndMadeAgainIsStillWatched() throws {
    let top = try WatchedFolder()
    try top.makeFolder("inbox")
    let inbox = top.at("inbox")
    let watcher = try DirectoryWatcher(paths: [inbox])
    try top.write("inbox/a.json")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([top.at("inbox/a.json")]))

    try top.remove("inbox")
    guard case .changed(let gone) = try watcher.next(quiet: 0.2, timeout: 3) else { return XCTFail("no wake for the removal") }
    XCTAssertTrue(gone.contains(inbox), "\(gone)")

    try top.makeFolder("inbox")
    try top.write("inbox/b.json")
    guard case .changed(let back) = try watcher.next(quiet: 0.3, timeout: 3) else { return XCTFail("the new folder is not watched") }
    XCTAssertTrue(back.contains(top.at("inbox/b.json")), "\(back)")
    try top.write("inbox/c.json")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([top.at("inbox/c.json")]))
  }

  /// Removed and made again, with the file written, before the watcher looks: the new folder
  /// is watched, and the file already in it is reported.
  func testTheFolderReplacedUnseenIsWatchedAndItsFilesReported() throws {
    let top = try WatchedFolder()
    try top.makeFolder("inbox")
    let watcher = try DirectoryWatcher(paths: [top.at("inbox")])
    try top.remove("inbox")
    try top.makeFolder("inbox")
    try top.write("inbox/b.json")
    guard case .changed(let paths) = try watcher.next(quiet: 0.2, timeout: 3) else { return XCTFail("no wake") }
    XCTAssertEqual(paths, [top.at("inbox"), top.at("inbox/b.json")])
    try top.write("inbox/c.json")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([top.at("inbox/c.json")]))
  }

  /// A folder whose parent goes too (a sync folder's whole tree), and one that does not exist
  /// when the watcher starts: the nearest folder above is watched until they come.
  func testAFolderIsWatchedForWhenItsParentsAreGone() throws {
    let top = try WatchedFolder()
    try top.makeFolder("Sync/Loop")
    let watcher = try DirectoryWatcher(paths: [top.at("Sync/Loop"), top.at("Later/Habitica")])
    try top.remove("Sync")
    _ = try watcher.next(quiet: 0.2, timeout: 3)
    try top.makeFolder("Sync/Loop")
    try top.makeFolder("Later/Habitica")
    try top.write("Sync/Loop/backup.db")
    try top.write("Later/Habitica/export.zip")
    var paths = Set<String>()
    let end = uptime() + 4
    while !paths.isSuperset(of: [top.at("Sync/Loop/backup.db"), top.at("Later/Habitica/export.zip")]) && uptime() < end {
      guard case .changed(let more) = try watcher.next(quiet: 0.2, timeout: 3) else { break }
      paths.formUnion(more)
    }
    XCTAssertTrue(paths.isSuperset(of: [top.at("Sync/Loop/backup.db"), top.at("Later/Habitica/export.zip")]), "\(paths.sorted())")
    try top.write("Later/Habitica/export2.zip")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([top.at("Later/Habitica/export2.zip")]))
  }

  /// A file kept open and appended to every 0.1 s for a second is reported once, only after
  /// the last write and the quiet time (0.5 s) after it.
  func testAFileStillBeingWrittenIsReportedOnlyAfterItStops() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    let finished = Shared<Double?>(nil)
    XCTAssertTrue(FileManager.default.createFile(atPath: folder.at("growing.csv"), contents: nil))
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: folder.at("growing.csv")) else { return }
      for row in 0..<10 {
        handle.write(Data("row \(row)\n".utf8))
        Thread.sleep(forTimeInterval: 0.1)
      }
      handle.closeFile()
      finished.value = uptime()
    }
    let start = uptime()
    writer.start()
    let wake = try watcher.next(quiet: 0.5, timeout: 6)
    let woke = uptime()
    XCTAssertEqual(wake, .changed([folder.at("growing.csv")]))
    let end = try XCTUnwrap(finished.value, "reported while the file was still written")
    XCTAssertGreaterThanOrEqual(woke - end, 0.45, "the quiet time after the last write was not waited")
    XCTAssertGreaterThanOrEqual(woke - start, 1.4)
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 0.4), .timeout)
  }

  /// stop() from another thread ends a blocked next() within 0.2 s; every later call too.
  func testStopFromAnotherThreadEndsTheWait() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    let stoppedAt = Shared<Double>(0)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
      stoppedAt.value = uptime()
      watcher.stop()
    }
    XCTAssertEqual(try watcher.next(quiet: 0.1, timeout: 10), .stopped)
    XCTAssertLessThan(uptime() - stoppedAt.value, 0.2)
    try folder.write("after.json")
    let again = uptime()
    XCTAssertEqual(try watcher.next(quiet: 0, timeout: 5), .stopped)
    XCTAssertLessThan(uptime() - again, 0.1)
  }

  /// As `hub watch` stops on SIGTERM: a signal handled on a dispatch queue calls stop().
  func testStopFromASignalHandlerEndsTheWait() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    signal(SIGUSR1, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
    source.setEventHandler { watcher.stop() }
    source.resume()
    defer { source.cancel() }
    let sentAt = Shared<Double>(0)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
      sentAt.value = uptime()
      kill(getpid(), SIGUSR1)
    }
    XCTAssertEqual(try watcher.next(quiet: 0.1, timeout: 10), .stopped)
    XCTAssertLessThan(uptime() - sentAt.value, 1)
  }

  func testATimeoutWithNothingChangedReturnsTimeout() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    let start = uptime()
    XCTAssertEqual(try watcher.next(quiet: 0.1, timeout: 0.3), .timeout)
    XCTAssertGreaterThanOrEqual(uptime() - start, 0.3)
    XCTAssertLessThan(uptime() - start, 1.5)
  }

  /// Changes not yet quiet when the timeout comes are not lost: the next call reports them.
  func testChangesNotYetQuietAtTheTimeoutAreReportedLater() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    try folder.write("a.json")
    XCTAssertEqual(try watcher.next(quiet: 2, timeout: 0.3), .timeout)
    XCTAssertEqual(try watcher.next(quiet: 0.1, timeout: 3), .changed([folder.at("a.json")]))
  }

  /// Files under sync tools', browsers' and editors' temporary names alone wake nothing.
  func testTemporaryNamesAreNotReported() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    for name in [".syncthing.a.db.tmp", "~syncthing~b.db.tmp", "c.db.part", ".~lock.d.ods#", "e.zip.crdownload",
                 "f.json~", ".#g.org", "h.tmp", "i.zip.partial", ".j.db.~1a2b3c4d"] {
      try folder.write(name)
    }
    try folder.makeFolder(".stversions")
    try folder.write(".stversions/old.db")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 0.8), .timeout)
  }

  /// A file named alone: its folder's other files are not reported; the file is, also when
  /// it is deleted and made again.
  func testASingleFileIsWatchedByItself() throws {
    let folder = try WatchedFolder()
    try folder.write("habits.json")
    let watcher = try DirectoryWatcher(paths: [folder.at("habits.json"), folder.at("later.csv")])
    try folder.write("other.json")
    try folder.write("habits.json", "{\"v\": 2}")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([folder.at("habits.json")]))
    try folder.remove("habits.json")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([folder.at("habits.json")]))
    try folder.write("habits.json")
    try folder.write("later.csv")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([folder.at("habits.json"), folder.at("later.csv")]))
  }

  /// Recursive: a new subfolder is watched, and a folder moved in brings its files as changes.
  func testNewSubfoldersAreWatchedWhenRecursive() throws {
    let folder = try WatchedFolder()
    let elsewhere = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    try folder.makeFolder("phone")
    try folder.write("phone/a.json")
    guard case .changed(let first) = try watcher.next(quiet: 0.2, timeout: 3) else { return XCTFail("no wake") }
    XCTAssertTrue(first.contains(folder.at("phone/a.json")), "\(first)")

    try elsewhere.makeFolder("batch/deeper")
    try elsewhere.write("batch/1.json")
    try elsewhere.write("batch/deeper/2.json")
    guard rename(elsewhere.at("batch"), folder.at("batch")) == 0 else { return XCTFail("rename: \(errno)") }
    guard case .changed(let moved) = try watcher.next(quiet: 0.2, timeout: 3) else { return XCTFail("no wake") }
    XCTAssertEqual(moved, [folder.at("batch"), folder.at("batch/1.json"), folder.at("batch/deeper/2.json")])
    try folder.write("batch/deeper/3.json")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([folder.at("batch/deeper/3.json")]))
  }

  /// A subfolder renamed inside the tree is watched under its new name, and one removed and
  /// made again is watched again.
  func testSubfoldersRenamedOrMadeAgainStayWatched() throws {
    let folder = try WatchedFolder()
    try folder.makeFolder("old/inner")
    try folder.makeFolder("gone")
    let watcher = try DirectoryWatcher(paths: [folder.path])
    try folder.rename("old", "new")
    try folder.remove("gone")
    _ = try watcher.next(quiet: 0.2, timeout: 3)
    try folder.makeFolder("gone")
    try folder.write("new/inner/a.json")
    try folder.write("gone/b.json")
    var paths = Set<String>()
    let end = uptime() + 4
    while !paths.isSuperset(of: [folder.at("new/inner/a.json"), folder.at("gone/b.json")]) && uptime() < end {
      guard case .changed(let more) = try watcher.next(quiet: 0.2, timeout: 3) else { break }
      paths.formUnion(more)
    }
    XCTAssertTrue(paths.isSuperset(of: [folder.at("new/inner/a.json"), folder.at("gone/b.json")]), "\(paths.sorted())")
    XCTAssertFalse(paths.contains { $0.hasPrefix(folder.at("old/")) }, "\(paths.sorted())")
  }

  /// Not recursive: a subfolder made is a change of the folder's own entries; what is
  /// written inside it is not.
  func testSubfoldersAreNotWatchedWhenNotRecursive() throws {
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path], recursive: false)
    try folder.makeFolder("phone")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([folder.at("phone")]))
    try folder.write("phone/a.json")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 0.6), .timeout)
  }

  /// More unread events than the kernel queues: the folder itself is reported (rescan it).
  func testAnOverflowReportsTheWatchedFolder() throws {
    let limit = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
    try XCTSkipIf(limit > 70_000, "max_queued_events is \(limit): too many files to make in a test")
    let folder = try WatchedFolder()
    let watcher = try DirectoryWatcher(paths: [folder.path])
    // Each file: IN_CREATE and IN_CLOSE_WRITE.
    for index in 0..<(limit / 2 + 200) {
      let fd = open(folder.at("f\(index)"), O_CREAT | O_WRONLY, 0o644)
      XCTAssertGreaterThanOrEqual(fd, 0)
      close(fd)
    }
    guard case .changed(let paths) = try watcher.next(quiet: 0.2, timeout: 5) else { return XCTFail("no wake") }
    XCTAssertTrue(paths.contains(folder.path))
  }

  /// A path the system refuses is thrown with the path and the system's reason.
  func testAPathTheSystemRefusesIsThrownWithItsReason() throws {
    let folder = try WatchedFolder()
    let long = folder.at(String(repeating: "n", count: 300))
    XCTAssertThrowsError(try DirectoryWatcher(paths: [long])) { error in
      guard let error = error as? FileWatchError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.path, long)
      XCTAssertEqual(error.code, ENAMETOOLONG)
      XCTAssertEqual(error.description, "cannot watch \(long): File name too long")
    }
    XCTAssertEqual(FileWatchError(.watch, path: "/srv/sync", code: ENOSPC).description,
                   "cannot watch /srv/sync: No space left on device (the inotify watches of this user, sysctl fs.inotify.max_user_watches, are used up)")
  }

  /// Relative paths are taken from the working folder; a path named twice is watched once.
  func testPathsAreMadeAbsoluteAndEachWatchedOnce() throws {
    let folder = try WatchedFolder()
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    try folder.makeFolder("in")
    let watcher = try DirectoryWatcher(paths: ["in", "./in/", folder.at("in/../in")])
    XCTAssertEqual(watcher.paths, [folder.at("in")])
    try folder.write("in/a.json")
    XCTAssertEqual(try watcher.next(quiet: 0.2, timeout: 3), .changed([folder.at("in/a.json")]))
  }
}
