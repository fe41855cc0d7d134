/// A converted file's bytes as two writers compare them (the server's and the CLI's, a worker's
/// and the CLI's): what a format writes from the clock masked.
public enum WrittenBytes {
  /// What a format needs to write the demo (the iOS store: the app it is for).
  public static let writeOptions: [String: [String]] = ["tracker-ios": ["variant=azonaz"]]

  /// The bytes with what a format writes from the clock masked: Habo's `export_timestamp` and
  /// beaverhabits' `exported_at` are the moment of writing, in the CLI as in the server.
  public static func withoutClock(_ bytes: [UInt8], _ format: String) -> [UInt8] {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return zipWithoutTimes(bytes) }
    guard format == "habo" || format == "beaverhabits" else { return bytes }
    let text = String(decoding: bytes, as: UTF8.self)
    return Array(text.replacing(/"(export_timestamp|exported_at)": ?"[^"]*"/, with: "(the moment of writing)").utf8)
  }

  /// A ZIP archive (the CSV package) with each entry's modification time and date zeroed: ZIP
  /// keeps them to two seconds, so two writes a moment apart may differ there and nowhere else.
  public static func zipWithoutTimes(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var at = 0
    while at + 46 <= out.count {
      if out[at..<at + 4].elementsEqual([0x50, 0x4B, 0x03, 0x04]) {
        for i in 10..<14 { out[at + i] = 0 }  // local header: time, date
      } else if out[at..<at + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) {
        for i in 12..<16 { out[at + i] = 0 }  // central directory: time, date
      }
      at += 1
    }
    return out
  }
}
