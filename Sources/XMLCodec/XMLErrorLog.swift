internal import CLibXML2

/// Collects what libxml2 reports while reading: schema violations and the parser's errors,
/// each with its line and column. Handed to libxml2 as the user data of a C callback.
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

  func add(_ error: xmlError) {
    let text = error.message.map { String(cString: $0) } ?? "unknown error"
    var message = text.trimmingSpace()
    if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
      message = first.lowercased() + message.dropFirst()
    }
    let entry = Entry(message: message, line: error.line > 0 ? Int(error.line) : nil,
                      column: error.int2 > 0 ? Int(error.int2) : nil)
    if error.domain == Int32(XML_FROM_SCHEMASV.rawValue) {
      if schemaErrors.count < XMLErrorLog.maximumSchemaErrors {
        schemaErrors.append(entry)
      } else {
        droppedSchemaErrors += 1
      }
    } else if error.level.rawValue >= XML_ERR_ERROR.rawValue, firstError == nil {
      firstError = entry
    }
  }

  /// The C callback: `userData` is an unretained `XMLErrorLog`.
  static let callback: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    Unmanaged<XMLErrorLog>.fromOpaque(userData).takeUnretainedValue().add(error.pointee)
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
