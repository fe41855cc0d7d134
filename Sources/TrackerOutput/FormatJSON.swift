import TrackerPort

/// The `formats --format json` document (`trackport formats --format json`, `GET /api/formats`):
/// one object per codec, what it reads and writes, what it cannot carry, its shapes and declared
/// options; the model's fields in plain words; and what arrives on every route between them.
public enum FormatJSON {
  /// `{"formats": [...], "unusedPlugins": [...], "fields": [...], "migrations": [...]}` with one
  /// ``codec(_:)`` object per codec, in the given order, the already-encoded objects of the
  /// plugins found but not used, every ``ModelField`` with its ``ModelField/summary``, and one
  /// ``route(_:)`` per ``MigrationMatrix/routes(_:)``.
  public static func document(_ codecs: [any TrackerCodec], unusedPlugins: [String] = []) -> String {
    let fields = ModelField.allCases.map { f in
      JSONOutput.object([("name", JSONOutput.quote(f.rawValue)), ("summary", JSONOutput.quote(f.summary))])
    }
    return "{\"formats\": \(JSONOutput.arrayOfLines(codecs.map(codec), indent: "")),\n"
      + "\"unusedPlugins\": \(JSONOutput.arrayOfLines(unusedPlugins, indent: "")),\n"
      + "\"fields\": \(JSONOutput.arrayOfLines(fields, indent: "")),\n"
      + "\"migrations\": \(JSONOutput.arrayOfLines(MigrationMatrix.routes(codecs.map(\.descriptor)).map(route), indent: ""))}"
  }

  /// One route of the migration matrix: `from`, `to`, `shape` (`null` for a codec that writes
  /// one shape), and the fields `lost` and arriving `inPart`, by their `dropped-field` names.
  public static func route(_ r: MigrationMatrix.Route) -> String {
    JSONOutput.object([
      ("from", JSONOutput.quote(r.from)), ("to", JSONOutput.quote(r.to)), ("shape", JSONOutput.value(r.shape)),
      ("lost", JSONOutput.array(r.lost.map { JSONOutput.quote($0.rawValue) })),
      ("inPart", JSONOutput.array(r.inPart.map { JSONOutput.quote($0.rawValue) })),
    ])
  }

  /// One codec as an object of `formats --json`; plugins add `version`, and `broken` with the
  /// reason when `describe` failed.
  public static func codec(_ codec: any TrackerCodec) -> String {
    let d = codec.descriptor
    var members: [(String, String)] = [
      ("id", JSONOutput.quote(d.id)), ("name", JSONOutput.quote(d.name)),
      ("reads", JSONOutput.value(d.canRead)), ("writes", JSONOutput.value(d.canWrite)),
      ("extensions", JSONOutput.array(d.extensions.map(JSONOutput.quote))),
      ("detectedExtensions", JSONOutput.array(d.sniffedExtensions.map(JSONOutput.quote))),
      ("cannotCarry", JSONOutput.array(ModelField.inModelOrder(d.cannotCarry).map { JSONOutput.quote($0.rawValue) })),
      ("carriesInPart", JSONOutput.array(ModelField.inModelOrder(d.carriesInPart).map { JSONOutput.quote($0.rawValue) })),
      ("shapes", JSONOutput.array(d.shapes.map { shape in
        JSONOutput.object([("name", JSONOutput.quote(shape.name)), ("summary", JSONOutput.quote(shape.summary)),
                           ("cannotCarry", JSONOutput.array(ModelField.inModelOrder(shape.cannotCarry).map { JSONOutput.quote($0.rawValue) })),
                           ("carriesInPart", JSONOutput.array(ModelField.inModelOrder(shape.carriesInPart).map { JSONOutput.quote($0.rawValue) }))])
      })),
      ("options", JSONOutput.array(d.options.map(option))),
      ("origin", JSONOutput.quote(d.origin)),
    ]
    if let plugin = codec as? PluginCodec {
      switch plugin.described {
      case .success(let described): members.append(("version", JSONOutput.quote(described.version)))
      case .failure(let problem):
        members.append(("broken", JSONOutput.quote(problem.reason)))
        if !problem.standardError.isEmpty {
          members.append(("standardError", JSONOutput.array(problem.standardError.map(JSONOutput.quote))))
        }
      }
    }
    return JSONOutput.object(members)
  }

  /// One declared option as `formats --json` lists it, the shape a plugin's `describe` declares
  /// it in (`docs/plugins.md`): `key`, `type`, `values` for a choice, `minimum` and `maximum`
  /// for an integer, `default` when there is one, `help`, `reads`, `writes`, and `aliases` when
  /// a choice has other spellings.
  public static func option(_ o: CodecOption) -> String {
    var members: [(String, String)] = [("key", JSONOutput.quote(o.key)), ("type", JSONOutput.quote(o.values.kind))]
    switch o.values {
    case .choice(let words): members.append(("values", JSONOutput.array(words.map(JSONOutput.quote))))
    case .integer(let low, let high): members += [("minimum", String(low)), ("maximum", String(high))]
    default: break
    }
    if let value = o.defaultValue { members.append(("default", JSONOutput.quote(value))) }
    members += [("help", JSONOutput.quote(o.help)), ("reads", JSONOutput.value(o.reads)), ("writes", JSONOutput.value(o.writes))]
    if !o.aliases.isEmpty { members.append(("aliases", JSONOutput.array(o.aliases.map(JSONOutput.quote)))) }
    return JSONOutput.object(members)
  }
}
