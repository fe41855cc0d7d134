import Foundation
import TrackerTestSupport
import Testing
@testable import trackport
import TrackerPort

@Suite struct ProgressDisplayTests {
  func snapshot(bytes: Int, total: Int?, items: Int = 0, elapsed: Double = 2, subject: String = "data/big.trackport.json")
    -> ProgressMeter.Snapshot {
    ProgressMeter.Snapshot(phase: "reading", subject: subject, bytes: bytes, totalBytes: total, items: items,
                           elapsed: elapsed)
  }

  @Test func aKnownSizeGetsABarPercentBytesItemsAndRate() {
    let line = ProgressDisplay.line(snapshot(bytes: 50 << 20, total: 100 << 20, items: 1_853_293), width: 120)
    #expect(line == "reading big.trackport.json [===============>              ] 50% 50.0/100.0 MiB 1,853,293 items 25.0 MiB/s")
  }

  @Test func anUnknownSizeGetsNoBar() {
    let line = ProgressDisplay.line(snapshot(bytes: 3 << 19, total: nil), width: 80)
    #expect(line == "reading big.trackport.json 1.5 MiB 0.7 MiB/s")
  }

  @Test(arguments: [20, 40, 60, 80, 100])
  func theLineNeverFillsTheTerminalWidth(_ width: Int) {
    let long = "a-very-long-folder/" + String(repeating: "x", count: 90) + ".trackport.json"
    let line = ProgressDisplay.line(snapshot(bytes: 7 << 20, total: 9 << 20, items: 123_456, subject: long), width: width)
    #expect(line.count < width)
    #expect(line.hasPrefix("reading "))
  }

  @Test func numbersAreGroupedAndRoundedDown() {
    #expect(ProgressDisplay.grouped(0) == "0")
    #expect(ProgressDisplay.grouped(999) == "999")
    #expect(ProgressDisplay.grouped(1_000) == "1,000")
    #expect(ProgressDisplay.grouped(1_853_293) == "1,853,293")
    #expect(ProgressDisplay.mebibytes(1_048_575, decimals: 1) == "0.9")
    #expect(ProgressDisplay.mebibytes(154_140_672, decimals: 1) == "147.0")
    #expect(ProgressDisplay.mebibytes(1_153_434, decimals: 2) == "1.10")
  }
}

/// The bar as a user sees it: on a terminal (a pseudo-terminal made by `script`), and never in
/// a pipe or with `--quiet`.
@Suite(.serialized) struct ProgressBarCommandTests {
  static func bigInput() throws -> (folder: URL, input: String) {
    let folder = try CLI.temporaryFolder()
    let input = folder.appendingPathComponent("big.trackport.json").path
    let made = try CLI.run(["generate", "--trackers", "60", "--days", "400", "-o", input])
    #expect(made.status == 0, "\(made.stderr)")
    return (folder, input)
  }

  /// Runs trackport under `script`, so its standard error is a terminal 200 columns wide;
  /// returns what the terminal showed.
  func onATerminal(_ args: [String]) throws -> (status: Int32, screen: String) {
    let quoted = ([CLI.binary] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    // A wide terminal, so no file name is shortened to make room (a new pseudo-terminal has no
    // size and counts as 80 columns).
    process.arguments = ["-qec", "stty cols 200 && " + quoted.joined(separator: " "), "/dev/null"]
    var environment = ProcessInfo.processInfo.environment
    environment["TRACKPORT_PROGRESS_DELAY"] = "0"
    environment["TERM"] = "xterm"
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func aTerminalSeesTheBarWhichIsErasedAtTheEnd() throws {
    let (folder, input) = try ProgressBarCommandTests.bigInput()
    let (status, screen) = try onATerminal(["convert", input, folder.appendingPathComponent("out.trackport.xml").path])
    #expect(status == 0, "\(screen)")
    // With no delay the line is drawn at each phase's start and end whatever the timing, so
    // these frames are always there; timed frames may fall between them.
    let frames = screen.split(separator: "\r").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
    let reading = frames.filter { $0.hasPrefix("reading big.trackport.json [") }
    #expect(reading.first?.contains("] 0% 0.0/") == true, "\(screen.prefix(400))")
    let finished = reading.last ?? ""
    #expect(finished.contains("] 100% ") && finished.contains(" items"), "\(finished)")
    #expect(frames.contains { $0.hasPrefix("writing out.trackport.xml ") }, "\(screen.suffix(400))")
    #expect(screen.hasSuffix("\r\u{1B}[K"), "the last thing drawn erases the line")
  }

  @Test func quietShowsNoBar() throws {
    let (folder, input) = try ProgressBarCommandTests.bigInput()
    let (status, screen) = try onATerminal(["convert", "--quiet", input, folder.appendingPathComponent("out.trackport.xml").path])
    #expect(status == 0, "\(screen)")
    #expect(!screen.contains("reading"))
    #expect(!screen.contains("\u{1B}[K"))
  }

  @Test func aPipeShowsNoBar() throws {
    let (folder, input) = try ProgressBarCommandTests.bigInput()
    let result = try CLI.run(["convert", input, folder.appendingPathComponent("out.trackport.xml").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr.prefix(200))")
  }
}
