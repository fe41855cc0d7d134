import Foundation
import GRDB
import TrackerCodec
import TrackerModel

/// A SQLite database another app wrote (a Loop or Tickmate backup), opened as those apps'
/// readers need it: read-only, never changing the input or anything beside it.
package enum SQLiteFile {
  /// The first 16 bytes of every SQLite database file.
  package static let magic = Array("SQLite format 3\u{0}".utf8)

  /// Runs `read` on a path SQLite can open read-only holding `input`'s database: the file
  /// itself; or, for standard input, bytes, and a file in WAL mode (header bytes 18–19 are 2,
  /// which SQLite cannot open read-only without writing a `-shm` file beside it), a copy in a
  /// private scratch folder (``ScratchFolder``, `trackport-<scratchPrefix>-XXXXXX`). A WAL
  /// file's `<file>-wal`, when there is one, holds committed pages the main file lacks: it is
  /// copied beside the copy, so SQLite reads them; without one the copy is marked as a
  /// rollback-journal database, which a backup (one file) is.
  ///
  /// - Throws: `notSQLite` when the input does not start with the SQLite header; ``CodecError``
  ///   `.cannotReadInput` for an unreadable `-wal`, `.io` when the copy cannot be made; what
  ///   `read` throws.
  package static func withReadablePath<T>(_ input: CodecInput, fileName: String, scratchPrefix: String,
                                          notSQLite: @autoclosure () -> CodecError,
                                          _ read: (String) throws -> T) throws -> T {
    let head = try input.head(20)
    guard head.starts(with: magic) else { throw notSQLite() }
    let wal = head.count == 20 && (head[18] == 2 || head[19] == 2)
    if case .file(let path) = input.source, !wal {
      return try read(path)
    }
    var walBytes: Data?
    if wal, case .file(let path) = input.source, FileManager.default.fileExists(atPath: path + "-wal") {
      do {
        walBytes = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
      } catch {
        throw CodecError(.cannotReadInput, "cannot read the database's write-ahead log \(path)-wal: \(ForeignError.words(error))",
                         location: SourceLocation(file: fileName + "-wal"))
      }
      if walBytes?.isEmpty == true { walBytes = nil }
    }
    return try ScratchFolder.with(prefix: scratchPrefix, fileName: fileName) { folder in
      let path = folder + "/backup.db"
      do {
        var bytes = try input.withBytes { Data($0) }
        if let walBytes {
          try walBytes.write(to: URL(fileURLWithPath: path + "-wal"))
        } else if wal, bytes.count >= 20 {
          bytes[18] = 1
          bytes[19] = 1
        }
        try bytes.write(to: URL(fileURLWithPath: path))
      } catch let error as CodecError {
        throw error
      } catch {
        throw CodecError(.io, "cannot copy the database to a temporary file: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
      }
      return try read(path)
    }
  }

  /// Opens `path` read-only and runs `read` in one read transaction; failures of SQLite (not a
  /// database, damaged pages) become ``CodecError`` `.malformedInput` "not a readable `app`
  /// database: …" located at `fileName`; a ``CodecError`` from `read` passes as it is.
  package static func read<T>(_ path: String, fileName: String, app: String, _ read: (Database) throws -> T) throws -> T {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "trackport-\(app.lowercased())-reader"
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      defer { try? queue.close() }
      return try queue.read { db in try read(db) }
    } catch let error as CodecError {
      throw error
    } catch let error as DatabaseError {
      throw CodecError(.malformedInput, "not a readable \(app) database: \(error.message ?? "SQLite error \(error.resultCode.rawValue)")",
                       location: SourceLocation(file: fileName))
    } catch {
      throw CodecError(.malformedInput, "not a readable \(app) database: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
    }
  }
}
