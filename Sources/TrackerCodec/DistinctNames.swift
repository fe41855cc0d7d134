import TrackerModel

/// Names made distinct for a format that keys habits by name (harsh's log, HabitBull's rows, a
/// CSV log's `tracker` column): two habits named "Sport" stay two habits, the second written as
/// "Sport (2)", never merged into one. A suffix never makes a name another habit already has
/// ("Sport (2)" taken: "Sport (3)").
public enum DistinctNames {
  /// `names` in order, each repeat of an earlier one given the first free " (N)", N from 2.
  public static func of(_ names: [String]) -> [String] {
    var used = Set(names)
    var seen: Set<String> = []
    var result: [String] = []
    result.reserveCapacity(names.count)
    for name in names {
      guard seen.insert(name).inserted else {
        var n = 2
        while used.contains("\(name) (\(n))") { n += 1 }
        let distinct = "\(name) (\(n))"
        used.insert(distinct)
        seen.insert(distinct)
        result.append(distinct)
        continue
      }
      result.append(name)
    }
    return result
  }

  /// A habit written under a new name because an earlier one has its name.
  public static let renamed = DiagnosticDescriptor(
    code: "repeated-name-renamed", severity: .warning,
    summary: "Writing a format that keys habits by name (harsh, HabitBull, a CSV log): a habit with the name of an earlier one is written under the name with \" (2)\" (or the next free number), so that the two stay apart; reading back gives that name.")

  /// One ``renamed`` warning per habit whose name `distinct` changed (`names` as the habits had
  /// them, `pointers` their places), in `format`'s words.
  public static func diagnostics(names: [String], distinct: [String], pointers: [String], format: String, output: String) -> [Diagnostic] {
    zip(zip(names, distinct), pointers).compactMap { pair, pointer in
      guard pair.0 != pair.1 else { return nil }
      return Diagnostic(code: renamed.code, severity: .warning,
                        message: "a second habit named \"\(pair.0)\" is written as \"\(pair.1)\": \(format) keeps habits apart by name",
                        location: SourceLocation(file: output, pointer: pointer))
    }
  }
}
