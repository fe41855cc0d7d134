import TrackerCodec
import TrackerModel

extension PluginDescriptor {
  /// The `options` of a descriptor: an array of objects shaped as `trackport formats --json`
  /// lists options (`docs/plugins.md`):
  /// `{"key", "type", "values" (choice), "minimum"/"maximum" (integer), "default", "help",
  /// "reads", "writes", "aliases"}`. `reads` and `writes` default to what the plugin does.
  ///
  /// - Throws: ``Problem`` naming the option (`"options"[2] ("category"): ...`) and what is wrong.
  static func codecOptions(_ object: JSONValue, reads pluginReads: Bool, writes pluginWrites: Bool) throws(Problem) -> [CodecOption] {
    guard let value = object["options"] else { return [] }
    guard case .array(let items) = value else { throw Problem(reason: "\"options\" is not an array") }
    var result: [CodecOption] = []
    for (index, item) in items.enumerated() {
      let place = "\"options\"[\(index + 1)]"
      guard case .object = item else { throw Problem(reason: "\(place) is not an object") }
      let key: String
      do { key = try string(item, "key") } catch { throw Problem(reason: "\(place): \(error.reason)") }
      let at = "\(place) (\"\(key)\")"
      func located<T>(_ body: () throws(Problem) -> T) throws(Problem) -> T {
        do { return try body() } catch { throw Problem(reason: "\(at): \(error.reason)") }
      }
      guard CodecOption.isValidKey(key) else {
        throw Problem(reason: "\(at): the key is not lower-case letters, digits and hyphens starting with a letter")
      }
      guard !result.contains(where: { $0.key == key }) else { throw Problem(reason: "\(at): the key is declared twice") }
      let values = try located { () throws(Problem) -> CodecOption.Values in try optionValues(item) }
      let help = try located { () throws(Problem) -> String in try string(item, "help") }
      let defaultValue = try located { () throws(Problem) -> String? in try optionalString(item, "default") }
      var reads = pluginReads, writes = pluginWrites
      if item["reads"] != nil { reads = try located { () throws(Problem) -> Bool in try bool(item, "reads") } }
      if item["writes"] != nil { writes = try located { () throws(Problem) -> Bool in try bool(item, "writes") } }
      let aliases = try located { () throws(Problem) -> [String] in try strings(item, "aliases", required: false) }
      guard reads || writes else { throw Problem(reason: "\(at): \"reads\" and \"writes\" are both false") }
      if reads && !pluginReads { throw Problem(reason: "\(at): \"reads\" is true but the plugin does not read") }
      if writes && !pluginWrites { throw Problem(reason: "\(at): \"writes\" is true but the plugin does not write") }
      let option = CodecOption(key, values, default: defaultValue, help: help, reads: reads, writes: writes, aliases: aliases)
      if let defaultValue, let problem = option.problem(with: defaultValue) {
        throw Problem(reason: "\(at): the default \(problem)")
      }
      result.append(option)
    }
    return result
  }

  /// `type` and, for a choice, `values`; for an integer, `minimum` and `maximum`.
  private static func optionValues(_ item: JSONValue) throws(Problem) -> CodecOption.Values {
    let type = try string(item, "type")
    switch type {
    case "choice":
      let words = try strings(item, "values", required: true)
      guard !words.isEmpty, !words.contains(where: \.isEmpty) else { throw Problem(reason: "\"values\" must list non-empty words") }
      return .choice(words)
    case "text": return .text
    case "boolean": return .boolean
    case "date": return .date
    case "time-zone": return .timeZone
    case "path": return .path
    case "integer":
      func bound(_ name: String) throws(Problem) -> Int {
        guard case .number(let text)? = item[name], let number = Int(text) else {
          throw Problem(reason: "\"\(name)\" is not a whole number (an integer option needs \"minimum\" and \"maximum\")")
        }
        return number
      }
      let low = try bound("minimum"), high = try bound("maximum")
      guard low <= high else { throw Problem(reason: "\"minimum\" is above \"maximum\"") }
      return .integer(low, high)
    default:
      throw Problem(reason: "\"type\" is \"\(type)\", not choice, text, boolean, date, time-zone, path or integer")
    }
  }
}
