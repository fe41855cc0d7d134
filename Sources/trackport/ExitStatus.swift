import ArgumentParser
import TrackerPort

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one exit-status table of `trackport` (sysexits.h numbers), documented in the README.
enum ExitStatus: Int32, CaseIterable {
  /// Success: no errors (and, with `--strict`, no warnings).
  case ok = 0
  /// The data broke rules: validation errors, warnings with `--strict`, losses with `--fail-on-loss`.
  case ruleErrors = 1
  /// Bad command line: unknown flag or format id, bad flag value (EX_USAGE).
  case usage = 64
  /// Malformed input, unsupported version, unrecognised format (EX_DATAERR).
  case malformedInput = 65
  /// An input cannot be opened or read (EX_NOINPUT).
  case cannotReadInput = 66
  /// The output cannot be created, exists without `--force`, or is an input (EX_CANTCREAT).
  case cannotCreateOutput = 73
  /// Reading or writing failed midway (EX_IOERR).
  case ioError = 74
  /// A codec plugin failed: error exit, time limit, too much or refused output (EX_SOFTWARE).
  case pluginFailed = 70
  /// `calendar`: the server's host name does not resolve (EX_NOHOST).
  case noHost = 68
  /// `calendar`: the server cannot be reached, stopped answering, timed out, failed (5xx, 507)
  /// or the TLS connection failed; or libcurl is missing (EX_UNAVAILABLE).
  case unavailable = 69
  /// `calendar`: the server answered outside the protocol: a redirect, 404/405, not a calendar
  /// collection, an unreadable answer (EX_PROTOCOL).
  case protocolError = 76
  /// `calendar`: the server refused the credentials (401) or the permission (403) (EX_NOPERM).
  case noPermission = 77
  /// `hub`: another run of the hub holds its lock (without `--wait`); try again (EX_TEMPFAIL).
  case busy = 75
  /// `hub`: `hub.toml` is malformed, has an unknown key or a wrong value (EX_CONFIG).
  case config = 78

  /// Interrupted by Ctrl-C (SIGINT): 128 + 2, as a shell reports it (``Interruption``).
  case interrupted = 130
  /// Stopped by SIGTERM: 128 + 15.
  case terminated = 143
  /// Stopped by SIGHUP (the terminal went away): 128 + 1.
  case hungUp = 129

  /// The status for a run stopped by `signal` (SIGINT, SIGTERM or SIGHUP).
  init(interruptedBy signal: Int32) {
    switch signal {
    case SIGTERM: self = .terminated
    case SIGHUP: self = .hungUp
    default: self = .interrupted
    }
  }

  init(_ kind: CodecError.Kind) {
    switch kind {
    case .malformedInput, .unsupportedVersion, .unknownFormat: self = .malformedInput
    case .unknownCodec, .unsupportedOperation, .unknownOption: self = .usage
    case .cannotReadInput: self = .cannotReadInput
    case .cannotCreateOutput: self = .cannotCreateOutput
    case .io: self = .ioError
    case .pluginFailed: self = .pluginFailed
    }
  }

  /// Which of two failures a run reports when it met both: the one that needs fixing first
  /// (an unreadable file before a malformed one before rule errors).
  static func worst(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus {
    let order: [ExitStatus] = [.ok, .ruleErrors, .busy, .ioError, .unavailable, .protocolError, .noPermission, .noHost, .cannotCreateOutput,
                               .pluginFailed, .malformedInput, .cannotReadInput, .config, .usage]
    return (order.firstIndex(of: a) ?? 0) >= (order.firstIndex(of: b) ?? 0) ? a : b
  }

  var exitCode: ExitCode { ExitCode(rawValue) }
}
