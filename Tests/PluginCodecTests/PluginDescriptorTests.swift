import Testing
import TrackerTestSupport
import TrackerPort

@Suite struct PluginDescriptorTests {
  private func reason(_ text: String, name: String = "demo") -> String? {
    do {
      _ = try PluginDescriptor.parse(text, name: name, path: "/p/trackport-codec-\(name)")
      return nil
    } catch {
      return error.reason
    }
  }

  @Test func aSaneDescriptorBecomesACodecDescriptorWithThePathAsOrigin() throws {
    let described = try PluginDescriptor.parse(
      #"{"id": "demo", "name": "Demo", "version": "2.1", "extensions": [".Demo", "dm"], "reads": true, "writes": false, "summary": "S", "contentPrefixes": ["DEMO"], "cannotCarry": ["tasks"], "future-key": 1}"#,
      name: "demo", path: "/p/trackport-codec-demo")
    #expect(described.codec.id == "demo")
    #expect(described.codec.extensions == ["demo", "dm"])
    #expect(described.codec.canRead && !described.codec.canWrite)
    #expect(described.codec.cannotCarry == [.tasks])
    #expect(described.codec.origin == "/p/trackport-codec-demo")
    #expect(described.version == "2.1")
    #expect(described.contentPrefixes == ["DEMO"])
  }

  @Test func eachWrongPartIsNamed() {
    let base = #""name": "D", "version": "1", "extensions": [], "reads": true, "writes": true"#
    #expect(reason("not json")?.contains("did not print JSON") == true)
    #expect(reason("[1]")?.contains("not an object") == true)
    #expect(reason(#"{"id": "other", \#(base)}"#)?.contains("does not match") == true)
    #expect(reason(#"{"id": "Demo", \#(base)}"#, name: "Demo")?.contains("lower-case") == true)
    #expect(reason(#"{"id": "demo", "version": "1", "extensions": [], "reads": true, "writes": true}"#) == "\"name\" is missing")
    #expect(reason(#"{"id": "demo", "name": " ", "version": "1", "extensions": [], "reads": true, "writes": true}"#) == "\"name\" is empty")
    #expect(reason(#"{"id": "demo", "name": "D", "version": 1, "extensions": [], "reads": true, "writes": true}"#) == "\"version\" is not a string")
    #expect(reason(#"{"id": "demo", "name": "D", "version": "1", "extensions": "csv", "reads": true, "writes": true}"#)?.contains("array of strings") == true)
    #expect(reason(#"{"id": "demo", "name": "D", "version": "1", "extensions": [], "reads": "yes", "writes": true}"#) == "\"reads\" is not true or false")
    #expect(reason(#"{"id": "demo", "name": "D", "version": "1", "extensions": [], "reads": false, "writes": false}"#)?.contains("both false") == true)
    #expect(reason(#"{"id": "demo", \#(base), "protocol": 2}"#)?.contains("protocol 2") == true)
    #expect(reason(#"{"id": "demo", \#(base), "cannotCarry": ["moods"]}"#)?.contains("not a model field") == true)
    #expect(reason(#"{"id": "demo", \#(base), "diagnostics": [{"code": "x", "severity": "fatal", "summary": "s"}]}"#)?.contains("severity") == true)
  }

  @Test func aBuiltInsEndingIsClaimedOnlyByContent() throws {
    let described = try PluginDescriptor.parse(
      #"{"id": "demo", "name": "D", "version": "1", "extensions": ["csv", "demo"], "reads": true, "writes": true}"#,
      name: "demo", path: "p", reservedEndings: ["csv", "json"])
    #expect(described.codec.extensions == ["demo"])
    #expect(described.codec.sniffedExtensions == ["csv"])
  }
}

@Suite struct PluginDescriptorOptionTests {
  private let base = #""id": "demo", "name": "D", "version": "1", "extensions": [], "reads": true, "writes": false"#

  private func reason(_ options: String) -> String? {
    do {
      _ = try PluginDescriptor.parse("{\(base), \"options\": \(options)}", name: "demo", path: "/p/trackport-codec-demo")
      return nil
    } catch {
      return error.reason
    }
  }

  @Test func declaredOptionsBecomeTheCodecsOptions() throws {
    let described = try PluginDescriptor.parse(#"""
      {\#(base), "options": [
        {"key": "category", "type": "text", "default": "Habitify", "help": "the category"},
        {"key": "mood", "type": "choice", "values": ["keep", "drop"], "help": "moods", "aliases": ["k"]},
        {"key": "hour", "type": "integer", "minimum": 0, "maximum": 23, "help": "an hour", "reads": true, "writes": false}
      ]}
      """#, name: "demo", path: "/p/trackport-codec-demo")
    let options = described.codec.options
    #expect(options.map(\.key) == ["category", "mood", "hour"])
    #expect(options[0] == CodecOption("category", .text, default: "Habitify", help: "the category", reads: true, writes: false))
    #expect(options[1].values == .choice(["keep", "drop"]) && options[1].aliases == ["k"])
    #expect(options[2].values == .integer(0, 23))
  }

  @Test func noOptionsDeclaredIsNone() throws {
    let described = try PluginDescriptor.parse("{\(base)}", name: "demo", path: "/p/trackport-codec-demo")
    #expect(described.codec.options.isEmpty)
  }

  @Test func eachWrongPartOfADeclarationIsLocated() {
    #expect(reason(#""category""#) == "\"options\" is not an array")
    #expect(reason(#"["category"]"#) == "\"options\"[1] is not an object")
    #expect(reason(#"[{"type": "text", "help": "h"}]"#) == "\"options\"[1]: \"key\" is missing")
    #expect(reason(#"[{"key": "Cat", "type": "text", "help": "h"}]"#)?.hasPrefix("\"options\"[1] (\"Cat\"): the key is not lower-case") == true)
    #expect(reason(#"[{"key": "a", "type": "text", "help": "h"}, {"key": "a", "type": "text", "help": "h"}]"#)
              == "\"options\"[2] (\"a\"): the key is declared twice")
    #expect(reason(#"[{"key": "a", "type": "colour", "help": "h"}]"#)?.hasPrefix("\"options\"[1] (\"a\"): \"type\" is \"colour\", not choice") == true)
    #expect(reason(#"[{"key": "a", "type": "choice", "help": "h"}]"#) == "\"options\"[1] (\"a\"): \"values\" is missing")
    #expect(reason(#"[{"key": "a", "type": "choice", "values": [], "help": "h"}]"#)?.contains("non-empty words") == true)
    #expect(reason(#"[{"key": "a", "type": "integer", "minimum": 1, "help": "h"}]"#)?.contains("\"maximum\" is not a whole number") == true)
    #expect(reason(#"[{"key": "a", "type": "text"}]"#) == "\"options\"[1] (\"a\"): \"help\" is missing")
    #expect(reason(#"[{"key": "a", "type": "text", "help": "h", "writes": true}]"#)
              == "\"options\"[1] (\"a\"): \"writes\" is true but the plugin does not write")
    #expect(reason(#"[{"key": "a", "type": "text", "help": "h", "reads": false}]"#)?.contains("both false") == true)
    #expect(reason(#"[{"key": "a", "type": "choice", "values": ["x"], "default": "y", "help": "h"}]"#)
              == "\"options\"[1] (\"a\"): the default 'y' is not 'x'")
  }
}
