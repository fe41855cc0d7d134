import Foundation
import Testing
import TrackerCodec
import TrackerModel

@Suite struct CodecOutputTests {
  let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "trackport-output-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func contents(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private func leftovers() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("trackport-") }
  }

  @Test func writesAFileAtomically() throws {
    let path = folder + "/out.txt"
    try CodecOutput(path: path).write { $0.write("hello ") ; $0.write("world") }
    #expect(try contents(path) == "hello world")
    #expect(try leftovers().isEmpty)
  }

  @Test func refusesToReplaceAnExistingFileWithoutForce() throws {
    let path = folder + "/out.txt"
    try "precious".write(toFile: path, atomically: true, encoding: .utf8)
    #expect {
      try CodecOutput(path: path).write { $0.write("new") }
    } throws: { ($0 as? CodecError)?.kind == .cannotCreateOutput }
    #expect(try contents(path) == "precious")
    try CodecOutput(path: path, overwrite: true).write { $0.write("new") }
    #expect(try contents(path) == "new")
  }

  @Test func neverReplacesAnInputEvenWithForce() throws {
    let path = folder + "/in.txt"
    try "input".write(toFile: path, atomically: true, encoding: .utf8)
    // The same file reached by another spelling of its path is still the input.
    let output = CodecOutput(path: folder + "/./in.txt", overwrite: true, protectedPaths: [path])
    #expect(throws: CodecError.self) { try output.write { $0.write("clobbered") } }
    #expect(try contents(path) == "input")
  }

  @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() throws {
    struct Boom: Error {}
    let path = folder + "/out.txt"
    try "old".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: Boom.self) {
      try CodecOutput(path: path, overwrite: true).write { writer in
        writer.write(String(repeating: "x", count: 3_000_000))
        throw Boom()
      }
    }
    #expect(try contents(path) == "old")
    #expect(try leftovers().isEmpty)
  }

  @Test func aMissingFolderIsCannotCreateOutput() {
    #expect {
      try CodecOutput(path: folder + "/no/such/dir/out.txt").write { $0.write("x") }
    } throws: { ($0 as? CodecError)?.kind == .cannotCreateOutput }
  }

  @Test func largeWritesArriveWhole() throws {
    let memory = MemoryOutput()
    let chunk = Array(repeating: UInt8(ascii: "a"), count: 700_000)
    try CodecOutput(.memory(memory)).write { writer in
      for _ in 0..<5 { writer.write(bytes: chunk) }
      writer.write(byte: UInt8(ascii: "\n"))
    }
    #expect(memory.bytes.count == 3_500_001)
    #expect(memory.bytes.last == UInt8(ascii: "\n"))
  }

  @Test func missingInputIsCannotRead() {
    let input = CodecInput(path: folder + "/absent.json")
    #expect {
      try input.withBytes { _ in () }
    } throws: { error in
      let e = error as? CodecError
      return e?.kind == .cannotReadInput && e?.location.file == folder + "/absent.json"
    }
    #expect(throws: CodecError.self) { try CodecInput(path: folder).withBytes { _ in () } }
  }

  @Test func fileExtensionIsEverythingAfterTheFirstDotOfTheName() {
    #expect(CodecInput(path: "data.v2/me.Trackport.JSON").fileExtension == "trackport.json")
    #expect(CodecInput(path: ".hidden").fileExtension == nil)
    #expect(CodecInput(path: "-").fileExtension == nil)
  }
}
