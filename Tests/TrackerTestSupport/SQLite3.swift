import Foundation
import Testing

/// The `sqlite3` shell, the oracle for every SQLite-backed format: what it reads from a file
/// is what the file holds, independently of GRDB and of the codec under test.
public enum SQLite3 {
  /// `sqlite3` on the PATH (Debian's `sqlite3` package; `make deps` installs it).
  public static var executable: String? { CLI.tool("sqlite3") }

  /// Runs `sqlite3 arguments...` and returns what it said, whatever its exit status.
  public static func result(_ arguments: [String], input: String? = nil) throws -> CLI.Result {
    let sqlite3 = try #require(executable, "sqlite3 is a test dependency (make deps)")
    return try CLI.run(arguments, input: input.map { Data($0.utf8) }, executable: sqlite3)
  }

  /// `sqlite3 -batch [-readonly] db sql`, its output as lines; records an issue when it fails.
  public static func lines(_ db: String, _ sql: String, readOnly: Bool = false,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
    let result = try result(["-batch"] + (readOnly ? ["-readonly"] : []) + [db, sql])
    #expect(result.status == 0, "sqlite3 \(sql) failed: \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// `sqlite3 -json db sql` as rows of column name → value (none for an empty result).
  public static func rows(_ db: String, _ sql: String,
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
    let result = try result(["-json", db, sql])
    #expect(result.status == 0, "sqlite3 \(sql) failed: \(result.stderr)", sourceLocation: sourceLocation)
    guard !result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
                        sourceLocation: sourceLocation)
  }

  /// Runs `script` (SQL statements) with `sqlite3 -batch db`, read-write: for building test
  /// databases only; its standard output; records an issue when it fails.
  @discardableResult
  public static func execute(_ db: String, script: String,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    let result = try result(["-batch", db], input: script)
    #expect(result.status == 0, "sqlite3 script failed: \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }
}
