import TrackerPort

/// Every diagnostic code the tool can report, for `trackport rules` and `--select`/`--ignore`.
enum KnownCodes {
  struct Entry {
    var descriptor: DiagnosticDescriptor
    /// `rule`, `convert`, the ids of the codecs that report it (`csv, habitbull`), or `fatal`.
    var source: String
    var code: String { descriptor.code }
  }

  static func all(registry: CodecRegistry = StandardCodecs.registry) -> [Entry] {
    var entries = Validator.standardRules.map { Entry(descriptor: $0.descriptor, source: "rule") }
    entries.append(Entry(descriptor: LossReport.droppedField, source: "convert"))
    entries.append(Entry(descriptor: NameFitting.fitted, source: "convert"))
    entries.append(Entry(descriptor: MergeConflict.descriptor, source: "merge"))
    entries += PluginHostCodes.all.map { Entry(descriptor: $0, source: "plugin") }
    for codec in registry.codecs {
      for d in codec.descriptor.diagnostics {
        // A code several codecs report (`type-error`) is listed once, with every codec's id.
        if let i = entries.firstIndex(where: { $0.code == d.code }) {
          if entries[i].source != "rule" && entries[i].source != "convert" { entries[i].source += ", " + codec.descriptor.id }
        } else {
          entries.append(Entry(descriptor: d, source: codec.descriptor.id))
        }
      }
    }
    for kind in CodecError.Kind.all {
      entries.append(Entry(descriptor: DiagnosticDescriptor(code: kind.code, severity: .error, summary: kind.summary),
                           source: "fatal"))
    }
    return entries
  }
}
