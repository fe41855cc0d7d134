import Foundation
import TrackerModel

/// What a codec is told and what it tells back, besides the dataset.
public struct CodecContext: Sendable {
  /// The input or output path as the user gave it (`-` for standard input/output); codecs put
  /// it in every location they report.
  public var fileName: String
  /// Codec-specific options (`map`, `date-format`, `start`), from the command line's
  /// `--option KEY=VALUE` flags and dedicated flags.
  public var options: [String: String]
  /// Findings that did not stop the conversion.
  public private(set) var diagnostics: [Diagnostic] = []
  /// Set by a decoder: resolves JSON pointers into the source's lines and columns.
  public var sourceLocator: (any SourceLocator)?
  /// A decoder tells it how far it has read (bytes of the input, items made), every chunk or
  /// few thousand items; `nil` when nobody displays progress.
  public var progress: ProgressMeter?
  /// What a writer takes for the present: an export's time stamp, today's day for a habit with
  /// no day to start from, and the seed of an id the format wants fresh (a store's UUID). `nil`
  /// (the default) means the computer's clock and fresh random ids; a command that must write
  /// the same bytes for the same input sets it (`trackport anonymize`), and a writer that
  /// records the present reads it from here, never from the clock alone (``writingNow``).
  public var now: Date?

  /// A fresh context, with no diagnostics and no locator: make one per decode or encode.
  public init(fileName: String, options: [String: String] = [:]) {
    self.fileName = fileName
    self.options = options
  }

  /// ``now``, else the computer's clock: the present as a writer records it.
  public var writingNow: Date { now ?? Date() }

  /// Adds a finding; the location's file is filled in when the codec left it empty.
  public mutating func report(_ diagnostic: Diagnostic) {
    var diagnostic = diagnostic
    if diagnostic.location.file == nil { diagnostic.location.file = fileName }
    diagnostics.append(diagnostic)
  }

  /// Adds several findings.
  public mutating func report(contentsOf diagnostics: some Sequence<Diagnostic>) {
    for d in diagnostics { report(d) }
  }
}
