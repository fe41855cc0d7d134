import TrackerCodec

/// How long a plugin may run and how much it may write.
public struct PluginLimits: Hashable, Sendable {
  /// Seconds one plugin command (`describe`, `decode`, `encode`) may take before its process
  /// group is killed.
  public var timeout: Double
  /// Bytes a plugin may write on standard output before it is stopped.
  public var maximumOutput: Int

  /// 60 seconds, 512 MiB: far more than any real conversion needs, so a limit only ever stops
  /// a plugin that hangs or runs away.
  public static let standard = PluginLimits(timeout: 60, maximumOutput: 512 << 20)

  /// Explicit limits.
  public init(timeout: Double, maximumOutput: Int) {
    self.timeout = timeout
    self.maximumOutput = maximumOutput
  }

  /// The standard limits, overridden by `TRACKPORT_PLUGIN_TIMEOUT` (seconds, may be
  /// fractional) and `TRACKPORT_PLUGIN_MAX_OUTPUT` (bytes) when set.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a value that is not a positive number.
  public init(environment: [String: String]) throws {
    self = .standard
    if let text = environment["TRACKPORT_PLUGIN_TIMEOUT"] {
      timeout = try PluginLimits.seconds(text, from: "TRACKPORT_PLUGIN_TIMEOUT")
    }
    if let text = environment["TRACKPORT_PLUGIN_MAX_OUTPUT"] {
      guard let bytes = Int(text), bytes > 0 else {
        throw CodecError(.unsupportedOperation, "TRACKPORT_PLUGIN_MAX_OUTPUT takes a positive number of bytes, got '\(text)'")
      }
      maximumOutput = bytes
    }
  }

  /// A positive number of seconds, at most a day.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` naming `source` otherwise.
  public static func seconds(_ text: String, from source: String) throws -> Double {
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw CodecError(.unsupportedOperation, "\(source) takes a number of seconds between 0 and 86400, got '\(text)'")
    }
    return seconds
  }
}
