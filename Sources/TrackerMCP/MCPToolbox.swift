import Foundation
import MCP
import TrackerOutput
import TrackerPort

/// The tools of `trackport mcp` over its datasets and folders: each call answers one JSON
/// document (as text), or an error `{"error": {"code", "message"}}` with `isError` set, so the
/// assistant reads why and can try again. No answer is larger than ``MCPLimits/maxResourceBytes``;
/// long lists come in pages (``MCPPage``).
public struct MCPToolbox: Sendable {
  /// The datasets.
  public let catalog: MCPDatasetCatalog
  /// Where files may be read and written.
  public let folders: MCPFolders
  /// The sizes of messages, pages and answers.
  public let limits: MCPLimits
  /// The formats (the names of outputs are detected with it).
  public let registry: CodecRegistry
  /// The day taken as today when a call names none (`nil`: the computer's date).
  public let today: LocalDate?

  /// A toolbox as given.
  public init(catalog: MCPDatasetCatalog, folders: MCPFolders, limits: MCPLimits = MCPLimits(),
              registry: CodecRegistry = StandardCodecs.registry, today: LocalDate? = nil) {
    self.catalog = catalog
    self.folders = folders
    self.limits = limits
    self.registry = registry
    self.today = today
  }

  /// The tools, as `tools/list` lists them.
  public var tools: [Tool] {
    MCPToolCatalog.tools(datasets: catalog.sources.map(\.name), canWrite: folders.writable != nil)
  }

  /// The answer to a `tools/call`.
  public func call(_ name: String, arguments: [String: Value]?) async -> CallTool.Result {
    do throws(MCPToolError) {
      let text = try await answer(name, arguments: arguments)
      guard text.utf8.count <= limits.maxResourceBytes else {
        throw MCPToolError("too-large", "the answer would be larger than \(limits.maxResourceBytes) bytes; ask for less (a range, a habit, a smaller limit)")
      }
      return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
    } catch {
      return Self.failure(error)
    }
  }

  /// A refusal as a tool's answer.
  static func failure(_ error: MCPToolError) -> CallTool.Result {
    let text = JSONOutput.object([("error", JSONOutput.object([("code", JSONOutput.quote(error.code)), ("message", JSONOutput.quote(error.message))]))])
    return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: true)
  }

  /// The JSON text a tool answers.
  func answer(_ name: String, arguments: [String: Value]?) async throws(MCPToolError) -> String {
    guard let tool = tools.first(where: { $0.name == name }) else {
      throw MCPToolError("unknown-tool", "no tool named '\(name.prefix(100))' (there are: \(MCPToolCatalog.names.joined(separator: ", ")))")
    }
    let args = try MCPArguments(arguments, known: MCPToolCatalog.argumentNames(tool))
    switch name {
    case "list_habits": return try listHabits(try await catalog.load(args.string("dataset")), args)
    case "habit_history": return try habitHistory(try await catalog.load(args.string("dataset")), args)
    case "statistics": return try statistics(try await catalog.load(args.string("dataset")), args)
    case "agenda": return try agenda(try await catalog.load(args.string("dataset")), args)
    case "validate": return try await validate(try await catalog.load(args.string("dataset")), args)
    case "inspect_file": return try await inspectFile(args)
    default: return try await convertFile(args)
    }
  }

  /// The day taken as today.
  func now(_ args: MCPArguments) throws(MCPToolError) -> LocalDate {
    if let day = try args.day("today") { return day }
    guard let day = today ?? LocalDate.localToday() else {
      throw MCPToolError.argument("today", "the server cannot tell today's date; give it")
    }
    return day
  }

  /// The tracker a `habit` argument names: its id, else its exact name, else its name with case
  /// and accents ignored; a name several trackers share is refused with their ids.
  static func tracker(_ given: String, in dataset: TrackerDataset) throws(MCPToolError) -> Int {
    if let i = dataset.trackers.firstIndex(where: { $0.id == given }) { return i }
    for matches in [{ (t: Tracker) in t.name == given }, { (t: Tracker) in SearchFolding.key(t.name) == SearchFolding.key(given) }] {
      let found = dataset.trackers.indices.filter { matches(dataset.trackers[$0]) }
      if found.count == 1 { return found[0] }
      if found.count > 1 {
        throw MCPToolError("unknown-habit", "'\(given.prefix(100))' names \(found.count) habits; give one of their ids: \(found.prefix(10).map { dataset.trackers[$0].id }.joined(separator: ", "))")
      }
    }
    throw MCPToolError("unknown-habit", "no habit '\(given.prefix(100))' in this dataset (list_habits lists them)")
  }

  /// The days a range argument pair names, defaulting to the dataset's first and last day.
  static func range(_ args: MCPArguments, _ loaded: MCPLoadedDataset) throws(MCPToolError) -> ClosedRange<LocalDate>? {
    let span = loaded.dataset.markedDays
    let from = try args.day("from") ?? span?.lowerBound
    let until = try args.day("until") ?? span?.upperBound
    guard let from, let until else { return nil }
    guard from <= until else { throw MCPToolError.argument("from", "\(from) is after until \(until)") }
    return from...until
  }

  /// `{"dataset": ..., members...}`, pretty enough to read.
  static func document(_ members: [(String, String)]) -> String {
    "{\n" + members.map { "\(JSONOutput.quote($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}"
  }
}
