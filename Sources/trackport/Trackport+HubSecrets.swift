import ArgumentParser
import TrackerHub

extension Trackport {
  /// `hub token`: the bearer tokens of `hub serve`.
  struct HubToken: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "token", abstract: "Make or revoke the access tokens of hub serve.",
      discussion: "A token is shown once, when made: the hub keeps only its SHA-256 (store/tokens). Send it as Authorization: Bearer TOKEN.",
      subcommands: [Add.self, Revoke.self])

    struct Add: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Make a token and print it (once).")
      @Argument(help: "The hub's folder.", completion: .directory) var folder: String
      func run() throws {
        try reportingFailures(Self.self) {
          let store = HubStore(folder: folder)
          guard store.exists else { throw HubError(.notAHub, "\(folder): not a hub", note: "make one with: trackport hub init \(folder)") }
          try StandardOutput.line(try HubSecrets(store: store).addToken())
          return .ok
        }
      }
    }

    struct Revoke: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Revoke every token (make a new one with hub token add).")
      @Argument(help: "The hub's folder.", completion: .directory) var folder: String
      func run() throws {
        try reportingFailures(Self.self) {
          let store = HubStore(folder: folder)
          guard store.exists else { throw HubError(.notAHub, "\(folder): not a hub") }
          try HubSecrets(store: store).revokeTokens()
          try StandardOutput.line("revoked every token of \(folder)")
          return .ok
        }
      }
    }
  }

  /// `hub feed`: the calendar feed's secret address.
  struct HubFeed: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "feed", abstract: "Print the calendar feed's path, or make it anew (--rotate) so that the old address answers 404.")
    @Argument(help: "The hub's folder.", completion: .directory) var folder: String
    @Flag(help: "Make a new secret: calendar apps subscribed to the old address must subscribe again.") var rotate = false
    func run() throws {
      try reportingFailures(Self.self) {
        let store = HubStore(folder: folder)
        guard store.exists else { throw HubError(.notAHub, "\(folder): not a hub") }
        let secrets = HubSecrets(store: store)
        let secret = rotate ? try secrets.rotateFeedSecret() : try secrets.feedSecret()
        try StandardOutput.line("/feed/\(secret).ics")
        return .ok
      }
    }
  }
}
