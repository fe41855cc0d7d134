import Foundation
import ZIPFoundation
#if canImport(Glibc)
import Glibc
#endif

/// A hub's folder on disk:
///
/// - `hub.toml`: the configuration (``HubConfig``);
/// - `history.trackport.json`: the history, a canonical JSON dataset; its rename into place is
///   the moment a run commits;
/// - `store/lock`: held (flock) by the one run at a time;
/// - `store/journal/NNNNNN.json`: one file per run that took something, with its entries
///   (``HubRunRecord``), written before the history it leads to;
/// - `store/objects/xx/HASH`: every dataset the journal names (an import's input, a history
///   before and after), canonical JSON compressed with deflate, named by the SHA-256 of the
///   uncompressed bytes;
/// - `store/outputs.json`: for each output, the history hash it was last written from;
/// - `store/feed-secret`, `store/tokens`: `hub serve`'s secrets (``HubSecrets``).
public struct HubStore: Sendable {
  /// The hub's folder, as given.
  public let folder: String

  public init(folder: String) {
    self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
  }

  public var configPath: String { folder + "/hub.toml" }
  public var historyPath: String { folder + "/history.trackport.json" }
  var storePath: String { folder + "/store" }
  var journalPath: String { storePath + "/journal" }
  var objectsPath: String { storePath + "/objects" }
  var outputsPath: String { storePath + "/outputs.json" }
  var lockPath: String { storePath + "/lock" }

  /// Whether the folder holds a hub (its `hub.toml` and history).
  public var exists: Bool { access(configPath, F_OK) == 0 && access(historyPath, F_OK) == 0 }

  /// Throws ``HubError`` `.notAHub` unless the folder holds a hub.
  func checkExists() throws {
    guard exists else {
      throw HubError(.notAHub, "\(folder): not a hub (no hub.toml and history.trackport.json)", note: "make one with: trackport hub init \(folder)")
    }
  }

  // MARK: Objects

  /// Stores `bytes` under their hash (once: an object already stored is not written again) and
  /// returns the hash.
  @discardableResult
  func put(_ bytes: [UInt8]) throws -> String {
    let hash = HubHash.of(bytes)
    let path = objectPath(hash)
    if access(path, F_OK) == 0 { return hash }
    try HubFiles.makeFolder((path as NSString).deletingLastPathComponent)
    var packed = Data()
    let data = Data(bytes)
    do {
      _ = try Data.compress(size: Int64(data.count), bufferSize: 1 << 16, provider: { position, size in
        data.subdata(in: min(Int(position), data.count)..<min(Int(position) + size, data.count))
      }, consumer: { packed.append($0) })
    } catch {
      throw HubError(.io, "\(path): cannot compress: \(error)")
    }
    try HubFiles.write(Array(packed), to: path)
    return hash
  }

  /// The bytes stored under `hash`, checked against it.
  ///
  /// - Throws: ``HubError`` `.damaged` when the object is missing or does not match its name.
  func get(_ hash: String) throws -> [UInt8] {
    let path = objectPath(hash)
    guard let packed = try HubFiles.read(path) else {
      throw HubError(.damaged, "\(path): missing: the journal names a dataset the store does not have")
    }
    let data = Data(packed)
    var out = Data()
    do {
      _ = try Data.decompress(size: Int64(data.count), bufferSize: 1 << 16, skipCRC32: true, provider: { position, size in
        data.subdata(in: min(Int(position), data.count)..<min(Int(position) + size, data.count))
      }, consumer: { out.append($0) })
    } catch {
      throw HubError(.damaged, "\(path): corrupt: \(error)")
    }
    let bytes = Array(out)
    guard HubHash.of(bytes) == hash else { throw HubError(.damaged, "\(path): corrupt: its content does not match its name") }
    return bytes
  }

  private func objectPath(_ hash: String) -> String {
    "\(objectsPath)/\(hash.prefix(2))/\(hash.dropFirst(2))"
  }

  // MARK: Lock

  /// Takes the hub's lock, held until the returned value is released (or the process ends:
  /// the kernel lets go of a dead process's lock, so a killed run never blocks the next).
  ///
  /// - Throws: ``HubError`` `.busy` when another process holds it and `wait` is false.
  func lock(wait: Bool) throws -> HubLock {
    try HubFiles.makeFolder(storePath)
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw HubError(.io, "\(lockPath): cannot open: \(HubFiles.errorText())") }
    // A lock that is let go can still look held for a moment: a process this one started
    // from another thread holds a copy of every descriptor from its fork to its exec, and a
    // flock belongs to the open file, not to the process. So "busy" only after a grace.
    var tries = 0
    while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
      let failure = errno
      if failure == EINTR { continue }
      if failure == EWOULDBLOCK, tries < Self.busyTries {
        tries += 1
        usleep(Self.busyPause)
        continue
      }
      close(fd)
      if failure == EWOULDBLOCK {
        throw HubError(.busy, "\(folder): another run of this hub is in progress", note: "wait for it, or pass --wait")
      }
      throw HubError(.io, "\(lockPath): cannot lock: \(String(cString: strerror(failure)))")
    }
    return HubLock(fd: fd)
  }

  /// How long a lock that looks held is tried again before the hub says it is busy: 2 s.
  private static let busyTries = 100
  private static let busyPause: useconds_t = 20_000
}

/// The hub's lock while held.
final class HubLock {
  private var fd: Int32

  init(fd: Int32) { self.fd = fd }

  func release() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
  }

  deinit { release() }
}
