/// Collects what libxml2 reports while reading: schema violations and the parser's errors,
/// each with its line and column. ``XMLCursor`` hands it to libxml2 as the user data of its
/// error callback, which translates each C report into ``add(message:line:column:fromSchema:isError:)``.
final class XMLErrorLog {
  /// One report from libxml2.
  struct Entry {
    var message: String
    var line: Int?
    var column: Int?
  }

  /// Schema-validity errors, at most ``maximumSchemaErrors``.
  private(set) var schemaErrors: [Entry] = []
  /// How many schema errors were reported past the maximum.
  private(set) var droppedSchemaErrors = 0
  /// The first parser error (not a warning), which is why reading stopped.
  private(set) var firstError: Entry?

  /// More schema errors than this are counted, not kept.
  static let maximumSchemaErrors = 1000

  /// Records one report: `line` and `column` are 1-based, 0 when libxml2 knows none;
  /// `fromSchema` for a schema-validity error, `isError` for an error (not a warning).
  func add(message: String?, line: Int, column: Int, fromSchema: Bool, isError: Bool) {
    var message = (message ?? "unknown error").trimmingSpace()
    if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
      message = first.lowercased() + message.dropFirst()
    }
    let entry = Entry(message: message, line: line > 0 ? line : nil, column: column > 0 ? column : nil)
    if fromSchema {
      if schemaErrors.count < XMLErrorLog.maximumSchemaErrors {
        schemaErrors.append(entry)
      } else {
        droppedSchemaErrors += 1
      }
    } else if isError, firstError == nil {
      firstError = entry
    }
  }
}

extension String {
  /// Without leading and trailing spaces and line ends.
  func trimmingSpace() -> String {
    var scalars = Substring(self)
    while let last = scalars.last, last == " " || last == "\n" || last == "\r" || last == "\t" { scalars.removeLast() }
    while let first = scalars.first, first == " " || first == "\n" { scalars.removeFirst() }
    return String(scalars)
  }
}
