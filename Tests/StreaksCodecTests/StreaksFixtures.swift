import Foundation
import StreaksCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// The hand-made fixtures (Fixtures/README.md) and what tests look up in a dataset read from them.
enum StreaksFixtures {
  static func path(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
  }

  /// The fixture read, with its diagnostics placed (line and column of JSON pointers).
  static func read(_ name: String, options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    let (dataset, context) = try decode(StreaksCodec(), path: path(name), options: options)
    return (dataset, located(context).diagnostics)
  }
}

extension TrackerDataset {
  func tracker(_ name: String) -> Tracker? { trackers.first { $0.name == name } }

  /// The completed days of the tracker named `name`.
  func recordDays(_ name: String) -> [String] {
    guard let id = tracker(name)?.id else { return [] }
    return records.filter { $0.trackerId == id }.map(\.date.description)
  }

  /// The entries of the tracker named `name`.
  func entries(_ name: String) -> [TrackerEntry] {
    guard let id = tracker(name)?.id else { return [] }
    return entries.filter { $0.trackerId == id }
  }

  /// The days kept in the tracker's `extras["streaks"].days`.
  func keptDays(_ name: String) -> [JSONValue] {
    guard case .array(let days)? = tracker(name)?.extras["streaks"]?["days"] else { return [] }
    return days
  }
}

extension JSONValue {
  /// The `marks` of a kept day or of a record's or entry's extras.
  var marks: [JSONValue] {
    guard case .array(let marks)? = self["marks"] ?? self["streaks"]?["marks"] else { return [] }
    return marks
  }
}
