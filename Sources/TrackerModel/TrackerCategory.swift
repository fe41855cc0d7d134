/// A category of trackers («Домашний уют»), in the order the user sees them.
public struct TrackerCategory: Hashable, Sendable {
  /// What trackers' `categoryId` refers to; never shown to the user (the title is).
  public var id: String
  /// The heading the user sees, and what the app identifies a category by: two categories
  /// with one title would merge (rule `category-title-duplicate`).
  public var title: String
  /// Source-specific data the model cannot say; see ``Extras``.
  public var extras: Extras

  /// Takes the values as given; an empty or reserved title is the validator's to report.
  public init(id: String, title: String, extras: Extras = [:]) {
    self.id = id
    self.title = title
    self.extras = extras
  }
}
