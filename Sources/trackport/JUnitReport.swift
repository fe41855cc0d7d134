import TrackerPort

/// The `validate --format junit` document: JUnit XML, the test-report format GitLab
/// (`artifacts:reports:junit`), Jenkins (`junit`) and most CI servers show as test results.
///
/// Layout: one `<testsuite>` per input file (named by its path), and in it one `<testcase>`
/// per diagnostic code found in that file, named by the code, with `classname` and `file` the
/// path. A code with errors is a `<failure type="code">` whose message is the first finding
/// and whose body lists every finding in the text format; a file that could not be read is an
/// `<error>` instead (the check could not run). Warnings pass, listed in `<system-out>`, unless
/// `--strict` makes them failures. A file with no findings has one passing test case, `valid`.
struct JUnitReport {
  var files: [ValidatedFile]
  /// Whether warnings fail (`--strict`).
  var strict = false

  /// One test case: a code in a file, or `valid`.
  private struct Case {
    enum Outcome: String { case passed, failure, error }
    var name: String
    var outcome: Outcome
    var findings: [Diagnostic]
  }

  /// The document, with the XML declaration and a final newline.
  func render() -> String {
    let suites = files.map { ($0, cases(for: $0)) }
    let all = suites.flatMap(\.1)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"trackport validate\"\(Self.counts(all))>\n"
    for (file, cases) in suites {
      let path = Self.escaped(file.path, attribute: true)
      xml += "  <testsuite name=\"\(path)\"\(Self.counts(cases)) skipped=\"0\">\n"
      for c in cases {
        let name = Self.escaped(c.name, attribute: true)
        xml += "    <testcase name=\"\(name)\" classname=\"\(path)\" file=\"\(path)\""
        guard !c.findings.isEmpty else { xml += "/>\n"; continue }
        xml += ">\n"
        let body = Self.escaped(c.findings.map { DiagnosticRenderer.text($0) + "\n" }.joined(), attribute: false)
        switch c.outcome {
        case .passed:
          xml += "      <system-out>\(body)</system-out>\n"
        case .failure, .error:
          let first = c.findings[0]
          let more = c.findings.count > 1 ? " (and \(c.findings.count - 1) more)" : ""
          xml += "      <\(c.outcome.rawValue) message=\"\(Self.escaped(first.location.place + ": " + first.message + more, attribute: true))\""
          xml += " type=\"\(name)\">\(body)</\(c.outcome.rawValue)>\n"
        }
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  private func cases(for file: ValidatedFile) -> [Case] {
    guard file.read else { return file.diagnostics.map { Case(name: $0.code, outcome: .error, findings: [$0]) } }
    guard !file.diagnostics.isEmpty else { return [Case(name: "valid", outcome: .passed, findings: [])] }
    var order: [String] = []
    var byCode: [String: [Diagnostic]] = [:]
    for d in file.diagnostics {
      if byCode[d.code] == nil { order.append(d.code) }
      byCode[d.code, default: []].append(d)
    }
    return order.map { code in
      let findings = byCode[code] ?? []
      // --strict fails rule warnings, never the reader's notes.
      let fails = findings.contains(where: { $0.severity == .error }) || (strict && findings.contains { !file.notes.contains($0) })
      return Case(name: code, outcome: fails ? .failure : .passed, findings: findings)
    }
  }

  private static func counts(_ cases: [Case]) -> String {
    " tests=\"\(cases.count)\" failures=\"\(cases.count(where: { $0.outcome == .failure }))\" errors=\"\(cases.count(where: { $0.outcome == .error }))\""
  }

  /// XML 1.0 text: `&` `<` `>` always, quotes in attributes, and line ends and tabs in attributes
  /// as character references (a parser would turn them into spaces). Characters XML 1.0 cannot
  /// hold at all (C0 controls, U+FFFE, U+FFFF) are written as `\u{7}`, so nothing is lost and
  /// the document stays well-formed. Works on Unicode scalars, not `Character`s: "\r\n" is one
  /// `Character`.
  static func escaped(_ text: String, attribute: Bool) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out.append(contentsOf: "&amp;".unicodeScalars)
      case "<": out.append(contentsOf: "&lt;".unicodeScalars)
      case ">": out.append(contentsOf: "&gt;".unicodeScalars)
      case "\"" where attribute: out.append(contentsOf: "&quot;".unicodeScalars)
      case "\n" where attribute: out.append(contentsOf: "&#10;".unicodeScalars)
      case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
      case "\t" where attribute: out.append(contentsOf: "&#9;".unicodeScalars)
      case "\t", "\n": out.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      default: out.append(scalar)
      }
    }
    return String(out)
  }
}
