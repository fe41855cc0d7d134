/// The plugin's arguments split into dataset paths and `trackport validate` options.
///
/// An argument starting with `-` is an option, and an option named in `valueOptions` takes the
/// next argument as its value unless written `--name=value`. A lone `-` stays a path (standard
/// input), though SwiftPM gives a plugin nothing to read there. After `--` everything is a
/// path, for a file whose name starts with `-`.
struct ValidateArguments {
  var paths: [String] = []
  var options: [String] = []

  init(_ arguments: [String], valueOptions: Set<String>) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        paths += rest.map { $0.hasPrefix("-") ? "./" + $0 : $0 }
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else { paths.append(argument); continue }
      options.append(argument)
      guard !argument.contains("="), valueOptions.contains(argument) else { continue }
      guard let value = rest.popFirst() else { throw ArgumentError("\(argument) needs a value") }
      options.append(value)
    }
  }
}

/// A plugin argument that cannot be forwarded.
struct ArgumentError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
