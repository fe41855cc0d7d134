/// Lengths of time in `hub.toml`: `"90s"`, `"15m"`, `"6h"`, `"1d"`, `"1h30m"`, or a number of
/// seconds.
public enum HubDuration {
  /// Seconds in `text`, or `nil` when it is not a duration (a negative one included).
  public static func seconds(_ text: String) -> Double? {
    if let plain = Double(text), plain >= 0, plain.isFinite { return plain }
    var total = 0.0
    var number = ""
    var sawUnit = false
    for ch in text {
      if ch.isNumber || ch == "." {
        number.append(ch)
        continue
      }
      let unit: Double
      switch ch {
      case "s": unit = 1
      case "m": unit = 60
      case "h": unit = 3_600
      case "d": unit = 86_400
      default: return nil
      }
      guard let value = Double(number) else { return nil }
      total += value * unit
      number = ""
      sawUnit = true
    }
    guard number.isEmpty, sawUnit else { return nil }
    return total
  }

  /// `seconds` as the shortest text ``seconds(_:)`` reads back: `21600` → `"6h"`.
  public static func text(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    guard Double(whole) == seconds else { return String(seconds) + "s" }
    for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60)] where whole > 0 && whole % size == 0 {
      return "\(whole / size)\(unit)"
    }
    return "\(whole)s"
  }
}
