import MCP

/// `trackport mcp`: the Model Context Protocol server over the toolbox's datasets, on the
/// official Swift SDK's ``Server`` (docs/mcp.md). It offers tools and resources, nothing
/// else, and asks nothing of the client (no sampling, no roots).
public struct TrackerMCPServer: Sendable {
  /// The tools.
  public let toolbox: MCPToolbox
  /// The resources.
  public let resources: MCPResources
  /// The version `initialize` answers with.
  public let version: String

  /// A server over `toolbox`.
  public init(toolbox: MCPToolbox, version: String) {
    self.toolbox = toolbox
    resources = MCPResources(toolbox: toolbox)
    self.version = version
  }

  /// What the server tells the assistant about itself on `initialize`.
  public static let instructions = """
    TrackerPort's view of the user's habit-tracker data. Start with list_habits; habit_history \
    and statistics take a habit by id or name and an optional range (YYYY-MM-DD); agenda gives \
    a day's plan. Answers are JSON; long lists come in pages: pass nextCursor back as cursor. \
    Only the datasets this server was started with can be read as datasets.
    """

  /// The SDK's server with every handler registered, not started.
  public func makeServer() async -> Server {
    let server = Server(name: "trackport", version: version, title: "TrackerPort", instructions: Self.instructions,
                        capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
    let toolbox = self.toolbox
    let resources = self.resources
    await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: toolbox.tools) }
    await server.withMethodHandler(CallTool.self) { params in await toolbox.call(params.name, arguments: params.arguments) }
    await server.withMethodHandler(ListResources.self) { params in
      do throws(MCPToolError) { return try resources.list(cursor: params.cursor) } catch { throw Self.rpcError(error) }
    }
    await server.withMethodHandler(ReadResource.self) { params in
      do throws(MCPToolError) { return ReadResource.Result(contents: [try await resources.read(params.uri)]) } catch { throw Self.rpcError(error) }
    }
    return server
  }

  /// Serves on `transport` until its input ends.
  public func run(on transport: any Transport) async throws {
    let server = await makeServer()
    try await server.start(transport: transport)
    await server.waitUntilCompleted()
    await server.stop()
  }

  /// A refusal of a resource request as a JSON-RPC error: -32002 for an unknown resource (MCP's
  /// code for it), -32602 otherwise; the message ends with the stable code.
  static func rpcError(_ error: MCPToolError) -> MCPError {
    .serverError(code: error.code == "unknown-resource" ? -32002 : -32602, message: error.description)
  }
}
