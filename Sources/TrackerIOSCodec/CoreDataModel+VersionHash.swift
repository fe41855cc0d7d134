import Foundation
// Internal: the hashes are the module's own business.
internal import Crypto

/// The model version hashes Core Data keeps in a store's metadata (`NSStoreModelVersionHashes`)
/// and compares with the app's model when it opens the store: a store whose hashes differ is
/// refused (error 134130, and the Azonaz and xcode73 apps stop). The algorithm, recovered from
/// Apple's framework and checked against real stores, is documented in `docs/ios-tracker.md`:
///
/// - a property: SHA-256 of its name, a little-endian `UInt16` of flags (optional 1,
///   transient 2, read-only 4) and its version hash modifier;
/// - an attribute: SHA-256 of that, a little-endian `Int32` attribute type, a byte 1 when it
///   allows external storage and another when it is preserved in history on deletion;
/// - a relationship: SHA-256 of the property hash, the destination's name, the inverse's
///   name, little-endian `Int32` max and min counts, and `Int16` 1 when ordered;
/// - an entity: SHA-256 of its name, a byte for abstract, its parent's hash, the hashes of its
///   non-transient properties (inherited ones too) sorted by name, its modifier, and its
///   uniqueness constraints joined with `.` and sorted.
extension CoreDataModel {
  /// Entity name → its 32-byte version hash.
  var versionHashes: [String: [UInt8]] {
    var memo: [String: [UInt8]] = [:]
    func properties(_ name: String, depth: Int = 0) -> [(name: String, hash: [UInt8], transient: Bool)] {
      guard let entity = entity(name), depth < entities.count else { return [] }
      var own = entity.attributes.map { ($0.name, Self.hash($0), $0.transient) }
        + entity.relationships.map { ($0.name, Self.hash($0), $0.transient) }
      if let parent = entity.parent {
        let names = Set(own.map(\.0))
        own = properties(parent, depth: depth + 1).filter { !names.contains($0.name) } + own
      }
      return own
    }
    func hash(_ name: String, depth: Int = 0) -> [UInt8] {
      if let known = memo[name] { return known }
      guard let entity = entity(name) else { return [] }
      var hasher = SHA256()
      hasher.update(data: Array(name.utf8))
      hasher.update(data: [entity.isAbstract ? 1 : 0])
      if let parent = entity.parent, depth < entities.count { hasher.update(data: hash(parent, depth: depth + 1)) }
      for property in properties(name).sorted(by: { Self.precedes($0.name, $1.name) }) where !property.transient {
        hasher.update(data: property.hash)
      }
      if let modifier = entity.versionHashModifier { hasher.update(data: Array(modifier.utf8)) }
      for constraint in entity.uniquenessConstraints.map({ $0.joined(separator: ".") }).sorted(by: Self.precedes) where !constraint.isEmpty {
        hasher.update(data: Array(constraint.utf8))
      }
      let digest = Array(hasher.finalize())
      memo[name] = digest
      return digest
    }
    var hashes: [String: [UInt8]] = [:]
    for entity in entities { hashes[entity.name] = hash(entity.name) }
    return hashes
  }

  /// `NSStoreModelVersionHashesDigest`: base64 of SHA-512 over each entity's name and hash, in
  /// name order.
  static func versionHashesDigest(_ hashes: [String: [UInt8]]) -> String {
    var hasher = SHA512()
    for name in hashes.keys.sorted(by: precedes) {
      hasher.update(data: Array(name.utf8))
      hasher.update(data: hashes[name]!)
    }
    return Data(hasher.finalize()).base64EncodedString()
  }

  /// `NSStoreModelVersionChecksumKey`: base64 of SHA-256 over the hashes, in name order.
  static func versionChecksum(_ hashes: [String: [UInt8]]) -> String {
    var hasher = SHA256()
    for name in hashes.keys.sorted(by: precedes) { hasher.update(data: hashes[name]!) }
    return Data(hasher.finalize()).base64EncodedString()
  }

  /// Name order as `-[NSString compare:]` has it for these names: by UTF-8 bytes.
  static func precedes(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }

  private static func propertyHash(name: String, optional: Bool, transient: Bool, modifier: String?) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(data: Array(name.utf8))
    let flags: UInt16 = (optional ? 1 : 0) | (transient ? 2 : 0)
    hasher.update(data: [UInt8(flags & 0xFF), UInt8(flags >> 8)])
    if let modifier { hasher.update(data: Array(modifier.utf8)) }
    return Array(hasher.finalize())
  }

  private static func littleEndian(_ value: Int32) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }

  static func hash(_ attribute: Attribute) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(data: propertyHash(name: attribute.name, optional: attribute.optional, transient: attribute.transient,
                                     modifier: attribute.versionHashModifier))
    hasher.update(data: littleEndian(attribute.type.code))
    if attribute.allowsExternalStorage { hasher.update(data: [1]) }
    if attribute.preservesValueInHistoryOnDeletion { hasher.update(data: [1]) }
    return Array(hasher.finalize())
  }

  static func hash(_ relationship: Relationship) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(data: propertyHash(name: relationship.name, optional: relationship.optional, transient: relationship.transient,
                                     modifier: relationship.versionHashModifier))
    hasher.update(data: Array(relationship.destination.utf8))
    if let inverse = relationship.inverse { hasher.update(data: Array(inverse.utf8)) }
    hasher.update(data: littleEndian(relationship.effectiveMaxCount))
    hasher.update(data: littleEndian(relationship.minCount))
    if relationship.ordered { hasher.update(data: [1, 0]) }
    return Array(hasher.finalize())
  }
}
