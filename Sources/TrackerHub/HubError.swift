import TrackerPort

/// Why a hub command could not do its work. Each kind is one exit status of the CLI's table
/// (README, "Exit status"); the message names the file and, for the configuration, the line.
public struct HubError: Error, CustomStringConvertible, Sendable {
  public enum Kind: Sendable {
    /// `hub.toml` is malformed, has a key no section takes, or a value of the wrong kind.
    case config
    /// The folder is not a hub (no `hub.toml`), or a hub file cannot be read.
    case notAHub
    /// Another run holds the hub's lock (and `--wait` was not given).
    case busy
    /// The hub's own files could not be written (a full disk, permissions): nothing changed.
    case io
    /// What the command was asked is not possible (`undo` of an entry that is no import).
    case usage
    /// The hub's store is damaged: an object a journal entry names is missing or corrupt.
    case damaged
  }

  public var kind: Kind
  public var message: String
  /// A second line: what to do about it.
  public var note: String?

  public init(_ kind: Kind, _ message: String, note: String? = nil) {
    self.kind = kind
    self.message = message
    self.note = note
  }

  public var description: String { message + (note.map { "\n  note: \($0)" } ?? "") }
}
