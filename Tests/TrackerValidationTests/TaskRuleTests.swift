import Testing
import TrackerModel
@testable import TrackerValidation

/// Rules about Daily Plan tasks and the task category order.
@Suite struct TaskRuleTests {
  typealias F = Finding

  @Test func blankTaskTitleIsEmpty() {
    var d = Fixture.valid
    d.tasks[0].title = " "
    #expect(Fixture.findings(d) == [F("/tasks/0/title", "task-title-empty")])
  }

  @Test func taskTitleLongerThan38Characters() {
    var d = Fixture.valid
    d.tasks[0].title = String(repeating: "a", count: 39)
    #expect(Fixture.findings(d) == [F("/tasks/0/title", "task-title-too-long")])
    d.tasks[0].title = String(repeating: "a", count: 38)
    #expect(Fixture.findings(d) == [])
  }

  @Test(arguments: [nil, "", "  \n"] as [String?])
  func missingDescription(_ description: String?) {
    var d = Fixture.valid
    d.tasks[0].description = description
    #expect(Fixture.findings(d) == [F("/tasks/0/description", "task-description-missing")])
  }

  @Test func missingTaskColor() {
    var d = Fixture.valid
    d.tasks[0].color = nil
    #expect(Fixture.findings(d) == [F("/tasks/0/color", "task-color-missing")])
    d.tasks[0].color = ""
    #expect(Fixture.findings(d) == [F("/tasks/0/color", "task-color-missing")])
  }

  @Test func invalidTaskColorAndAnyRRGGBBPasses() {
    var d = Fixture.valid
    d.tasks[0].color = "blue"
    #expect(Fixture.findings(d) == [F("/tasks/0/color", "task-color-invalid")])
    d.tasks[0].color = "#abcdef"  // off the tracker palette: tasks have no palette warning
    #expect(Fixture.findings(d) == [])
  }

  @Test func unknownTaskCategory() {
    var d = Fixture.valid
    d.tasks[0].category = "Urgent"
    #expect(Fixture.findings(d) == [F("/tasks/0/category", "task-category-unknown")])
    for category in TaskCategory.allCases {
      d.tasks[0].category = category.rawValue
      #expect(Fixture.findings(d) == [])
    }
  }

  @Test func intervalMustEndAfterItStarts() {
    var d = Fixture.valid
    d.tasks[0].end = Fixture.time("2026-11-23T08:59")
    #expect(Fixture.findings(d) == [F("/tasks/0/end", "task-interval-invalid")])
    d.tasks[0].end = Fixture.time("2026-11-23T09:00")
    #expect(Fixture.findings(d) == [F("/tasks/0/end", "task-interval-invalid")])
    d.tasks[0].end = Fixture.time("2026-11-24T00:00")
    #expect(Fixture.findings(d) == [])
  }

  @Test func endWithoutStartIsInvalidButStartWithoutEndIsFine() {
    var d = Fixture.valid
    d.tasks[0].start = nil
    #expect(Fixture.findings(d) == [F("/tasks/0/end", "task-interval-invalid")])
    d.tasks[0].start = Fixture.time("2026-11-23T09:00")
    d.tasks[0].end = nil
    #expect(Fixture.findings(d) == [])
    d.tasks[0].start = nil
    #expect(Fixture.findings(d) == [])
  }

  @Test func categoryOrderMustListTheFiveOnce() {
    var d = Fixture.valid
    d.taskCategoryOrder = ["urgent", "urgent", "optional", "misc", "none"]
    #expect(Fixture.findings(d) == [
      F("/taskCategoryOrder/1", "task-category-order-invalid"),
      F("/taskCategoryOrder/3", "task-category-order-invalid"),
      F("/taskCategoryOrder", "task-category-order-invalid"),
    ])
    d.taskCategoryOrder = []
    #expect(Fixture.findings(d) == [F("/taskCategoryOrder", "task-category-order-invalid")])
    d.taskCategoryOrder = ["none", "other", "optional", "notUrgent", "urgent"]
    #expect(Fixture.findings(d) == [])
  }
}
