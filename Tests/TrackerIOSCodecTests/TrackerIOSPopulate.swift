import Foundation
import Testing
import TrackerTestSupport

/// Fills the schema-only stores of four variants with rows, in a copy, with Python's `sqlite3`
/// and the shared `blob_examples.py` (keyed archives and JSON built by Python's `plistlib` and
/// `json`, independent of the Swift reader).
enum Populate {
  /// Rows per variant; `B.*` are blob_examples functions, `u(n)` a 16-byte UUID ending in n.
  static let scripts: [String: String] = [
    "teenagelove": """
      c.execute("INSERT INTO ZTRACKERCATEGORYCOREDATA VALUES (1, 1, 1, 729378000, 'Здоровье')")
      c.execute("INSERT INTO ZTRACKERCATEGORYCOREDATA VALUES (2, 1, 1, 729378000, 'Закрепленные')")
      c.execute("INSERT INTO ZTRACKERCOREDATA VALUES (1, 2, 2, 1, 2, 1, 729378000, '🙂', 'Зарядка', '2,4,6', ?, ?)", (u(1), B.catalog_color_archive('typeGreen', 0.2, 0.812, 0.412)))
      c.execute("INSERT INTO ZTRACKERCOREDATA VALUES (2, 2, 1, 0, 1, NULL, 729378000, '🏝️', 'Врач', NULL, ?, ?)", (u(2), B.catalog_color_archive('customRed', 0.99, 0.30, 0.29)))
      c.execute("INSERT INTO ZTRACKERRECORDCOREDATA VALUES (1, 3, 1, 1, 729378000, ?)", (u(1),))
      c.execute("INSERT INTO ZTRACKERRECORDCOREDATA VALUES (2, 3, 1, 2, 729464400, ?)", (u(2),))
      c.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = 2")
      """,
    "headlinerten": """
      c.execute("INSERT INTO ZTRACKERCATEGORYCOREDATA VALUES (1, 1, 1, 'Спорт')")
      c.execute("INSERT INTO ZTRACKERCOREDATA VALUES (1, 2, 1, 1, '🥇', 'Бег', ?, ?, ?)", (u(17), B.catalog_color_archive('ColorSelection3', 0.0, 0.482, 0.98), B.json_weekdays(['Среда', 'Понедельник'])))
      c.execute("INSERT INTO ZTRACKERRECORDCOREDATA VALUES (1, 3, 1, 1, 729378000.0, ?)", (u(17),))
      c.execute("INSERT INTO ZTRACKERRECORDCOREDATA VALUES (2, 3, 1, NULL, 729550800, ?)", (u(17),))
      c.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = 2")
      """,
    "DmnUAll": """
      c.execute("INSERT INTO ZTRACKERCATEGORYCD VALUES (1, 1, 1, 'Дом')")
      c.execute("INSERT INTO ZTRACKERCATEGORYCD VALUES (2, 1, 1, 'Закрепленные')")
      c.execute("INSERT INTO ZTRACKERCD VALUES (1, 2, 2, 1, 2, 'Дом', 'FD4C49', '🐶', 'Гулять', ?, ?)", (u(33), B.string_array_archive(['MONDAY', 'FRIDAY'])))
      c.execute("INSERT INTO ZTRACKERRECORDCD VALUES (1, 3, 1, '12.02.2024', ?)", (u(33),))
      c.execute("INSERT INTO ZTRACKERRECORDCD VALUES (2, 3, 1, '2/14/24', ?)", (u(33),))
      c.execute("INSERT INTO ZTRACKERRECORDCD VALUES (3, 3, 1, 'вчера', ?)", (u(33),))
      c.execute("INSERT INTO ZTRACKERRECORDCD VALUES (4, 3, 1, '13.02.2024', ?)", (u(99),))
      c.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = 4")
      """,
    "morethendeviant": """
      c.execute("INSERT INTO ZTRACKERCATEGORYCOREDATA VALUES (1, 1, 1, 'Учёба')")
      c.execute("INSERT INTO ZTRACKERCOREDATA VALUES (1, 2, 1, 4, 2, 1, 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F', 'Читать', '1030500')")
      c.execute("INSERT INTO ZTRACKERRECORDCOREDATA VALUES (1, 3, 1, 1, 729378000, 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F')")
      c.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = 1")
      """,
  ]

  /// A populated copy of the variant's store (its path).
  static func store(_ variant: String) throws -> String {
    let copy = try IOS.copyStore(IOS.shared("stores/" + IOS.stores[variant]!))
    let script = """
      import sys, sqlite3
      sys.path.insert(0, sys.argv[1])
      import blob_examples as B
      def u(n): return bytes(15) + bytes([n])
      con = sqlite3.connect(sys.argv[2]); c = con
      \(scripts[variant]!.split(separator: "\n").joined(separator: "\n"))
      con.commit(); con.close()
      """
    let result = try IOS.run([IOS.python, "-c", script, IOS.shared("tools"), copy])
    #expect(result.status == 0, "populating \(variant) failed")
    return copy
  }

  /// The UUID text of `u(n)`.
  static func uuid(_ n: UInt8) -> String {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, n)).uuidString
  }
}
