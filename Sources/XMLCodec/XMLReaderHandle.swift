internal import CLibXML2
import TrackerCodec

/// Owns one `xmlTextReader` over bytes in memory (which it does not copy: they must outlive
/// it), the schema it validates against and the log its errors go to; frees the reader when
/// released, before the schema.
final class XMLReaderHandle {
  let reader: xmlTextReaderPtr
  let log = XMLErrorLog()
  private let schema: XMLSchemaHandle?

  /// The parser options: no network, errors collected rather than printed, line numbers past
  /// 65,535 kept. Entity substitution, DTD loading, default attributes from a DTD and the
  /// "huge" limits stay off, so entities are never expanded and no other file is read.
  static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                               | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)

  init(_ bytes: UnsafeRawBufferPointer, url: String, schema: XMLSchemaHandle?) throws {
    guard bytes.count <= Int(Int32.max) else {
      throw CodecError(.malformedInput, "file larger than 2 GiB", note: "the XML reader takes at most 2 GiB")
    }
    let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
    let empty: [CChar] = [0]
    let created: xmlTextReaderPtr? = empty.withUnsafeBufferPointer { fallback in
      xmlReaderForMemory(base ?? fallback.baseAddress, Int32(clamping: bytes.count), url, nil, XMLReaderHandle.options)
    }
    guard let created else { throw CodecError(.io, "cannot create an XML reader") }
    reader = created
    self.schema = schema
    // libxml2 prints some messages (schema internals) through the generic handler, which is
    // per thread: silence it on this one, so nothing reaches standard error.
    xmlSetGenericErrorFunc(nil, XMLReaderHandle.silent)
    xmlTextReaderSetStructuredErrorHandler(reader, XMLErrorLog.callback, Unmanaged.passUnretained(log).toOpaque())
    if let schema, xmlTextReaderSetSchema(reader, schema.schema) != 0 {
      throw CodecError(.io, "cannot attach the XML schema")
    }
  }

  deinit { xmlFreeTextReader(reader) }

  /// The C type of libxml2's generic error handler is variadic, which Swift cannot define;
  /// this one drops every message.
  private static var silent: xmlGenericErrorFunc? {
    unsafeBitCast(
    XMLReaderHandle.ignore as @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void,
    to: xmlGenericErrorFunc.self)
  }

  private static let ignore: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { _, _ in }
}
