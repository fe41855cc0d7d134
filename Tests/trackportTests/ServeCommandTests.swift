import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackerTestSupport

/// `trackport serve` as a user starts it: it says where it listens, answers, and on SIGTERM
/// lets requests finish and exits 0.
@Suite struct ServeCommandTests {
  @Test func servesUntilSIGTERMThenExitsZero() async throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("stderr.txt").path
    #expect(FileManager.default.createFile(atPath: log, contents: nil))
    let errors = open(log, O_WRONLY)
    let null = open("/dev/null", O_RDWR)
    defer { close(errors); close(null) }
    let process = try SpawnedProcess(CLI.binary, ["serve", "--port", "0"], in: CLI.root,
                                     stdin: null, stdout: null, stderr: errors)
    var reaped = false
    defer { if !reaped { process.send(SIGKILL); _ = process.wait() } }
    func said() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    #expect(process.waitUntil(seconds: 20) { said().contains("listening on http://127.0.0.1:") }, "\(said())")
    let listening: Substring? = said().split(separator: "\n").first { (line: Substring) -> Bool in line.contains("listening on") }
    let address = String(try #require(listening?.split(separator: " ").last))
    let (body, response) = try await URLSession.shared.data(from: try #require(URL(string: address + "healthz")))
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: body, as: UTF8.self) == "ok\n")

    process.send(SIGTERM)
    #expect(process.waitUntil(seconds: 20) { process.hasEnded }, "still running after SIGTERM")
    let status = process.wait()
    reaped = true
    #expect(status == 0)
    #expect(said().contains("GET /healthz 200"), "\(said())")
    #expect(said().contains("stopping"), "\(said())")
  }

  /// `--open` starts `$BROWSER` (here a script that writes down what it was given) on the page.
  @Test func openStartsTheBrowserOnThePage() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let opened = folder.appendingPathComponent("opened.txt").path
    let browser = folder.appendingPathComponent("browser").path
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened)'\n".write(toFile: browser, atomically: true, encoding: .utf8)
    chmod(browser, 0o755)
    let log = folder.appendingPathComponent("stderr.txt").path
    #expect(FileManager.default.createFile(atPath: log, contents: nil))
    let errors = open(log, O_WRONLY)
    let null = open("/dev/null", O_RDWR)
    defer { close(errors); close(null) }
    let process = try SpawnedProcess(CLI.binary, ["serve", "--port", "0", "--open"], in: CLI.root,
                                     environment: ["BROWSER": browser], stdin: null, stdout: null, stderr: errors)
    defer { process.send(SIGKILL); _ = process.wait() }
    func said() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    #expect(process.waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: opened) && said().contains("opening") },
            "\(said())")
    let page = try String(contentsOfFile: opened, encoding: .utf8)
    #expect(page.hasPrefix("http://127.0.0.1:") && page.hasSuffix("/"), "\(page)")
    #expect(said().contains("listening on \(page)"), "\(said())")
  }

  @Test func anAddressThatIsNotOneIsAUsageError() throws {
    let result = try CLI.run(["serve", "--host", "not an address", "--port", "0"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("cannot listen on not an address"))
  }
}
