import ArgumentParser
import CArguments
import Foundation
import FileWatch
import TrackerHub
import TrackerPort

@main
struct Trackport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trackport",
    abstract: "Move habit-tracker data between formats without losing it, and check it against the tracker app's rules.",
    discussion: """
      Exit status: 0 ok, 1 rule errors (warnings too with --strict; for diff: the datasets differ), 64 usage, 65 malformed \
      input, 66 cannot read input, 70 a codec plugin failed, 73 cannot create output, 74 I/O \
      error, 75 the hub is busy (another hub run), 78 a bad hub.toml, 130/143/129 interrupted by SIGINT/SIGTERM/SIGHUP (nothing written).
      """,
    version: "\(BuildVersion.version) (commit \(BuildVersion.commit))",
    subcommands: [Convert.self, Validate.self, Stats.self, Agenda.self, Formats.self, Detect.self, Inspect.self,
                  Rules.self, Generate.self, Diff.self, Merge.self, Report.self, CalendarCommand.self, HubCommand.self, Serve.self,
                  MCPCommand.self, ServeWorker.self])

  /// Installs the handling of Ctrl-C, SIGTERM and SIGHUP (``Interruption``), then runs the
  /// command line as swift-argument-parser does.
  static func main() {
    // Links CArguments, whose initialiser gives the runtime the arguments where /proc is missing.
    _ = trackport_argument_count()
    Interruption.install()
    if let message = MisspeltCommand.message(Array(CommandLine.arguments.dropFirst()), root: Trackport.self) {
      StandardError.line(message)
      Foundation.exit(ExitStatus.usage.rawValue)
    }
    main(nil)
  }
}

/// Runs `command`'s body and turns library failures into a located message on standard error
/// and the exit status of the one table (`ExitStatus`). A usage error found only once the
/// command runs (an unknown `--select` code, known once the plugins are) is told as
/// swift-argument-parser tells one found while parsing, with `command`'s usage, not the top
/// level's.
func reportingFailures(_ command: ParsableCommand.Type, _ body: () throws -> ExitStatus) throws {
  let status: ExitStatus
  do {
    status = try body()
  } catch let error as CodecError {
    StandardError.line(error.description)
    status = ExitStatus(error.kind)
  } catch let error as HubError {
    StandardError.line(error.message.contains(": error: ") ? error.description : "error: " + error.description)
    status = ExitStatus(error)
  } catch let error as FileWatchError {
    // hub watch: the inotify limits reached, a folder that cannot be watched.
    StandardError.line("error: \(error)")
    status = .ioError
  } catch let error as ValidationError {
    let name = command._commandName
    StandardError.line("Error: \(error.message)\nUsage: \(Trackport.usageString(for: command))\n  See 'trackport \(name) --help' for more information.")
    status = .usage
  }
  if status != .ok { throw status.exitCode }
}
