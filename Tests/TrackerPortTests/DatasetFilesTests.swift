import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// `merge` and `diff` read their inputs side by side; what each gives must be what reading it
/// alone gives, in the inputs' order, errors included.
@Suite struct DatasetFilesTests {
  let demo = SampleDataTests.root.appendingPathComponent("SampleData/demo.trackport.json").path

  private func readers(_ paths: [String]) throws -> [(input: CodecInput, reader: any TrackerCodec)] {
    try paths.map { path in
      let input = CodecInput(path: path)
      return (input, try DatasetFile.reader(for: input))
    }
  }

  private func alone(_ path: String) -> Result<DatasetFile, any Error> {
    Result { try DatasetFile.load(path) }
  }

  @Test func sideBySideGivesWhatEachGivesAloneInOrder() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let broken = folder.appendingPathComponent("broken.trackport.json").path
    let demoText = try String(contentsOfFile: demo, encoding: .utf8)
    // Cut inside the records: a located syntax error.
    try String(demoText.prefix(demoText.count * 2 / 3)).write(toFile: broken, atomically: true, encoding: .utf8)
    let other = folder.appendingPathComponent("other.trackport.json").path
    try demoText.replacingOccurrences(of: "\"Зарядка утром\"", with: "\"Зарядка вечером\"")
      .write(toFile: other, atomically: true, encoding: .utf8)
    let paths = [demo, broken, other, demo]
    let together = DatasetFile.loadSideBySide(try readers(paths))
    #expect(together.count == paths.count)
    for (path, result) in zip(paths, together) {
      switch (result, alone(path)) {
      case (.success(let a), .success(let b)):
        #expect(a.dataset == b.dataset, "\(path)")
        #expect(a.fileName == b.fileName && a.diagnostics == b.diagnostics)
      case (.failure(let a), .failure(let b)):
        #expect(String(describing: a) == String(describing: b), "\(path)")
      default:
        Issue.record("\(path): side by side gave \(result), alone \(alone(path))")
      }
    }
    #expect((try? together[0].get().dataset) != (try? together[2].get().dataset))
  }

  /// libxml2 set up lazily by two threads at once raced; XML files beside JSON and each other.
  @Test func xmlFilesReadSideBySideAsAlone() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let xml = folder.appendingPathComponent("demo.trackport.xml").path
    #expect(try Conversion(input: demo, output: xml).run().wrote)
    for _ in 0..<20 {
      let paths = [xml, xml, demo]
      let together = DatasetFile.loadSideBySide(try readers(paths))
      let expected = try DatasetFile.load(xml).dataset
      #expect(try together.prefix(2).map { try $0.get().dataset } == [expected, expected])
      #expect(try together[2].get().dataset == DatasetFile.load(demo).dataset)
    }
  }

  @Test func oneInputIsReadAsAlone() throws {
    let together = DatasetFile.loadSideBySide(try readers([demo]))
    #expect(try together.map { try $0.get().dataset } == [try DatasetFile.load(demo).dataset])
  }
}
