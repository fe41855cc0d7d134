import TrackerPort

/// Datasets as the hub stores them: canonical JSON bytes, the same a `convert` to
/// `.trackport.json` writes, so the history file is an ordinary dataset any command reads.
enum HubDatasetBytes {
  static func encode(_ dataset: TrackerDataset) throws -> [UInt8] {
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "history.trackport.json")
    try JSONCodec().encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return memory.bytes
  }

  static func decode(_ bytes: [UInt8], name: String) throws -> TrackerDataset {
    var context = CodecContext(fileName: name)
    do {
      return try JSONCodec().decode(CodecInput(.bytes(bytes, name: name)), context: &context)
    } catch let error as CodecError {
      throw HubError(.damaged, error.description, note: "the hub's history or store was changed by hand?")
    }
  }
}
