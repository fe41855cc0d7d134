import Testing
import TrackerModel
@testable import TrackerValidation

@Suite struct ValidatorTests {
  typealias F = Finding

  @Test func validDatasetHasNoFindings() {
    #expect(Fixture.findings(Fixture.valid) == [])
    #expect(Fixture.findings(Fixture.valid, today: nil) == [])
    #expect(Fixture.findings(TrackerDataset()) == [])
  }

  /// A dataset with one error and two warnings.
  static var mixed: TrackerDataset {
    var d = Fixture.valid
    d.trackers[0].name = ""
    d.trackers[1].color = "#010203"
    d.categories[0].title = "Pinned"
    return d
  }

  @Test func selectKeepsOnlyTheGivenCodes() {
    #expect(Fixture.findings(Self.mixed, select: ["name-empty", "category-reserved"]) == [
      F("/trackers/0/name", "name-empty"), F("/categories/0/title", "category-reserved"),
    ])
  }

  @Test func ignoreDropsTheGivenCodesEvenWhenSelected() {
    #expect(Fixture.findings(Self.mixed, ignore: ["name-empty"]) == [
      F("/trackers/1/color", "color-off-palette"), F("/categories/0/title", "category-reserved"),
    ])
    #expect(Fixture.findings(Self.mixed, select: ["name-empty"], ignore: ["name-empty"]) == [])
  }

  @Test func reportCountsAndStrictness() {
    let report = Validator().report(Self.mixed)
    #expect(report.errorCount == 1)
    #expect(report.warningCount == 2)
    #expect(!report.isValid(strict: false))
    let warningsOnly = Validator(options: ValidationOptions(ignore: ["name-empty"])).report(Self.mixed)
    #expect(warningsOnly.isValid(strict: false))
    #expect(!warningsOnly.isValid(strict: true))
    #expect(ValidationReport().isValid(strict: true))
    #expect(report.codes == ["name-empty", "color-off-palette", "category-reserved"])
  }

  @Test func mergingAddsCounts() {
    let report = Validator().report(Self.mixed)
    let lossNotice = Diagnostic(code: "dropped-field", severity: .warning, message: "dropped")
    let merged = report.merging(ValidationReport(diagnostics: [lossNotice]))
    #expect(merged.errorCount == 1)
    #expect(merged.warningCount == 3)
    #expect(merged.diagnostics.last?.code == "dropped-field")
  }

  @Test func sortedByLocationOrdersIndicesNumerically() {
    func at(_ pointer: String, _ code: String, _ severity: Severity = .error) -> Diagnostic {
      Diagnostic(code: code, severity: severity, message: "", location: SourceLocation(pointer: pointer))
    }
    let report = ValidationReport(diagnostics: [
      at("/records/10/date", "b"), at("/records/9/date", "a"), at("/categories/0", "c"),
      at("/records/9/date", "w", .warning), at("/records/9", "p"),
    ]).sortedByLocation()
    #expect(report.diagnostics.map { F($0.location.pointer ?? "", $0.code) } == [
      F("/categories/0", "c"), F("/records/9", "p"), F("/records/9/date", "a"),
      F("/records/9/date", "w"), F("/records/10/date", "b"),
    ])
  }

  @Test func standardRulesHaveUniqueCodesErrorsFirst() {
    let descriptors = Validator.descriptors
    #expect(descriptors.count == 44)
    #expect(Set(descriptors.map(\.code)).count == descriptors.count)
    let severities = descriptors.map(\.severity)
    #expect(severities == severities.sorted(by: >))
    for d in descriptors {
      #expect(d.code.allSatisfy { $0.isLowercase || $0 == "-" }, "\(d.code) is not kebab-case")
      #expect(d.summary.hasSuffix("."))
    }
  }

  /// ``Fixture/rich`` broken by every rule on format version 2's fields at once.
  static var richlyBroken: TrackerDataset {
    var d = Fixture.rich
    d.trackers[3].frequency = TrackerFrequency(times: 0, days: 0)
    d.trackers[3].reminders = [TrackerReminder(time: "25:00", days: [.mon, .mon])]
    d.trackers[3].goal?.target = 7
    d.trackers[1].goal = TrackerGoal(target: 0)
    d.records[1].amount = 1
    d.entries += [
      TrackerEntry(trackerId: "nobody", date: Fixture.day("2026-01-05"), skipped: true),
      TrackerEntry(trackerId: Fixture.water, date: Fixture.day("2026-01-05"), skipped: true),
      TrackerEntry(trackerId: Fixture.water, date: Fixture.day("2026-01-05"), note: "n"),
      TrackerEntry(trackerId: Fixture.run, date: Fixture.day("2026-01-08"), amount: 8),
      TrackerEntry(trackerId: Fixture.run, date: Fixture.day("2026-01-09")),
    ]
    return d
  }

  @Test func theRulesOnVersion2FieldsAllFireTogether() {
    let codes = Set(Fixture.findings(Self.richlyBroken).map(\.code))
    #expect(codes == ["goal-invalid", "frequency-invalid", "reminder-time-invalid", "reminder-duplicate-day",
                      "amount-below-goal", "entry-unknown-tracker", "entry-duplicate", "skipped-and-done",
                      "entry-on-done-day", "amount-without-goal", "entry-meets-goal", "entry-empty"])
    var invalidGoal = Self.richlyBroken
    invalidGoal.trackers[3].goal?.target = -1
    // An invalid goal measures nothing: the two goal comparisons go quiet.
    let quieter = Set(Fixture.findings(invalidGoal).map(\.code))
    #expect(quieter == codes.subtracting(["amount-below-goal", "entry-meets-goal"]))
  }

  @Test func everyRuleReportsItsOwnCodeAndSeverity() {
    // A dataset that breaks many rules at once.
    var d = Self.mixed
    d.trackers.append(d.trackers[1])
    d.records.append(TrackerRecord(trackerId: "nobody", date: Fixture.day("2099-12-31")))
    d.trackers += Self.richlyBroken.trackers.suffix(1)
    d.records += Self.richlyBroken.records.suffix(2)
    d.entries = Self.richlyBroken.entries
    for rule in Validator.standardRules {
      for diagnostic in Validator(rules: [rule], options: ValidationOptions(today: Fixture.today)).validate(d) {
        #expect(diagnostic.code == rule.descriptor.code)
        #expect(diagnostic.severity == rule.descriptor.severity)
        #expect(diagnostic.location.pointer?.hasPrefix("/") == true)
        #expect(!diagnostic.message.isEmpty)
      }
    }
  }

  @Test func aGivenIndexIsUsed() {
    var d = Fixture.valid
    d.records.append(TrackerRecord(trackerId: Fixture.water, date: Fixture.day("2026-01-05")))
    let index = DatasetIndex(d)
    #expect(Validator().validate(d, index: index).map(\.code) == ["record-duplicate"])
  }
}
