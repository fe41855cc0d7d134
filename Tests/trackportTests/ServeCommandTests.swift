import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackerTestSupport

/// `trackport serve` as a user starts it: it says where it listens, answers, and on SIGTERM
/// lets requests finish and exits 0.
@Suite struct ServeCommandTests {
  /// `trackport serve --port 0 arguments...` in a folder of its own, its standard error in a file.
  final class Serving {
    let folder: URL
    let process: SpawnedProcess
    private let log: String
    private var reaped = false

    init(_ arguments: [String], environment: [String: String] = [:], folder: URL) throws {
      self.folder = folder
      log = folder.appendingPathComponent("stderr.txt").path
      #expect(FileManager.default.createFile(atPath: log, contents: nil))
      let errors = open(log, O_WRONLY)
      let null = open("/dev/null", O_RDWR)
      defer { close(errors); close(null) }
      process = try SpawnedProcess(CLI.binary, ["serve", "--port", "0"] + arguments, in: CLI.root, environment: environment,
                                   stdin: null, stdout: null, stderr: errors)
    }

    deinit {
      if !reaped { process.send(SIGKILL); _ = process.wait() }
    }

    /// What it has said on standard error so far.
    var said: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// The page's address, once it says it listens.
    func address() throws -> String {
      #expect(process.waitUntil(seconds: 20) { self.said.contains("listening on http://127.0.0.1:") }, "\(said)")
      let listening: Substring? = said.split(separator: "\n").first { (line: Substring) -> Bool in line.contains("listening on") }
      return String(try #require(listening?.split(separator: " ").last))
    }

    /// Sends `signal` and waits for the exit status.
    func stop(with signal: Int32) -> Int32 {
      process.send(signal)
      #expect(process.waitUntil(seconds: 20) { self.process.hasEnded }, "still running after signal \(signal)")
      reaped = true
      return process.wait()
    }
  }

  @Test func servesUntilSIGTERMThenExitsZero() async throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let serving = try Serving([], folder: folder)
    let address = try serving.address()
    let (body, response) = try await URLSession.shared.data(from: try #require(URL(string: address + "healthz")))
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: body, as: UTF8.self) == "ok\n")
    #expect(serving.stop(with: SIGTERM) == 0)
    #expect(serving.said.contains("GET /healthz 200"), "\(serving.said)")
    #expect(serving.said.contains("stopping"), "\(serving.said)")
  }

  /// `--open` starts `$BROWSER` (here a script that writes down what it was given) on the page.
  @Test func openStartsTheBrowserOnThePage() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let opened = folder.appendingPathComponent("opened.txt").path
    let browser = folder.appendingPathComponent("browser").path
    // Its output written whole, then renamed: the test may look between the shell's `>` and
    // printf. The script itself through a close-on-exec descriptor: another test's child that
    // inherited a plain one kept it busy, and the browser failed with status 126 (ETXTBSY).
    try writeScript("#!/bin/sh\nprintf '%s' \"$1\" > '\(opened).part' && mv '\(opened).part' '\(opened)'\n",
                    to: browser)
    let serving = try Serving(["--open"], environment: ["BROWSER": browser], folder: folder)
    #expect(serving.process.waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: opened) && serving.said.contains("opening") },
            "\(serving.said)")
    let page = try String(contentsOfFile: opened, encoding: .utf8)
    #expect(page.hasPrefix("http://127.0.0.1:") && page.hasSuffix("/"), "\(page)")
    #expect(serving.said.contains("listening on \(page)"), "\(serving.said)")
  }

  /// Plugins are off unless `--allow-plugins`: the example Habitify plugin is listed by
  /// `/api/formats` only then.
  @Test(arguments: [false, true])
  func pluginsOnlyWithAllowPlugins(allowed: Bool) async throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugins = CLI.root.appendingPathComponent("Examples/habitify-plugin").path
    let serving = try Serving(["--plugin-path", plugins] + (allowed ? ["--allow-plugins"] : []), folder: folder)
    let address = try serving.address()
    let (body, _) = try await URLSession.shared.data(from: try #require(URL(string: address + "api/formats")))
    #expect(String(decoding: body, as: UTF8.self).contains("\"id\": \"habitify\"") == allowed)
  }

  @Test func anAddressThatIsNotOneIsAUsageError() throws {
    let result = try CLI.run(["serve", "--host", "not an address", "--port", "0"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("cannot listen on not an address"))
  }
}
