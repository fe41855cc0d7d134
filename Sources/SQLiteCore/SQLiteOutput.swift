import Foundation
import TrackerCodec
import TrackerModel

/// Where every SQLite writer (Loop's `.db`, the iOS Tracker store, any later one) writes its
/// database: one file, checked before it is built and written atomically.
///
/// SQLite keeps a database's uncommitted or uncheckpointed pages beside it, in `<file>-wal`
/// (with its index `<file>-shm`) or `<file>-journal`, and applies whatever log it finds under
/// those names to the database it opens. A new database written where an old one's log is
/// left would be "recovered" with the old pages — damaged, or silently another database — the
/// first time the app (or `sqlite3`) opens it. So such a file beside the output is refused,
/// whatever `--force` says: it was not named as the output, and deleting it is the user's call.
package enum SQLiteOutput {
  /// The names SQLite gives the files it keeps beside a database, after the database's name.
  package static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

  /// Checks that `output` can take a database (``CodecOutput/checkWritable()``, and no
  /// sidecar beside it), runs `build` for the database's bytes, and writes them atomically.
  /// The checks come first: building a large database takes seconds.
  ///
  /// - Parameter noun: what the database is called in the message ("database", "store").
  /// - Throws: ``CodecError`` `.cannotCreateOutput` for a refused output or a `-wal`, `-shm` or
  ///   `-journal` beside it; what `build` throws; `.io` from the output.
  package static func write(to output: CodecOutput, noun: String = "database", _ build: () throws -> [UInt8]) throws {
    try output.checkWritable()
    try refuseSidecars(beside: output, noun: noun)
    let bytes = try build()
    try output.write { $0.write(bytes: bytes) }
  }

  /// Throws when a file named like one of SQLite's sidecars of `output` exists (a link to
  /// nothing counts: SQLite would follow it); standard output and memory have none.
  ///
  /// - Throws: ``CodecError`` `.cannotCreateOutput` naming the first such file, at the output.
  package static func refuseSidecars(beside output: CodecOutput, noun: String = "database") throws {
    guard case .file(let path) = output.destination else { return }
    let found = sidecarSuffixes.map { path + $0 }.filter { (try? FileManager.default.attributesOfItem(atPath: $0)) != nil }
    guard let first = found.first else { return }
    throw CodecError(.cannotCreateOutput, "\(first) is beside the output: SQLite would apply the old \(noun)'s log to the new one",
                     location: SourceLocation(file: output.displayName),
                     note: "write to a new name, or move \(found.joined(separator: " and ")) away first")
  }
}
