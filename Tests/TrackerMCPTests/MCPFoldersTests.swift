import Foundation
import Testing
import TrackerTestSupport
@testable import TrackerMCP

@Suite struct MCPFoldersTests {
  /// A folder with `allowed/file.json`, `allowed/sub/`, `outside.json` and `allowed/link.json`
  /// (a link to the file beside it, inside the folder).
  static func layout() throws -> (root: URL, folders: MCPFolders) {
    let root = try temporaryFolder("trackport-mcp")
    let allowed = root.appendingPathComponent("allowed")
    try FileManager.default.createDirectory(at: allowed.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: allowed.appendingPathComponent("file.json"))
    try Data("{}".utf8).write(to: root.appendingPathComponent("outside.json"))
    try FileManager.default.createSymbolicLink(atPath: allowed.appendingPathComponent("link.json").path, withDestinationPath: "file.json")
    return (root, try MCPFolders(allowRead: [allowed.path], allowWrite: allowed.appendingPathComponent("sub").path))
  }

  static func code(_ body: () throws(MCPToolError) -> String) -> String? {
    do { _ = try body(); return nil } catch { return error.code }
  }

  @Test func aFileInsideIsReadByItsRealPath() throws {
    let (root, folders) = try Self.layout()
    defer { try? FileManager.default.removeItem(at: root) }
    let real = try folders.readablePath("file.json")
    #expect(real.hasSuffix("/allowed/file.json"))
    #expect(try folders.readablePath(real) == real)
    #expect(try folders.readablePath("./file.json") == real)
  }

  @Test func outsideParentReferencesAndLinksAreRefusedWithTheirCodes() throws {
    let (root, folders) = try Self.layout()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(Self.code { () throws(MCPToolError) in try folders.readablePath("../outside.json") } == "parent-reference-refused")
    #expect(Self.code { () throws(MCPToolError) in try folders.readablePath("sub/../../outside.json") } == "parent-reference-refused")
    #expect(Self.code { () throws(MCPToolError) in try folders.readablePath(root.appendingPathComponent("outside.json").path) } == "outside-allowed-folder")
    #expect(Self.code { () throws(MCPToolError) in try folders.readablePath("/etc/passwd") } == "outside-allowed-folder")
    #expect(Self.code { () throws(MCPToolError) in try folders.readablePath("link.json") } == "symlink-refused")
    #expect(Self.code { () throws(MCPToolError) in try folders.readablePath("missing.json") } == "cannot-read")
  }

  @Test func writingNeedsTheFolderAndANewName() throws {
    let (root, folders) = try Self.layout()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try folders.writablePath("new.csv").hasSuffix("/allowed/sub/new.csv"))
    try Data().write(to: URL(fileURLWithPath: try folders.writablePath("taken.csv")))
    #expect(Self.code { () throws(MCPToolError) in try folders.writablePath("taken.csv") } == "output-exists")
    #expect(Self.code { () throws(MCPToolError) in try folders.writablePath("../file.json") } == "parent-reference-refused")
    #expect(Self.code { () throws(MCPToolError) in try folders.writablePath("none/new.csv") } == "cannot-write")
    let readOnly = try MCPFolders(allowRead: [], allowWrite: nil)
    #expect(Self.code { () throws(MCPToolError) in try readOnly.writablePath("new.csv") } == "write-not-allowed")
    #expect(Self.code { () throws(MCPToolError) in try readOnly.readablePath("file.json") } == "not-allowed")
  }
}
