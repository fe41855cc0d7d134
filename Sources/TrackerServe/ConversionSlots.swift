import Dispatch

/// How many conversions may run at once; a request past them waits for a turn, a bounded time.
actor ConversionSlots {
  private var free: Int

  init(_ count: Int) { free = max(1, count) }

  /// Takes a slot, waiting up to `seconds`; false when none came free.
  func acquire(waitingUpTo seconds: Double) async -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
    while free == 0 {
      guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
      try? await Task.sleep(nanoseconds: 20_000_000)
    }
    free -= 1
    return true
  }

  func release() { free += 1 }
}
