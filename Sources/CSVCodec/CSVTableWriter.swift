import TrackerCodec
import TrackerModel

/// Writes one table of a canonical package as rows of fields into a ``CSVRowSink``: the header,
/// then one row per entity.
///
/// Extras go where reading them back gives them again: `extras["csv"]` (unknown columns of a
/// CSV source) back into columns of their own when it is an object of texts, everything else
/// into the `extras` column as a JSON object. Either column is written only when some entity
/// needs it, so a plain `records.csv` stays `trackerId,date`.
enum CSVTableWriter {
  /// The extras namespace holding unknown columns' cells.
  static let csvNamespace = "csv"

  /// Writes the header and every row, with the columns of the package `version`; returns the
  /// header.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a value the format cannot write,
  ///   with the entity's pointer; whatever the sink throws.
  @discardableResult
  static func write<Mapping: CSVTableMapping, Sink: CSVRowSink>(
    _ mapping: Mapping.Type, _ entities: [Mapping.Entity], version: Int, to sink: inout Sink
  ) throws -> [String] {
    let columns = Mapping.table.columns(version: version).map(\.name)
    let reserved = Set(columns + [CSVTable.extrasColumn])
    let (unknown, extrasColumn) = layout(mapping, entities, reserved: reserved)
    let header = columns + (extrasColumn ? [CSVTable.extrasColumn] : []) + unknown
    let unknownOrder = Dictionary(unknown.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    try sink.writeRow(header)
    var row: [String] = []
    row.reserveCapacity(header.count)
    for (i, entity) in entities.enumerated() {
      let pointer = { Mapping.table.pointer + "/\(i)" }
      row = try Mapping.cells(entity, version: version, pointer: pointer)
      var extras = Mapping.extras(of: entity)
      var inline: [String: String] = [:]
      if !unknown.isEmpty, let texts = inlineTexts(extras[csvNamespace], reserved: reserved),
         inOrder(texts, unknownOrder) {
        inline = Dictionary(texts, uniquingKeysWith: { first, _ in first })
        extras[csvNamespace] = nil
      }
      if extrasColumn {
        do {
          row.append(try CSVCell.extras(extras))
        } catch {
          throw CodecError(.unsupportedOperation, "extras value: \(error.message)", location: SourceLocation(pointer: pointer() + "/extras"))
        }
      }
      for name in unknown { row.append(CSVCell.optional(inline[name])) }
      try sink.writeRow(row)
    }
    return header
  }

  /// The unknown columns (first-seen order) and whether the `extras` column is needed.
  ///
  /// Reading gives `extras["csv"]` its members in column order, so an entity whose members are
  /// in another order keeps them in the `extras` cell instead.
  private static func layout<Mapping: CSVTableMapping>(_ mapping: Mapping.Type, _ entities: [Mapping.Entity],
                                                       reserved: Set<String>) -> ([String], Bool) {
    var unknown: [String] = []
    var seen = Set<String>()
    for entity in entities {
      let extras = Mapping.extras(of: entity)
      guard !extras.isEmpty, let texts = inlineTexts(extras[csvNamespace], reserved: reserved) else { continue }
      for (name, _) in texts where seen.insert(name).inserted { unknown.append(name) }
    }
    let order = Dictionary(unknown.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let extrasColumn = entities.contains { entity in
      var extras = Mapping.extras(of: entity)
      if let texts = inlineTexts(extras[csvNamespace], reserved: reserved), inOrder(texts, order) {
        extras[csvNamespace] = nil
      }
      return !extras.isEmpty
    }
    return (unknown, extrasColumn)
  }

  /// Whether the names come in the columns' order.
  private static func inOrder(_ texts: [(String, String)], _ order: [String: Int]) -> Bool {
    var last = -1
    for (name, _) in texts {
      guard let place = order[name], place > last else { return false }
      last = place
    }
    return true
  }

  /// The members of `extras["csv"]` when they can be columns: a non-empty object of texts
  /// under distinct, non-empty names that are not `reserved` (the table's own columns of the
  /// version written, and `extras`).
  private static func inlineTexts(_ value: JSONValue?, reserved: Set<String>) -> [(String, String)]? {
    guard case .object(let members)? = value, !members.isEmpty else { return nil }
    var names = Set<String>()
    var texts: [(String, String)] = []
    for member in members {
      guard case .string(let text) = member.value, !member.key.isEmpty, !reserved.contains(member.key),
            names.insert(member.key).inserted else { return nil }
      texts.append((member.key, text))
    }
    return texts
  }
}
