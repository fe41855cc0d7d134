import Foundation

/// One fuzz harness: a reader and how its input is named and read. The list is
/// `Fuzz/harnesses.tsv` (shared by `Fuzz/build`, `make fuzz` and the replay tests).
public struct FuzzHarness: Hashable, Sendable, CustomStringConvertible {
  /// `json`, `csv-log`, `loop-db`: the corpus folder's name.
  public var name: String
  /// The codec id of the reader, ``FuzzMultipartForm/reader`` for `serve`'s form reader, or
  /// ``FuzzCalendarCollection/reader`` for a CalDAV server's multistatus answer, or
  /// ``FuzzMCPMessages/reader`` for what a client writes to `trackport mcp`.
  public var reader: String
  /// The input's file name.
  public var fileName: String
  /// Reader options.
  public var options: [String: String]
  /// Seed globs, from the repository root.
  public var seeds: [String]
  /// The ending generated datasets are written in for seeds, if any.
  public var generatedEnding: String?

  /// The harnesses of a `harnesses.tsv` text.
  ///
  /// - Throws: a message naming the line when a line has not six columns.
  public static func parse(_ text: String) throws -> [FuzzHarness] {
    var harnesses: [FuzzHarness] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count == 6 else {
        throw FuzzFinding(step: "harnesses.tsv line \(number + 1)", problem: "expected 6 tab-separated columns, found \(columns.count)")
      }
      var options: [String: String] = [:]
      if columns[3] != "-" {
        for pair in columns[3].split(separator: ";") {
          guard let equals = pair.firstIndex(of: "=") else { continue }
          options[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
      }
      harnesses.append(FuzzHarness(name: columns[0], reader: columns[1], fileName: columns[2], options: options,
                                   seeds: columns[4] == "-" ? [] : columns[4].split(separator: " ").map(String.init),
                                   generatedEnding: columns[5] == "-" ? nil : columns[5]))
    }
    return harnesses
  }

  /// The harness `name` from the file at `path`.
  public static func named(_ name: String, in path: String) throws -> FuzzHarness {
    let all = try parse(String(contentsOfFile: path, encoding: .utf8))
    guard let found = all.first(where: { $0.name == name }) else {
      throw FuzzFinding(step: "harness", problem: "no harness named \(name) in \(path) (there are: \(all.map(\.name).joined(separator: ", ")))")
    }
    return found
  }

  public var description: String { name }

  /// The round trip this harness runs, writing in `scratch`.
  public func roundTrip(scratch: String) throws -> FuzzRoundTrip {
    try FuzzRoundTrip(readerID: reader, fileName: fileName, options: options, scratch: scratch)
  }

  /// What this harness runs on an input: ``FuzzMultipartForm`` for the reader
  /// ``FuzzMultipartForm/reader`` (its option `max-parts`, default the server's),
  /// ``FuzzCalendarCollection`` for ``FuzzCalendarCollection/reader``, ``FuzzMCPMessages`` for
  /// ``FuzzMCPMessages/reader`` (its option `max-message-bytes`), else the
  /// ``roundTrip(scratch:)`` of the codec it names.
  public func checker(scratch: String) throws -> any FuzzCheck {
    if reader == FuzzCalendarCollection.reader { return try FuzzCalendarCollection() }
    if reader == FuzzMCPMessages.reader {
      guard let text = options["max-message-bytes"] else { return try FuzzMCPMessages(scratch: scratch) }
      guard let maxBytes = Int(text), maxBytes > 0 else {
        throw FuzzFinding(step: "harness \(name)", problem: "max-message-bytes '\(text)' is not a positive number")
      }
      return try FuzzMCPMessages(scratch: scratch, maxMessageBytes: maxBytes)
    }
    guard reader == FuzzMultipartForm.reader else { return try roundTrip(scratch: scratch) }
    guard let text = options["max-parts"] else { return FuzzMultipartForm() }
    guard let maxParts = Int(text), maxParts > 0 else {
      throw FuzzFinding(step: "harness \(name)", problem: "max-parts '\(text)' is not a positive number")
    }
    return FuzzMultipartForm(maxParts: maxParts)
  }
}
