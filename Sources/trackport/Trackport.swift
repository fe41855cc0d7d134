import ArgumentParser
import TrackerPort

@main
struct Trackport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trackport",
    abstract: "Move habit-tracker data between formats without losing it, and check it against the tracker app's rules.")
}
