import Testing
import TrackerModel

@Suite struct SearchFoldingTests {
  @Test func foldingRemovesCaseAndDiacriticsOnThisPlatform() {
    #expect(SearchFolding.key("ёЁ") == "ее")
    #expect(SearchFolding.key("йЙ") == "ии")
    #expect(SearchFolding.key("Café") == "cafe")
    #expect(SearchFolding.key("ÉCOLE") == "ecole")
  }

  @Test(arguments: [
    ("Ёлка", "елк", true), ("Елка", "ёлк", true), ("Поливать растения", "РАСТ", true),
    ("Café", "cafe", true), ("cafe", "CAFÉ", true), ("Зарядка", "йога", false),
    ("Зарядка", "", true), ("Зарядка", "   ", true), ("Зарядка", " ряд ", true), ("Зарядка", "ряд ка", false),
  ])
  func matchesFoldedSubstrings(_ name: String, _ query: String, _ expected: Bool) {
    #expect(SearchFolding.matches(name: name, query: query) == expected)
  }
}
