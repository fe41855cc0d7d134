import ArgumentParser
import TrackerHub
import TrackerPort

/// `hub init`'s items after the folder: `--source` and `--output` each take the settings that
/// follow them (`--from`, `--to`, `--option`, `--skip-bad-rows`) until the next one, which
/// ArgumentParser's options (unordered) cannot say.
enum HubInitArguments {
  static func parse(_ items: [String]) throws -> HubConfig {
    var config = HubConfig()
    var i = 0
    enum Last { case none, source, output }
    var last = Last.none
    func value(_ flag: String) throws -> String {
      i += 1
      guard i < items.count, !items[i].hasPrefix("--") || items[i] == "-" else { throw ValidationError("\(flag) needs a value") }
      return items[i]
    }
    func duration(_ flag: String) throws -> Double {
      let text = try value(flag)
      guard let s = HubDuration.seconds(text) else { throw ValidationError("\(flag) takes a duration such as 90s, 15m, 6h or 1d, got '\(text)'") }
      return s
    }
    while i < items.count {
      let item = items[i]
      let (flag, inline) = split(item)
      func take() throws -> String {
        if let inline { return inline }
        return try value(flag)
      }
      switch flag {
      case "--source":
        config.sources.append(HubSource(path: try take()))
        last = .source
      case "--output":
        config.outputs.append(output(try take(), to: nil, options: [:]))
        last = .output
      case "--from":
        guard last == .source else { throw ValidationError("--from belongs after a --source") }
        config.sources[config.sources.count - 1].from = try take()
      case "--to":
        guard last == .output else { throw ValidationError("--to belongs after an --output") }
        config.outputs[config.outputs.count - 1].to = try take()
      case "--skip-bad-rows":
        guard last == .source else { throw ValidationError("--skip-bad-rows belongs after a --source") }
        config.sources[config.sources.count - 1].skipBadRows = true
      case "--option":
        let pair = try options([try take()])
        switch last {
        case .source: config.sources[config.sources.count - 1].options.merge(pair) { $1 }
        case .output: config.outputs[config.outputs.count - 1].options.merge(pair) { $1 }
        case .none: throw ValidationError("--option belongs after a --source or an --output")
        }
      case "--every": config.every = try duration(flag)
      case "--settle": config.settle = try duration(flag)
      case "--prefer":
        let text = try take()
        guard let prefer = HubPreference(rawValue: text) else {
          throw ValidationError("--prefer takes " + HubPreference.allCases.map(\.rawValue).joined(separator: ", ") + ", got '\(text)'")
        }
        config.prefer = prefer
      default:
        let known = ["--source", "--output", "--from", "--to", "--option", "--skip-bad-rows", "--every", "--settle", "--prefer"]
        let near = item.hasPrefix("--") ? CodecDescriptor.nearestKey(to: flag, among: known) : nil
        throw ValidationError("hub init: unexpected '\(item)'" + (near.map { "; did you mean '\($0)'?" } ?? "") + " (takes " + known.joined(separator: ", ") + ")")
      }
      i += 1
    }
    return config
  }

  /// An output for a path, or for an http(s) URL (a CalDAV collection).
  static func output(_ target: String, to: String?, options: [String: String]) -> HubOutput {
    let lower = target.lowercased()
    if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
      return HubOutput(url: target, to: to, options: options)
    }
    return HubOutput(path: target, to: to, options: options)
  }

  /// `KEY=VALUE` pairs.
  static func options(_ pairs: [String]) throws -> [String: String] {
    var out: [String: String] = [:]
    for pair in pairs {
      guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else { throw ValidationError("--option takes KEY=VALUE, got '\(pair)'") }
      out[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
    }
    return out
  }

  private static func split(_ item: String) -> (String, String?) {
    guard item.hasPrefix("--"), let eq = item.firstIndex(of: "=") else { return (item, nil) }
    return (String(item[..<eq]), String(item[item.index(after: eq)...]))
  }
}
