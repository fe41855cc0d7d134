/// What arrives when a file of one format is converted to another, for every pair, worked out
/// from the codecs' declarations (``CodecDescriptor/cannotCarry`` and
/// ``CodecDescriptor/carriesInPart``) alone, so it changes when a declaration does
/// (docs/migration-matrix.md, `formats --format json`'s `migrations`).
///
/// A part of the model is lost on the way when the source can hold it and the target cannot;
/// it arrives in part when the target holds only some of its values (a colour off Loop's
/// palette, a frequency beaverhabits cannot say); everything else the source holds arrives
/// whole (what a source holds only some values of, it holds as the source app had them). A read-only format
/// declares nothing it lacks, so every loss of the target is listed for it: these are what
/// *may* be lost; a conversion reports only what its file has (`convert --dry-run`).
public enum MigrationMatrix {
  /// One source and one target (a shape of it, for a codec with ``CodecDescriptor/shapes``).
  public struct Route: Hashable, Sendable {
    /// The reading codec's id.
    public var from: String
    /// The writing codec's id.
    public var to: String
    /// The target's `to-shape`, for a codec that writes several; `nil` otherwise.
    public var shape: String?
    /// What the source can hold and the target has no place for, in the model's order.
    public var lost: [ModelField]
    /// What arrives with only some of its values, in the model's order.
    public var inPart: [ModelField]
  }

  /// Every route from each codec that reads to each codec (and shape) that writes, in the
  /// given order of codecs; a codec to itself is a route too (what a round trip keeps).
  public static func routes(_ descriptors: [CodecDescriptor]) -> [Route] {
    var routes: [Route] = []
    for source in descriptors where source.canRead {
      for target in descriptors where target.canWrite {
        let shapes: [(String?, [ModelField], [ModelField])] = target.shapes.isEmpty
          ? [(nil, target.cannotCarry, target.carriesInPart)]
          : target.shapes.map { ($0.name, $0.cannotCarry, $0.carriesInPart) }
        for (shape, cannot, inPart) in shapes {
          routes.append(route(from: source, to: target.id, shape: shape, cannotCarry: cannot, carriesInPart: inPart))
        }
      }
    }
    return routes
  }

  /// The route from `source` to a target that cannot carry `cannotCarry` and carries
  /// `carriesInPart` in part.
  static func route(from source: CodecDescriptor, to target: String, shape: String?,
                    cannotCarry: [ModelField], carriesInPart: [ModelField]) -> Route {
    let cannot = Set(cannotCarry)
    let partly = Set(carriesInPart)
    let missing = Set(source.cannotCarry)
    let sameFormat = source.id == target
    var lost: [ModelField] = []
    var inPart: [ModelField] = []
    for field in ModelField.allCases where holds(field, missing: missing) {
      if cannot.contains(field) {
        lost.append(field)
      } else if partly.contains(field) && !sameFormat {
        // What a format keeps of its own values comes back whole from itself.
        inPart.append(field)
      }
    }
    return Route(from: source.id, to: target, shape: shape, lost: lost, inPart: inPart)
  }

  /// Whether files of `source` can hold `field`: neither it nor what it is part of is declared
  /// missing (Loop has no categories, so no category ids either; a format without events has
  /// no event days and no kinds to lose).
  public static func holds(_ source: CodecDescriptor, _ field: ModelField) -> Bool {
    holds(field, missing: Set(source.cannotCarry))
  }

  /// ``holds(_:_:)`` for a source whose declared missing parts are `missing`.
  static func holds(_ field: ModelField, missing: Set<ModelField>) -> Bool {
    !missing.contains(field) && !requirements(of: field).contains { missing.contains($0) }
  }

  /// The parts of the model `field` exists only with.
  static func requirements(of field: ModelField) -> [ModelField] {
    switch field {
    case .categoryIds, .categoryOrder, .categoriesWithoutTrackers, .categoriesWithoutRecords, .categoriesWithoutDays:
      return [.categories]
    case .trackerKind, .eventDate, .eventRecords: return [.events]
    case .archivedTrackers: return [.trackerArchived]
    case .trackerArchived: return [.archivedTrackers]
    case .trackerGoalPeriod: return [.trackerGoal]
    case .recordAmounts, .recordNotes: return [.records]
    case .skippedEntries, .entryAmounts, .entryNotes: return [.entries]
    case .taskReminders, .taskAttachments: return [.tasks]
    default: return []
    }
  }
}
