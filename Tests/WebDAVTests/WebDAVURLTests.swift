import Testing
@testable import WebDAV

@Suite struct WebDAVURLTests {
  @Test func parsesAndHidesCredentials() throws {
    let url = try #require(WebDAVURL("https://ann:secret@dav.example.org:8443/dav.php/calendars/ann/habits"))
    #expect(url.hadPassword)
    #expect(url.user == "ann")
    #expect(url.description == "https://dav.example.org:8443/dav.php/calendars/ann/habits")
    #expect(!url.description.contains("secret"))
    #expect(url.asCollection.path == "/dav.php/calendars/ann/habits/")
    #expect(WebDAVURL("ftp://host/x") == nil)
    #expect(WebDAVURL("/relative/path") == nil)
  }

  @Test func knowsLoopback() {
    for text in ["http://127.0.0.1:5232/", "http://localhost/", "http://[::1]:8080/", "http://127.5.6.7/"] {
      #expect(WebDAVURL(text)?.isLoopback == true, "\(text)")
    }
    for text in ["http://10.0.0.1/", "http://example.org/", "http://127.0.0.1.evil.example/", "http://localhost.evil.example/"] {
      #expect(WebDAVURL(text)?.isLoopback == false, "\(text)")
    }
  }

  @Test func resolvesHrefsOnItsOriginOnly() throws {
    let collection = try #require(WebDAVURL("https://dav.example.org/cal/ann/habits/"))
    #expect(collection.resolving("/cal/ann/habits/a%20b.ics")?.description == "https://dav.example.org/cal/ann/habits/a%20b.ics")
    #expect(collection.resolving("x.ics")?.path == "/cal/ann/habits/x.ics")
    #expect(collection.resolving("https://DAV.example.org/cal/ann/habits/y.ics")?.path == "/cal/ann/habits/y.ics")
    #expect(collection.resolving("https://other.example/cal/y.ics") == nil)
  }

  @Test func segmentsKeepUnreservedCharactersOnly() {
    #expect(WebDAVURL.segment("habit-1_a.b~c@x") == "habit-1_a.b~c@x")
    #expect(WebDAVURL.segment("a b/c?d#é") == "a%20b%2Fc%3Fd%23%C3%A9")
    #expect(WebDAVURL.decodedPath("/a%20b%2Fc") == "/a b/c")
  }
}
