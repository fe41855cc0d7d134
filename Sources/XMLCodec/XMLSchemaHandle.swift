internal import CLibXML2
import TrackerCodec

/// Owns the parsed TrackerPort XSD (an `xmlSchemaPtr`) and frees it when released.
final class XMLSchemaHandle {
  let schema: xmlSchemaPtr

  /// Parses the embedded ``TrackportXSD``.
  init() throws {
    _ = XMLLibrary.ready
    let text = TrackportXSD.text
    let parsed: xmlSchemaPtr? = text.utf8CString.withUnsafeBufferPointer { chars in
      guard let base = chars.baseAddress,
            let context = xmlSchemaNewMemParserCtxt(base, Int32(chars.count - 1)) else { return nil }
      defer { xmlSchemaFreeParserCtxt(context) }
      return xmlSchemaParse(context)
    }
    guard let parsed else { throw CodecError(.io, "cannot load the built-in XML schema") }
    schema = parsed
  }

  deinit { xmlSchemaFree(schema) }
}
