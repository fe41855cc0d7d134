import Foundation
import TrackerCodec

/// What every target's helper namespace (`Loop`, `Habo`, `Harness`...) offers, so that
/// `Loop.error { ... }` and `Habo.root` read the same in every target without each target
/// repeating them: conform the namespace (`enum Loop: TestHelpers`).
public protocol TestHelpers {
  /// The prefix of the folders ``temporaryFolder()`` makes (`trackport-test` unless given).
  static var temporaryPrefix: String { get }
}

extension TestHelpers {
  public static var temporaryPrefix: String { "trackport-test" }

  /// The repository root (``Repository/root``).
  public static var root: URL { Repository.root }

  /// The ``CodecError`` `body` throws; `nil` when it throws nothing or another error.
  public static func error(_ body: () throws -> Void) -> CodecError? { codecError(body) }

  /// A fresh temporary folder named after ``temporaryPrefix``.
  public static func temporaryFolder() throws -> URL { try TrackerTestSupport.temporaryFolder(temporaryPrefix) }

  /// Removes a folder made by ``temporaryFolder()``.
  public static func remove(_ folder: URL) { removeFolder(folder) }
}
