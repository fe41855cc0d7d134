/// Orders JSON pointers by position in the document: token by token, numerically when both
/// tokens are array indices, and a parent before its children.
enum PointerOrder {
  /// Negative when `lhs` comes first, zero when equal, positive when `rhs` comes first.
  static func compare(_ lhs: String, _ rhs: String) -> Int {
    var left = lhs.split(separator: "/", omittingEmptySubsequences: false).dropFirst().makeIterator()
    var right = rhs.split(separator: "/", omittingEmptySubsequences: false).dropFirst().makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case let (l?, r?):
        if l == r { continue }
        if let a = Int(l), let b = Int(r) { return a < b ? -1 : 1 }
        return l < r ? -1 : 1
      }
    }
  }
}
