/// One field that differs between two versions of a tracker, task or category: its name as
/// `diff` and `merge` print it (`goal`, `extras.loop`) and both values as text (`nil`: none).
public struct FieldChange: Hashable, Sendable {
  /// The field: a model field name, `category` (by title), or `extras.NAMESPACE`.
  public var field: String
  /// The value in the first (base, old) dataset.
  public var old: String?
  /// The value in the second (incoming, new) dataset.
  public var new: String?

  /// A change as given.
  public init(field: String, old: String?, new: String?) {
    self.field = field
    self.old = old
    self.new = new
  }
}
