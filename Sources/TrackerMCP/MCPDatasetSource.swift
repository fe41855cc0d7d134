/// A dataset the server was started with: a file, or a hub's history.
public struct MCPDatasetSource: Hashable, Sendable {
  /// The name tools take (`dataset`): the file's name, or the hub folder's; made unique with
  /// `-2`, `-3`, ... when two are alike.
  public var name: String
  /// The file read: the dataset, or the hub's `history.trackport.json`.
  public var path: String
  /// Whether it is a hub's history (read-only here as every dataset is; its file changes when
  /// the hub runs, and the server reads it again then).
  public var isHub: Bool

  /// A source as given.
  public init(name: String, path: String, isHub: Bool = false) {
    self.name = name
    self.path = path
    self.isHub = isHub
  }

  /// Sources for `paths` (each with whether it is a hub's history), named by the last part of
  /// `shown` (the argument as given), unique.
  public static func named(_ items: [(shown: String, path: String, isHub: Bool)]) -> [MCPDatasetSource] {
    var taken: Set<String> = []
    return items.map { item in
      let base = item.shown.split(separator: "/").last.map(String.init) ?? item.shown
      var name = base.isEmpty ? "dataset" : base
      var n = 2
      while taken.contains(name) { name = "\(base)-\(n)"; n += 1 }
      taken.insert(name)
      return MCPDatasetSource(name: name, path: item.path, isHub: item.isHub)
    }
  }
}
