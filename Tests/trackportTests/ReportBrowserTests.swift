import Foundation
import TrackerTestSupport
import Testing

/// Headless Chromium, for opening `trackport report` pages as a reader would. `make test`
/// installs Debian's `chromium`; without it these tests are skipped with a message, except
/// under CI, where a browser that cannot start fails them.
enum Browser {
  static let ci = ProcessInfo.processInfo.environment["CI"] != nil

  /// The browser's path, when one is installed and starts (checked once, on a tiny page).
  static let usable: String? = {
    guard let path = CLI.tool("chromium", "chromium-browser", "google-chrome") else { return nil }
    guard let dom = try? dumpDOM(of: "data:text/html,<title>ok</title>", browser: path) else { return nil }
    return dom.contains("<title>ok</title>") ? path : nil
  }()

  /// Whether the tests run: a browser starts, or CI wants them to fail without one.
  static let wanted = usable != nil || ci

  static let missing = "chromium did not start (install Debian's chromium: make test-deps); "
    + (ci ? "CI requires it" : "skipping the browser tests")

  /// The browser, or a recorded failure (only reachable under CI: elsewhere the tests are off).
  static func require() throws -> String {
    guard let usable else { throw CLI.Failure(message: missing) }
    return usable
  }

  /// Runs the browser headless with a private profile folder (removed afterwards) and a time
  /// limit; as root it needs `--no-sandbox`.
  static func run(_ args: [String], browser: String) throws -> CLI.Result {
    let profile = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: profile) }
    var command = [browser, "--headless", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                   "--hide-scrollbars", "--user-data-dir=\(profile.path)"]
    if getuid() == 0 { command.append("--no-sandbox") }
    command += args
    if let timeout = CLI.tool("timeout") {
      return try CLI.run(["120"] + command, executable: timeout)
    }
    return try CLI.run(Array(command.dropFirst()), executable: browser)
  }

  /// The DOM of `url` after loading, serialized.
  static func dumpDOM(of url: String, browser: String) throws -> String {
    let result = try run(["--dump-dom", url], browser: browser)
    guard result.status == 0 else { throw CLI.Failure(message: "chromium --dump-dom exited \(result.status): \(result.stderr.suffix(500))") }
    return result.stdout
  }

  /// A screenshot of `url` at `width`×`height` into `png`.
  static func screenshot(of url: String, to png: String, width: Int, height: Int, extra: [String] = [],
                         browser: String) throws {
    let result = try run(extra + ["--window-size=\(width),\(height)", "--screenshot=\(png)", url], browser: browser)
    guard result.status == 0, FileManager.default.fileExists(atPath: png) else {
      throw CLI.Failure(message: "chromium --screenshot exited \(result.status): \(result.stderr.suffix(500))")
    }
  }

  /// The size, number of distinct colours and top-left colour of an 8-bit RGB(A) PNG, decoded
  /// by a few lines of Python (zlib and the five row filters).
  static func pngInfo(_ path: String) throws -> (width: Int, height: Int, colors: Int, corner: [Int]) {
    let output = try Python.run(oracle: "png_info.py", [path])
    let info = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    return (info["width"] as? Int ?? 0, info["height"] as? Int ?? 0, info["colors"] as? Int ?? 0,
            info["corner"] as? [Int] ?? [])
  }
}

extension CLI {
  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}

/// The tracker sections of a dumped DOM, each as its markup, keyed by the section's id.
private func trackerSections(_ dom: String) -> [String: String] {
  var sections: [String: String] = [:]
  for part in dom.components(separatedBy: "<section class=\"tracker\"").dropFirst() {
    let body = part.components(separatedBy: "</section>").first ?? part
    guard let start = body.range(of: "id=\""), let end = body[start.upperBound...].firstIndex(of: "\"") else { continue }
    sections[String(body[start.upperBound..<end])] = body
  }
  return sections
}

private func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }


