import Synchronization
import TrackerCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libxml2's XSD check of a big document on a thread of its own: a second streaming reader
/// (an ``XMLCursor`` with the schema) goes through the same bytes and only validates, while
/// the dataset reader reads them without the schema on the calling thread.
///
/// The check is as costly as libxml2's reading itself (it is all of `xmllint --stream
/// --schema`'s time), and the dataset's reading does not depend on it: a schema violation is
/// reported, never a reason to stop. So on a machine with more than one core, a document of
/// ``minimumBytes`` or more is checked beside its reading (bench/RESULTS.md, issue 44's fifth
/// round). The violations are the same, in the same order, with the same lines and columns, as
/// one reader with the schema reports; smaller documents are read that way.
///
/// Owned by one decode: started before the dataset reader, then ``finish()`` (the reading
/// succeeded) or ``cancel()`` (it threw) before the bytes go. `@unchecked Sendable` because
/// the thread hands its state over only through `pthread_join`.
final class XMLSchemaPass: @unchecked Sendable {
  /// From this size a document is checked on a thread of its own: below it the thread costs
  /// more than it saves (a 4 MiB document reads in about 50 ms).
  static let minimumBytes = 4 << 20

  private let bytes: UnsafeRawBufferPointer
  private let fileName: String
  private let schema: XMLSchemaHandle
  private let stopped = Atomic<Bool>(false)
  private var thread = pthread_t()
  /// What the check reported, or why it stopped; set by the thread, read after it is joined.
  private var result: Result<XMLErrorLog, any Error>?
  private var joined = false

  /// Starts checking `bytes` against `schema`, when the document is at least `minimumBytes`
  /// long and the machine has a second core to do it on; `nil` otherwise (attach the schema to
  /// the dataset reader instead).
  static func start(_ bytes: UnsafeRawBufferPointer, fileName: String, schema: XMLSchemaHandle,
                    minimumBytes: Int = XMLSchemaPass.minimumBytes) -> XMLSchemaPass? {
    guard bytes.count >= minimumBytes, sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else { return nil }
    let pass = XMLSchemaPass(bytes, fileName: fileName, schema: schema)
    let context = Unmanaged.passRetained(pass).toOpaque()
    guard pthread_create(&pass.thread, nil, XMLSchemaPass.body, context) == 0 else {
      Unmanaged<XMLSchemaPass>.fromOpaque(context).release()
      return nil
    }
    return pass
  }

  private init(_ bytes: UnsafeRawBufferPointer, fileName: String, schema: XMLSchemaHandle) {
    self.bytes = bytes
    self.fileName = fileName
    self.schema = schema
  }

  /// Waits for the check to reach the end and returns what it reported: its ``XMLErrorLog``'s
  /// schema violations are the document's.
  ///
  /// - Throws: what one reader with the schema would have thrown: ``CodecError``
  ///   `.malformedInput` where libxml2 stopped (the dataset reader, without the schema, read
  ///   on), `.io` when the schema cannot be attached.
  func finish() throws -> XMLErrorLog {
    join()
    return try result?.get() ?? XMLErrorLog()
  }

  /// Stops the check at its next thousand nodes and waits for it: the reading failed, and its
  /// error is what the user sees.
  func cancel() {
    stopped.store(true, ordering: .relaxed)
    join()
  }

  private func join() {
    guard !joined else { return }
    joined = true
    pthread_join(thread, nil)
  }

  /// Reads the document to its end through a cursor with the schema. The cursor is made here,
  /// on the thread: it silences libxml2's per-thread generic error handler.
  private func run() {
    result = Result {
      let cursor = try XMLCursor(bytes, fileName: fileName, schema: schema)
      var nodes = 0
      while try cursor.advance() {
        nodes &+= 1
        if nodes & 1023 == 0, stopped.load(ordering: .relaxed) { break }
      }
      return cursor.log
    }
  }

  private static let body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    Unmanaged<XMLSchemaPass>.fromOpaque(context).takeRetainedValue().run()
    return nil
  }
}
