import NIOCore

/// The first handler of a connection, before the HTTP parser: it sees the bytes as they come,
/// so a request's header clock starts at its first byte, a body's silence ends at any byte,
/// and a refused connection's input is read and dropped. It notes the reads asked of the
/// socket (``ConnectionState/readPending``).
final class ByteActivityHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  let state: ConnectionState

  init(_ state: ConnectionState) {
    self.state = state
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !state.lingering else { return }
    switch state.phase {
    case .waiting(let first):
      state.phase = .head
      // A new connection's headers are timed from its opening: a client cannot wait first.
      state.phaseStart = first ? state.opened : .now()
      if let entry = state.entry { state.registry.set(entry, .head) }
    case .body:
      state.bodySilence = 0
    case .responding:
      state.bytesWhileResponding = true
    case .head, .closing:
      break
    }
    context.fireChannelRead(data)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    state.readPending = false
    if state.lingering { context.read() }
    context.fireChannelReadComplete()
  }

  func read(context: ChannelHandlerContext) {
    state.readPending = true
    context.read()
  }
}
