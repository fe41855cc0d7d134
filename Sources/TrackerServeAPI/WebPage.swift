internal import CLibCrypto
import Foundation

/// The page `trackport serve` answers `GET /` with (docs/serve.md, "The page"): one document
/// with its style and script inline, nothing loaded from anywhere, no cookie and no storage. It
/// drives the API from the browser: `/api/inspect` when a file is chosen and again when an app
/// is, `/api/convert` for the download, `/api/validate` for the findings; the report is the one
/// plain form post (`/api/report` opens in a new tab under its own policy).
///
/// Every text from a file or a server message is put on the page as text (`textContent`),
/// never as markup. English and Russian are both in the page; it starts in the browser's
/// language.
public enum WebPage {
  /// The document, UTF-8.
  public static let html: String = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    + "<meta name=\"color-scheme\" content=\"light dark\">\n"
    + "<link rel=\"icon\" href=\"data:,\">\n<title>TrackerPort</title>\n<style>" + style + "</style>\n</head>\n<body>\n" + body
    + "<script>" + script + "</script>\n</body>\n</html>\n"

  /// The page's Content-Security-Policy: its one style and one script by their SHA-256 (no
  /// other inline code runs, not even an attribute handler), requests to this server only, forms
  /// posted to this server only, never framed.
  public static let contentSecurityPolicy: String =
    "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; "
      + "connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

  /// The answer to `GET /`.
  static var response: ServeResponse {
    ServeResponse(status: 200, headers: [
      ("Content-Type", "text/html; charset=utf-8"),
      ("Content-Security-Policy", contentSecurityPolicy),
      ("Referrer-Policy", "no-referrer"),
    ], body: Array(html.utf8))
  }

  /// `sha256-` and the base64 of the SHA-256 of `text`'s UTF-8, as CSP names an inline block.
  static func hash(_ text: String) -> String {
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { message in trackport_sha256(message.baseAddress, message.count, &digest) }
    return "sha256-" + Data(digest).base64EncodedString()
  }

  /// The markup. Texts carry `data-t` keys the script translates; the English here is what a
  /// browser without the script shows.
  static let body = #"""
    <header>
    <h1>TrackerPort</h1>
    <div class="tools">
    <button type="button" id="lang" lang="ru">Русский</button>
    <button type="button" id="theme" data-t="theme-auto">Theme: auto</button>
    </div>
    </header>
    <main>
    <p class="lead" data-t="lead">Move your habit history between apps, and see what each app keeps before you do.</p>
    <p class="privacy" data-t="privacy">Your file is read in this server's memory, answered, and forgotten: it is kept nowhere, and nothing of it is logged.</p>
    <noscript><p class="problem">This page needs JavaScript. Without it, use the HTTP API described at /openapi.json.</p></noscript>
    <form id="form" method="post" action="/api/report" enctype="multipart/form-data" target="_blank">
    <section aria-labelledby="h-file">
    <h2 id="h-file" data-t="h-file">1. Your file</h2>
    <label id="drop" class="drop" for="file">
    <span data-t="drop">Choose a file, or drop it here</span>
    <span class="hint" data-t="drop-hint">A backup or export from Loop, Habo, Table Habit, HabitKit, Habit Builder, Beaver Habits, HabitBull, Habitica, Tickmate, Daylio, Streaks, the iOS Tracker app, an org-mode file, a calendar (.ics), or a TrackerPort file; an Obsidian habits folder or a harsh folder zipped.</span>
    <input type="file" id="file" name="file">
    </label>
    <div id="summary" class="summary" role="status" aria-live="polite"></div>
    <div id="way-out" class="way-out" hidden></div>
    <details id="pick"><summary data-t="pick">Choose the format yourself</summary>
    <label for="from" data-t="from-label">The file is from</label>
    <select id="from"><option value="" data-t="from-detect">Tell by the file</option></select>
    <p id="folder-hint" class="hint" hidden></p>
    <div id="from-options"></div>
    <button type="button" id="read-as" data-t="read-as">Read it as this format</button>
    </details>
    <details id="read-notes-box" hidden><summary data-t="read-notes">What reading the file noticed</summary><div id="read-notes"></div></details>
    </section>
    <section aria-labelledby="h-to">
    <h2 id="h-to" data-t="h-to">2. The app to move to</h2>
    <label for="to" data-t="to-label">Move to</label>
    <select id="to" disabled><option value="" data-t="to-choose">Choose an app…</option></select>
    <div id="losses" class="losses" role="status" aria-live="polite"></div>
    <button type="button" id="convert" class="primary" disabled data-t="convert">Convert and download</button>
    <div id="done" role="status" aria-live="polite"></div>
    <div id="howto" class="howto" hidden><h3 id="howto-title"></h3><ol id="howto-steps"></ol></div>
    </section>
    <section aria-labelledby="h-more">
    <h2 id="h-more" data-t="h-more">3. More with the same file</h2>
    <div class="row">
    <button type="button" id="validate" disabled data-t="validate">Check it against the tracker's rules</button>
    <button type="button" id="calendar" disabled data-t="calendar">Export to a calendar (.ics)</button>
    <button type="submit" id="report" disabled data-t="report">Open the report</button>
    </div>
    <input type="hidden" name="locale" id="report-locale" value="en">
    <input type="hidden" name="theme" id="report-theme" value="auto">
    <div id="findings" role="status" aria-live="polite"></div>
    </section>
    </form>
    </main>
    <footer><p><span data-t="footer">The same conversions from the command line:</span> <code>trackport convert</code> · <a href="/openapi.json">/openapi.json</a></p></footer>

    """#
}
