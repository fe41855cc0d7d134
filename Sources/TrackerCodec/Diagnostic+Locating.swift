import TrackerModel

extension Array where Element == Diagnostic {
  /// Fills in line and column (or row and field) of every diagnostic that has only a JSON
  /// pointer, asking `locator` once for all of them, and sets the file name where missing (or
  /// to the member a package locator names).
  public func located(by locator: (any SourceLocator)?, file: String) -> [Diagnostic] {
    let wanted = Set(compactMap { $0.location.line == nil && $0.location.row == nil ? $0.location.pointer : nil })
    let found = wanted.isEmpty ? [:] : (locator?.locate(wanted) ?? [:])
    return map { diagnostic in
      var diagnostic = diagnostic
      if diagnostic.location.file == nil { diagnostic.location.file = file }
      if let pointer = diagnostic.location.pointer, diagnostic.location.line == nil,
         diagnostic.location.row == nil, let place = found[pointer] {
        // A package's locator knows which member the place is in.
        if let member = place.file { diagnostic.location.file = member }
        diagnostic.location.line = place.line
        diagnostic.location.column = place.column
        diagnostic.location.row = place.row
        diagnostic.location.field = place.field
      }
      return diagnostic
    }
  }
}
