import ICalendarCodec
import WebDAV

/// What a calendar object says, blind to how a server writes it down: a digest of its main
/// component's properties (and its alarms'), each as name, sorted parameters and unescaped
/// value, in sorted order, leaving out the bookkeeping servers and clients change on their own
/// (`DTSTAMP`, `LAST-MODIFIED`, `CREATED`, `SEQUENCE`), ``ICalendarCodec/digestProperty`` and
/// other programs' private parameters (`X-` but not `X-TRACKPORT-`).
///
/// Servers re-serialise what they store (Radicale reorders properties and folds lines anew),
/// so bytes cannot be compared; this can. A push compares it where the ETag cannot vouch for an
/// object (no state for it, or another ETag): equal, the object is as the dataset has it; else
/// someone else changed it, or the dataset did, and nothing tells which.
enum ObjectContent {
  static let ignored: Set<String> = ["DTSTAMP", "LAST-MODIFIED", "CREATED", "SEQUENCE", ICalendarCodec.digestProperty]

  /// The key of `bytes`' first component that is not a `VTIMEZONE`; `nil` when the bytes do not
  /// parse or hold none.
  static func key(of bytes: [UInt8], name: String) -> String? {
    guard let roots = try? bytes.withUnsafeBytes({ try ICalendarParser(fileName: name).parse($0) }),
          let component = roots.first(where: { $0.name == "VCALENDAR" })?.components.first(where: { $0.name != "VTIMEZONE" })
    else { return nil }
    return key(component)
  }

  static func key(_ component: ICalendarComponent) -> String {
    ICalendarCodec.digest(of: text(component).utf8)
  }

  /// The component as sorted lines, its children (each as their own sorted text) sorted too.
  static func text(_ component: ICalendarComponent) -> String {
    var lines = component.properties.filter { !ignored.contains($0.name.uppercased()) }.map { property in
      // Private parameters a server's library adds (vobject: X-VOBJ-FLOATINGTIME-ALLOWED on a
      // floating TRIGGER) are no content; TrackerPort's own are.
      let parameters = property.parameters.filter { !$0.name.uppercased().hasPrefix("X-") || $0.name.uppercased().hasPrefix("X-TRACKPORT-") }
        .map { $0.name.uppercased() + "=" + $0.values.joined(separator: ",") }.sorted()
      return ([property.name.uppercased()] + parameters).joined(separator: ";") + ":" + property.text
    }
    lines.sort()
    let children = component.components.map(text).sorted()
    return (["BEGIN:" + component.name] + lines + children + ["END:" + component.name]).joined(separator: "\n")
  }
}

/// The object name a push gives a `UID` in the collection: the UID itself when it is a plain
/// name every server takes (letters, digits, `-`, `_`, `.`, `@`, not starting with a dot, at
/// most 100 bytes), else `trackport-` and 32 hex digits of its digest. Radicale refuses names
/// with `/`, `:`, `,`, `;`, quotes or a leading dot, and long ones; the UID inside is unchanged.
public enum CalendarObjectName {
  public static func of(_ uid: String) -> String {
    let plain = !uid.isEmpty && uid.utf8.count <= 100 && !uid.hasPrefix(".") && !uid.contains("~")
      && WebDAVURL.segment(uid) == uid
    if plain { return uid + ".ics" }
    return "trackport-" + ICalendarCodec.digest(of: uid.utf8) + ICalendarCodec.digest(of: ("uid:" + uid).utf8) + ".ics"
  }
}
