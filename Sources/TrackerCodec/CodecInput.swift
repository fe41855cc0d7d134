import Foundation
import TrackerModel

/// Where a codec reads from: a file, or standard input (`-`).
///
/// Codecs read bytes, never `String`s, and never open paths themselves. File contents are
/// memory-mapped, so a large input is paged in by the kernel rather than copied.
public struct CodecInput: Sendable {
  /// Where the bytes come from; a `.file` path is kept as the user gave it, for diagnostics.
  public enum Source: Hashable, Sendable {
    /// A file or folder at this path (a folder for formats read from several files, the CSV package).
    case file(String)
    /// Standard input (`-` on the command line), read to its end once: a pipe cannot be read again.
    case standardInput
    /// Bytes already in memory (tests, plugins, archive members), with a display name.
    case bytes([UInt8], name: String)
  }

  /// Decides how the bytes load: a file is memory-mapped, standard input is read once and
  /// cached (sniffing and decoding both need it), bytes are used as they are.
  public let source: Source

  /// What the members of this input (an archive) may unpack to, together, beside the 1 GiB
  /// cap on each (``memberSizeLimit``); `nil`, the default, sets no such total. A server gives
  /// each upload one, so a small archive cannot make it unpack gigabytes.
  public var unpackBudget: UnpackBudget?

  /// Reads exactly `source`; for a command-line argument use ``init(path:)``, where `-`
  /// means standard input.
  public init(_ source: Source) { self.source = source }

  /// Reads exactly `source`, its archive members held to `unpackBudget` together.
  public init(_ source: Source, unpackBudget: UnpackBudget?) {
    self.source = source
    self.unpackBudget = unpackBudget
  }

  /// `-` means standard input. A pipe (a shell's `<(command)`, a FIFO) can be read only once,
  /// so its bytes are read here, whole: sniffing and decoding then see the same bytes.
  public init(path: String) {
    if path == "-" {
      source = .standardInput
    } else if let bytes = Self.readPipe(path) {
      source = .bytes(bytes, name: path)
    } else {
      source = .file(path)
    }
  }

  /// All the bytes of `path` when it is a pipe; `nil` for anything else (read later, as a file).
  private static func readPipe(_ path: String) -> [UInt8]? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO,
          let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    // An empty pipe gives no data at all: that is no bytes, not "not a pipe".
    let data: Data?
    do { data = try handle.readToEnd() } catch { return nil }
    return Array(data ?? Data())
  }

  /// The name used in diagnostics: the path as given, or `-`.
  /// How many bytes the input holds, when that is known without reading it (a file's size,
  /// bytes in memory); `nil` for standard input. A reader sizes its arrays from it.
  public var byteCountHint: Int? {
    switch source {
    case .bytes(let bytes, _): return bytes.count
    case .standardInput: return nil
    case .file(let path):
      var info = stat()
      guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
      return Int(info.st_size)
    }
  }

  public var displayName: String {
    switch source {
    case .file(let path): path
    case .standardInput: "-"
    case .bytes(_, let name): name
    }
  }

  /// The file name's lower-cased ending after the first dot of the last path component
  /// (`trackport.json` for `data/me.trackport.json`), or `nil`.
  public var fileExtension: String? {
    guard case .file(let path) = source else {
      if case .bytes(_, let name) = source { return CodecInput.extensionOf(name) }
      return nil
    }
    return CodecInput.extensionOf(path)
  }

  static func extensionOf(_ path: String) -> String? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.dropFirst().firstIndex(of: ".") else { return nil }
    return String(name[name.index(after: dot)...]).lowercased()
  }

  /// Loads the whole input and passes its bytes to `body`.
  ///
  /// - Throws: ``CodecError`` `.cannotReadInput` when the file is missing, a folder or unreadable.
  public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
    try bytes().withUnsafeBytes(body)
  }

  /// Up to `count` bytes from the start, for format sniffing.
  public func head(_ count: Int = 65_536) throws -> [UInt8] {
    switch source {
    case .bytes(let bytes, _): return Array(bytes.prefix(count))
    case .standardInput: return try withBytes { Array($0.prefix(count)) }
    case .file(let path):
      try checkReadableFile(path)
      guard let handle = FileHandle(forReadingAtPath: path) else {
        throw CodecError(.cannotReadInput, "cannot open file", location: SourceLocation(file: path))
      }
      defer { try? handle.close() }
      return Array((try? handle.read(upToCount: count)) ?? Data())
    }
  }

  func loadData() throws -> Data {
    switch source {
    case .bytes(let bytes, _):
      return Data(bytes)
    case .standardInput:
      return StandardInputCache.shared.data()
    case .file(let path):
      try checkReadableFile(path)
      // An empty file is no bytes: Foundation's mapped read of one falls back to a 4 KiB buffer
      // it never frees (found by Fuzz/run: an org file written from a dataset without habits).
      var info = stat()
      if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 { return Data() }
      do {
        return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
      } catch {
        throw CodecError(.cannotReadInput, "cannot read file: \(ForeignError.words(error))",
                         location: SourceLocation(file: path))
      }
    }
  }

  /// For an input with no bytes at all (a download cut short, an export the app had not
  /// finished), the error that says so, which beats a reader's own puzzled message ("unexpected
  /// end of input") and detection's "cannot tell the format"; `nil` for any other input.
  /// Folders and other non-regular files are not empty (their readers say what they hold).
  public var emptyInputError: CodecError? {
    let empty: Bool
    switch source {
    case .bytes(let bytes, _): empty = bytes.isEmpty
    case .standardInput: empty = StandardInputCache.shared.data().isEmpty
    case .file: empty = regularFileSize == 0
    }
    guard empty else { return nil }
    return CodecError(.malformedInput, "the file is empty", location: SourceLocation(file: displayName),
                      note: "it has no bytes at all: export it from the app again (a download cut short or an export still being written leaves an empty file)")
  }

  /// The size in bytes of a regular file input; `nil` for standard input, memory, folders and
  /// anything that cannot be looked at (the read will say why).
  public var regularFileSize: Int? {
    guard case .file(let path) = source else { return nil }
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  func checkReadableFile(_ path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CodecError(.cannotReadInput, "no such file", location: SourceLocation(file: path))
    }
    if isDirectory.boolValue {
      throw CodecError(.cannotReadInput, "is a folder, not a file", location: SourceLocation(file: path))
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw CodecError(.cannotReadInput, "permission denied", location: SourceLocation(file: path))
    }
  }
}

/// Standard input can be read only once; sniffing and decoding both need it, so it is kept.
final class StandardInputCache: @unchecked Sendable {
  static let shared = StandardInputCache()
  private let lock = NSLock()
  private var cached: Data?

  func data() -> Data {
    lock.lock()
    defer { lock.unlock() }
    if let cached { return cached }
    let data = FileHandle.standardInput.readDataToEndOfFile()
    cached = data
    return data
  }
}
