import TrackerModel

/// Why no dataset (or no output) could be produced. Everything less serious is a ``Diagnostic``.
///
/// Each kind maps to one exit status of the `trackport` tool (`ExitStatus.swift`).
public struct CodecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The class of failure: it decides the exit status and the code (`malformed-input`) under
  /// which `trackport rules` lists it.
  public enum Kind: String, Hashable, Sendable {
    /// The input is not a well-formed file of its format (exit 65).
    case malformedInput
    /// The input declares a format version this build does not know (exit 65).
    case unsupportedVersion
    /// No codec recognises the input's name or content (exit 65).
    case unknownFormat
    /// No codec has the id the user named, or the output name says no format (exit 64).
    case unknownCodec
    /// The codec cannot do what was asked (a read-only format as output), or an option has a
    /// value the codec does not take (exit 64).
    case unsupportedOperation
    /// An `--option` key that no codec involved in the command declares (a misspelt
    /// `emial`): refused rather than ignored (exit 64).
    case unknownOption
    /// The input cannot be opened or read (exit 66).
    case cannotReadInput
    /// The output cannot be created: it exists without `--force`, it is an input, or its
    /// folder is not writable (exit 73).
    case cannotCreateOutput
    /// Reading or writing failed midway (exit 74).
    case io
    /// An executable codec plugin failed: it exited with an error, ran past its time limit,
    /// wrote too much, or wrote something the host refuses (exit 70).
    case pluginFailed
  }

  /// Decides the exit status; see ``Kind``.
  public var kind: Kind
  /// One lower-case clause without the place (`unterminated string`); ``description`` adds
  /// the file, line and column.
  public var message: String
  /// Where: file, and line and column (or row and field, or a JSON pointer), 1-based.
  public var location: SourceLocation
  /// Optional help: the expected value, the accepted versions, the known formats.
  public var note: String?

  /// Location and note are optional: an error about the invocation (an unknown `--from` id)
  /// has no place in a file.
  public init(_ kind: Kind, _ message: String, location: SourceLocation = SourceLocation(),
              note: String? = nil) {
    self.kind = kind
    self.message = message
    self.location = location
    self.note = note
  }

  /// `file:line:col: error: message [code]`, the compiler style editors understand, with the
  /// stable code of its kind as findings have.
  public var description: String {
    // An error about the command line (an unknown --timezone) has no place: no `-:` for it.
    let place = location == SourceLocation() ? "" : location.place + ": "
    var text = place + "error: " + message + " [" + kind.code + "]"
    if let note { text += "\n  note: " + note }
    return text
  }
}

extension CodecError.Kind {
  /// The stable diagnostic code a fatal error of this kind is reported under, when a command
  /// reports it alongside rule findings (`trackport validate` on several files).
  public var code: String {
    switch self {
    case .malformedInput: "malformed-input"
    case .unsupportedVersion: "unsupported-version"
    case .unknownFormat: "unknown-format"
    case .unknownCodec: "unknown-codec"
    case .unsupportedOperation: "unsupported-operation"
    case .unknownOption: "unknown-option"
    case .cannotReadInput: "cannot-read-input"
    case .cannotCreateOutput: "cannot-create-output"
    case .io: "io-error"
    case .pluginFailed: "plugin-failed"
    }
  }

  /// One line for `trackport rules`.
  public var summary: String {
    switch self {
    case .malformedInput: "The file is not well-formed in its format; no dataset could be read."
    case .unsupportedVersion: "The file declares a format version this build does not read."
    case .unknownFormat: "No format recognises the file's name or content."
    case .unknownCodec: "No format has the id given with --from or --to, or the output name says no format."
    case .unsupportedOperation: "The format cannot do what was asked (for example, write), or an option's value is not one it takes."
    case .unknownOption: "An --option key (or a dedicated flag) that none of the formats the command reads or writes takes."
    case .cannotReadInput: "The input cannot be opened or read."
    case .cannotCreateOutput: "The output cannot be created, or exists without --force, or is an input."
    case .io: "Reading or writing failed midway."
    case .pluginFailed: "A codec plugin failed: error exit, time limit, too much output, or output the host refuses."
    }
  }

  /// Every kind, for listings.
  public static let all: [CodecError.Kind] = [
    .malformedInput, .unsupportedVersion, .unknownFormat, .unknownCodec, .unsupportedOperation, .unknownOption,
    .cannotReadInput, .cannotCreateOutput, .io, .pluginFailed,
  ]
}
