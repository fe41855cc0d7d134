/// A user name and password for a server. ``description`` never shows the password.
public struct HTTPCredentials: Sendable, Equatable, CustomStringConvertible {
  public var user: String
  public var password: String
  /// Where they came from, for messages: "~/.netrc", "TRACKPORT_CALDAV_PASSWORD", a file's path.
  public var source: String

  public init(user: String, password: String, source: String) {
    self.user = user
    self.password = password
    self.source = source
  }

  public var description: String { "user \(user) (password from \(source))" }
}
