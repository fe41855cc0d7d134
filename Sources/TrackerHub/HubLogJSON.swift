import Foundation

/// The journal as JSON (`hub log --format json`, `hub serve`'s `/journal.json`): an array of
/// entries with every field of ``HubEntry`` and `undone`, keys sorted.
public enum HubLogJSON {
  public static func render(_ log: [(entry: HubEntry, undone: Bool)]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let data = try encoder.encode(log.map { Item(entry: $0.entry, undone: $0.undone) })
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// An entry with whether it was undone.
  private struct Item: Encodable {
    var entry: HubEntry
    var undone: Bool
    enum Key: String, CodingKey { case undone }
    func encode(to encoder: any Encoder) throws {
      try entry.encode(to: encoder)
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(undone, forKey: .undone)
    }
  }
}
