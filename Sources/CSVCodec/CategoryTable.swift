import TrackerModel

/// `categories.csv`: `id,title`.
enum CategoryTable: CSVTableMapping {
  static let table = CSVTable.categories

  static func entity(_ row: inout CSVFieldReader, index: Int) -> TrackerCategory {
    TrackerCategory(id: row.text("id"), title: row.text("title"), extras: row.extras())
  }

  static func cells(_ category: TrackerCategory, version: Int, pointer: () -> String) throws -> [String] {
    [category.id, category.title]
  }

  static func extras(of category: TrackerCategory) -> Extras { category.extras }
}
