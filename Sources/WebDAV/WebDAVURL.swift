import Foundation

/// An `http` or `https` URL of a WebDAV resource, parsed with Foundation's `URLComponents`.
public struct WebDAVURL: Sendable, Equatable, CustomStringConvertible {
  public var scheme: String
  public var host: String
  public var port: Int?
  /// The percent-encoded path, starting with `/`.
  public var path: String
  /// Whether the URL carried a user name (`https://ann@host/...`), which is kept out of
  /// ``description``.
  public var user: String?
  /// Whether the URL carried a password; the caller refuses such a URL without echoing it.
  public var hadPassword: Bool

  /// Parses `string`; `nil` unless it is an absolute `http`/`https` URL with a host.
  public init?(_ string: String) {
    guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased(),
          scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return nil }
    self.scheme = scheme
    self.host = host.lowercased()
    // The scheme's own port is no port: `https://h:443/` and `https://h/` are one server.
    port = components.port == (scheme == "https" ? 443 : 80) ? nil : components.port
    path = Self.encodedPath(components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
    user = components.user
    hadPassword = components.password != nil
  }

  /// `scheme://host[:port]`, IPv6 hosts in brackets.
  public var origin: String {
    let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return scheme + "://" + name + (port.map { ":\($0)" } ?? "")
  }

  /// The host (and port) for messages.
  public var hostDescription: String { port.map { "\(host):\($0)" } ?? host }

  /// The URL without user name or password.
  public var description: String { origin + path }

  /// The collection's URL spelt one way, for naming its state: ``asCollection``'s, its path's
  /// escapes decoded and encoded again as ``segment(_:)`` does (`%7E` and `~` alike).
  public var canonical: String {
    origin + asCollection.path.split(separator: "/", omittingEmptySubsequences: false)
      .map { Self.segment(Self.decodedPath(String($0))) }.joined(separator: "/")
  }

  /// The same URL whose path ends with `/` (a collection).
  public var asCollection: WebDAVURL {
    var copy = self
    if !copy.path.hasSuffix("/") { copy.path += "/" }
    return copy
  }

  /// Whether the host is this machine: `localhost`, 127.0.0.0/8 or `::1`.
  public var isLoopback: Bool {
    let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
    let parts = name.split(separator: ".")
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }

  /// `href` (an absolute URL, an absolute path or a path relative to this URL) as a URL on
  /// this origin, its path's stray characters (a space) percent-encoded.
  ///
  /// An absolute URL of another origin (a server behind a reverse proxy naming itself by its
  /// inside address) is taken by its path when that path lies under this URL's: requests only
  /// ever go to this origin. Otherwise `nil`.
  public func resolving(_ href: String) -> WebDAVURL? {
    var copy = self
    if href.hasPrefix("/") {
      copy.path = Self.encodedPath(href)
      return copy
    }
    if let absolute = WebDAVURL(href) {
      if absolute.origin == origin { return absolute }
      let inside = Self.decodedPath(asCollection.path)
      guard Self.decodedPath(absolute.path).hasPrefix(inside) else { return nil }
      copy.path = absolute.path
      return copy
    }
    guard !href.contains(":") || href.firstIndex(of: ":")! > (href.firstIndex(of: "/") ?? href.endIndex) else { return nil }
    copy = asCollection
    copy.path += Self.encodedPath(href)
    return copy
  }

  /// `path` with every byte a URL path may not hold as it is (a space, a quote, a control,
  /// non-ASCII) percent-encoded; existing escapes kept.
  public static func encodedPath(_ path: String) -> String {
    percentEncoded(path) { isUnreserved($0) || "!$&'()*+,;=:@/%".utf8.contains($0) }
  }

  /// `text` percent-encoded as one path segment (RFC 3986 unreserved characters and `@` kept).
  public static func segment(_ text: String) -> String {
    percentEncoded(text) { isUnreserved($0) || $0 == UInt8(ascii: "@") }
  }

  /// A letter, a digit or one of `-._~` (RFC 3986's unreserved characters).
  public static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
    default: "-._~".utf8.contains(byte)
    }
  }

  /// `text`'s UTF-8 with every byte `keep` refuses as `%XX`.
  static func percentEncoded(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
    var out = ""
    for byte in text.utf8 {
      if keep(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return out
  }

  /// The segments of `path` as the server gets it: escapes decoded, empty and `.` segments
  /// left out and `..` removing the segment before (RFC 3986 §5.2.4, which curl applies to a
  /// request's path), for telling whether one path is at or above another.
  public static func segments(_ path: String) -> [String] {
    var out: [String] = []
    for segment in decodedPath(path).split(separator: "/") {
      if segment == "." { continue }
      if segment == ".." {
        _ = out.popLast()
        continue
      }
      out.append(String(segment))
    }
    return out
  }

  /// A path with its percent-escapes decoded, for comparing two spellings of one resource.
  public static func decodedPath(_ path: String) -> String { path.removingPercentEncoding ?? path }
}
