import Foundation
import TrackerPort

/// One input through everything TrackerPort does with a file, for the fuzz harnesses
/// (`Fuzz/`) and for the tests that replay their corpora: decode with one reader → validate →
/// statistics → agenda → encode to every format that writes → decode each again.
///
/// A reader may refuse any input with a ``CodecError``; everything else is a finding: another
/// error, or a format that carries the whole model (JSON, XML, the CSV package, iCalendar)
/// reporting no loss and giving back a different dataset. Other apps' writers must not crash
/// and may refuse with a ``CodecError``, and what they wrote must read again without a crash.
///
/// Files are written in `scratch` (the CSV package is a folder-or-zip format, so memory will
/// not do); every step is deterministic, so a finding replays from the input alone.
public struct FuzzRoundTrip: Sendable {
  /// The formats whose writers carry everything: what they write must read back equal.
  public static let lossless: Set<String> = ["json", "xml", "csv", "ics"]

  /// The reader under test.
  public let reader: any TrackerCodec
  /// The input's name (its ending matters to some readers: `input.habitbull.csv`).
  public let fileName: String
  /// Reader options (`map` for a log table).
  public let options: [String: String]
  /// A folder of this run's own for the written files.
  public let scratch: String

  /// - Throws: ``CodecError`` `.unknownCodec` for an unknown id; `.unknownOption` (or
  ///   `.unsupportedOperation` for a bad value) for an option the reader does not declare, as
  ///   the command line would refuse it: a harness never fuzzes a reading nobody can ask for.
  public init(readerID: String, fileName: String, options: [String: String] = [:], scratch: String) throws {
    reader = try StandardCodecs.registry.codec(id: readerID)
    try CodecDescriptor.checkOptions(options, reading: [reader.descriptor], writing: [])
    self.fileName = fileName
    self.options = options
    self.scratch = scratch
  }

  /// The first finding for `bytes`, or `nil` when everything held.
  public func check(_ bytes: [UInt8]) -> FuzzFinding? {
    var context = CodecContext(fileName: fileName, options: options)
    let dataset: TrackerDataset
    do {
      dataset = try reader.decode(CodecInput(.bytes(bytes, name: fileName)), context: &context)
    } catch is CodecError {
      return nil
    } catch {
      return FuzzFinding(step: "decode", problem: "not a CodecError: \(error)")
    }
    exercise(dataset)
    for writer in StandardCodecs.all where writer.descriptor.canWrite {
      let options = writer.descriptor.given(Self.writeOptions(writer, input: bytes), reading: false)
      if let finding = write(dataset, with: writer, options: options) { return finding }
    }
    return nil
  }

  /// Validation, statistics and the agenda of a few days: crashes are what is looked for.
  private func exercise(_ dataset: TrackerDataset) {
    let index = DatasetIndex(dataset)
    let fixed = LocalDate(dayNumber: 20_454)  // 2026-01-01: no clock, so a finding replays
    _ = Validator(options: ValidationOptions(today: fixed)).validate(dataset, index: index)
    _ = TrackerStatistics(dataset, index: index)
    var days = [fixed]
    if let first = dataset.records.first?.date { days.append(first) }
    if let task = dataset.tasks.first?.start?.date { days.append(task) }
    for day in days {
      _ = Agenda(dataset: dataset, date: day, today: day, index: index)
    }
  }

  /// What a writer needs to write at all: the iOS Tracker store, the app it is for (one of
  /// the six, chosen by the input's length so that a finding replays and every app is written).
  static func writeOptions(_ writer: any TrackerCodec, input: [UInt8]) -> [String: String] {
    guard writer.descriptor.id == "tracker-ios", !writer.descriptor.shapes.isEmpty else { return [:] }
    let shapes = writer.descriptor.shapes
    return ["variant": shapes[input.count % shapes.count].name, "timezone": "Europe/Moscow"]
  }

  private func write(_ dataset: TrackerDataset, with writer: any TrackerCodec, options: [String: String]) -> FuzzFinding? {
    let id = writer.descriptor.id
    let ending = writer.descriptor.extensions.first ?? writer.descriptor.sniffedExtensions.last ?? id
    let path = scratch + "/out-" + id + "." + ending
    try? FileManager.default.removeItem(atPath: path)
    let output = CodecOutput(path: path, overwrite: true)
    let losses = writer.losses(writing: dataset, to: output, options: options)
    var context = CodecContext(fileName: path, options: options)
    do {
      try writer.encode(dataset, to: output, context: &context)
    } catch is CodecError {
      return nil
    } catch {
      return FuzzFinding(step: "encode \(id)", problem: "not a CodecError: \(error)")
    }
    let back: DatasetFile
    do {
      back = try DatasetFile.load(path, format: id)
    } catch let error as CodecError {
      guard Self.lossless.contains(id) else { return nil }
      return FuzzFinding(step: "read back \(id)", problem: "what it wrote does not read: \(error)")
    } catch {
      return FuzzFinding(step: "read back \(id)", problem: "not a CodecError: \(error)")
    }
    guard Self.lossless.contains(id), losses.isEmpty, back.readErrors.isEmpty else { return nil }
    guard back.dataset == dataset else {
      return FuzzFinding(step: "read back \(id)", problem: "a different dataset came back (\(dataset.firstDifference(from: back.dataset) ?? "none"))")
    }
    return nil
  }
}
