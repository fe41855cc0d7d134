import ArgumentParser
import Foundation
import TrackerPort
import WebDAV

/// How `calendar push` and `calendar pull` reach a server: the credentials (never from the
/// command line), plain HTTP's limit, the timeout and a certificate file.
struct CalDAVOptions: ParsableArguments {
  /// The environment variable that may hold the password.
  static let passwordVariable = "TRACKPORT_CALDAV_PASSWORD"

  @Option(help: ArgumentHelp("The user name (default: the netrc entry's login, or the URL's user name).", valueName: "name"))
  var user: String?

  @Flag(help: "Take the user name and password from ~/.netrc (the entry for the URL's host).")
  var netrc = false

  @Option(help: ArgumentHelp("Take the user name and password from this netrc file.", valueName: "file"), completion: .file())
  var netrcFile: String?

  @Option(help: ArgumentHelp("Take the password from this file's first line (else from TRACKPORT_CALDAV_PASSWORD).", valueName: "file"),
          completion: .file())
  var passwordFile: String?

  @Flag(help: "Allow plain http to a host that is not this machine (the password and the data then travel unencrypted).")
  var allowHttp = false

  @Option(help: ArgumentHelp("Seconds to wait for the server to connect, and for each answer to go on.", valueName: "seconds"))
  var timeout: Int = 30

  @Option(help: ArgumentHelp("Trust the certificates in this PEM file instead of the system's (a server with its own certificate authority).", valueName: "file"),
          completion: .file())
  var caFile: String?

  func validate() throws {
    if netrc && netrcFile != nil { throw ValidationError("--netrc and --netrc-file: choose one") }
    if (netrc || netrcFile != nil) && passwordFile != nil { throw ValidationError("a netrc file and --password-file: choose one") }
    if !(1...3600).contains(timeout) { throw ValidationError("--timeout takes 1 to 3600 seconds, got \(timeout)") }
  }

  /// The collection's URL, refused when it holds a password or is plain HTTP to another host.
  func collection(_ text: String) throws -> WebDAVURL {
    guard let url = WebDAVURL(text) else {
      throw ValidationError("'\(text.count > 200 ? String(text.prefix(200)) + "…" : text)' is not an http:// or https:// URL")
    }
    if url.hadPassword {
      throw ValidationError("the URL holds a password, which would show in the process list and the shell's history: give it through --netrc, \(Self.passwordVariable) or --password-file (URL shown without it: \(url))")
    }
    if url.scheme == "http", !url.isLoopback, !allowHttp {
      throw ValidationError("plain http to \(url.host) would send the password and the data unencrypted: use https, or --allow-http if you must")
    }
    return url
  }

  /// The HTTP client with the credentials found, and the warnings met finding them (a netrc
  /// file others can read).
  func client(for url: WebDAVURL, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> HTTPClient {
    let credentials = try self.credentials(for: url, environment: environment)
    return try HTTPClient(credentials: credentials, timeoutSeconds: timeout, caFile: caFile,
                          userAgent: "trackport/\(BuildVersion.version)")
  }

  func credentials(for url: WebDAVURL, environment: [String: String]) throws -> HTTPCredentials? {
    let name = user ?? url.user
    if netrc || netrcFile != nil {
      let path = netrcFile ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.netrc")
      let text = try Self.readSecret(path, what: "netrc file")
      guard let entry = Netrc(text).entry(host: url.host, user: name), let password = entry.password else {
        throw CodecError(.cannotReadInput, "\(path): no entry with a password for \(url.host)\(name.map { " and user \($0)" } ?? "")",
                         note: "add a line: machine \(url.host) login NAME password SECRET")
      }
      guard let login = name ?? entry.login else {
        throw ValidationError("the netrc entry for \(url.host) has no login: give --user")
      }
      return HTTPCredentials(user: login, password: password, source: path)
    }
    let password: String
    let source: String
    if let passwordFile {
      let text = try Self.readSecret(passwordFile, what: "password file")
      password = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
      guard !password.isEmpty else { throw CodecError(.cannotReadInput, "\(passwordFile): the first line is empty (it should hold the password)") }
      source = passwordFile
    } else if let value = environment[Self.passwordVariable], !value.isEmpty {
      password = value
      source = Self.passwordVariable
    } else {
      return nil
    }
    guard let name else { throw ValidationError("a password is given (\(source)) but no user name: give --user") }
    return HTTPCredentials(user: name, password: password, source: source)
  }

  /// A file's text; a warning when users other than its owner may read it.
  static func readSecret(_ path: String, what: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CodecError(.cannotReadInput, "\(path): cannot read the \(what)")
    }
    if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
       let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
      StandardError.line("\(path): warning: other users may read this \(what): chmod 600 \(path)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}

extension ExitStatus {
  /// The status for a failed WebDAV request (README, "Exit status").
  init(_ error: WebDAVError) {
    switch error.kind {
    case .hostNotFound: self = .noHost
    case .clientUnavailable, .cannotConnect, .timedOut, .tls, .connectionLost, .serverError, .insufficientStorage:
      self = .unavailable
    case .unauthorized, .forbidden: self = .noPermission
    case .preconditionFailed: self = .ruleErrors
    case .cancelled: self = .interrupted
    case .redirected, .notFound, .notAllowed, .malformedResponse, .unexpectedStatus, .responseTooLarge, .transport:
      self = .protocolError
    }
  }
}
