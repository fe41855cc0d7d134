/// Who a request comes from, for the per-client limit: the peer, or — when the peer is a
/// trusted proxy — the address its `X-Forwarded-For` names.
enum ClientAddress {
  /// The client of a request from `peer` with the `X-Forwarded-For` values `forwarded` (every
  /// such header, in order): the peer when it is not trusted; else, walking the list from the
  /// right (the hop nearest to this server first), the first address that is not a trusted
  /// proxy. An entry that is not an address ends the walk at the hop that wrote it: a client
  /// cannot choose its bucket by sending a header of its own.
  static func resolve(peer: String, forwarded: [String], trusted: [IPAddressRange]) -> String {
    guard !trusted.isEmpty, isTrusted(peer, trusted) else { return peer }
    let hops = forwarded.flatMap { $0.split(separator: ",") }.map { Self.address(String($0)) }
    var client = peer
    for hop in hops.reversed() {
      guard let hop, IPAddressRange.parse(hop) != nil else { return client }
      client = hop
      guard isTrusted(hop, trusted) else { return hop }
    }
    return client
  }

  static func isTrusted(_ address: String, _ trusted: [IPAddressRange]) -> Bool {
    trusted.contains { $0.contains(address) }
  }

  /// An entry without spaces, brackets or port (`[::1]:80`, `1.2.3.4:5678`); nil when empty.
  static func address(_ entry: String) -> String? {
    var text = Substring(entry.trimmingSpaces)
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      text = text[text.index(after: text.startIndex)..<close]
    } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
      text = text[..<colon]
    }
    return text.isEmpty ? nil : String(text)
  }
}

extension String {
  var trimmingSpaces: Substring {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return text
  }
}
