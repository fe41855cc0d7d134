import Foundation
import TrackerModel
import ZIPFoundation

/// Inputs that are packages of files: a folder, or a zip archive of one (a CSV data package,
/// a Loop export). Codecs read their members through these, never by opening paths.
extension CodecInput {
  /// What kind of package an input is.
  public enum PackageKind: Sendable {
    /// A folder on disk.
    case folder
    /// A zip archive (by its signature, whatever its name).
    case zip
  }

  /// `.folder` for a folder, `.zip` for a file (or bytes) starting with a zip signature, `nil`
  /// for anything else (including standard input that is not a zip).
  public func packageKind() throws -> PackageKind? {
    if case .file(let path) = source {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        return .folder
      }
    }
    let head = try head(4)
    // Local file header, or the end record of an empty archive.
    if head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06] { return .zip }
    return nil
  }

  /// The package's files as `/`-separated paths relative to its root, sorted. Hidden files
  /// (a name starting with `.`) and folders are left out.
  ///
  /// - Throws: ``CodecError`` `.cannotReadInput` for an unreadable folder, `.malformedInput`
  ///   for a damaged archive, `.unsupportedOperation` when the input is not a package.
  public func members() throws -> [String] {
    switch try packageKind() {
    case .folder:
      guard case .file(let root) = source else { return [] }
      guard let walker = FileManager.default.enumerator(atPath: root) else {
        throw CodecError(.cannotReadInput, "cannot list the folder", location: SourceLocation(file: root))
      }
      var names: [String] = []
      while let name = walker.nextObject() as? String {
        if name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
          // Nothing below a hidden folder (.git, .obsidian) is listed: not walked either.
          walker.skipDescendants()
          continue
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
          names.append(name)
        }
      }
      return names.sorted()
    case .zip:
      return try archiveMembers(try openArchive()).map(\.name).sorted()
    case nil:
      throw CodecError(.unsupportedOperation, "not a folder or a zip archive", location: SourceLocation(file: displayName))
    }
  }

  /// The entries directly in `folder` of the package (`""` for its root, else a folder path
  /// ending in `/`), sorted: file names, and folder names ending in `/`; hidden ones (a name
  /// starting with `.`) and `__MACOSX` left out. Nothing below `folder` is listed, so
  /// detection costs one listing even for a folder as big as `/tmp`.
  ///
  /// - Throws: ``CodecError`` `.cannotReadInput` for a folder that cannot be listed,
  ///   `.malformedInput` for a damaged archive, `.unsupportedOperation` when the input is not
  ///   a package.
  public func packageEntries(_ folder: String = "") throws -> [String] {
    switch try packageKind() {
    case .folder:
      guard case .file(let root) = source else { return [] }
      let path = folder.isEmpty ? root : root + "/" + folder
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: path)
      } catch {
        throw CodecError(.cannotReadInput, "cannot list the folder", location: SourceLocation(file: path))
      }
      return names.filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }.map { name in
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
        return isDirectory.boolValue ? name + "/" : name
      }.sorted()
    case .zip:
      var entries = Set<String>()
      for member in try members() where member.hasPrefix(folder) {
        let rest = member.dropFirst(folder.count)
        entries.insert(String(rest.firstIndex(of: "/").map { rest[...$0] } ?? rest))
      }
      return entries.sorted()
    case nil:
      throw CodecError(.unsupportedOperation, "not a folder or a zip archive", location: SourceLocation(file: displayName))
    }
  }

  /// Where the package's own members are: `""`, its root; or, when its root holds nothing but
  /// one folder (an archive of a folder), that folder (`"Top/"`). Never a folder further down.
  public func packageRoot() throws -> String {
    let top = try packageEntries()
    if top.count == 1, let only = top.first, only.hasSuffix("/") { return only }
    return ""
  }

  /// A member of the package as an input of its own: a file in the folder, or an archive entry
  /// read into memory (named `archive.zip/member` in diagnostics). `name` is a path from
  /// ``members()``, or just a file name when exactly one member has it (an archive of a folder
  /// puts everything under that folder's name).
  ///
  /// - Throws: ``CodecError`` `.cannotReadInput` when there is no such member, `.malformedInput`
  ///   for a damaged archive entry.
  public func member(_ name: String) throws -> CodecInput {
    let all = try members()
    let matches = all.contains(name) ? [name] : all.filter { $0.hasSuffix("/" + name) }
    guard matches.count == 1, let path = matches.first else {
      throw CodecError(.cannotReadInput, matches.isEmpty ? "no member named \(name)" : "several members are named \(name)",
                       location: SourceLocation(file: displayName), note: "the package holds: " + all.joined(separator: ", "))
    }
    switch try packageKind() {
    case .folder:
      guard case .file(let root) = source else { break }
      return CodecInput(.file(root + "/" + path))
    case .zip:
      let archive = try openArchive()
      guard let entry = archive.first(where: { CodecInput.normalised($0.path) == path }) else { break }
      return try extract(entry, path: path, from: archive)
    case nil:
      break
    }
    throw CodecError(.cannotReadInput, "no member named \(name)", location: SourceLocation(file: displayName))
  }

  /// Every member whose path `wanted` accepts, in ``members()``'s order, each as an input of
  /// its own (as ``member(_:)`` gives it), listing the package and opening an archive once: for
  /// formats of many small files (a vault of notes), where a ``member(_:)`` per file would list
  /// the package again each time.
  ///
  /// - Throws: as ``members()`` and ``member(_:)``, and what `body` throws.
  public func forEachMember(where wanted: (String) -> Bool, _ body: (String, CodecInput) throws -> Void) throws {
    switch try packageKind() {
    case .folder:
      guard case .file(let root) = source else { return }
      for path in try members() where wanted(path) { try body(path, CodecInput(.file(root + "/" + path))) }
    case .zip:
      // One opening of the archive for the listing and every member.
      let archive = try openArchive()
      for (path, entry) in try archiveMembers(archive).sorted(by: { $0.name < $1.name }) where wanted(path) {
        try body(path, try extract(entry, path: path, from: archive))
      }
    case nil:
      throw CodecError(.unsupportedOperation, "not a folder or a zip archive", location: SourceLocation(file: displayName))
    }
  }

  /// The archive's files as ``members()`` names them, with their entries: hidden ones and
  /// `__MACOSX` left out.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for an entry escaping the archive's root or a
  ///   name given twice.
  private func archiveMembers(_ archive: Archive) throws -> [(name: String, entry: Entry)] {
    var members: [(name: String, entry: Entry)] = []
    var seen = Set<String>()
    for entry in archive where entry.type == .file {
      // An entry escaping the archive's root is refused: a package never needs one.
      if entry.path.hasPrefix("/") || entry.path.split(separator: "/").contains("..") {
        throw CodecError(.malformedInput, "archive entry \(entry.path) points outside the archive",
                         location: SourceLocation(file: displayName))
      }
      let name = CodecInput.normalised(entry.path)
      if name.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) { continue }
      guard seen.insert(name).inserted else {
        throw CodecError(.malformedInput, "the archive holds \(name) twice", location: SourceLocation(file: displayName))
      }
      members.append((name, entry))
    }
    return members
  }

  /// An archive member read into memory, within the size limits.
  private func extract(_ entry: Entry, path: String, from archive: Archive) throws -> CodecInput {
      // The sizes come from the archive itself: a member may not claim, or unpack to, more
      // than the cap (a deflate bomb is refused, not unpacked until memory runs out), nor more
      // than deflate can make of its compressed bytes (at most 1032 to 1).
      let cap = CodecInput.memberSizeLimit
      guard entry.uncompressedSize <= UInt64(cap) else {
        throw CodecError(.malformedInput, "archive member \(path) claims \(entry.uncompressedSize) bytes, over the \(cap) limit",
                         location: SourceLocation(file: displayName))
      }
      guard entry.uncompressedSize <= entry.compressedSize.multipliedReportingOverflow(by: 1032).partialValue + 1024 else {
        throw CodecError(.malformedInput,
                         "archive member \(path) claims \(entry.uncompressedSize) bytes, more than its \(entry.compressedSize) compressed bytes can hold",
                         location: SourceLocation(file: displayName))
      }
      if let budget = unpackBudget, !budget.take(entry.uncompressedSize) {
        throw CodecError(.malformedInput,
                         "archive member \(path) claims \(entry.uncompressedSize) bytes, past the \(budget.limit) bytes its archive may unpack to",
                         location: SourceLocation(file: displayName),
                         note: "a limit of the server's (trackport serve --max-unpacked)")
      }
      var bytes: [UInt8] = []
      // Memory follows what really unpacks, not what the header claims (found by Fuzz/run: a
      // 2 KB archive claiming 2.6 GB).
      bytes.reserveCapacity(Int(min(entry.uncompressedSize, 1 << 20)))
      do {
        _ = try archive.extract(entry, skipCRC32: false) { chunk in
          guard bytes.count + chunk.count <= Int(entry.uncompressedSize) else { throw ArchiveSizeLie() }
          bytes.append(contentsOf: chunk)
        }
      } catch is ArchiveSizeLie {
        throw CodecError(.malformedInput, "archive member \(path) unpacks to more than its declared size",
                         location: SourceLocation(file: displayName))
      } catch {
        throw CodecError(.malformedInput, "cannot read archive member \(path): \(ForeignError.words(error))",
                         location: SourceLocation(file: displayName))
      }
      return CodecInput(.bytes(bytes, name: displayName + "/" + path), unpackBudget: unpackBudget)
  }

  private func openArchive() throws -> Archive {
    do {
      switch source {
      case .file(let path): return try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
      // Bytes in memory (an archive from standard input, a member, a fuzz input) are read from
      // a private file, never through ZIPFoundation's in-memory reader: that one traps when a
      // damaged directory makes it seek past the end of the data (found by Fuzz/run). The
      // file is removed at once; the open archive keeps reading it until it is released.
      case .bytes(let bytes, _): return try Self.archiveFromFile(Data(bytes), fileName: displayName)
      case .standardInput: return try Self.archiveFromFile(try loadData(), fileName: displayName)
      }
    } catch let error as CodecError {
      throw error
    } catch {
      throw CodecError(.malformedInput, "not a readable zip archive: \(ForeignError.words(error))", location: SourceLocation(file: displayName))
    }
  }

  private static func archiveFromFile(_ data: Data, fileName: String) throws -> Archive {
    try ScratchFolder.with(prefix: "zip", fileName: fileName) { folder in
      let url = URL(fileURLWithPath: folder + "/input.zip")
      do {
        try data.write(to: url)
      } catch {
        throw CodecError(.io, "cannot copy the archive to a temporary file: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
      }
      return try Archive(url: url, accessMode: .read)
    }
  }

  /// The largest archive member read into memory: 1 GiB (a habit app's export is megabytes).
  public static let memberSizeLimit = 1 << 30

  /// `./a/b` and `a//b` as `a/b`.
  private static func normalised(_ path: String) -> String {
    path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
  }
}

/// Thrown inside an archive extraction when a member unpacks past its declared size.
private struct ArchiveSizeLie: Error {}
