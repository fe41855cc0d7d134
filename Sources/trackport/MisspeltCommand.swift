import ArgumentParser
import TrackerCodec

/// `trackport conver …`, `trackport hub rn …`: a word where a subcommand belongs that is one or
/// two edits from one gets "did you mean", as a misspelt option does (swift-argument-parser
/// says only "unexpected arguments" for it). Words that are no subcommand and near none are
/// left to the parser.
enum MisspeltCommand {
  /// The message for `arguments` (the command line without the program), or nil.
  static func message(_ arguments: [String], root: ParsableCommand.Type) -> String? {
    var command = root
    var path = [root._commandName]
    for word in arguments {
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
      let names = subcommands.map { $0._commandName } + ["help"]
      if let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
        command = next
        path.append(word)
        continue
      }
      guard word != "help", let nearest = CodecDescriptor.nearestKey(to: word, among: names.filter { $0 != "serve-worker" }) else {
        return nil
      }
      let spelled = path.joined(separator: " ")
      return "Error: unknown command '\(word)'. Did you mean '\(nearest)'?\nUsage: \(spelled) <subcommand>\n  See '\(spelled) --help' for more information."
    }
    return nil
  }
}
