import ArgumentParser
import FileWatch
import Foundation
import TrackerHub

extension Trackport {
  /// `hub watch`: a run whenever a source changes, and on the config's schedule.
  struct HubWatch: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "watch",
      abstract: "Stay running: a hub run when a source appears or changes, and every `every` of hub.toml.",
      discussion: """
        Watches the sources' folders with inotify. A file still being written, or under a sync \
        tool's temporary name (Syncthing's .syncthing.*.tmp, Nextcloud's .part), is never \
        read: a run starts once nothing changed for hub.toml's settle. A change of hub.toml \
        is taken at once. A folder removed and made again is watched again. SIGTERM or Ctrl-C \
        stops it within a second when no run is in progress (status 0), or after the run.
        """)

    @Argument(help: "The hub's folder.", completion: .directory) var folder: String
    @OptionGroup var quietOption: QuietOption

    func run() throws {
      try reportingFailures(Self.self) {
        let hub = Hub(folder: folder)
        var config = try hub.config()
        let stopping = StopRequest()
        let watcherBox = WatcherBox()
        Interruption.ending { signal in
          stopping.request(signal)
          watcherBox.stop()
        }
        var status = ExitStatus.ok
        var lastRun = Date.distantPast.timeIntervalSince1970
        var pending = true  // the first pass runs at once
        var retry: Double?  // seconds to a look at files left for later
        while stopping.signal == nil {
          let watcher = try DirectoryWatcher(paths: HubWatchPaths.paths(config, hub: hub), recursive: false)
          watcherBox.set(watcher)
          if stopping.signal != nil { break }
          var reload = false
          while stopping.signal == nil && !reload {
            if pending {
              pending = false
              lastRun = Date().timeIntervalSince1970
              do {
                let report = try hub.run(wait: true, outputs: HubCalDAVOutput.outputs(quiet: quietOption.quiet))
                status = try HubRunText.print(report, folder: folder, quiet: quietOption.quiet || (report.entries.isEmpty && report.outputs.isEmpty))
                // A file left for later is looked at again once it may have settled.
                retry = report.deferred.isEmpty ? nil : max(config.settle, 0.5)
              } catch let error as HubError {
                StandardError.line(error.message.contains(": error: ") ? error.description : "error: " + error.description)
                if error.kind == .config || error.kind == .damaged { return ExitStatus(error) }
              }
            }
            let scheduled = config.every.map { max(0, lastRun + $0 - Date().timeIntervalSince1970) }
            let timeout = [scheduled, retry].compactMap { $0 }.min()
            switch try watcher.next(quiet: max(config.settle, 0.2), timeout: timeout) {
            case .stopped: break
            case .timeout: pending = true
            case .changed(let paths):
              if paths.contains(hub.store.configPath) {
                do {
                  config = try hub.config()
                  reload = true
                } catch let error as HubError {
                  StandardError.line(error.message.contains(": error: ") ? error.description : "error: " + error.description)
                  StandardError.line("note: the previous hub.toml stays in force until this one reads")
                }
              }
              if paths.contains(where: { $0 != hub.store.configPath }) || reload { pending = true }
            }
          }
          watcher.stop()
        }
        return status
      }
    }
  }
}

/// The watcher in use, for the signal thread to stop.
final class WatcherBox: @unchecked Sendable {
  private let lock = NSLock()
  private var watcher: DirectoryWatcher?
  private var stopped = false

  func set(_ new: DirectoryWatcher) {
    let stopNow = lock.withLock { () -> Bool in
      watcher = new
      return stopped
    }
    if stopNow { new.stop() }
  }

  func stop() {
    let current = lock.withLock { () -> DirectoryWatcher? in
      stopped = true
      return watcher
    }
    current?.stop()
  }
}

/// What `hub watch` watches: each source's folder (a glob's folder before its first pattern),
/// and `hub.toml`.
enum HubWatchPaths {
  static func paths(_ config: HubConfig, hub: Hub) -> [String] {
    var paths = [hub.store.configPath]
    for source in config.sources {
      let absolute = HubSourceScan.absolute(source.path, hub: hub.store.folder)
      var components: [Substring] = []
      for part in absolute.split(separator: "/", omittingEmptySubsequences: false) {
        if part.contains(where: { "*?[".contains($0) }) { break }
        components.append(part)
      }
      let fixed = components.joined(separator: "/")
      let path = fixed.count < absolute.count ? fixed : absolute
      if !path.isEmpty, !paths.contains(path) { paths.append(path) }
    }
    return paths
  }
}
