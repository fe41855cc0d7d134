/// One journal entry: a source file a run met, or an undo.
public struct HubEntry: Codable, Equatable, Sendable {
  /// What the run did with it.
  public enum Status: String, Codable, Sendable {
    /// Read and merged; the history changed.
    case imported
    /// Read and merged; it held nothing the history lacked.
    case unchanged
    /// Not read: malformed, of an unknown format, or with rows its reader could not take; its
    /// diagnostics say where. Not tried again until its content changes.
    case refused
    /// An import taken back (``undoes`` names it).
    case undo
  }

  /// Counts of what an import brought that the history did not have.
  public struct Added: Codable, Equatable, Sendable {
    public var trackers = 0, records = 0, entries = 0, tasks = 0, categories = 0
    public init() {}
  }

  /// Its number, from 1, in the order taken: what `hub undo N` names.
  public var number: Int
  /// The run it was taken in.
  public var run: Int
  /// When, as ISO 8601 in UTC.
  public var time: String
  public var status: Status
  /// The source file or folder (absolute), or, for an undo, the file of the entry undone.
  public var file: String
  /// SHA-256 of its content (a folder: of its files' relative paths and hashes).
  public var hash: String
  /// Its size in bytes and modification time (seconds since 1970) when read.
  public var size: Int?
  public var modified: Double?
  /// The format it was read as.
  public var format: String?
  /// What came in, and how many of its days were already there.
  public var added: Added
  public var present: Int
  /// How many disagreements there were, which side won them (`source` or `history`), and the
  /// first of them as text.
  public var conflicts: Int
  public var kept: String?
  public var conflictLines: [String]
  /// The reader's findings (or why it was refused), as `file:line:column: severity: message`;
  /// at most ``HubEntry/maximumLines``.
  public var diagnostics: [String]
  /// The dataset as read (an object of the store), and the fields its format cannot carry:
  /// what `undo` replays.
  public var input: String?
  public var uncarried: [String]
  /// The history's hash before and after this entry.
  public var before: String
  public var after: String
  /// For an undo: the entry it took back.
  public var undoes: Int?

  /// The most conflict and diagnostic lines an entry keeps (the counts stay whole).
  public static let maximumLines = 50

  public init(number: Int, run: Int, time: String, status: Status, file: String, hash: String, before: String, after: String) {
    self.number = number
    self.run = run
    self.time = time
    self.status = status
    self.file = file
    self.hash = hash
    self.added = Added()
    self.present = 0
    self.conflicts = 0
    self.conflictLines = []
    self.diagnostics = []
    self.uncarried = []
    self.before = before
    self.after = after
  }

  /// Whether `undo` can take it back: an import (changed or not) not undone yet.
  var isReplayable: Bool { status == .imported || status == .unchanged }
}

/// One run's journal file: the entries it made and the history it led to.
struct HubRunRecord: Codable, Equatable, Sendable {
  var run: Int
  var time: String
  var before: String
  var after: String
  var entries: [HubEntry]
}
