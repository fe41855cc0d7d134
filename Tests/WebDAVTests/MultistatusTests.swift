import Testing
@testable import WebDAV

@Suite struct MultistatusTests {
  @Test func readsHrefsETagsAndCalendarDataWhateverThePrefixes() throws {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <response>
          <href>/ann/habits/run.ics</href>
          <propstat>
            <prop><getetag>"abc"</getetag><C:calendar-data><![CDATA[BEGIN:VCALENDAR\r
      END:VCALENDAR]]></C:calendar-data></prop>
            <status>HTTP/1.1 200 OK</status>
          </propstat>
          <propstat><prop><x:other xmlns:x="urn:x"/></prop><status>HTTP/1.1 404 Not Found</status></propstat>
        </response>
        <D:response xmlns:D="DAV:">
          <D:href>/ann/habits/gone.ics</D:href>
          <D:status>HTTP/1.1 404 Not Found</D:status>
        </D:response>
        <response><href>/ann/habits/</href><propstat><prop><resourcetype><collection/><C:calendar/></resourcetype></prop>
          <status>HTTP/1.1 200 OK</status></propstat></response>
      </multistatus>
      """
    let status = try Multistatus(Array(body.utf8))
    #expect(status.responses.count == 3)
    #expect(status.responses[0].href == "/ann/habits/run.ics")
    #expect(status.responses[0].etag == "\"abc\"")
    #expect(status.responses[0].calendarData?.hasPrefix("BEGIN:VCALENDAR") == true)
    #expect(status.responses[1].status == 404)
    #expect(status.responses[2].resourceTypes == ["DAV: collection", "urn:ietf:params:xml:ns:caldav calendar"])
  }

  @Test func aDocumentWithADTDIsRefusedAndNoEntityExpanded() throws {
    for dtd in [#"<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#,
                #"<!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY x "&b;&b;&b;&b;&b;&b;&b;&b;">]>"#] {
      let body = """
        <?xml version="1.0"?>
        \(dtd)
        <d:multistatus xmlns:d="DAV:"><d:response><d:href>&x;</d:href></d:response></d:multistatus>
        """
      #expect(throws: MultistatusError.self) { try Multistatus(Array(body.utf8)) }
    }
  }

  @Test func oneLargeObjectDoesNotSpoilTheAnswer() throws {
    let big = String(repeating: "DESCRIPTION:" + String(repeating: "x", count: 60) + "\r\n", count: 200_000)
    let body = """
      <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response>
      <d:href>/a.ics</d:href><d:propstat><d:prop><c:calendar-data>\(big)</c:calendar-data></d:prop>
      <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
      """
    let status = try Multistatus(Array(body.utf8))
    #expect(status.responses.first?.calendarData?.utf8.count ?? 0 > 10_000_000)
  }

  @Test func refusesWhatIsNotAMultistatus() {
    #expect(throws: MultistatusError.self) { try Multistatus(Array("<html><body>login</body></html>".utf8)) }
    #expect(throws: MultistatusError.self) { try Multistatus(Array("<d:multistatus xmlns:d=\"DAV:\">".utf8)) }
    #expect(throws: MultistatusError.self) { try Multistatus([]) }
  }

  /// Only resources inside the collection are its objects: never the collection, a folder above
  /// it or a collection beside it, however the href spells them.
  @Test func onlyResourcesInsideTheCollectionAreItsObjects() throws {
    let hrefs = ["/cal/ann/habits/a.ics", "/cal/ann/work/b.ics", "/cal/ann/habits/../work/c.ics", "/cal/ann/habits/",
                 "/cal/ann/", "/cal/ann/habits/./d.ics", "/cal/ann/habits/x/../e.ics", "http://other.example/cal/ann/habits/f.ics",
                 "https://dav.example.org/cal/ann/habits/g%20h.ics"]
    let responses = hrefs.map { href in
      "<d:response><d:href>\(href)</d:href><d:propstat><d:prop><d:getetag>\"1\"</d:getetag><c:calendar-data>BEGIN:VCALENDAR</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
    }.joined()
    let body = #"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"# + responses + "</d:multistatus>"
    let collection = try #require(WebDAVURL("https://dav.example.org/cal/ann/habits/"))
    let kept = try Multistatus(Array(body.utf8)).calendarResources(in: collection).map(\.url.path)
    #expect(kept == ["/cal/ann/habits/a.ics", "/cal/ann/habits/./d.ics", "/cal/ann/habits/x/../e.ics",
                     "/cal/ann/habits/f.ics", "/cal/ann/habits/g%20h.ics"])
  }
}
