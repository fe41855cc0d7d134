import Foundation
import ZIPFoundation

/// Plain words for an error thrown by a library the codecs use, for the message a user reads:
/// never a Swift type or case name (`missingEndOfCentralDirectoryRecord`).
public enum ForeignError {
  /// A short lower-case clause saying what went wrong: `the archive's table of contents is
  /// missing (a damaged or truncated zip)`. System errors give the system's words.
  public static func words(_ error: any Error) -> String {
    if let error = error as? CodecError { return error.message }
    if let error = error as? Archive.ArchiveError { return words(error) }
    if error is Data.DataError { return "a member is truncated or damaged" }
    if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
    let nsError = error as NSError
    if nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain {
      if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
         let code = Int32(exactly: underlying.code) {
        return String(cString: strerror(code))
      }
      if nsError.domain == NSPOSIXErrorDomain, let code = Int32(exactly: nsError.code) { return String(cString: strerror(code)) }
      return nsError.localizedDescription
    }
    return "an unexpected error in a library (\(String(describing: type(of: error))))"
  }

  private static func words(_ error: Archive.ArchiveError) -> String {
    switch error {
    case .unreadableArchive: "the file cannot be read as a zip archive"
    case .unwritableArchive: "the archive cannot be written"
    case .invalidEntryPath: "a member has an invalid path"
    case .invalidCompressionMethod: "a member uses a compression method other than stored or deflate"
    case .invalidCRC32: "a member's checksum does not match its data (a damaged archive)"
    case .cancelledOperation: "the operation was cancelled"
    case .invalidBufferSize, .invalidEntrySize: "a member's recorded size is wrong (a damaged archive)"
    case .invalidLocalHeaderDataOffset, .invalidLocalHeaderSize:
      "a member's header is damaged"
    case .invalidCentralDirectoryOffset, .invalidCentralDirectorySize, .invalidCentralDirectoryEntryCount:
      "the archive's table of contents is damaged"
    case .missingEndOfCentralDirectoryRecord:
      "the archive's table of contents is missing (not a zip file, or a truncated one)"
    case .uncontainedSymlink: "a member is a link pointing outside the archive"
    }
  }
}

extension StringProtocol {
  /// Without spaces, tabs and line ends at either end (`"\r\n"` too, one `Character` in Swift):
  /// a plain-text format's field as its app trims it (harsh, org, Obsidian's properties).
  public var trimmingBlanks: Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    let head = Substring(self).drop(while: blank)
    var end = head.endIndex
    while end > head.startIndex, blank(head[head.index(before: end)]) { end = head.index(before: end) }
    return head[head.startIndex..<end]
  }
}
