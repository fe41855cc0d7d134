import ArgumentParser
import Dispatch
import Foundation
import TrackerHub
import TrackerMCP
import TrackerPort
import TrackerServe
import TrackerServeAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Trackport {
  /// `trackport mcp`: the Model Context Protocol server (TrackerMCP) on standard input and
  /// output, over the datasets and hubs named, reading every file in a `serve-worker` process.
  struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mcp",
      abstract: "Serve datasets to AI assistants over the Model Context Protocol (standard input and output).",
      discussion: """
        An assistant (Claude Desktop or Code, VS Code, Cursor, ...) starts it and asks through \
        its tools: list_habits, habit_history, statistics, agenda, validate, inspect_file and \
        convert_file; the resources are each dataset's canonical JSON and report, and the \
        formats. It reads only the datasets named here (a hub folder: its history), and for \
        inspect_file only files inside an --allow-read folder (no symbolic links, no ..); it \
        writes only with --allow-write, new files inside that folder. Every file is read as \
        trackport serve reads an upload: in a worker process with serve's limits, killed at \
        --conversion-timeout. It opens no network connection and logs nothing of the data. \
        One JSON-RPC message per line; it exits 0 at the end of its input. See docs/mcp.md.
        """)

    @Argument(help: "Dataset files, or hub folders (their history.trackport.json).", completion: .file())
    var datasets: [String] = []

    @Option(name: .customLong("allow-read"), help: ArgumentHelp("A folder inspect_file and convert_file may read files in (repeatable).", valueName: "folder"),
            completion: .directory)
    var allowRead: [String] = []

    @Option(name: .customLong("allow-write"), help: ArgumentHelp("The folder convert_file may write new files in (default: none; nothing is written).", valueName: "folder"),
            completion: .directory)
    var allowWrite: String?

    @Option(help: ArgumentHelp("Seconds the reading of one file may take (its worker is killed past it).", valueName: "seconds"))
    var conversionTimeout: Double = 60

    @Option(help: ArgumentHelp("The address space each worker process may use, in MiB (0: no limit).", valueName: "MiB"))
    var workerMemory: Int = 4_096

    @Option(help: ArgumentHelp("The largest file read, in MiB.", valueName: "MiB"))
    var maxFile: Int = 64

    func validate() throws {
      guard conversionTimeout > 0, workerMemory >= 0, maxFile > 0 else {
        throw ValidationError("--conversion-timeout and --max-file must be positive, --worker-memory at least 0")
      }
    }

    func run() throws {
      // A client that goes away is the end of the session, not a signal that kills the server.
      signal(SIGPIPE, SIG_IGN)
      var items: [(shown: String, path: String, isHub: Bool)] = []
      for argument in datasets {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
          StandardError.line("error: \(argument): no such file or folder")
          throw ExitStatus.cannotReadInput.exitCode
        }
        if isFolder.boolValue {
          let store = HubStore(folder: argument)
          guard store.exists else {
            StandardError.line("error: \(argument): a folder, but not a hub (no hub.toml and history.trackport.json); name a dataset file or a hub")
            throw ExitStatus.cannotReadInput.exitCode
          }
          items.append((argument.hasSuffix("/") ? String(argument.dropLast()) : argument, store.historyPath, true))
        } else {
          items.append((argument, argument, false))
        }
      }
      let folders: MCPFolders
      do {
        folders = try MCPFolders(allowRead: allowRead, allowWrite: allowWrite)
      } catch {
        StandardError.line("error: \(error.message)")
        throw ExitStatus.usage.exitCode
      }
      var limits = MCPLimits()
      limits.reading = ServeLimits(maxRequestBytes: (maxFile << 20) + (64 << 10), conversionTimeoutSeconds: conversionTimeout)
      let api = ServeAPI(registry: StandardCodecs.registry, limits: limits.reading)
      let isolated = IsolatedServeAPI(api: api, isolation: .process(Serve.workerCommand(limits.reading, memory: workerMemory, plugins: nil)))
      let reading = MCPReading(limits: limits.reading) { path, type, body in
        await isolated.respond(WorkerMessage.Request(method: "POST", path: path, contentType: type, body: body))
      }
      let catalog = MCPDatasetCatalog(sources: MCPDatasetSource.named(items), reading: reading)
      let server = TrackerMCPServer(toolbox: MCPToolbox(catalog: catalog, folders: folders, limits: limits),
                                    version: BuildVersion.version)
      let finished = DispatchSemaphore(value: 0)
      final class Outcome: @unchecked Sendable { var error: (any Error)? }
      let outcome = Outcome()
      Task {
        do { try await server.run(on: MCPLineTransport(maxBytes: limits.maxMessageBytes)) } catch { outcome.error = error }
        finished.signal()
      }
      finished.wait()
      isolated.stop()
      if outcome.error != nil {
        StandardError.line("error: trackport mcp: standard input or output failed")
        throw ExitStatus.ioError.exitCode
      }
    }
  }
}
