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

  @Test func oneServerHasOneSpelling() throws {
    #expect(WebDAVURL("https://DAV.Example.org:443/cal/")?.description == "https://dav.example.org/cal/")
    #expect(WebDAVURL("http://h:80/a")?.description == "http://h/a")
    #expect(WebDAVURL("https://h:8443/a")?.port == 8443)
    #expect(WebDAVURL("https://h/%7Eann/cal")?.canonical == WebDAVURL("https://H:443/~ann/cal/")?.canonical)
  }

  @Test func hrefsOfAnotherSpellingOrOriginResolveOnThisOrigin() throws {
    let collection = try #require(WebDAVURL("https://dav.example.org/cal/ann/habits/"))
    // Behind a reverse proxy the server names itself by its inside address: the path is taken.
    #expect(collection.resolving("http://10.0.0.5:5232/cal/ann/habits/run.ics")?.description == "https://dav.example.org/cal/ann/habits/run.ics")
    #expect(collection.resolving("https://dav.example.org:443/cal/ann/habits/x.ics")?.path == "/cal/ann/habits/x.ics")
    // Outside the collection, or not a path: nothing.
    #expect(collection.resolving("http://10.0.0.5/elsewhere/run.ics") == nil)
    #expect(collection.resolving("mailto:ann@example.org") == nil)
    // A raw space or quote in an href is encoded, an escape kept.
    #expect(collection.resolving("/cal/ann/habits/a b\"c%20d.ics")?.path == "/cal/ann/habits/a%20b%22c%20d.ics")
  }
}
