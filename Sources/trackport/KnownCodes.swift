import TrackerPort

/// Every diagnostic code the tool can report, for `trackport rules` and `--select`/`--ignore`.
enum KnownCodes {
  struct Entry {
    var descriptor: DiagnosticDescriptor
    /// `rule`, a codec id, or `fatal`.
    var source: String
    var code: String { descriptor.code }
  }

  static func all(registry: CodecRegistry = StandardCodecs.registry) -> [Entry] {
    var entries = Validator.standardRules.map { Entry(descriptor: $0.descriptor, source: "rule") }
    entries.append(Entry(descriptor: LossReport.droppedField, source: "convert"))
    entries += PluginHostCodes.all.map { Entry(descriptor: $0, source: "plugin") }
    for codec in registry.codecs {
      for d in codec.descriptor.diagnostics where !entries.contains(where: { $0.code == d.code }) {
        entries.append(Entry(descriptor: d, source: codec.descriptor.id))
      }
    }
    for kind in CodecError.Kind.all {
      entries.append(Entry(descriptor: DiagnosticDescriptor(code: kind.code, severity: .error, summary: kind.summary),
                           source: "fatal"))
    }
    return entries
  }
}
