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
