import Foundation

/// A binary property list (`bplist00`) writer for the keyed archives the apps keep in
/// transformable columns. Foundation's `PropertyListSerialization` cannot write the `UID`
/// values an `NSKeyedArchiver` archive links its objects with (off Apple's platforms), and
/// `NSKeyedArchiver` cannot name classes that exist only in UIKit, so the archive is built as
/// values here. Strings are not shared between objects (readers do not require it).
indirect enum BinaryPropertyList {
  case bool(Bool)
  case integer(Int)
  case real(Double)
  case string(String)
  case data([UInt8])
  /// A keyed archive's reference to the object at this index of `$objects`.
  case uid(Int)
  case array([BinaryPropertyList])
  /// Keys in the order given.
  case dictionary([(String, BinaryPropertyList)])

  private var objectCount: Int {
    switch self {
    case .array(let items): 1 + items.reduce(0) { $0 + $1.objectCount }
    case .dictionary(let pairs): 1 + pairs.reduce(0) { $0 + 1 + $1.1.objectCount }
    default: 1
    }
  }

  /// The whole file: header, objects, offset table, trailer.
  var bytes: [UInt8] {
    let count = objectCount
    let referenceSize = count < 256 ? 1 : (count < 65_536 ? 2 : 4)
    var body: [UInt8] = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(count)

    func bigEndian(_ value: Int, size: Int) -> [UInt8] {
      (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    func marker(_ high: UInt8, _ length: Int) {
      if length < 15 {
        body.append(high | UInt8(length))
      } else {
        body.append(high | 0x0F)
        appendInteger(length)
      }
    }
    func appendInteger(_ value: Int) {
      switch value {
      case 0..<256: body.append(0x10); body += bigEndian(value, size: 1)
      case 256..<65_536: body.append(0x11); body += bigEndian(value, size: 2)
      case 65_536..<(1 << 32): body.append(0x12); body += bigEndian(value, size: 4)
      default: body.append(0x13); body += bigEndian(value, size: 8)
      }
    }
    /// Writes `value` and the objects it holds; returns its index.
    func write(_ value: BinaryPropertyList) -> Int {
      let index = offsets.count
      offsets.append(0)
      switch value {
      case .array(let items):
        // Children first, so their indexes are known; the container is written after them.
        let references = items.map { write($0) }
        offsets[index] = body.count
        marker(0xA0, items.count)
        for reference in references { body += bigEndian(reference, size: referenceSize) }
      case .dictionary(let pairs):
        var keys: [Int] = []
        var values: [Int] = []
        for (key, item) in pairs {
          keys.append(write(.string(key)))
          values.append(write(item))
        }
        offsets[index] = body.count
        marker(0xD0, pairs.count)
        for reference in keys + values { body += bigEndian(reference, size: referenceSize) }
      default:
        offsets[index] = body.count
        writeScalar(value)
      }
      return index
    }
    func writeScalar(_ value: BinaryPropertyList) {
      switch value {
      case .bool(let flag): body.append(flag ? 0x09 : 0x08)
      case .integer(let number): appendInteger(number)
      case .real(let number): body.append(0x23); body += bigEndian(Int(bitPattern: UInt(number.bitPattern)), size: 8)
      case .string(let text):
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
          marker(0x50, text.utf8.count)
          body += text.utf8
        } else {
          let units = Array(text.utf16)
          marker(0x60, units.count)
          for unit in units { body += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        }
      case .data(let bytes): marker(0x40, bytes.count); body += bytes
      case .uid(let number):
        let size = number < 256 ? 1 : (number < 65_536 ? 2 : 4)
        body.append(0x80 | UInt8(size - 1))
        body += bigEndian(number, size: size)
      case .array, .dictionary: break
      }
    }

    let top = write(self)
    let tableOffset = body.count
    let offsetSize = tableOffset < 256 ? 1 : (tableOffset < 65_536 ? 2 : (tableOffset < (1 << 32) ? 4 : 8))
    for offset in offsets { body += bigEndian(offset, size: offsetSize) }
    body += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    body += bigEndian(offsets.count, size: 8) + bigEndian(top, size: 8) + bigEndian(tableOffset, size: 8)
    return body
  }

  /// An `NSKeyedArchiver` archive of `objects` (index 0 must be `"$null"`) whose root is the
  /// object at `root`.
  static func keyedArchive(objects: [BinaryPropertyList], root: Int = 1) -> [UInt8] {
    BinaryPropertyList.dictionary([
      ("$version", .integer(100_000)), ("$archiver", .string("NSKeyedArchiver")),
      ("$top", .dictionary([("root", .uid(root))])), ("$objects", .array(objects)),
    ]).bytes
  }

  /// What `NSSecureUnarchiveFromDataTransformer` stores for a `[String]`: an `NSArray` of
  /// strings (DmnUAll's schedule).
  static func archivedStrings(_ strings: [String]) -> [UInt8] {
    let count = strings.count
    var objects: [BinaryPropertyList] = [.string("$null"),
                                         .dictionary([("NS.objects", .array((0..<count).map { .uid(2 + $0) })), ("$class", .uid(2 + count))])]
    objects += strings.map { .string($0) }
    objects.append(.dictionary([("$classname", .string("NSArray")), ("$classes", .array([.string("NSArray"), .string("NSObject")]))]))
    return keyedArchive(objects: objects)
  }

  /// What `NSKeyedArchiver.archivedData(withRootObject: UIColor(named:))` stores: a
  /// `UIDynamicCatalogColor` with its asset name and its sRGB components (teenagelove's and
  /// headlinerten's colours).
  static func archivedCatalogColor(name: String, red: Double, green: Double, blue: Double) -> [UInt8] {
    // The bundle keys are left out: the asset is the app's own, in its main bundle.
    let rgb = Array(String(format: "%.3g %.3g %.3g", red, green, blue).utf8) + [0]
    let color: BinaryPropertyList = .dictionary([
      ("UIDynamicCatalogName", .uid(2)), ("UIColorComponentCount", .integer(4)),
      ("UIRed", .real(red)), ("UIGreen", .real(green)), ("UIBlue", .real(blue)), ("UIAlpha", .real(1)),
      ("NSRGB", .data(rgb)), ("NSColorSpace", .integer(2)), ("$class", .uid(3)),
    ])
    return keyedArchive(objects: [
      .string("$null"), color, .string(name),
      .dictionary([("$classname", .string("UIDynamicCatalogColor")),
                   ("$classes", .array(["UIDynamicCatalogColor", "UIDynamicColor", "UIColor", "NSObject"].map { .string($0) }))]),
    ])
  }
}
