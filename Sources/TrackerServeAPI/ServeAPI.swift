import Foundation
import TrackerOutput
import TrackerPort
import TrackerReport

/// The HTTP API of `trackport serve` over the TrackerPort library, independent of the server
/// that carries it: a request's method, path, content type and body in, a ``ServeResponse`` out
/// (docs/serve.md). Each upload is read from memory; a writer that needs a file writes into a
/// private temporary folder that is removed before the answer, on success and on error.
public struct ServeAPI: Sendable {
  /// The formats the API reads and writes (the built-ins unless given).
  public var registry: CodecRegistry
  /// The limits a request must keep.
  public var limits: ServeLimits

  /// An API over `registry` within `limits`.
  public init(registry: CodecRegistry = StandardCodecs.registry, limits: ServeLimits = ServeLimits()) {
    self.registry = registry
    self.limits = limits
  }

  /// Answers one request, routed by ``ServeRoute/all``. `path` is the request's path without its
  /// query.
  public func respond(method: String, path: String, contentType: String?, body: [UInt8]) -> ServeResponse {
    do throws(ServeError) {
      guard let route = ServeRoute.find(method: method, path: path) else {
        let allowed = ServeRoute.methods(on: path)
        guard !allowed.isEmpty else { throw ServeError(status: 404, code: "not-found", message: "no such endpoint: \(path)") }
        // RFC 9110 §15.5.6: a 405 says which methods the resource has.
        var refused = ServeResponse(error: ServeError(status: 405, code: "method-not-allowed", message: "\(method) is not allowed on \(path)"))
        refused.headers.append(("Allow", allowed.joined(separator: ", ")))
        return refused
      }
      switch route.endpoint {
      case .page:
        return WebPage.response
      case .health:
        return ServeResponse(status: 200, contentType: "text/plain; charset=utf-8", text: "ok\n")
      case .openAPI:
        return .json(OpenAPIDocument.json)
      case .formats:
        return .json(FormatJSON.document(registry.codecs))
      case .inspect:
        return try inspect(try form(contentType, body))
      case .convert:
        return try convert(try form(contentType, body))
      case .validate:
        return try validate(try form(contentType, body))
      case .report:
        return try report(try form(contentType, body))
      case .diff:
        return try diff(try form(contentType, body))
      }
    } catch {
      return ServeResponse(error: error)
    }
  }

  // MARK: - Endpoints

  /// `POST /api/inspect`: what the file is, how much it holds, what its reader said and, with
  /// `to`, what converting it would lose.
  func inspect(_ form: MultipartForm) throws(ServeError) -> ServeResponse {
    let upload = try Upload(form)
    let options = try Self.options(form)
    return try Self.catching(upload) { () throws -> ServeResponse in
      .json(try FileInspection(input(upload), name: upload.name, from: form.nonEmptyField("from"),
                               to: form.nonEmptyField("to"), options: options, registry: registry).json)
    }
  }

