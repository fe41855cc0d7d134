import TrackerPort

/// What ``convertInMemory(_:name:from:to:)`` made, and everything it has to say about it.
struct InMemoryConversion {
  /// The output format's bytes.
  var output: [UInt8]
  /// The reader's findings, the rules' findings located in the input, then one
  /// `dropped-field` warning per part of the model the output format cannot carry, then the
  /// writer's own.
  var findings: [Diagnostic]
}

/// Converts bytes already in memory (an upload, a test fixture) between two formats named by
/// id, without touching the file system.
func convertInMemory(_ bytes: [UInt8], name: String, from: String, to: String) throws -> InMemoryConversion {
  let registry = StandardCodecs.registry
  let reader = try registry.codec(id: from)
  let writer = try registry.codec(id: to)

  var reading = CodecContext(fileName: name)
  let dataset = try reader.decode(CodecInput(.bytes(bytes, name: name)), context: &reading)
  // Codec and rule findings name JSON pointers; the codec's locator turns them into lines.
  let rules = Validator(options: ValidationOptions()).validate(dataset)
  let found = (reading.diagnostics + rules).located(by: reading.sourceLocator, file: name)

  let memory = MemoryOutput()
  let output = CodecOutput(.memory(memory))
  let losses = writer.losses(writing: dataset, to: output, options: [:])
  var writing = CodecContext(fileName: "(memory)")
  try writer.encode(dataset, to: output, context: &writing)
  return InMemoryConversion(output: memory.bytes,
                            findings: found + losses + writing.diagnostics)
}
