import TrackerPort

// Read a file in any format TrackerPort knows: detected from its name, then its content.
let file = try DatasetFile.load("me.trackport.json")
let findings = file.validate(options: ValidationOptions(today: LocalDate(year: 2026, month: 11, day: 22)))
for d in findings { print(d.location.line ?? 0, d.code, d.message) }

let stats = TrackerStatistics(file.dataset)
print("perfect days:", stats.perfectDays, "best period:", stats.bestPeriod)

if let day = LocalDate("2026-11-20") {
  let agenda = Agenda(dataset: file.dataset, date: day, today: day)
  for group in agenda.groups { print(group.title, group.trackers.map(\.name)) }
}

// Written to a temporary file and renamed; an existing output is never replaced by default.
let result = try Conversion(input: "me.trackport.json", output: "me.ics").run()
print(result.wrote ? "written" : "nothing written", "-", result.losses, "field(s) the output cannot carry")

// A codec of your own (DoneListCodec.swift beside this file) joins the built-in ones.
var registry = StandardCodecs.registry
try registry.register(DoneListCodec())
let done = try Conversion(input: "me.trackport.json", output: "me.done.txt").run(registry: registry)
for d in done.diagnostics { print(d.code, d.message) }
