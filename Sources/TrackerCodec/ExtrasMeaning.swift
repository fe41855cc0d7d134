import Foundation
import TrackerModel

/// A member of a format's own extras namespace (`extras["loop"].color`) that keeps the
/// source app's exact value of a model field the model holds only approximately, or not for
/// every value (Loop's own colour beside the nearest palette colour, a measurable habit's target
/// per week). A writer of another format that leaves such extras out loses that field, and
/// ``LossReport/namingExtras(_:writing:writer:sources:)`` reports it under the field's name, as
/// a person recognises it, instead of as `extras`.
public struct ExtrasMeaning: Hashable, Sendable {
  /// The member's key in the namespace (the namespace is the codec's id).
  public var key: String
  /// The model field whose value the member keeps; `nil` for a member the model already holds
  /// exactly in another spelling (Loop's UUID without dashes, which is the tracker's id): no loss.
  public var field: ModelField?
  /// What it is, as a person names it, for the loss message (`Loop colour`).
  public var what: String

  /// `key` of the codec's namespace keeps `what`, a value of `field` (`nil`: nothing the model lacks).
  public init(_ key: String, _ field: ModelField?, _ what: String) {
    self.key = key
    self.field = field
    self.what = what
  }
}

extension LossReport {
  /// `losses` with the writer's `extras` loss split by what the extras describe: items whose
  /// extras of other formats (namespaces of `sources`, other than the writer's own and
  /// TrackerPort's marks) hold only members some source declares in its
  /// ``CodecDescriptor/extrasMeanings`` are reported under those members' model fields, one
  /// `dropped-field` warning per field, and no longer counted in the `extras` warning (left out
  /// when that leaves none). `losses` is returned unchanged when it has no `extras` warning or
  /// no such item.
  public static func namingExtras(_ losses: [Diagnostic], writing dataset: TrackerDataset, writer: CodecDescriptor,
                                  sources: [CodecDescriptor]) -> [Diagnostic] {
    guard let index = losses.firstIndex(where: { $0.code == droppedField.code && $0.location.pointer == "/" + ModelField.extras.rawValue }) else {
      return losses
    }
    var meanings: [String: [String: ExtrasMeaning]] = [:]
    for source in sources where source.id != writer.id && !source.extrasMeanings.isEmpty {
      meanings[source.id] = Dictionary(source.extrasMeanings.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    }
    guard !meanings.isEmpty else { return losses }
    var described = 0
    var counts: [ModelField: Int] = [:]
    var whats: [ModelField: [String]] = [:]
    // A category's members mean a category's fields only: a tracker's `color` is its colour,
    // a category's `color` is nothing the model has (so it stays `extras`). A tracker may keep
    // its days' values (Loop's `values`), so other items' members mean any other field.
    func look(_ extras: Extras, ofCategory: Bool = false) {
      let foreign = extras.ofFormats.filter { $0.key != writer.id }
      guard !foreign.isEmpty else { return }
      var undescribed = false
      var found: [ExtrasMeaning] = []
      for (namespace, value) in foreign {
        guard let table = meanings[namespace], case .object(let members) = value else {
          undescribed = true
          continue
        }
        for member in members {
          if let meaning = table[member.key], meaning.field.map({ $0.isCategoryField == ofCategory }) ?? true {
            found.append(meaning)
          } else {
            undescribed = true
          }
        }
      }
      guard !undescribed else { return }
      described += 1
      for field in Set(found.compactMap(\.field)) { counts[field, default: 0] += 1 }
      for meaning in found {
        guard let field = meaning.field, !(whats[field]?.contains(meaning.what) ?? false) else { continue }
        whats[field, default: []].append(meaning.what)
      }
    }
    look(dataset.extras)
    for item in dataset.categories { look(item.extras, ofCategory: true) }
    for item in dataset.trackers { look(item.extras) }
    for item in dataset.records { look(item.extras) }
    for item in dataset.entries { look(item.extras) }
    for item in dataset.tasks { look(item.extras) }
    guard described > 0 else { return losses }

    let loss = losses[index]
    var result = losses
    result.remove(at: index)
    // The writer's own count ("extras: 3 item(s) ..."), less the items now named by field.
    let said = loss.message.components(separatedBy: ModelField.extras.rawValue + ": ").dropFirst().first
      .map { Int($0.prefix { $0.isNumber }) ?? 0 } ?? 0
    var named: [Diagnostic] = []
    let writerName = loss.message.components(separatedBy: " cannot carry ").first ?? writer.name
    for field in ModelField.inModelOrder(counts.keys) {
      guard let count = counts[field] else { continue }
      let what = "\(count) item(s) whose \((whats[field] ?? []).joined(separator: ", ")) kept in another format's extras"
      // The writer already reports this field (colours off its palette): one warning says both.
      if let same = result.firstIndex(where: { $0.code == droppedField.code && $0.location.pointer == "/" + field.rawValue }) {
        result[same].message += "; and \(what), left out"
        continue
      }
      named.append(Diagnostic(
        code: droppedField.code, severity: .warning,
        message: "\(writerName) cannot carry \(field.rawValue): \(what), left out",
        location: SourceLocation(file: loss.location.file, pointer: "/" + field.rawValue)))
    }
    if said - described > 0 {
      var rest = loss
      rest.message = rest.message.replacingFirst(ModelField.extras.rawValue + ": \(said)", with: ModelField.extras.rawValue + ": \(said - described)")
      named.append(rest)
    }
    result.insert(contentsOf: named, at: index)
    return result
  }
}

private extension ModelField {
  /// A part of categories (`categories`, `categories.id`, `categories[without trackers]`, ...).
  var isCategoryField: Bool { rawValue.hasPrefix("categories") }
}

private extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
