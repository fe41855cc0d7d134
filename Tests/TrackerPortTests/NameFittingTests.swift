import Testing
import TrackerModel
import TrackerPort

/// `--fit-names`' shortening: within 38 characters, at a word where one ends late enough.
@Suite struct NameFittingTests {
  @Test(arguments: [
    ("Call grandma every Sunday after lunch and ask about her garden", "Call grandma every Sunday after lunch…"),
    ("Поливать растения на балконе и в спальне", "Поливать растения на балконе и в…"),
    (String(repeating: "x", count: 50), String(repeating: "x", count: 37) + "…"),
    ("Read 20 pages", "Read 20 pages"),
    (String(repeating: "👍🏽", count: 40), String(repeating: "👍🏽", count: 37) + "…"),
  ])
  func shortens(name: String, expected: String) {
    let short = NameFitting.fit(name)
    #expect(short == expected)
    #expect(short.count <= 38)
  }

  @Test func theFullNameIsKeptAndAFittingNameIsLeftAlone() {
    var dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: "Home")], trackers: [
      Tracker(id: "a", kind: .habit, name: "Поливать растения на балконе и в спальне", categoryId: "c", emoji: "🌺", color: "#FD4C49", schedule: [.mon]),
      Tracker(id: "b", kind: .habit, name: "Read", categoryId: "c", emoji: "📚", color: "#FD4C49", schedule: [.mon]),
    ])
    let told = NameFitting.apply(to: &dataset, fit: false, file: "out.json")
    #expect(told.map(\.code) == ["name-too-long"] && told.first?.location.pointer == "/trackers/0/name")
    #expect(dataset.trackers[0].name.count == 40)
    let fitted = NameFitting.apply(to: &dataset, fit: true, file: "out.json")
    #expect(fitted.map(\.code) == ["name-fitted"])
    #expect(dataset.trackers[0].name == "Поливать растения на балконе и в…" && dataset.trackers[1].name == "Read")
    #expect(dataset.trackers[0].extras["trackport"]?["fullName"] == .string("Поливать растения на балконе и в спальне"))
    #expect(dataset.trackers[1].extras.isEmpty)
  }
}
