import Dispatch
import TrackerCodec

extension DatasetFile {
  /// Reads several inputs side by side, one thread each up to the machine's cores, as
  /// ``load(_:reader:options:progress:)`` reads one: `merge` and `diff` read their files this
  /// way, so two files cost about the time of the longer one where there are two cores.
  ///
  /// The results are in the inputs' order, each the file or the error its own `load` gave; a
  /// command goes through them in that order, so the first input's error is still the one it
  /// reports.
  public static func loadSideBySide(_ inputs: [(input: CodecInput, reader: any TrackerCodec)],
                                    options: [String: String] = [:]) -> [Result<DatasetFile, any Error>] {
    guard inputs.count > 1 else {
      return inputs.map { one in Result { try load(one.input, reader: one.reader, options: options) } }
    }
    let results = Results(count: inputs.count)
    DispatchQueue.concurrentPerform(iterations: inputs.count) { i in
      results.set(i, Result { try load(inputs[i].input, reader: inputs[i].reader, options: options) })
    }
    return results.all
  }

  /// One slot per input, each written by the one thread that reads that input.
  private final class Results: @unchecked Sendable {
    private var slots: [Result<DatasetFile, any Error>?]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<DatasetFile, any Error>) {
      lock.wait()
      slots[index] = result
      lock.signal()
    }

    var all: [Result<DatasetFile, any Error>] {
      lock.wait()
      defer { lock.signal() }
      return slots.map { $0! }
    }
  }
}