  /// `POST /api/convert`: the converted file as an attachment, its report in the
  /// `X-Trackport-Report` header; nothing when the input has read errors or, with
  /// `fail_on_loss`, the output format would lose data (422 with the diagnostics).
  func convert(_ form: MultipartForm) throws(ServeError) -> ServeResponse {
    let upload = try Upload(form)
    guard let to = form.nonEmptyField("to") else {
      throw ServeError.missing("to", "name the format to write (GET /api/formats lists them)")
    }
    let options = try Self.options(form)
    let failOnLoss = try Self.flag(form, "fail_on_loss")
    return try Self.catching(upload) { () throws -> ServeResponse in
      let writer = try registry.codec(id: to)
      let folder = try PrivateFolder()
      defer { folder.remove() }
      let name = Self.downloadName(upload.name, writer: writer)
      let output = folder.path(for: name)
      let conversion = Conversion(input: upload.name, output: output, from: form.nonEmptyField("from"), to: to,
                                  options: options)
      let result = try conversion.run(source: input(upload),
                                      registry: registry, refuseLoss: failOnLoss)
      let diagnostics = result.diagnostics.map { folder.hidden($0, as: name) }
      switch result.refusal {
      case .readErrors?:
        throw ServeError(status: 422, code: "read-errors",
                         message: "\(upload.name): \(result.readErrors) part(s) of the file could not be read; nothing was converted",
                         diagnostics: diagnostics)
      case .losses?:
        throw ServeError(status: 422, code: "losses",
                         message: "\(writer.descriptor.name) cannot carry everything in \(upload.name) (\(result.losses) loss(es)); nothing was converted",
                         diagnostics: diagnostics)
      case nil:
        break
      }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
        throw ServeError(status: 422, code: "folder-output",
                         message: "\(writer.descriptor.name) writes a folder here; ask for one file (option to-shape, or a .zip package)")
      }
      guard let converted = result.dataset else {
        throw ServeError(status: 500, code: "internal-error", message: "the conversion gave no dataset to check")
      }
      let check = try ReadBack(output: output, writer: writer, options: options, converted: converted,
                               losses: result.diagnostics.filter { $0.code == LossReport.droppedField.code })
      guard check.mismatches.isEmpty else {
        throw ServeError(status: 422, code: "read-back-mismatch", message: check.mismatchMessage(writer: writer.descriptor.name))
      }
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
      return ServeResponse(status: 200, headers: [
        ("Content-Type", Self.contentType(of: name)),
        ("Content-Disposition", Self.attachment(name)),
        ("X-Trackport-Report", Self.report(losses: result.losses, diagnostics: diagnostics, checked: check.tally)),
      ], body: bytes)
    }
  }

  /// `POST /api/validate`: the `validate --format json` report of the file (`today` a
  /// `YYYY-MM-DD` field, default the server's day).
  func validate(_ form: MultipartForm) throws(ServeError) -> ServeResponse {
    let upload = try Upload(form)
    let options = try Self.options(form)
    let today = try Self.day(form, "today") ?? LocalDate.localToday()
    return try Self.catching(upload) { () throws -> ServeResponse in
      // Read errors are findings here, as in `trackport validate`: not refused.
      let file = try read(upload, from: form.nonEmptyField("from"), options: options)
      let found = file.validate(options: ValidationOptions(today: today))
      let report = DiagnosticJSON.report(found, valid: !found.contains { $0.severity == .error },
                                         notes: Set(file.notes(options: ValidationOptions(today: today))))
      // The CLI's document and one member more: whom each finding is about, by name.
      return .json(String(report.dropLast(2)) + ",\n  \"subjects\": " + DiagnosticSubject.json(of: found, in: file.dataset) + "\n}")
    }
  }

  /// `POST /api/report`: the `trackport report` page of the file (HTML with its own
  /// Content-Security-Policy): the 365 days up to `today`, or the calendar `year`; `locale`
  /// `en` or `ru`, `theme` `light`, `dark` or `auto`; the 50 trackers done on the most days.
  func report(_ form: MultipartForm) throws(ServeError) -> ServeResponse {
    let upload = try Upload(form)
    let options = try Self.options(form)
    guard let today = try Self.day(form, "today") ?? LocalDate.localToday() else {
      throw ServeError(status: 500, code: "internal-error", message: "the server cannot tell today's date; send 'today'")
    }
    let locale = try Self.choice(form, "locale", default: AgendaLocale.en)
    let theme = try Self.choice(form, "theme", default: ReportTheme.auto)
    var range: ClosedRange<LocalDate>?
    if let text = form.nonEmptyField("year") {
      guard let year = Int(text), let first = LocalDate(year: year, month: 1, day: 1),
            let last = LocalDate(year: year, month: 12, day: 31) else {
        throw ServeError(status: 400, code: "bad-field", message: "year: '\(text)' is not a year")
      }
      range = first...last
    }
    return try Self.catching(upload) { () throws -> ServeResponse in
      let file = try load(upload, from: form.nonEmptyField("from"), options: options)
      // Without a year: the 365 days up to today, or up to the data's last day when it is earlier.
      let index = DatasetIndex(file.dataset)
      let horizon = TrackerReport.dataSpan(index).map { min($0.upperBound, today) } ?? today
      let report = TrackerReport(dataset: file.dataset, range: range ?? horizon.adding(days: -364)...horizon, today: today,
                                 limit: 50, pinnedTitle: locale.pinnedTitle, index: index)
      return ServeResponse(status: 200, headers: [
        ("Content-Type", "text/html; charset=utf-8"),
        ("Content-Security-Policy", HTMLReport.contentSecurityPolicy),
      ], body: Array(HTMLReport(report, locale: locale, theme: theme).render().utf8))
    }
  }

  /// `POST /api/diff`: the `trackport diff --format json` document between the files in the
  /// `base` and `incoming` parts.
  func diff(_ form: MultipartForm) throws(ServeError) -> ServeResponse {
    let base = try Upload(form, part: "base")
    let incoming = try Upload(form, part: "incoming")
    let options = try Self.options(form)
    return try Self.catching { () throws -> ServeResponse in
      let old = try load(base, from: form.nonEmptyField("from"), options: options)
      let new = try load(incoming, from: form.nonEmptyField("from"), options: options)
      let diff = DatasetDiff(from: MergeInput(old.dataset, cannotCarry: old.codec.cannotCarry),
                             to: MergeInput(new.dataset, cannotCarry: new.codec.cannotCarry))
      return .json(DiffJSON.document(diff, old: base.name, new: incoming.name))
    }
  }

  /// An upload as a reader's input, its archive members held to ``ServeLimits/maxUnpackedBytes``
  /// together.
  func input(_ upload: Upload) -> CodecInput {
    CodecInput(.bytes(upload.bytes, name: upload.name), unpackBudget: UnpackBudget(bytes: limits.maxUnpackedBytes))
  }

  /// Reads an upload as the CLI reads a file: the reader detected (or `from`), the options
  /// checked against it and against `writing` (the writer a caller will use), then read.
  func read(_ upload: Upload, from: String?, options: [String: String],
            writing: [CodecDescriptor] = []) throws -> DatasetFile {
    let input = input(upload)
    let reader = try DatasetFile.reader(for: input, format: from, registry: registry, options: options)
    try CodecDescriptor.checkOptions(options, reading: [reader.descriptor], writing: writing)
    return try DatasetFile.load(input, reader: reader, options: options)
  }

  /// ``read(_:from:options:writing:)``, refused with 422 `read-errors` when part of the upload
  /// cannot be read.
  func load(_ upload: Upload, from: String?, options: [String: String]) throws -> DatasetFile {
    let file = try read(upload, from: from, options: options)
    guard file.readErrors.isEmpty else {
      throw ServeError(status: 422, code: "read-errors",
                       message: "\(upload.name): \(file.readErrors.count) part(s) of the file could not be read",
                       diagnostics: file.readErrors)
    }
    return file
  }

  // MARK: - Requests

  /// A `YYYY-MM-DD` field; `nil` when absent or empty.
  static func day(_ form: MultipartForm, _ name: String) throws(ServeError) -> LocalDate? {
    guard let text = form.nonEmptyField(name) else { return nil }
    guard let day = LocalDate(text) else {
      throw ServeError(status: 400, code: "bad-field", message: "\(name): '\(text)' is not a day (YYYY-MM-DD)")
    }
    return day
  }

  /// A field that is one of `T`'s raw values; `fallback` when absent or empty.
  static func choice<T: RawRepresentable & CaseIterable>(_ form: MultipartForm, _ name: String, default fallback: T) throws(ServeError) -> T
    where T.RawValue == String {
    guard let text = form.nonEmptyField(name) else { return fallback }
    guard let value = T(rawValue: text) else {
      throw ServeError(status: 400, code: "bad-field",
                       message: "\(name): '\(text)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
  }

  /// The multipart form of a POST, within the limits.
  func form(_ contentType: String?, _ body: [UInt8]) throws(ServeError) -> MultipartForm {
    guard let contentType, let boundary = MultipartForm.boundary(ofContentType: contentType) else {
      throw ServeError(status: 415, code: "not-a-form",
                       message: "send multipart/form-data with a 'file' part (Content-Type: \(contentType ?? "none"))")
    }
    guard body.count <= limits.maxRequestBytes else { throw ServeError.tooLarge(limits.maxRequestBytes) }
    return try MultipartForm(body: body, boundary: boundary, maxParts: limits.maxParts)
  }

  /// The `option` fields (`KEY=VALUE`, repeatable), as `--option` takes them.
  static func options(_ form: MultipartForm) throws(ServeError) -> [String: String] {
    var options: [String: String] = [:]
    for text in form.fields("option") where !text.isEmpty {
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw ServeError(status: 400, code: "bad-field", message: "option: '\(text)' is not KEY=VALUE")
      }
      options[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    return options
  }

  /// A yes/no field: absent, empty, `false`, `0`, `off` or `no` is no; `true`, `1`, `on`, `yes` is yes.
  static func flag(_ form: MultipartForm, _ name: String) throws(ServeError) -> Bool {
    switch form.field(name)?.lowercased() {
    case nil, "", "false", "0", "off", "no": return false
    case "true", "1", "on", "yes": return true
    case let other?: throw ServeError(status: 400, code: "bad-field", message: "\(name): '\(other)' is not true or false")
    }
  }

  /// Runs `body`, turning a codec's refusal into a ``ServeError`` and anything else into a 500
  /// that says nothing of the file.
  ///
  /// When no format could read `upload` (unknown or malformed), the refusal says what the
  /// upload is by its first bytes (``FileKind``).
  static func catching(_ upload: Upload? = nil, _ body: () throws -> ServeResponse) throws(ServeError) -> ServeResponse {
    do {
      return try body()
    } catch let error as ServeError {
      throw error
    } catch let error as CodecError {
      var refusal = ServeError(error)
      if let upload, error.kind == .unknownFormat || error.kind == .malformedInput,
         let kind = FileKind(upload.bytes), kind != .otherZip || error.kind == .unknownFormat {
        refusal.fileKind = kind
      }
      throw refusal
    } catch {
      throw ServeError(status: 500, code: "internal-error", message: "the conversion failed: \(type(of: error))")
    }
  }

  // MARK: - Responses

  /// The name a download gets: the upload's name with the writer's extension (`loop.db` to
  /// Table Habit is `loop.json`), or the writer's id for a format named by content only.
  public static func downloadName(_ upload: String, writer: any TrackerCodec) -> String {
    let d = writer.descriptor
    var base = upload
    for ext in StandardCodecs.all.flatMap({ $0.descriptor.extensions + $0.descriptor.sniffedExtensions })
      .sorted(by: { $0.count > $1.count }) where base.lowercased().hasSuffix("." + ext) && base.count > ext.count + 1 {
      base = String(base.dropLast(ext.count + 1))
      break
    }
    let ext = d.extensions.first ?? (d.sniffedExtensions.contains("zip") ? "zip" : d.sniffedExtensions.first ?? d.id)
    return base + "." + ext
  }

  /// The media type of a download, by its extension.
  static func contentType(of name: String) -> String {
    let lower = name.lowercased()
    let types: [(String, String)] = [
      (".json", "application/json"), (".xml", "application/xml"), (".ics", "text/calendar; charset=utf-8"),
      (".csv", "text/csv; charset=utf-8"), (".zip", "application/zip"), (".db", "application/vnd.sqlite3"),
      (".sqlite", "application/vnd.sqlite3"),
    ]
    return types.first { lower.hasSuffix($0.0) }?.1 ?? "application/octet-stream"
  }

  /// `attachment; filename="..."; filename*=UTF-8''...`: an ASCII fallback (non-ASCII and
  /// quotes as `_`) and the exact name percent-encoded (RFC 6266).
  static func attachment(_ name: String) -> String {
    let ascii = String(name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
    var encoded = ""
    for byte in name.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if byte < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) { encoded.append(c) } else {
        encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
  }

  /// The `X-Trackport-Report` header: `{"losses": n, "checked": {...}, "diagnostics": [...]}` in
  /// ASCII, `checked` what the output read back as (``DatasetTally/json``); past 8 KiB the
  /// diagnostics are left out and `diagnosticsLeftOut` counts them (`/api/inspect` lists all).
  static func report(losses: Int, diagnostics: [Diagnostic], checked: DatasetTally) -> String {
    let full = asciiJSON(JSONOutput.object([("losses", String(losses)), ("checked", checked.json),
                                            ("diagnostics", JSONOutput.array(diagnostics.map(DiagnosticJSON.object)))]))
    guard full.utf8.count > 8_192 else { return full }
    return JSONOutput.object([("losses", String(losses)), ("checked", checked.json), ("diagnostics", "[]"),
                              ("diagnosticsLeftOut", String(diagnostics.count))])
  }

  /// JSON with every non-ASCII character as `\uXXXX`, so that it fits a header value.
  static func asciiJSON(_ json: String) -> String {
    var out = ""
    for unit in json.utf16 {
      if unit < 0x80 { out.unicodeScalars.append(Unicode.Scalar(unit)!) } else {
        out += "\\u" + String(unit, radix: 16).leftPadded(to: 4)
      }
    }
    return out
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

extension MultipartForm {
  /// The field's text, `nil` when absent or empty (an HTML form sends empty selects).
  func nonEmptyField(_ name: String) -> String? {
    field(name).flatMap { $0.isEmpty ? nil : $0 }
  }
}
