import MCP

/// The tools `trackport mcp` offers, each with a plain-words description an assistant can act
/// on and a JSON Schema (draft 2020-12) of its arguments; docs/mcp.md shows them in use.
enum MCPToolCatalog {
  /// The tool names, in the order they are listed.
  static let names = ["list_habits", "habit_history", "statistics", "agenda", "validate", "inspect_file", "convert_file"]

  /// The tools for a server over `datasets` (their names go into the schemas), `convert_file`
  /// only described as writing when `canWrite`.
  static func tools(datasets: [String], canWrite: Bool) -> [Tool] {
    let dataset: Value = [
      "type": "string", "enum": .array(datasets.map { .string($0) }),
      "description": "Which dataset (optional when the server has only one).",
    ]
    let page: [String: Value] = [
      "cursor": ["type": "string", "description": "The nextCursor of the previous page; leave out for the first page."],
      "limit": ["type": "integer", "minimum": 1, "maximum": 1000, "description": "Items per page (default 100)."],
    ]
    let range: [String: Value] = [
      "from": ["type": "string", "format": "date", "description": "First day, YYYY-MM-DD (default: the dataset's first day)."],
      "until": ["type": "string", "format": "date", "description": "Last day, YYYY-MM-DD (default: the dataset's last day)."],
    ]
    let habit: Value = ["type": "string", "description": "The habit's id, or its name (exact, else ignoring case and accents)."]
    let readOnly = Tool.Annotations(readOnlyHint: true, openWorldHint: false)
    return [
      Tool(name: "list_habits", title: "List habits",
           description: "Lists the habits and events of a dataset: id, name, category, weekday schedule, frequency (\"3 times in 7 days\"), goal (amount and unit), archived or not, first and last day marked, and counts of done days, records and entries. Paged: pass nextCursor back for more.",
           inputSchema: schema(["dataset": dataset, "include_archived": ["type": "boolean", "description": "List archived habits too (default true)."]].merging(page) { a, _ in a }),
           annotations: readOnly),
      Tool(name: "habit_history", title: "History of one habit",
           description: "The days of one habit in a range: each day it was done, its amount, its note, or that it was skipped. Days with nothing recorded are left out. Paged.",
           inputSchema: schema(["dataset": dataset, "habit": habit].merging(range) { a, _ in a }.merging(page) { a, _ in a }, required: ["habit"]),
           annotations: readOnly),
      Tool(name: "statistics", title: "Statistics",
           description: "The app's four statistics (trackers completed, perfect days, best period, average per day) over a range, for the whole dataset and for each habit, with each habit's current and best streak and its done days in the range. Frequency- and goal-aware as `trackport stats` is. Give habit for one habit only; the per-habit list is paged.",
           inputSchema: schema(["dataset": dataset, "habit": habit].merging(range) { a, _ in a }.merging(page) { a, _ in a }),
           annotations: readOnly),
      Tool(name: "agenda", title: "A day's plan",
           description: "What is planned on a day, grouped as the app's main screen groups it (pinned first, then each category), with whether each habit is done or skipped that day and on how many days it has been done.",
           inputSchema: schema([
             "dataset": dataset,
             "date": ["type": "string", "format": "date", "description": "The day, YYYY-MM-DD (default: today)."],
             "filter": ["type": "string", "enum": ["all", "today", "completed", "not-completed"], "description": "Which cards (default all)."],
             "search": ["type": "string", "description": "Only habits whose name contains this (case and accents ignored)."],
             "today": ["type": "string", "format": "date", "description": "The day taken as today (default: the computer's date)."],
           ]), annotations: readOnly),
      Tool(name: "validate", title: "Validate",
           description: "Checks a dataset against the Tracker app's rules: each finding with its stable code (`trackport rules` lists them), severity, message, and line and column in the file. Paged over the findings.",
           inputSchema: schema(["dataset": dataset,
                                "today": ["type": "string", "format": "date", "description": "The day record-in-future compares with (default: today)."]]
                                 .merging(page) { a, _ in a }),
           annotations: readOnly),
      Tool(name: "inspect_file", title: "Inspect a file",
           description: "Tells what a habit-tracker file holds (its format, counts of habits, records, entries, tasks and categories, first and last day, the reader's notes) and, with `to`, what converting it to that app's format would lose, field by field. Only files inside the folders the server was started with (--allow-read) can be read. Paged over the diagnostics.",
           inputSchema: schema([
             "path": ["type": "string", "description": "The file, relative to an allowed folder or absolute inside one."],
             "to": ["type": "string", "description": "A format id (for example loop, tablehabit, csv) to see what converting would lose."],
           ].merging(page) { a, _ in a }, required: ["path"]),
           annotations: readOnly),
      Tool(name: "convert_file", title: "Convert to a file",
           description: canWrite
             ? "Converts a dataset (or a file inside an --allow-read folder) to another app's format and writes it as a new file inside the --allow-write folder; never replaces a file. Says what the format could not carry."
             : "Converts a dataset to another app's format as a new file. This server was started without --allow-write, so it refuses every call: ask the user to start it with --allow-write FOLDER.",
           inputSchema: schema([
             "dataset": dataset,
             "path": ["type": "string", "description": "Instead of a dataset: a file inside an --allow-read folder."],
             "output": ["type": "string", "description": "The new file, relative to the --allow-write folder; its ending picks the format unless `to` is given."],
             "to": ["type": "string", "description": "The format id to write (trackport://formats lists them)."],
             "options": ["type": "object", "additionalProperties": ["type": "string"], "description": "Codec options, KEY: VALUE, as `convert -o` takes them."],
             "fail_on_loss": ["type": "boolean", "description": "Write nothing if the format cannot carry everything (default false)."],
           ], required: ["output"]),
           annotations: Tool.Annotations(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
    ]
  }

  /// An object schema with `properties`, no others.
  static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
    var object: [String: Value] = [
      "type": "object", "properties": .object(properties), "additionalProperties": false,
      "$schema": "https://json-schema.org/draft/2020-12/schema",
    ]
    if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
    return .object(object)
  }

  /// The argument names of a tool's schema.
  static func argumentNames(_ tool: Tool) -> Set<String> {
    Set(tool.inputSchema.objectValue?["properties"]?.objectValue?.keys.map { $0 } ?? [])
  }
}
