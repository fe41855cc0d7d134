import Testing
@testable import TrackerFuzzing

/// The MCP server's harness replayed as ``FuzzReplayTests`` replays the others: its checker runs
/// the server's tasks on the cooperative thread pool, so make test runs this suite in its second
/// phase, with the servers' tests (the Makefile's SERVER_TESTS), not beside a thousand blocking
/// tests that hold that pool for minutes.
@Suite struct MCPFuzzReplayTests {
  @Test(arguments: FuzzReplayTests.harnesses.filter { FuzzReplayTests.concurrent.contains($0.name) })
  func seedsAndRegressionsGiveNoFinding(_ harness: FuzzHarness) throws {
    try FuzzReplayTests.replay(harness)
  }

  @Test func everyConcurrentHarnessIsListed() {
    #expect(Set(FuzzReplayTests.harnesses.map(\.name)).isSuperset(of: FuzzReplayTests.concurrent))
  }
}