/// Layout figures of a report page at a window width, measured by a script in a copy of the
/// page (the page itself forbids scripts): how far anything sticks out sideways, the narrowest
/// grid as a share of its card, and month labels that overlap.
private func layout(of page: String, width: Int, browser: String) throws -> [String: Any] {
  let html = try String(contentsOfFile: page, encoding: .utf8)
  let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLReportPolicy.text)\">"
  #expect(html.contains(policy))
  let script = """
    <pre id="measure"></pre><script>
    const de = document.documentElement, out = {overflow: de.scrollWidth - de.clientWidth, cards: 0, share: 1, overlaps: [], grids: 0};
    for (const card of document.querySelectorAll('section.tracker, section.combined')) {
      out.cards = Math.max(out.cards, card.scrollWidth - card.clientWidth);
    }
    for (const svg of document.querySelectorAll('svg.g')) {
      out.grids += 1;
      const card = svg.closest('section'), style = getComputedStyle(card);
      const inner = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      out.share = Math.min(out.share, svg.getBoundingClientRect().width / inner);
      const labels = [...svg.querySelectorAll('text')].filter(t => t.getAttribute('y') === '10');
      for (let i = 1; i < labels.length; i++) {
        const a = labels[i - 1].getBoundingClientRect(), b = labels[i].getBoundingClientRect();
        if (b.left < a.right) out.overlaps.push(labels[i - 1].textContent + '|' + labels[i].textContent);
      }
    }
    document.getElementById('measure').textContent = 'MEASURE' + JSON.stringify(out) + 'END';
    </script>
    """
  let copy = page + ".measure.html"
  try html.replacingOccurrences(of: policy, with: "").replacingOccurrences(of: "</body>", with: script + "</body>")
    .write(toFile: copy, atomically: true, encoding: .utf8)
  let result = try Browser.run(["--window-size=\(width),900", "--dump-dom", URL(fileURLWithPath: copy).absoluteString], browser: browser)
  guard let start = result.stdout.range(of: "MEASURE"), let end = result.stdout.range(of: "END</pre>") else {
    throw CLI.Failure(message: "no measurement at \(width) px: \(result.stderr.suffix(500))")
  }
  let json = String(result.stdout[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
  return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

/// A measured figure as a number (-1 when it is missing).
private func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? -1 }

/// The page's Content-Security-Policy as `trackport report` writes it.
private enum HTMLReportPolicy {
  static let text = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
}

@Suite(.enabled(if: Browser.wanted, Comment(rawValue: Browser.missing)), .serialized)
struct ReportBrowserTests {
  /// The known fortnight's report (light theme) in `folder`, expected to succeed; its path.
  private func knownReportPage(in folder: URL) throws -> String {
    let input = try KnownReport.write(into: folder)
    let page = folder.appendingPathComponent("report.html").path
    let made = try CLI.run(["report", input, "-o", page, "--theme", "light"] + KnownReport.window)
    #expect(made.status == 0, "\(made.stderr)")
    return page
  }

  /// `trackport generate GENERATE -o NAME.trackport.json`, then `trackport report` of it into
  /// `NAME.html` with REPORT, both in `folder`, each expected to succeed; the page's path.
  private func generatedReport(_ name: String, in folder: URL, generate: [String], report: [String]) throws -> String {
    let data = folder.appendingPathComponent("\(name).trackport.json").path
    let generated = try CLI.run(["generate"] + generate + ["-o", data])
    #expect(generated.status == 0, "\(generated.stderr)")
    let page = folder.appendingPathComponent("\(name).html").path
    let made = try CLI.run(["report", data, "-o", page] + report)
    #expect(made.status == 0, "\(made.stderr)")
    return page
  }

  @Test func theDOMHasEachTrackerWithItsDaysAndDoneCount() throws {
    let browser = try Browser.require()
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try knownReportPage(in: folder)
    let dom = try Browser.dumpDOM(of: URL(fileURLWithPath: page).absoluteString, browser: browser)
    let sections = trackerSections(dom)
    #expect(sections.count == 3)
    // t0 "Run": 14 days, done on 5 (one of them a Saturday it is not planned on).
    let run = try #require(sections["t0"])
    #expect(occurrences("<rect ", in: run) == 14)
    #expect(occurrences("<rect ", in: run) == occurrences("<title>", in: run))
    #expect(occurrences("class=\"d", in: run) == 5)
    #expect(occurrences("class=\"m", in: run) == 1)
    #expect(run.contains("<title>2026-03-09 · missed</title>"))
    // t1 "Read": 3 done, 1 skipped, 7 missed.
    let read = try #require(sections["t1"])
    #expect(occurrences("<rect ", in: read) == 14)
    #expect(occurrences("class=\"d", in: read) == 3)
    #expect(occurrences("class=\"s", in: read) == 1)
    #expect(occurrences("class=\"m", in: read) == 7)
    #expect(read.contains("<title>2026-03-11 · done · 20 pages</title>"))
    // t2, the event: its day, no grid.
    let event = try #require(sections["t2"])
    #expect(occurrences("<rect ", in: event) == 0)
    #expect(event.contains("done on 2026-03-05"))
    // Pinned first, then the categories.
    let pinned = try #require(dom.range(of: ">Pinned</bdi></h2>")), health = try #require(dom.range(of: ">Health</bdi></h2>"))
    #expect(pinned.lowerBound < health.lowerBound)
    #expect(!dom.contains("<script"))
  }

  /// A dataset that ends years before today, three years of it shown: at 800 px nothing
  /// scrolls sideways, at 1400 px the grids fill their cards, and no month labels overlap.
  @Test func anOldDatasetFitsANarrowAndAWideWindow() throws {
    let browser = try Browser.require()
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Three years up to a day past the data's end (about 4 March 2016).
    let page = try generatedReport("old", in: folder, generate: ["--trackers", "6", "--days", "1100", "--start", "2013-03-01"],
                                   report: ["--today", "2026-11-28", "--years", "3", "--until", "2016-06-30", "--theme", "light"])
    let html = try String(contentsOfFile: page, encoding: .utf8)
    // Nothing after the data's last day is missed.
    let end = try #require(html.components(separatedBy: "The data ends on ").dropFirst().first?.prefix(10))
    let missedAfterEnd = html.components(separatedBy: "<title>").dropFirst()
      .filter { $0.hasPrefix("20") && $0.prefix(10) > end && $0.contains(" · missed</title>") }
    #expect(missedAfterEnd.isEmpty)
    #expect(html.contains(" · no data</title>"))
    for width in [800, 1400] {
      let figures = try layout(of: page, width: width, browser: browser)
      #expect(number(figures["overflow"]) == 0, "\(width) px: the page scrolls sideways: \(figures)")
      #expect(number(figures["cards"]) == 0, "\(width) px: a card scrolls sideways: \(figures)")
      // The heatmap and each habit: three rows of a year each.
      let grids = Int(number(figures["grids"]))
      #expect(grids >= 6 && grids % 3 == 0, "\(width) px: \(figures)")
      #expect(number(figures["share"]) > 0.9, "\(width) px: a grid fills too little of its card: \(figures)")
      #expect((figures["overlaps"] as? [String])?.isEmpty == true, "\(width) px: \(figures)")
    }
  }

  /// The same for the known fortnight: a short range does not blow up into giant cells.
  @Test func aShortRangeKeepsItsCellsSmall() throws {
    let browser = try Browser.require()
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try knownReportPage(in: folder)
    let figures = try layout(of: page, width: 1400, browser: browser)
    #expect(number(figures["overflow"]) == 0, "\(figures)")
    // Three weeks' columns, at most twice their natural 69 px.
    #expect(number(figures["share"]) < 0.2, "\(figures)")
  }

  @Test func screenshotsInEachThemeAreNotBlankAndKeepTheirSize() throws {
    let browser = try Browser.require()
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try KnownReport.write(into: folder)
    // light, dark, and auto with the system asking for dark: the last two look alike.
    let runs: [(theme: String, extra: [String], dark: Bool)] = [
      ("light", [], false), ("dark", [], true), ("auto", ["--force-dark-mode"], true), ("auto", [], false),
    ]
    for (n, run) in runs.enumerated() {
      let page = folder.appendingPathComponent("report-\(n).html").path
      let made = try CLI.run(["report", input, "-o", page, "--theme", run.theme] + KnownReport.window)
      #expect(made.status == 0, "\(made.stderr)")
      let png = folder.appendingPathComponent("shot-\(n).png").path
      try Browser.screenshot(of: URL(fileURLWithPath: page).absoluteString, to: png, width: 800, height: 600,
                             extra: run.extra, browser: browser)
      let info = try Browser.pngInfo(png)
      #expect(info.width == 800 && info.height == 600, "\(run.theme): \(info.width)×\(info.height)")
      // Text, cards, cells in several colours: far more than a blank page's one or two.
      #expect(info.colors > 50, "\(run.theme) \(run.extra): only \(info.colors) colours")
      let brightness = info.corner.reduce(0, +)
      #expect(run.dark ? brightness < 150 : brightness > 600, "\(run.theme) \(run.extra): corner \(info.corner)")
    }
  }

  @Test func hostileNamesRunNoScript() throws {
    let browser = try Browser.require()
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = "<script>document.title='pwned'</script>\"><img src=x onerror=\"document.title='img'\"> مرحبا 🙂"
    let input = try KnownReport.write(into: folder, name: name)
    let page = folder.appendingPathComponent("report.html").path
    let made = try CLI.run(["report", input, "-o", page] + KnownReport.window)
    #expect(made.status == 0, "\(made.stderr)")
    let dom = try Browser.dumpDOM(of: URL(fileURLWithPath: page).absoluteString, browser: browser)
    #expect(dom.contains("<title>Habit report · 2026-03-02 – 2026-03-15</title>"))
    #expect(!dom.contains("pwned</title>") && !dom.contains("img</title>"))
    #expect(!dom.contains("<script"))
    #expect(!dom.contains("<img"))
    // The name is there, as text.
    #expect(dom.contains("<bdi>&lt;script&gt;document.title='pwned'&lt;/script&gt;\"&gt;&lt;img src=x onerror=\"document.title='img'\"&gt; مرحبا 🙂</bdi>"))
  }

  @Test func printsOnA4Landscape() throws {
    let browser = try Browser.require()
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try KnownReport.write(into: folder)
    let page = folder.appendingPathComponent("report.html").path
    // The dark theme on screen; print has its own light colours and page size.
    let made = try CLI.run(["report", input, "-o", page, "--theme", "dark"] + KnownReport.window)
    #expect(made.status == 0, "\(made.stderr)")
    let pdf = folder.appendingPathComponent("report.pdf").path
    let printed = try Browser.run(["--no-pdf-header-footer", "--print-to-pdf=\(pdf)", URL(fileURLWithPath: page).absoluteString],
                                  browser: browser)
    #expect(printed.status == 0, "\(printed.stderr.suffix(500))")
    let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
    // A4 landscape is 842 × 595 points.
    let boxes = bytes.components(separatedBy: "/MediaBox").dropFirst().map { $0.prefix(40) }
    #expect(!boxes.isEmpty)
    for box in boxes {
      let numbers = box.split(whereSeparator: { !"0123456789.".contains($0) }).prefix(4).compactMap { Double($0) }
      #expect(numbers.count == 4 && abs(numbers[2] - 842) < 2 && abs(numbers[3] - 595) < 2, "MediaBox \(box)")
    }
  }

  @Test func aThousandTrackersOpenInSeconds() throws {
    let browser = try Browser.require()
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try generatedReport("big", in: folder, generate: ["--trackers", "1000", "--days", "60", "--start", "2025-12-07"],
                                   report: ["--today", "2026-02-04"])
    let started = Date()
    let dom = try Browser.dumpDOM(of: URL(fileURLWithPath: page).absoluteString, browser: browser)
    let seconds = Date().timeIntervalSince(started)
    #expect(trackerSections(dom).count == 50)
    #expect(dom.contains("Showing the 50 busiest of 1000 trackers"))
    #expect(seconds < 30, "the page took \(seconds) s to open")
  }
}
