import Foundation
import Testing

/// Python, the tests' independent oracle: scripts in `Tests/Oracles/*.py` read what the code
/// under test wrote (or what it read) with Python's own libraries, never TrackerPort's.
public enum Python {
  /// `TRACKPORT_PYTHON` (the Makefile's `.venv/bin/python`, which has the oracles' packages),
  /// else `python3` on the PATH; `nil` when neither is there.
  public static var executable: String? {
    if let path = ProcessInfo.processInfo.environment["TRACKPORT_PYTHON"], !path.isEmpty { return path }
    return CLI.tool("python3")
  }

  /// Whether `TRACKPORT_PYTHON` names a Python: the tests whose oracles need packages of the
  /// venv (`icalendar`, `jsonschema`...) run only then.
  public static var venvNamed: Bool { ProcessInfo.processInfo.environment["TRACKPORT_PYTHON"] != nil }

  /// The path of the oracle script `name` (`Tests/Oracles/<name>`).
  public static func oracle(_ name: String) -> String {
    Repository.path("Tests/Oracles/" + name)
  }

  /// Runs `python script arguments...` (a path, usually ``oracle(_:)``'s) and returns what it
  /// said, whatever its exit status.
  public static func result(_ script: String, _ arguments: [String], input: Data? = nil,
                            environment: [String: String?] = [:]) throws -> CLI.Result {
    let python = try #require(executable, "python3 is a test dependency (make deps)")
    return try CLI.run([script] + arguments, input: input, executable: python, environment: environment)
  }

  /// Runs the oracle `name` of `Tests/Oracles` with `arguments` and returns its standard output;
  /// records an issue (with Python's standard error) when it does not exit 0.
  public static func run(oracle name: String, _ arguments: [String], input: Data? = nil,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    let result = try result(oracle(name), arguments, input: input)
    #expect(result.status == 0, "python \(name) failed: \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }
}

/// Runs the oracle `name` of `Tests/Oracles` with `arguments`; its standard output (the name
/// the beaverhabits tests used, now for every target).
public func runPython(oracle name: String, _ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
  try Python.run(oracle: name, arguments, sourceLocation: sourceLocation)
}
