internal import CLibCrypto

/// SHA-256 and SHA-512 over bytes collected with ``update(_:)``, from the system's libcrypto
/// (OpenSSL). The hashes of a Core Data model are a few hundred bytes each, so the bytes are
/// gathered and hashed in one call rather than streamed through a digest context.
struct SHA2 {
  /// Which digest ``finalize()`` computes.
  enum Function { case sha256, sha512 }

  private let function: Function
  private var bytes: [UInt8] = []

  init(_ function: Function) { self.function = function }

  /// Appends bytes to the message.
  mutating func update(_ more: some Sequence<UInt8>) { bytes.append(contentsOf: more) }

  /// The digest of everything appended: 32 bytes for SHA-256, 64 for SHA-512.
  func finalize() -> [UInt8] {
    switch function {
    case .sha256:
      var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
      bytes.withUnsafeBufferPointer { message in trackport_sha256(message.baseAddress, message.count, &digest) }
      return digest
    case .sha512:
      var digest = [UInt8](repeating: 0, count: Int(SHA512_DIGEST_LENGTH))
      bytes.withUnsafeBufferPointer { message in trackport_sha512(message.baseAddress, message.count, &digest) }
      return digest
    }
  }
}
