// The libFuzzer entry points of every TrackerPort harness: one binary, the harness chosen by
// TRACKPORT_FUZZ_HARNESS (a name in Fuzz/harnesses.tsv). Built and run by Fuzz/run, never by
// `swift build` (docs/security.md, "Fuzzing").
import Foundation
import TrackerFuzzing

nonisolated(unsafe) private var checker: (any FuzzCheck)?

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
  let environment = ProcessInfo.processInfo.environment
  guard let name = environment["TRACKPORT_FUZZ_HARNESS"] else {
    FileHandle.standardError.write(Data("set TRACKPORT_FUZZ_HARNESS to a harness of Fuzz/harnesses.tsv\n".utf8))
    exit(64)
  }
  let list = environment["TRACKPORT_FUZZ_LIST"] ?? "Fuzz/harnesses.tsv"
  var template = Array((NSTemporaryDirectory() + "/trackport-fuzz-XXXXXX").utf8CString)
  guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
    FileHandle.standardError.write(Data("cannot make a scratch folder\n".utf8))
    exit(73)
  }
  do {
    checker = try FuzzHarness.named(name, in: list).checker(scratch: folder)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(64)
  }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let checker else { return 0 }
  if let finding = checker.check(Array(UnsafeBufferPointer(start: data, count: size))) {
    FileHandle.standardError.write(Data("FINDING \(finding)\n".utf8))
    abort()
  }
  return 0
}
