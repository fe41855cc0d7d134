import Testing
import TrackerCodec

/// What arrives on a route, worked out from the two formats' declarations only.
@Suite struct MigrationMatrixTests {
  func format(_ id: String, reads: Bool = true, writes: Bool = true, cannot: [ModelField] = [], inPart: [ModelField] = [],
              shapes: [CodecDescriptor.Shape] = []) -> CodecDescriptor {
    CodecDescriptor(id: id, name: id.uppercased(), summary: "", extensions: [id], canRead: reads, canWrite: writes,
                    cannotCarry: cannot, carriesInPart: inPart, shapes: shapes)
  }

  func route(_ routes: [MigrationMatrix.Route], _ from: String, _ to: String, shape: String? = nil) throws -> MigrationMatrix.Route {
    try #require(routes.first { $0.from == from && $0.to == to && $0.shape == shape })
  }

  @Test func aFieldIsLostOnlyWhenTheSourceCanHoldIt() throws {
    // "app" has no categories (so no category ids either) and no emoji; "plain" keeps neither
    // emoji nor category ids nor descriptions.
    let app = format("app", cannot: [.categories, .trackerEmoji])
    let plain = format("plain", cannot: [.categoryIds, .trackerEmoji, .trackerDescription])
    let routes = MigrationMatrix.routes([app, plain])
    #expect(try route(routes, "app", "plain").lost == [.trackerDescription])
    #expect(try route(routes, "plain", "app").lost == [.categories])
    #expect(try route(routes, "app", "app").lost == [])
  }

  /// A target that keeps only some values of a field gets it in part; a source that holds only
  /// some values gives what it has, whole; a round trip keeps a format's own values.
  @Test func aTargetKeepingSomeValuesIsInPartExceptOnARoundTrip() throws {
    let loopish = format("loopish", inPart: [.trackerColor, .trackerFrequency])
    let canonical = format("canonical")
    let habits = format("habits", cannot: [.trackerColor], inPart: [.recordAmounts])
    let routes = MigrationMatrix.routes([loopish, canonical, habits])
    #expect(try route(routes, "canonical", "loopish").inPart == [.trackerColor, .trackerFrequency])
    #expect(try route(routes, "loopish", "canonical").inPart == [])
    #expect(try route(routes, "loopish", "habits").inPart == [.recordAmounts])
    #expect(try route(routes, "loopish", "habits").lost == [.trackerColor])
    #expect(try route(routes, "loopish", "loopish").inPart == [])
  }

  @Test func partsThatExistOnlyWithAnotherFollowIt() throws {
    let noEvents = format("noevents", cannot: [.events])
    let noKinds = format("nokinds", cannot: [.trackerKind, .eventDate, .eventRecords, .entryNotes])
    let noEntries = format("noentries", cannot: [.entries])
    let routes = MigrationMatrix.routes([noEvents, noKinds, noEntries])
    // Without events there is no kind, event day or event record to lose.
    #expect(try route(routes, "noevents", "nokinds").lost == [.entryNotes])
    #expect(try route(routes, "noentries", "nokinds").lost == [.trackerKind, .eventDate, .eventRecords])
  }

  @Test func oneRoutePerReaderAndWrittenShape() throws {
    let reader = format("reader", writes: false)
    let writer = format("writer", reads: false, cannot: [.tasks])
    let tables = format("tables", cannot: [.tasks], shapes: [
      .init(name: "package", summary: ""), .init(name: "log", summary: "", cannotCarry: [.trackerIds, .tasks]),
    ])
    let routes = MigrationMatrix.routes([reader, writer, tables])
    #expect(routes.map { "\($0.from)>\($0.to)\($0.shape.map { ":" + $0 } ?? "")" }
            == ["reader>writer", "reader>tables:package", "reader>tables:log", "tables>writer", "tables>tables:package", "tables>tables:log"])
    #expect(try route(routes, "reader", "tables", shape: "log").lost == [.trackerIds, .tasks])
    #expect(try route(routes, "reader", "tables", shape: "package").lost == [])
  }
}
