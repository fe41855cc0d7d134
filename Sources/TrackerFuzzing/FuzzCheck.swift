/// What a fuzz harness does with one input: the first finding, or `nil` when everything held.
/// ``FuzzRoundTrip`` (a reader and every writer) and ``FuzzMultipartForm`` (the server's form
/// reader) are the two kinds; ``FuzzHarness/checker(scratch:)`` picks one by the harness's
/// reader column.
public protocol FuzzCheck: Sendable {
  /// The first finding for `bytes`, or `nil` when everything held.
  func check(_ bytes: [UInt8]) -> FuzzFinding?
}

extension FuzzRoundTrip: FuzzCheck {}
