import TrackerOutput
import TrackerPort

/// A request the server refuses: an HTTP status, a stable code (as the CLI's diagnostics
/// have) and a message, sent as `{"error": {"code", "message"}, "diagnostics": [...]}`.
public struct ServeError: Error, Sendable, Equatable {
  /// The HTTP status: 400 a malformed request, 413 too large, 415 not a form, 422 a file
  /// that cannot be read or converted as asked, 503 the server is busy.
  public var status: Int
  /// A stable code: `bad-multipart`, `missing-field`, `too-large`, `too-many-parts`, or a
  /// `CodecError` kind's code (`unknown-codec`, `unknown-option`, `read-errors`, ...).
  public var code: String
  /// One line for people.
  public var message: String
  /// The reader's or the writer's diagnostics behind a 422, as `validate --format json` lists them.
  public var diagnostics: [Diagnostic]
  /// What the upload is, by its first bytes, when no format could read it (a photo, a PDF, a
  /// truncated zip): the page's way to the right file. Sent as `error.fileKind`.
  var fileKind: FileKind? = nil

  /// An error without diagnostics unless given.
  public init(status: Int, code: String, message: String, diagnostics: [Diagnostic] = []) {
    self.status = status
    self.code = code
    self.message = message
    self.diagnostics = diagnostics
  }

  /// 400 `bad-multipart`.
  static func badMultipart(_ message: String) -> ServeError {
    ServeError(status: 400, code: "bad-multipart", message: "not a valid multipart/form-data body: " + message)
  }

  /// 400 `missing-field`.
  static func missing(_ field: String, _ why: String) -> ServeError {
    ServeError(status: 400, code: "missing-field", message: "the form has no '\(field)' field: \(why)")
  }

  /// A codec's refusal as a 422 (a 400 for what the request got wrong: an unknown format or option).
  init(_ error: CodecError) {
    let status = switch error.kind {
    case .unknownCodec, .unknownOption: 400
    default: 422
    }
    let message = error.note.map { error.message + " (" + $0 + ")" } ?? error.message
    self.init(status: status, code: error.kind.code, message: message,
              diagnostics: error.location == SourceLocation() ? []
                : [Diagnostic(code: error.kind.code, severity: .error, message: error.message,
                              location: error.location, note: error.note)])
  }

  /// The JSON body.
  public var json: String {
    JSONOutput.object([
      ("error", JSONOutput.object([("code", JSONOutput.quote(code)), ("message", JSONOutput.quote(message))]
                                    + (fileKind.map { [("fileKind", JSONOutput.quote($0.rawValue))] } ?? []))),
      ("diagnostics", JSONOutput.array(diagnostics.map(DiagnosticJSON.object))),
    ])
  }
}
