#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// The listening socket's handler for a failed accept. Out of files (EMFILE, ENFILE) or
/// memory for sockets (ENOBUFS, ENOMEM), it closes the connection that has waited longest
/// without a request and tries again 10 ms later (100 ms when there was none to close),
/// saying so in the log at most once a second. A connection reset before its accept
/// (ECONNABORTED) is tried again at once. Nothing here ends the server: NIO's own backoff,
/// a whole second for any error, never sees these errors.
final class AcceptGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = any Channel
  typealias InboundOut = any Channel
  typealias OutboundIn = any Channel
  typealias OutboundOut = any Channel

  let registry: ConnectionRegistry
  let log: @Sendable (String) -> Void
  private var resumeAt: NIODeadline?
  private var scheduled: Scheduled<Void>?
  private var lastLine: NIODeadline?
  private var unsaid = 0

  init(registry: ConnectionRegistry, log: @escaping @Sendable (String) -> Void) {
    self.registry = registry
    self.log = log
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let failure = error as? IOError else {
      context.fireErrorCaught(error)
      return
    }
    let code = failure.errnoCode
    guard [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code) else {
      return  // ECONNABORTED and the like: that connection is gone, the next is accepted
    }
    let freed = registry.evictOne()
    let now = NIODeadline.now()
    resumeAt = now + .milliseconds(freed ? 10 : 100)
    unsaid += 1
    if lastLine.map({ now - $0 >= .seconds(1) }) ?? true {
      let name = code == EMFILE ? "EMFILE" : code == ENFILE ? "ENFILE" : code == ENOBUFS ? "ENOBUFS" : "ENOMEM"
      log("accept failed (\(name): \(String(cString: strerror(code))), \(unsaid) time(s) since the last such line); "
          + (freed ? "closed the connection idle longest, " : "no idle connection to close, ") + "accepting again shortly")
      lastLine = now
      unsaid = 0
    }
  }

  func read(context: ChannelHandlerContext) {
    guard let resumeAt, resumeAt > .now() else {
      self.resumeAt = nil
      context.read()
      return
    }
    guard scheduled == nil else { return }
    scheduled = context.eventLoop.assumeIsolated().scheduleTask(deadline: resumeAt) {
      self.scheduled = nil
      self.resumeAt = nil
      context.read()
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    scheduled?.cancel()
    scheduled = nil
    context.fireChannelInactive()
  }
}
