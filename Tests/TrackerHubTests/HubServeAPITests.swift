import Foundation
import Testing
import TrackerPort
import TrackerTestSupport
@testable import TrackerHub

@Suite struct HubServeAPITests {
  @Test func nothingButTheFeedAnswersWithoutTheToken() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    let api = HubServeAPI(hub: f.hub)
    let token = try HubSecrets(store: f.hub.store).addToken()
    for (method, path) in [("GET", "/"), ("GET", "/history.trackport.json"), ("GET", "/journal.json"),
                           ("POST", "/run"), ("GET", "/nowhere"), ("DELETE", "/"), ("GET", "/feedx"), ("GET", "/../hub.toml")] {
      for headers in [[], [("Authorization", "Bearer " + token + "0")], [("Authorization", "Basic " + token)], [("authorization", "Bearer ")]] {
        let answer = api.respond(method: method, path: path, headers: headers)
        #expect(answer.status == 401, "\(method) \(path) \(headers)")
        #expect(answer.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        #expect(!String(decoding: answer.body, as: UTF8.self).contains("Run"))
      }
    }
    let ok = api.respond(method: "GET", path: "/journal.json", headers: [("AUTHORIZATION", "bearer " + token)])
    #expect(ok.status == 200)
    // /healthz is open (container health checks, Kubernetes probes) and says nothing of the hub.
    let health = api.respond(method: "GET", path: "/healthz", headers: [])
    #expect(health.status == 200 && health.body == Array("ok\n".utf8))
    #expect(api.respond(method: "POST", path: "/healthz", headers: []).status == 405)
    #expect(api.respond(method: "GET", path: "/nowhere", headers: [("Authorization", "Bearer " + token)]).status == 404)
    #expect(api.respond(method: "PUT", path: "/journal.json", headers: [("Authorization", "Bearer " + token)]).status == 405)
    // No token made yet (or all revoked): nothing opens.
    try HubSecrets(store: f.hub.store).revokeTokens()
    #expect(api.respond(method: "GET", path: "/journal.json", headers: [("Authorization", "Bearer " + token)]).status == 401)
  }

  @Test func theFeedAnswers304UntilTheHistoryChanges() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    let api = HubServeAPI(hub: f.hub)
    try f.drop("a.json", HubFixture.dataset(["Run@2026-03-01"]))
    _ = try f.run()
    let secret = try HubSecrets(store: f.hub.store).feedSecret()
    let path = "/feed/\(secret).ics"
    let first = api.respond(method: "GET", path: path, headers: [])
    #expect(first.status == 200 && first.header("Content-Type")?.hasPrefix("text/calendar") == true)
    #expect(String(decoding: first.body, as: UTF8.self).contains("BEGIN:VCALENDAR"))
    let etag = try #require(first.header("ETag"))
    #expect(api.respond(method: "GET", path: path, headers: [("If-None-Match", etag)]).status == 304)
    #expect(api.respond(method: "GET", path: path, headers: [("If-Modified-Since", first.header("Last-Modified")!)]).status == 304)
    try f.drop("b.json", HubFixture.dataset(["Swim@2026-03-02"]))
    _ = try f.run()
    let changed = api.respond(method: "GET", path: path, headers: [("If-None-Match", etag)])
    #expect(changed.status == 200 && changed.header("ETag") != etag)
    #expect(String(decoding: changed.body, as: UTF8.self).contains("Swim"))
    // A wrong or rotated secret is an unknown page.
    // (The last character changed to another one: a secret that ends in 0 stays wrong.)
    let wrong = secret.dropLast() + (secret.hasSuffix("0") ? "1" : "0")
    #expect(api.respond(method: "GET", path: "/feed/\(wrong).ics", headers: []).status == 404)
    #expect(api.respond(method: "GET", path: "/feed/\(secret)", headers: []).status == 404)
    try HubSecrets(store: f.hub.store).rotateFeedSecret()
    #expect(api.respond(method: "GET", path: path, headers: []).status == 404)
    #expect(HubServeAPI.loggedPath(path) == "/feed/…")
  }

  @Test func theTokenOpensTheReportTheHistoryAndARun() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    let api = HubServeAPI(hub: f.hub)
    let auth = [("Authorization", "Bearer " + (try HubSecrets(store: f.hub.store).addToken()))]
    try f.drop("a.json", HubFixture.dataset(["Run@2026-03-01"]))
    let run = api.respond(method: "POST", path: "/run", headers: auth)
    #expect(run.status == 200 && String(decoding: run.body, as: UTF8.self).contains("\"imported\":1"))
    #expect(api.respond(method: "GET", path: "/history.trackport.json", headers: auth).body == (try f.historyBytes()))
    #expect(String(decoding: api.respond(method: "GET", path: "/", headers: auth).body, as: UTF8.self).contains("<html"))
    let journal = try JSONSerialization.jsonObject(with: Data(api.respond(method: "GET", path: "/journal.json", headers: auth).body)) as? [[String: Any]]
    #expect(journal?.first?["status"] as? String == "imported")
    let held = try f.hub.store.lock(wait: false)
    #expect(api.respond(method: "POST", path: "/run", headers: auth).status == 409)
    held.release()
  }
}
