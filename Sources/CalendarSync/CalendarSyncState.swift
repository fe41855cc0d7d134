import Foundation
import ICalendarCodec
import WebDAV

/// What the last push left on one collection: for each `UID` it wrote, the object's path, the
/// ETag the server gave for that write, and the digest of what it wrote.
///
/// A later push tells "changed on the server since" (the ETag differs) from "changed in the
/// dataset" (the digest differs) with it. Kept in a small JSON file, by default
/// `$XDG_STATE_HOME/trackport/calendar/<digest of the URL>.json` (``defaultPath(for:environment:)``),
/// written atomically after every request that changed the collection, so that an interrupted
/// push leaves it true.
public struct CalendarSyncState: Codable, Sendable, Equatable {
  public struct Entry: Codable, Sendable, Equatable {
    /// The object's path on the server, percent-encoded.
    public var href: String
    /// The ETag the server answered the write with; `nil` when it gave none.
    public var etag: String?
    /// ``ICalendarObject/digest`` of what was written.
    public var digest: String

    public init(href: String, etag: String?, digest: String) {
      self.href = href
      self.etag = etag
      self.digest = digest
    }
  }

  /// The file's format (1).
  public var version = 1
  /// The collection's URL (no credentials).
  public var collection: String
  /// By `UID`.
  public var objects: [String: Entry]

  public init(collection: String, objects: [String: Entry] = [:]) {
    self.collection = collection
    self.objects = objects
  }

  /// `$XDG_STATE_HOME/trackport/calendar/NAME.json` (`~/.local/state/...` without it), NAME
  /// the host and 16 hex digits of the FNV-1a digest of the URL's ``WebDAVURL/canonical`` form
  /// (so `HOST`, `host:443` and `%7E` for `~` name one collection).
  public static func defaultPath(for collection: WebDAVURL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let base: String
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = state
    } else {
      base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    }
    let host = WebDAVURL.segment(collection.host.lowercased())
    return base + "/trackport/calendar/" + host + "-" + ICalendarCodec.digest(of: collection.canonical.utf8) + ".json"
  }

  /// The state in `path` for `collection`: empty when there is no file yet.
  ///
  /// - Throws: ``CalendarSyncError`` when the file cannot be read or is not a state file, or
  ///   is another collection's.
  public static func load(_ path: String, collection: WebDAVURL) throws -> CalendarSyncState {
    let url = collection.canonical
    guard FileManager.default.fileExists(atPath: path) else { return CalendarSyncState(collection: url) }
    let state: CalendarSyncState
    do {
      state = try JSONDecoder().decode(CalendarSyncState.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw CalendarSyncError.state(path, "cannot be read as a push state file (\(error.localizedDescription)); move it away to start afresh")
    }
    guard state.version == 1 else { throw CalendarSyncError.state(path, "is version \(state.version), newer than this trackport reads") }
    guard state.collection == url else {
      throw CalendarSyncError.state(path, "holds the state of \(state.collection), not of \(url)")
    }
    return state
  }

  /// Writes the state to `path` atomically (a temporary file renamed over it), making its folder.
  public func save(_ path: String) throws {
    let target = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try encoder.encode(self).write(to: target, options: .atomic)
    } catch {
      throw CalendarSyncError.state(path, "cannot be written (\(error.localizedDescription))")
    }
  }
}

/// A push or pull that failed for a reason of its own (not the server's: ``WebDAVError``).
public enum CalendarSyncError: Error, CustomStringConvertible {
  /// The state file at the path is unusable, and why.
  case state(String, String)
  /// An object on the server that cannot be read (its URL, the reason).
  case unreadableObject(String, String)

  public var description: String {
    switch self {
    case .state(let path, let reason): "\(path): \(reason)"
    case .unreadableObject(let url, let reason): "\(url): \(reason)"
    }
  }
}
