extension Double {
  /// The one text of an amount or a goal's target, in every format that writes numbers as text
  /// (JSON, XML, the CSV package, iCalendar) and in messages: a whole number up to 2^53 without a
  /// fraction (`6`, `-0`), anything else in Swift's shortest form that reads back to the same
  /// value, with a trailing `.0` dropped and the exponent as JSON texts usually write it (`0.1`,
  /// `1e21`, `1e-7`, where Swift's `description` says `1e+21`, `1e-07`). Every reader of those
  /// formats reads it back bit for bit. Non-finite values read `nan`, `inf`, `-inf`, which no
  /// format can hold: writers refuse them first.
  public var amountText: String {
    if magnitude <= 9_007_199_254_740_992, self == rounded(.towardZero) {
      if self == 0 { return sign == .minus ? "-0" : "0" }
      return String(Int64(self))
    }
    guard isFinite else { return description }
    let text = description
    guard let e = text.firstIndex(of: "e") else { return text }
    var mantissa = text[..<e]
    if mantissa.hasSuffix(".0") { mantissa = mantissa.dropLast(2) }
    var exponent = text[text.index(after: e)...]
    let negative = exponent.first == "-"
    if exponent.first == "+" || negative { exponent = exponent.dropFirst() }
    while exponent.count > 1, exponent.first == "0" { exponent = exponent.dropFirst() }
    return mantissa + "e" + (negative ? "-" : "") + exponent
  }
}
