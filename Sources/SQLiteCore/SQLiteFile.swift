import Foundation
import CSQLiteGuard
import GRDB
import TrackerCodec
import TrackerModel

/// A SQLite database another app wrote (a Loop or Tickmate backup), opened as a file from a
/// stranger should be: a private copy, read-only, hardened, within a size and a time limit
/// (docs/security.md), never changing the input or anything beside it.
package enum SQLiteFile {
  /// The first 16 bytes of every SQLite database file.
  package static let magic = Array("SQLite format 3\u{0}".utf8)

  /// The largest database (and write-ahead log) read from another app: a habit app's backup
  /// of decades is a few megabytes; past this it is refused before anything is copied.
  package static let maximumBytes = 1 << 30

  /// The largest string or blob SQLite hands over from such a file (`SQLITE_LIMIT_LENGTH`).
  package static let maximumValueBytes = 16 << 20

  /// How long reading one database may take before it is stopped as hostile or damaged:
  /// `TRACKPORT_SQLITE_SECONDS` when set, else 10 s. A real backup of years reads in well
  /// under a second.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` when the variable is not a positive
  ///   number of seconds of at most a day (as the plugin limits' variables).
  package static func timeLimitSeconds(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Double {
    guard let text = environment["TRACKPORT_SQLITE_SECONDS"] else { return 10 }
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw CodecError(.unsupportedOperation, "TRACKPORT_SQLITE_SECONDS takes a positive number of seconds (at most 86400), got '\(text)'")
    }
    return seconds
  }

  /// Runs `read` on a private copy of `input`'s database, in a scratch folder
  /// (``ScratchFolder``, `trackport-<scratchPrefix>-XXXXXX`, removed afterwards and on
  /// interruption): a database is code as much as data, and SQLite may write beside what it
  /// opens (`-shm`, `-journal`), so the input and its folder are never opened by SQLite. A
  /// file in WAL mode (header bytes 18–19 are 2) brings its `<file>-wal`, which holds
  /// committed pages the main file lacks, beside the copy; without one the copy is marked as a
  /// rollback-journal database, which a backup (one file) is.
  ///
  /// - Throws: `notSQLite` when the input does not start with the SQLite header; ``CodecError``
  ///   `.malformedInput` for a database or log larger than ``maximumBytes``,
  ///   `.cannotReadInput` for an unreadable `-wal`, `.io` when the copy cannot be made; what
  ///   `read` throws.
  package static func withReadablePath<T>(_ input: CodecInput, fileName: String, scratchPrefix: String,
                                          notSQLite: @autoclosure () -> CodecError,
                                          _ read: (String) throws -> T) throws -> T {
    let head = try input.head(20)
    guard head.starts(with: magic) else { throw notSQLite() }
    if let size = input.regularFileSize { try checkSize(size, of: fileName) }
    let wal: Bool = head.count == 20 && (head[18] == 2 || head[19] == 2)
    var walPath: String?
    if wal, case .file(let path) = input.source {
      let attributes: [FileAttributeKey: Any]? = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
      if let size = attributes?[.size] as? Int, size > 0 {
        try checkSize(size, of: fileName + "-wal")
        walPath = path + "-wal"
      }
    }
    return try ScratchFolder.with(prefix: scratchPrefix, fileName: fileName) { folder in
      let path = folder + "/backup.db"
      do {
        if case .file(let source) = input.source {
          try FileManager.default.copyItem(atPath: source, toPath: path)
        } else {
          try input.withBytes { bytes in
            try checkSize(bytes.count, of: fileName)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
          }
        }
        if let walPath {
          do {
            try FileManager.default.copyItem(atPath: walPath, toPath: path + "-wal")
          } catch {
            throw CodecError(.cannotReadInput, "cannot read the database's write-ahead log \(walPath): \(ForeignError.words(error))",
                             location: SourceLocation(file: fileName + "-wal"))
          }
        } else if wal {
          let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
          defer { try? handle.close() }
          try handle.seek(toOffset: 18)
          try handle.write(contentsOf: Data([1, 1]))
        }
      } catch let error as CodecError {
        throw error
      } catch {
        throw CodecError(.io, "cannot copy the database to a temporary file: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
      }
      do {
        return try read(path)
      } catch var error as CodecError where wal && walPath == nil && error.kind == .malformedInput {
        // The tables themselves may be in the log left behind.
        let log = (fileName.split(separator: "/").last.map(String.init) ?? fileName) + "-wal"
        error.note = (error.note.map { $0 + "; " } ?? "")
          + "the database is in write-ahead-log mode and its log \(log) is not beside it: copy it along with the database"
        throw error
      }
    }
  }

  /// A WAL-mode database read without a non-empty `-wal`: what the log held is not in what was
  /// read (an iOS store copied without `<name>.sqlite-wal` while the app had it open lacks its
  /// newest changes, or all of them).
  package static let missingLog = DiagnosticDescriptor(
    code: "sqlite-missing-wal", severity: .warning,
    summary: "A database in write-ahead-log mode read without its -wal file beside it: if it was copied while the app had it open, its newest changes (or all its rows) are in that file and not here; copy it (and -shm) along with the database.")

  /// The ``missingLog`` warning for `input` when it is in WAL mode and has no non-empty
  /// `<file>-wal` beside it (or came from a pipe or an upload, which has none); `nil` otherwise.
  /// Said whether or not rows were read: a store copied while its app ran holds some days in
  /// its main file and the newest in the log, and nothing in the file tells the two apart from
  /// a store its app closed cleanly. `empty` (nothing was read) makes the message firmer.
  package static func missingLogWarning(_ input: CodecInput, fileName: String, empty: Bool) -> Diagnostic? {
    guard let head = try? input.head(20), head.count == 20, head.starts(with: magic), head[18] == 2 || head[19] == 2 else { return nil }
    if case .file(let path) = input.source,
       let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int, size > 0 {
      return nil
    }
    let log = (fileName.split(separator: "/").last.map(String.init) ?? fileName) + "-wal"
    let copy = "copy \(log) (and \(log.dropLast(4))-shm) from the app's folder into the same folder as the database, then read it again"
    if empty {
      return Diagnostic(code: missingLog.code, severity: .warning,
                        message: "the database is in write-ahead-log mode and holds no rows, and its log \(log) is not beside it: the rows are most likely in that file",
                        location: SourceLocation(file: fileName), note: copy)
    }
    return Diagnostic(code: missingLog.code, severity: .warning,
                      message: "the database is in write-ahead-log mode and its log \(log) is not beside it: if it was copied while the app had it open, its newest changes are in that file and missing here",
                      location: SourceLocation(file: fileName),
                      note: copy + "; a store its app closed (or TrackerPort wrote) holds everything, and this can be ignored")
  }

  private static func checkSize(_ size: Int, of fileName: String) throws {
    guard size > maximumBytes else { return }
    throw CodecError(.malformedInput, "the database is \(size) bytes, more than the \(maximumBytes >> 20) MiB TrackerPort reads from another app",
                     location: SourceLocation(file: fileName), note: "a habit app's backup of many years is a few megabytes")
  }

  /// Opens `path` read-only, hardened against a hostile file (``harden(_:deadline:)``), and
  /// runs `read` in one read transaction; failures of SQLite (not a database, damaged pages, a
  /// view or trigger the hardening refuses, the time limit) become ``CodecError``
  /// `.malformedInput` "not a readable `app` database: …" located at `fileName`; a
  /// ``CodecError`` from `read` passes as it is.
  /// `timeLimit` is ``timeLimitSeconds(environment:)`` unless a test needs another.
  package static func read<T>(_ path: String, fileName: String, app: String, timeLimit: Double? = nil,
                              _ read: (Database) throws -> T) throws -> T {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "trackport-\(app.lowercased())-reader"
    let limit = try timeLimit ?? timeLimitSeconds()
    configuration.prepareDatabase { db in try harden(db, seconds: limit) }
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      defer { try? queue.close() }
      return try queue.read { db in try read(db) }
    } catch let error as CodecError {
      throw error
    } catch let error as DatabaseError {
      throw CodecError(.malformedInput, "not a readable \(app) database: \(describe(error, limit: limit))",
                       location: SourceLocation(file: fileName))
    } catch {
      throw CodecError(.malformedInput, "not a readable \(app) database: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
    }
  }

  /// What SQLite said, in words for the time limit and the hardening's refusals.
  private static func describe(_ error: DatabaseError, limit: Double) -> String {
    if error.resultCode == .SQLITE_INTERRUPT {
      return "reading it took longer than \(limit.formatted(.number)) s, the limit for a database from another app (a damaged or hostile file; TRACKPORT_SQLITE_SECONDS sets the limit)"
    }
    let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
    if message.contains("prohibited") || message.contains("unsafe use of") {
      return message + " (views, triggers and functions with side effects are refused in files from other apps)"
    }
    return message
  }

  /// Before the first read: defensive mode, an untrusted schema, no views, triggers, extensions
  /// or attached databases, cell size checks on every page read, values capped at
  /// ``maximumValueBytes``, nothing written (`query_only`), no memory mapping, and statements
  /// interrupted after `seconds` from now (`CSQLiteGuard`).
  private static func harden(_ db: Database, seconds: Double) throws {
    guard let connection = db.sqliteConnection else { return }
    let rc = trackport_sqlite_guard(UnsafeMutableRawPointer(connection), Int64(seconds * 1000), Int32(maximumValueBytes))
    guard rc == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: rc), message: "cannot harden the connection") }
    try db.execute(sql: "PRAGMA cell_size_check = ON; PRAGMA query_only = ON; PRAGMA mmap_size = 0; PRAGMA trusted_schema = OFF")
  }
}
