import Foundation

/// An `NSKeyedArchiver` binary property list, walked by hand: the classes it names (`UIColor`,
/// `UIDynamicCatalogColor`) do not exist off Apple's platforms, so nothing is unarchived —
/// objects are followed through their `UID`s in `$objects`, never instantiated.
struct KeyedArchive {
  private let objects: [Any]
  private let root: Any?

  /// `nil` when `data` is not a keyed archive (no `$objects`, no `$top.root`).
  init?(_ data: Data) {
    guard data.starts(with: Array("bplist00".utf8)) || data.starts(with: Array("<?xml".utf8)),
          let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
          let dictionary = plist as? [String: Any],
          let objects = dictionary["$objects"] as? [Any],
          let top = dictionary["$top"] as? [String: Any] else { return nil }
    self.objects = objects
    self.root = top["root"]
  }

  /// The index a `UID` refers to (Foundation hands them over as a `CFKeyedArchiverUID` or a
  /// dictionary `{"CF$UID": n}`, depending on the platform).
  private static func uidIndex(_ value: Any?) -> Int? {
    guard let value else { return nil }
    if let dictionary = value as? [String: Any], let number = dictionary["CF$UID"] as? NSNumber { return number.intValue }
    // swift-corelibs-foundation hands over an internal `_NSKeyedArchiverUID` with no public
    // value: written back as an XML property list it reads <dict><key>CF$UID</key><integer>N…
    guard String(describing: type(of: value)).contains("KeyedArchiverUID"),
          let xml = try? PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0) else { return nil }
    let text = String(decoding: xml, as: UTF8.self)
    guard text.contains("CF$UID"), let start = text.range(of: "<integer>"),
          let end = text.range(of: "</integer>", range: start.upperBound..<text.endIndex) else { return nil }
    return Int(text[start.upperBound..<end.lowerBound])
  }

  /// The object a value stands for: a UID followed (once), `$null` as `nil`.
  private func resolve(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let index = Self.uidIndex(value) {
      guard objects.indices.contains(index) else { return nil }
      let object = objects[index]
      if let text = object as? String, text == "$null" { return nil }
      return object
    }
    return value
  }

  /// The class name of an archived object (`$class` → `$classname`).
  func className(_ object: [String: Any]) -> String? {
    (resolve(object["$class"]) as? [String: Any])?["$classname"] as? String
  }

  /// The root object, resolved.
  var rootObject: Any? { resolve(root) }

  /// The root as an array of strings (`NSArray`/`NSSet` of `NSString`, `NS.objects`), `nil`
  /// when it is not one.
  var stringArray: [String]? {
    guard let object = rootObject as? [String: Any], let members = object["NS.objects"] as? [Any] else { return nil }
    var strings: [String] = []
    for member in members {
      let resolved = resolve(member)
      if let text = resolved as? String {
        strings.append(text)
      } else if let wrapped = resolved as? [String: Any], let text = wrapped["NS.string"] as? String {
        strings.append(text)
      } else {
        return nil
      }
    }
    return strings
  }

  /// An archived `UIColor`: its asset-catalogue name (`UIDynamicCatalogName`) and its RGB
  /// components (`UIRed`/`UIGreen`/`UIBlue`, their `-Double` variants, `NSRGB` text, or the
  /// grey `UIWhite`), as far as the archive says them.
  struct Color: Equatable {
    var assetName: String?
    var rgb: (red: Double, green: Double, blue: Double)?
    var className: String?

    static func == (lhs: Color, rhs: Color) -> Bool {
      lhs.assetName == rhs.assetName && lhs.className == rhs.className
        && lhs.rgb?.red == rhs.rgb?.red && lhs.rgb?.green == rhs.rgb?.green && lhs.rgb?.blue == rhs.rgb?.blue
    }

    /// `#RRGGBB` of the components, clamped to 0…1 and rounded.
    var hex: String? {
      guard let rgb else { return nil }
      func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
      return RGBText.hex(byte(rgb.red), byte(rgb.green), byte(rgb.blue))
    }
  }

  /// The root as a colour, `nil` when it has neither a name nor components.
  var color: Color? {
    guard let object = rootObject as? [String: Any] else { return nil }
    var color = Color(className: className(object))
    color.assetName = resolve(object["UIDynamicCatalogName"]) as? String
    func number(_ key: String) -> Double? {
      if let value = resolve(object[key + "-Double"]) as? NSNumber { return value.doubleValue }
      return (resolve(object[key]) as? NSNumber)?.doubleValue
    }
    if let red = number("UIRed"), let green = number("UIGreen"), let blue = number("UIBlue") {
      color.rgb = (red, green, blue)
    } else if let white = number("UIWhite") {
      color.rgb = (white, white, white)
    } else if let text = (resolve(object["NSRGB"]) as? Data).map({ String(decoding: $0, as: UTF8.self) }) {
      let parts = text.split { $0 == " " || $0 == "\0" }.compactMap { Double($0) }
      if parts.count >= 3 { color.rgb = (parts[0], parts[1], parts[2]) }
    }
    return color.assetName == nil && color.rgb == nil ? nil : color
  }
}

/// `#RRGGBB` text without a formatter.
enum RGBText {
  static func hex(_ red: Int, _ green: Int, _ blue: Int) -> String {
    let digits = Array("0123456789ABCDEF")
    var text = "#"
    for value in [red, green, blue] {
      text.append(digits[(value >> 4) & 15])
      text.append(digits[value & 15])
    }
    return text
  }
}

