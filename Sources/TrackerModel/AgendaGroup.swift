/// A titled group of cards on the agenda: the pinned group or one category.
public struct AgendaGroup: Hashable, Sendable {
  /// The category's title; the category id itself when no category has that id; the locale's
  /// pinned title («Закрепленные») for the pinned group.
  public var title: String
  /// Whether this is the pinned group (a view, not a category).
  public var pinned: Bool
  /// The category the group shows; `nil` for the pinned group.
  public var categoryId: String?
  /// Never empty: groups with no cards are left out.
  public var trackers: [AgendaItem]

  /// A group as given. ``Agenda`` keeps `trackers` non-empty and `categoryId` `nil` exactly
  /// for the pinned group; this initializer checks neither.
  public init(title: String, pinned: Bool, categoryId: String?, trackers: [AgendaItem]) {
    self.title = title
    self.pinned = pinned
    self.categoryId = categoryId
    self.trackers = trackers
  }
}
