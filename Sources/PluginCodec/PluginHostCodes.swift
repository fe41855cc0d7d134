import TrackerModel

/// The diagnostic codes the plugin host itself reports (listed by `trackport rules`).
///
/// A plugin's own diagnostics keep the codes the plugin gives them; a plugin failure is a
/// `CodecError` of kind `pluginFailed` (`plugin-failed`).
public enum PluginHostCodes {
  /// A plugin of the same name earlier in the search order is used instead of this one.
  public static let shadowed = DiagnosticDescriptor(
    code: "plugin-shadowed", severity: .warning,
    summary: "A codec plugin is not used: one of the same name comes earlier in the plugin search order.")
  /// A plugin named like a built-in codec is never used.
  public static let refused = DiagnosticDescriptor(
    code: "plugin-refused", severity: .warning,
    summary: "A codec plugin has the id of a built-in codec and is refused: it would shadow it.")
  /// A `trackport-codec-*` file that cannot be used: a bad name, or not executable. (A
  /// plugin whose `describe` fails is shown as broken by `formats` and fails when named.)
  public static let broken = DiagnosticDescriptor(
    code: "plugin-broken", severity: .warning,
    summary: "A trackport-codec-* file cannot be used: its name is not lower-case letters, digits and hyphens, or it is not executable.")
  /// A line a plugin wrote on standard error that is not a diagnostic, quoted.
  public static let stderr = DiagnosticDescriptor(
    code: "plugin-stderr", severity: .warning,
    summary: "A codec plugin wrote a line on standard error that is not a JSON diagnostic; it is quoted.")

  /// Every host code, for listings.
  public static let all = [shadowed, refused, broken, stderr]
}
