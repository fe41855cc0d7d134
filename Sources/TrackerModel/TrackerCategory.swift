/// A category of trackers («Домашний уют»), in the order the user sees them.
public struct TrackerCategory: Hashable, Sendable {
  public var id: String
  public var title: String
  /// Source-specific data the model cannot say; see ``Extras``.
  public var extras: Extras

  public init(id: String, title: String, extras: Extras = [:]) {
    self.id = id
    self.title = title
    self.extras = extras
  }
}
