import Testing
@testable import WebDAV

@Suite struct NetrcTests {
  @Test func findsTheMachineEntryThenTheDefault() {
    let netrc = Netrc("""
      machine dav.example.org login ann password "s3cret pass"
      # not a comment in netrc: tokens are skipped
      machine other.example login bob password two
      default login guest password anon
      """)
    #expect(netrc.entry(host: "DAV.example.org", user: nil) == Netrc.Entry(machine: "dav.example.org", login: "ann", password: "s3cret pass"))
    #expect(netrc.entry(host: "other.example", user: nil)?.password == "two")
    #expect(netrc.entry(host: "elsewhere", user: nil)?.login == "guest")
    // A user given on the command line picks an entry with that login (or none), never another's.
    #expect(netrc.entry(host: "dav.example.org", user: "bob") == nil)
    #expect(netrc.entry(host: "other.example", user: "bob")?.password == "two")
    #expect(Netrc("machine h password p").entry(host: "h", user: "zoe")?.password == "p")
  }

  @Test func skipsMacroBlocksAndReadsQuotedTokens() {
    let netrc = Netrc("""
      macdef init
      machine evil.example login x password y

      machine dav.example.org
        login "ann"
        password "a \\"quoted\\" \\\\ word"
      """)
    #expect(netrc.entry(host: "evil.example", user: nil) == nil)
    #expect(netrc.entry(host: "dav.example.org", user: nil)?.password == #"a "quoted" \ word"#)
    #expect(Netrc("machine h login a password p\r\n").entry(host: "h", user: nil)?.password == "p")
  }

  @Test func anEntryWithoutPasswordIsStillFoundSoTheCallerCanSaySo() {
    let netrc = Netrc("machine h login a")
    #expect(netrc.entry(host: "h", user: nil)?.password == nil)
    #expect(Netrc("").entry(host: "h", user: nil) == nil)
  }
}
