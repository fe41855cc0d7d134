import FileWatch
import XCTest

final class TemporaryNameTests: XCTestCase {
  func testNamesOfFilesNotFinishedAreTemporary() {
    let temporary = [
      ".syncthing.Loop Habits Backup 2026-12-05 101500.db.tmp",  // Syncthing
      "~syncthing~x.db.tmp",                                      // Syncthing on Windows
      "x.db.part", "backup.db.ocTransferId1234.part",            // Nextcloud, ownCloud, Firefox
      ".backup.db.~1a2b3c4d",                                     // Nextcloud's download in progress
      ".~lock.habits.ods#",                                       // LibreOffice's lock
      "export.zip.crdownload", "export.zip.partial",              // browsers
      "x.filepart",                                               // WinSCP
      "a.tmp", "A.TMP", "notes.org.swp",
      "notes.org~", ".#notes.org", ".notes.org.swp",              // editors
      "~$report.docx",                                            // Microsoft Office
      ".hidden", ".stfolder",
    ]
    for name in temporary { XCTAssertTrue(DirectoryWatcher.isTemporaryName(name), name) }
  }

  func testFinishedNamesAreNot() {
    let finished = ["Loop Habits Backup 2026-12-05 101500.db", "x.db", "habitica-user-data.zip", "tmp", "partial.json",
                    "export.tmp.json", "a~b.json", "part", "~syncthing", "", "history.trackport.json", "Табличка.csv"]
    for name in finished { XCTAssertFalse(DirectoryWatcher.isTemporaryName(name), name) }
  }
}
