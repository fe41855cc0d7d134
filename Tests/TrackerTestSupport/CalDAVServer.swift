import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real CalDAV server on loopback for the tests of `trackport calendar push/pull`: Radicale or
/// Xandikos from the venv (Tests/requirements.txt), run by ``Python/executable`` as `python -m`,
/// with its storage, configuration and log in a temporary folder of its own.
///
/// ```swift
/// let server = try CalDAVServer(.radicale)
/// // server.collectionURL: "http://127.0.0.1:PORT/tester/calendar/"
/// server.stop()            // SIGKILL, as a crash or a pulled cable would
/// try server.start()       // the same port and storage again
/// ```
///
/// The two differ where a test may care:
/// - Radicale asks for a login (HTTP Basic, `user` and `password` in an htpasswd file in plain
///   text) and lets the user read and write only under `/<user>/` (rights `owner_only`); it
///   delays each failed login by 0.05–0.15 s (its `[auth] delay`, lowered here from 1 s to keep
///   the tests fast). It answers in HTTP/1.0 and closes every connection. A PUT of a UID that
///   another href already holds gets 409 (CALDAV:no-uid-conflict); a PUT of several components
///   with different UIDs gets 400. ETags are quoted SHA-256 (64 hex digits).
/// - Xandikos has no login at all (its password logins need TLS): ``password`` is `nil`, and an
///   Authorization header is ignored. Its collection lives under its default principal,
///   `/user/calendars/calendar/`, whatever ``user`` says. A PUT of a UID another href holds gets
///   412 (CALDAV:no-uid-conflict); a PUT of several components with different UIDs is stored
///   (201). ETags are quoted SHA-1 (40 hex digits). It stores each collection as a git
///   repository whose working tree holds the objects.
/// - Both refuse an href whose name holds `%2F` (403), answer 201 to a new object and 204 to a
///   replaced one with a strong ETag (the one PROPFIND and REPORT give later), and 412 to an
///   If-Match or If-None-Match that fails. A GET gives the object parsed and written again:
///   properties reordered, long lines folded at 75 octets, X- properties kept. DELETE answers
///   200 (Radicale) or 204 (Xandikos), 404 once gone. Xandikos answers 415 to a REPORT or
///   PROPFIND body without a Content-Type; Radicale takes it.
///
/// Each server is one process (`exec`ed by the shell ``SpawnedProcess`` starts), so ``stop()``
/// kills the server itself. The object is safe to share between tasks; `deinit` stops the
/// server and removes its folder.
public final class CalDAVServer: @unchecked Sendable {
  /// Which server.
  public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
    case radicale, xandikos
    /// The Python module (`python -m NAME`).
    public var module: String { rawValue }
    public var description: String { rawValue }
  }

  /// Why a server could not be started or read; ``description`` ends with the server's log.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// The password ``init(_:user:password:)`` gives Radicale unless told otherwise.
  public static let defaultPassword = "tester-secret"

  /// Which server this is.
  public let kind: Kind
  /// The loopback port it listens on (the same after ``start()``).
  public let port: Int
  /// The login (Radicale's htpasswd user, the first segment of its collection's path).
  public let user: String
  /// The password, `nil` for Xandikos (no logins).
  public let password: String?
  /// `http://127.0.0.1:PORT/...`, the calendar collection the server made at start, ending
  /// with "/": Radicale `http://127.0.0.1:PORT/<user>/calendar/`, Xandikos
  /// `http://127.0.0.1:PORT/user/calendars/calendar/`.
  public let collectionURL: String
  /// `http://127.0.0.1:PORT`, without a "/" at the end.
  public let baseURL: String
  /// The temporary folder holding the storage, the configuration and `server.log`.
  public let folder: URL
  /// The folder in which the server keeps the collection's objects, one file each, named as
  /// the href's last segment decoded (`a b.ics` for `a%20b.ics`); hidden files are its own.
  public let collectionFolder: URL

  private let lock = NSLock()
  private var process: SpawnedProcess?

  // MARK: Availability

  private static let radicaleImports = imports("radicale")
  private static let xandikosImports = imports("xandikos")

  private static func imports(_ module: String) -> Bool {
    guard let python = Python.executable else { return false }
    return (try? CLI.run(["-c", "import \(module)"], executable: python).status) == 0
  }

  /// Whether ``Python/executable`` can import the server's module (checked once per run).
  public static func isAvailable(_ kind: Kind) -> Bool {
    switch kind {
    case .radicale: radicaleImports
    case .xandikos: xandikosImports
    }
  }

  /// Whether a test of this server should run: when it is available, and also when it is not
  /// but `TRACKPORT_PYTHON` names the venv (`make test`) or `CI` is set, so that a server
  /// missing there fails the test instead of skipping it. For `.enabled(if:)`.
  public static func wanted(_ kind: Kind) -> Bool {
    isAvailable(kind) || Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil
  }

  // MARK: Life

  /// Makes a temporary folder, picks a free loopback port, writes the configuration, starts
  /// the server and waits (at most 20 s) until it accepts connections; the calendar
  /// collection exists before the first request. `password` is ignored for Xandikos.
  ///
  /// Radicale's collection is made on disk before it starts, as Radicale's documented storage
  /// layout has it (`collection-root/<user>/calendar/.Radicale.props` holding
  /// `{"tag": "VCALENDAR"}`), not by a MKCALENDAR: no Python client (a second of start-up)
  /// in every test that starts a server. Xandikos makes its own with `--defaults`.
  public init(_ kind: Kind, user: String = "tester", password: String? = CalDAVServer.defaultPassword) throws {
    precondition(!user.isEmpty && !user.contains("/") && !user.contains(":"), "a user name fit for a path and htpasswd")
    self.kind = kind
    self.user = user
    self.password = kind == .xandikos ? nil : (password ?? CalDAVServer.defaultPassword)
    folder = try temporaryFolder("trackport-caldav-\(kind)")
    port = try CalDAVServer.freePort()
    baseURL = "http://127.0.0.1:\(port)"
    switch kind {
    case .radicale:
      collectionURL = "\(baseURL)/\(user)/calendar/"
      collectionFolder = folder.appendingPathComponent("collections/collection-root/\(user)/calendar")
    case .xandikos:
      collectionURL = "\(baseURL)/user/calendars/calendar/"
      collectionFolder = folder.appendingPathComponent("data/user/calendars/calendar")
    }
    do {
      try prepare()
      try start()
    } catch {
      removeFolder(folder)
      throw error
    }
  }

  deinit {
    stop()
    removeFolder(folder)
  }

  /// Starts the server (again) on the same port and storage and waits, at most 20 s, until it
  /// accepts connections; does nothing when it runs. Throws when it ends or stays deaf.
  public func start() throws {
    lock.lock()
    defer { lock.unlock() }
    if process != nil { return }
    guard let python = Python.executable else { throw Failure(description: "no python for \(kind) (set TRACKPORT_PYTHON)") }
    let arguments: [String]
    switch kind {
    case .radicale:
      arguments = ["-m", "radicale", "--config", folder.appendingPathComponent("radicale.conf").path]
    case .xandikos:
      arguments = ["-m", "xandikos", "serve", "--defaults", "-d", folder.appendingPathComponent("data").path,
                   "--state-dir", folder.appendingPathComponent("state").path,
                   "-l", "127.0.0.1", "-p", String(port), "--no-detect-systemd"]
    }
    let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
    let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    defer { if input >= 0 { close(input) }; if log >= 0 { close(log) } }
    guard input >= 0, log >= 0 else { throw Failure(description: "cannot open \(logPath): errno \(errno)") }
    let spawned = try SpawnedProcess(python, arguments, in: folder, stdin: input, stdout: log, stderr: log)
    let port = port
    // (A connection accepted by another program that took the port in between would pass too;
    // the server, unable to bind, then ends, and the first request fails.)
    if !spawned.waitUntil(seconds: 20, { CalDAVServer.accepts(port: port) }) || spawned.hasEnded {
      let ended = spawned.hasEnded
      if !ended { spawned.send(SIGKILL) }
      let status = spawned.wait()
      let what = ended ? "ended (exit status \(status)) before it listened" : "did not listen within 20 s"
      throw Failure(description: "\(kind) on 127.0.0.1:\(port) \(what); its log:\n\(self.log)")
    }
    process = spawned
  }

  /// Kills the server with SIGKILL and reaps it (a crash mid-request: nothing flushed, no
  /// goodbye); its storage stays. Does nothing when it is not running.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard let running = process else { return }
    running.send(SIGKILL)
    _ = running.wait()
    process = nil
  }

  /// Whether the server process runs (started and not stopped, and not ended by itself).
  public var isRunning: Bool {
    lock.lock()
    defer { lock.unlock() }
    return process.map { !$0.hasEnded } ?? false
  }

  // MARK: Reading

  /// The names of the calendar object resources the collection holds, read from the server's
  /// storage folder (so also while it is stopped), sorted: each href's last segment decoded.
  public func storedObjectNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: collectionFolder.path)
      .filter { name in
        var isFolder: ObjCBool = false
        return !name.hasPrefix(".")
          && FileManager.default.fileExists(atPath: collectionFolder.appendingPathComponent(name).path, isDirectory: &isFolder)
          && !isFolder.boolValue
      }
      .sorted()
  }

  /// How many calendar object resources the collection holds (``storedObjectNames()``).
  public func storedObjectCount() throws -> Int { try storedObjectNames().count }

  /// The stored text of the object whose href ends with `name` (decoded, `a b.ics`).
  public func storedObject(_ name: String) throws -> String {
    try String(contentsOf: collectionFolder.appendingPathComponent(name), encoding: .utf8)
  }

  /// What the server wrote on standard output and error, over all its starts.
  public var log: String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// `CALDAV_USER` and `CALDAV_PASSWORD` for `Tests/Oracles/caldav_client.py` (both removed
  /// for Xandikos, so that no Authorization is sent), in ``Python/result(_:_:input:environment:)``'s form.
  public var oracleEnvironment: [String: String?] {
    password == nil ? ["CALDAV_USER": nil, "CALDAV_PASSWORD": nil] : ["CALDAV_USER": user, "CALDAV_PASSWORD": password]
  }

  // MARK: Private

  private var logPath: String { folder.appendingPathComponent("server.log").path }

  private func prepare() throws {
    guard kind == .radicale else { return }
    let users = folder.appendingPathComponent("users")
    try writeScript("\(user):\(password ?? "")\n", to: users.path, mode: 0o600)
    let config = """
      # Written by CalDAVServer.swift for one test.
      [server]
      hosts = 127.0.0.1:\(port)
      [auth]
      type = htpasswd
      htpasswd_filename = \(users.path)
      htpasswd_encryption = plain
      delay = 0.1
      [rights]
      type = owner_only
      [storage]
      filesystem_folder = \(folder.appendingPathComponent("collections").path)
      [web]
      type = none
      [logging]
      level = warning
      mask_passwords = True

      """
    try writeScript(config, to: folder.appendingPathComponent("radicale.conf").path, mode: 0o600)
    try FileManager.default.createDirectory(at: collectionFolder, withIntermediateDirectories: true)
    try writeScript(#"{"tag": "VCALENDAR"}"#, to: collectionFolder.appendingPathComponent(".Radicale.props").path, mode: 0o644)
  }

  /// A port no one listens on now: bound to 127.0.0.1:0 and released. (Xandikos given port 0
  /// would not say which it took.)
  private static func freePort() throws -> Int {
    let fd = socket(AF_INET, stream, 0)
    guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    defer { close(fd) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "bind 127.0.0.1:0: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Whether a TCP connection to 127.0.0.1:`port` is accepted.
  private static func accepts(port: Int) -> Bool {
    let fd = socket(AF_INET, stream, 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
  }

  #if canImport(Glibc)
  private static let stream = Int32(SOCK_STREAM.rawValue)
  #else
  private static let stream = SOCK_STREAM
  #endif

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    #if canImport(Darwin)
    address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    return address
  }
}
