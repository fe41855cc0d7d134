import ArgumentParser
import Foundation
import TrackerOutput
import TrackerPort

extension Trackport {
  struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check datasets against the tracker app's rules.",
      discussion: """
        Every finding names its file, line and column and its rule code ('trackport rules' \
        lists them). Exit status 1 when any file has errors (or warnings, with --strict); a \
        file that cannot be read or parsed is reported too, and the run goes on to the next.
        """)

    @Argument(help: "Dataset files, or - for standard input. None: nothing to check, which passes (a CI job over a repository that has no datasets yet).", completion: .file())
    var files: [String] = []

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @Option(help: "Output: text, json, github (Actions annotations), sarif (SARIF 2.1.0, code scanning) or junit (JUnit XML, test reports).")
    var format: DiagnosticFormat = .text

    @Option(help: ArgumentHelp("The web address of docs/rules.md; SARIF rules link to their section there (helpUri).", valueName: "url"))
    var rulesURL: String?

    @Flag(name: .shortAndLong, help: "Print the findings only: no line per file saying it is valid or how many errors and warnings it has (text output).")
    var quiet = false

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(help: ArgumentHelp("Only these codes (comma-separated).", valueName: "codes"))
    var select: String?

    @Option(help: ArgumentHelp("Never these codes (comma-separated).", valueName: "codes"))
    var ignore: String?

    @Option(help: ArgumentHelp("The day taken as today for 'record-in-future' (YYYY-MM-DD); default: the local date.", valueName: "date"))
    var today: String?

    func validate() throws {
      if let today, LocalDate(today) == nil { throw ValidationError("--today takes YYYY-MM-DD, got '\(today)'") }
      if let rulesURL, !SARIFReport.isAbsoluteURI(rulesURL) {
        throw ValidationError("--rules-url takes an absolute address (https://...), got '\(rulesURL)'")
      }
    }

    /// Parses a code list and refuses codes nothing reports (a typo would silence nothing).
    /// Checked once the plugins are known, since a plugin may declare codes of its own.
    static func codes(_ list: String, registry: CodecRegistry) throws -> Set<String> {
      let codes = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
      let known = Set(KnownCodes.all(registry: registry).map(\.code))
      if let unknown = codes.sorted().first(where: { !known.contains($0) }) {
        throw ValidationError("unknown code '\(unknown)'; 'trackport rules' lists them")
      }
      return codes
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let registry = try pluginOptions.registry()
        let options = ValidationOptions(
          today: today.flatMap { LocalDate($0) } ?? LocalDate.localToday(),
          select: try select.map { try Validate.codes($0, registry: registry) },
          ignore: try ignore.map { try Validate.codes($0, registry: registry) } ?? [])
        var results: [ValidatedFile] = []
        var status = ExitStatus.ok
        // Every file's reader first: an option is refused only when no file's format takes it
        // (a --delimiter for the CSV files among JSON ones is fine), and before any is read.
        let codecOptions = try inputOptions.codecOptions
        // One input per file, given to detection and reading alike: a pipe is read once.
        let sources = files.map { CodecInput(path: $0) }
        let readers = zip(files, sources).map { file, source in
          Result { () throws(CodecError) -> any TrackerCodec in
            do {
              return try DatasetFile.reader(for: source, format: inputOptions.from, registry: registry, options: codecOptions)
            } catch let error as CodecError {
              throw error
            } catch {
              throw CodecError(.cannotReadInput, "\(error)", location: SourceLocation(file: file))
            }
          }
        }
        let found = readers.compactMap { try? $0.get().descriptor }
        if !found.isEmpty { try CodecDescriptor.checkOptions(codecOptions, reading: found, writing: []) }
        for ((file, source), reader) in zip(zip(files, sources), readers) {
          do {
            let loaded = try DatasetFile.load(source, reader: try reader.get(), options: codecOptions)
            let found = loaded.validate(options: options)
            let notes = Set(loaded.notes(options: options))
            let failed = found.contains(where: { $0.severity == .error }) || (strict && found.contains { !notes.contains($0) })
            results.append(ValidatedFile(path: file, diagnostics: found, read: true, failed: failed, notes: notes))
          } catch let error as CodecError {
            var location = error.location
            if location.file == nil { location.file = file }
            let diagnostic = Diagnostic(code: error.kind.code, severity: .error, message: error.message,
                                        location: location, note: error.note)
            results.append(ValidatedFile(path: file, diagnostics: [diagnostic], read: false, failed: true))
            status = ExitStatus.worst(status, ExitStatus(error.kind))
          }
        }
        let failed = results.contains(where: \.failed)
        if failed { status = ExitStatus.worst(status, .ruleErrors) }
        let diagnostics = results.flatMap(\.diagnostics)
        let notes = results.reduce(into: Set<Diagnostic>()) { $0.formUnion($1.notes) }

        // One write for the whole report: a failure to write it is exit 74, not a silent cut.
        switch format {
        case .text:
          let summaries = quiet ? [] : files.isEmpty ? ["no files given: nothing to validate"] : results.map(\.summary)
          try StandardOutput.write((diagnostics.map(DiagnosticRenderer.text) + summaries).map { $0 + "\n" }.joined())
        case .json:
          try StandardOutput.line(DiagnosticJSON.report(diagnostics, valid: !failed, notes: notes))
        case .github:
          try StandardOutput.write(diagnostics.map { DiagnosticRenderer.github($0, command: notes.contains($0) ? "notice" : nil) + "\n" }.joined())
        case .sarif:
          try StandardOutput.line(SARIFReport(files: results, rulesURL: rulesURL, registry: registry).render())
        case .junit:
          try StandardOutput.write(JUnitReport(files: results, strict: strict).render())
        }
        return status
      }
    }
  }
}

