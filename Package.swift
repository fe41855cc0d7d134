// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TrackerPort",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "TrackerPort", targets: ["TrackerPort"]),
    .executable(name: "trackport", targets: ["trackport"]),
    .plugin(name: "ValidateTrackers", targets: ["ValidateTrackers"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // `trackport serve`'s HTTP/1.1 server (BoundedHTTP): SwiftNIO's parser, its header limits
    // and its event loops, without a framework on top (docs/serve.md: Hummingbird measured).
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    // Obsidian notes' YAML frontmatter (libyaml underneath).
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // hub.toml, the hub's configuration (toml++ underneath).
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    // `trackport mcp` (TrackerMCP): the official Model Context Protocol SDK. Its own manifest
    // depends on swift-docc-plugin by `branch: "main"`, which SwiftPM takes under a versioned
    // requirement here: the plugin is no dependency of the MCP product, so it is left out of the
    // graph (checked with `swift package resolve`: Package.resolved has no swift-docc-plugin).
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    // `trackport serve`'s GET /metrics: Prometheus's text format from its own registry.
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
  ],
  targets: [
    // The canonical model, agenda and statistics.
    .target(name: "TrackerModel"),
    // The spec's rules, one file each, and the validation report.
    .target(name: "TrackerValidation", dependencies: ["TrackerModel"]),
    // The codec protocol, registry, inputs/outputs, detection and loss reports.
    .target(name: "TrackerCodec", dependencies: ["TrackerModel", "ZIPFoundation"]),
    // System libraries, each behind the one codec that uses it.
    .systemLibrary(name: "CLibCSV", path: "Sources/CLibCSV", providers: [.apt(["libcsv-dev"])]),
    // SHA-256 and SHA-512 of Core Data's model version hashes (the iOS Tracker store writer),
    // from OpenSSL's libcrypto, which Debian's libssl-dev ships with a pkg-config file.
    .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto",
                   providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
                   providers: [.apt(["libxml2-dev"])]),
    // The CSV byte layer on libcsv (parser, writer, stable ids), shared by every CSV-based codec
    // so that codecs need not import one another.
    .target(name: "CSVCore", dependencies: ["TrackerCodec", "CLibCSV"]),
    // Canonical formats.
    .target(name: "JSONCodec", dependencies: ["TrackerCodec"]),
    .target(name: "CSVCodec", dependencies: ["TrackerCodec", "CSVCore"]),
    .target(name: "XMLCodec", dependencies: ["TrackerCodec", "CLibXML2"]),
    .target(name: "ICalendarCodec", dependencies: ["TrackerCodec"]),
    // Formats of other apps.
    .target(name: "HabitBullCodec", dependencies: ["TrackerCodec", "CSVCore"]),
    // The SQLite layer on GRDB (read-only opening, private copies of WAL files and standard
    // input), shared by every codec of an app's SQLite backup.
    // Its C part: the SQLite settings Swift cannot reach (varargs), for hostile files.
    // The process's arguments handed to the Swift runtime where /proc is missing (a chroot).
    .target(name: "CArguments"),
    .target(name: "CSQLiteGuard", linkerSettings: [.linkedLibrary("sqlite3")]),
    .target(name: "SQLiteCore", dependencies: ["TrackerCodec", "CSQLiteGuard", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(name: "LoopCodec", dependencies: ["TrackerCodec", "CSVCore", "SQLiteCore", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(name: "TickmateCodec", dependencies: ["TrackerCodec", "SQLiteCore", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(name: "TrackerIOSCodec", dependencies: ["TrackerCodec", "SQLiteCore", .product(name: "GRDB", package: "GRDB.swift"), "CLibCrypto"]),
    .target(name: "HaboCodec", dependencies: ["TrackerCodec"]),
    .target(name: "HarshCodec", dependencies: ["TrackerCodec"]),
    .target(name: "DaylioCodec", dependencies: ["TrackerCodec", "CSVCore"]),
    .target(name: "StreaksCodec", dependencies: ["TrackerCodec", "CSVCore"]),
    .target(name: "ObsidianCodec", dependencies: ["TrackerCodec", "Yams"]),
    .target(name: "OrgCodec", dependencies: ["TrackerCodec"]),
    .target(name: "BeaverHabitsCodec", dependencies: ["TrackerCodec"]),
    .target(name: "HabiticaCodec", dependencies: ["TrackerCodec", "CSVCore"]),
    .target(name: "TableHabitCodec", dependencies: ["TrackerCodec"]),
    .target(name: "HabitKitCodec", dependencies: ["TrackerCodec"]),
    .target(name: "HabitBuilderCodec", dependencies: ["TrackerCodec", "CSVCore"]),
    // The host of executable codec plugins (trackport-codec-NAME); speaks canonical JSON to
    // them through the JSON codec, the one codec it may use (docs/plugins.md).
    .target(name: "PluginCodec", dependencies: ["TrackerCodec", "JSONCodec"]),
    // CalDAV: libcurl loaded at run time behind a small C layer (docs/calendar.md says why
    // not URLSession), the WebDAV requests and their multistatus answers (libxml2), and the
    // push/pull of `trackport calendar` over the iCalendar codec's objects.
    // apt-build: libcurl4-openssl-dev (curl's headers, which ccurl.c compiles against; nothing links libcurl)
    .target(name: "CCurl"),
    .target(name: "WebDAV", dependencies: ["CCurl", "CLibXML2"]),
    .target(name: "CalendarSync", dependencies: ["WebDAV", "ICalendarCodec", "TrackerCodec", "TrackerModel"]),
    // diff and merge: identity rules, field changes, the union of days.
    .target(name: "TrackerMerge", dependencies: ["TrackerModel", "TrackerCodec"]),
    // The umbrella library: re-exports and the one list of built-in codecs.
    .target(name: "TrackerPort", dependencies: ["TrackerModel", "TrackerValidation", "TrackerCodec", "JSONCodec", "CSVCodec", "XMLCodec", "ICalendarCodec", "HabitBullCodec", "LoopCodec", "TickmateCodec", "TrackerIOSCodec", "HaboCodec", "HarshCodec", "DaylioCodec", "StreaksCodec", "ObsidianCodec", "OrgCodec", "BeaverHabitsCodec", "HabiticaCodec", "TableHabitCodec", "HabitKitCodec", "HabitBuilderCodec", "PluginCodec", "TrackerMerge"]),
    // `trackport report`: the statistics, streaks and year grids of a dataset as one HTML page
    // (or a Markdown summary).
    .target(name: "TrackerReport", dependencies: ["TrackerModel"]),
    // One input through every reader, writer and model step, for the fuzz harnesses (Fuzz/)
    // and the tests that replay their corpora; `serve`'s form reader (TrackerServeAPI,
    // never the server: the fuzz build links every library object it depends on); and a CalDAV
    // server's answer as `calendar push/pull` read it (WebDAV, CalendarSync; CCurl is linked,
    // never called); and what a client writes to `trackport mcp` (TrackerMCP's transport and
    // server, on the SDK).
    .target(name: "TrackerFuzzing", dependencies: ["TrackerPort", "TrackerServeAPI", "CalendarSync", "WebDAV", "ICalendarCodec", "TrackerMCP"]),
    // The JSON documents both the CLI prints and the server returns (formats, diagnostics).
    .target(name: "TrackerOutput", dependencies: ["TrackerPort"]),
    // `trackport serve`'s HTTP API over the library, independent of any server framework:
    // ServeAPI (the routes and endpoints), its MultipartForm reader, the OpenAPI document and
    // the web page (CLibCrypto for the page's CSP hashes). The fuzz harnesses reach the form
    // reader here without the server.
    .target(name: "TrackerServeAPI", dependencies: ["TrackerPort", "TrackerOutput", "TrackerReport", "CLibCrypto"]),
    // An HTTP/1.1 server on SwiftNIO that bounds what a client controls (header size and count,
    // header and body times, idle keep-alive, connections, requests per client) and survives
    // running out of files; it serves any HTTPService (`serve`'s API, the hub's).
    .target(name: "BoundedHTTP", dependencies: [
      .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
    ]),
    // `trackport serve`'s socket: ServeAPI as an HTTPService on BoundedHTTP (TrackerServer), with
    // the conversion slots, the worker processes and the access log.
    .target(name: "TrackerServe", dependencies: ["TrackerServeAPI", "BoundedHTTP", .product(name: "Prometheus", package: "swift-prometheus")]),
    // `trackport hub`: one history kept from every backup that comes in (hub.toml, the journal of
    // imports, undo, the outputs regenerated when the history changes).
    .target(name: "TrackerHub", dependencies: ["TrackerPort", "TrackerMerge", "TrackerReport", "TrackerOutput", "CLibCrypto",
                                               "TrackerServeAPI", "FileWatch", "ZIPFoundation", .product(name: "TOMLKit", package: "TOMLKit")]),
    // `trackport mcp`: the Model Context Protocol server (tools, resources, a bounded stdio
    // transport) over the library; files are read through ServeAPI as `serve` reads uploads.
    .target(name: "TrackerMCP", dependencies: ["TrackerPort", "TrackerOutput", "TrackerReport", "TrackerServeAPI",
                                               .product(name: "MCP", package: "swift-sdk")]),
    // Folders watched with Linux's inotify (Glibc, nothing else), debounced, with sync tools'
    // temporary names left out: what `trackport hub watch` waits on.
    .target(name: "FileWatch"),
    // The command-line tool.
    .executableTarget(name: "trackport", dependencies: [
      "TrackerPort", "TrackerReport", "TrackerOutput", "TrackerServeAPI", "TrackerServe", "BoundedHTTP", "CalendarSync", "WebDAV",
      "TrackerHub", "FileWatch", "TrackerMCP", "CArguments",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ], plugins: ["BuildInfo"]),
    // README's "Using the library" code, built with everything so it cannot rot;
    // Tests/docs/check_swift_examples.py (make docs-check) keeps README showing this file as it is.
    .executableTarget(name: "LibraryExample", dependencies: ["TrackerPort"], path: "Examples/library-use"),
    // `trackport --version`: the release and commit, from git's tags (scripts/version), written
    // before each build and only when they change (docs/releasing.md).
    .plugin(name: "BuildInfo", capability: .buildTool()),
    // `swift package validate-trackers`: CI for repositories of datasets; forwards to the tool.
    .plugin(
      name: "ValidateTrackers",
      capability: .command(
        intent: .custom(verb: "validate-trackers",
                        description: "Validate the package's tracker datasets with 'trackport validate'; fails when they break rules."),
        permissions: [])),
    // No `dependencies: ["trackport"]`: the plugin asks SwiftPM to build the tool when it runs
    // (ValidateTrackers.builtTool), since a tool dependency compiles the whole package twice
    // in every build, the second time for the host.

    // Helpers every test target shares (as swift-argument-parser's ArgumentParserTestHelpers):
    // the repository and shared-fixture lookup, the CLI and oracle runners (Python scripts in
    // Tests/Oracles, sqlite3), temporary folders, decode/encode with a codec value. Used by
    // tests only; on TrackerCodec, not on the umbrella, so one codec's tests build without
    // the others.
    .target(name: "TrackerTestSupport", dependencies: ["TrackerModel", "TrackerCodec"], path: "Tests/TrackerTestSupport"),

    .testTarget(name: "TrackerModelTests", dependencies: ["TrackerModel"]),
    .testTarget(name: "TrackerValidationTests", dependencies: ["TrackerValidation"]),
    .testTarget(name: "SQLiteCoreTests", dependencies: ["SQLiteCore", .product(name: "GRDB", package: "GRDB.swift"), "TrackerTestSupport"]),
    .testTarget(name: "TrackerFuzzingTests", dependencies: ["TrackerFuzzing", "TrackerServeAPI", "CalendarSync", "WebDAV"], resources: [.copy("Regressions")]),
    .testTarget(name: "TrackerCodecTests", dependencies: ["TrackerCodec", "ZIPFoundation"]),
    .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "CSVCodecTests", dependencies: ["CSVCodec", "CSVCore", "TrackerValidation", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "XMLCodecTests", dependencies: ["XMLCodec", "JSONCodec", "TrackerValidation", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "ICalendarCodecTests", dependencies: ["ICalendarCodec", "JSONCodec", "TrackerTestSupport"]),
    .testTarget(name: "HabitBullCodecTests", dependencies: ["HabitBullCodec", "CSVCore", "TrackerValidation", "TrackerTestSupport"]),
    .testTarget(name: "LoopCodecTests", dependencies: ["LoopCodec", "JSONCodec", "TrackerTestSupport"]),
    .testTarget(name: "TickmateCodecTests", dependencies: ["TickmateCodec", "TrackerTestSupport"]),
    .testTarget(name: "TrackerIOSCodecTests", dependencies: ["TrackerIOSCodec", "JSONCodec", "TrackerTestSupport"]),
    .testTarget(name: "HaboCodecTests", dependencies: ["HaboCodec", "JSONCodec", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "HarshCodecTests", dependencies: ["HarshCodec", "LoopCodec", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "ObsidianCodecTests", dependencies: ["ObsidianCodec", "LoopCodec", "TrackerValidation", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "DaylioCodecTests", dependencies: ["DaylioCodec", "TrackerValidation", "TrackerTestSupport", "ZIPFoundation"], resources: [.copy("Fixtures")]),
    .testTarget(name: "StreaksCodecTests", dependencies: ["StreaksCodec", "TrackerValidation", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "OrgCodecTests", dependencies: ["OrgCodec", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "BeaverHabitsCodecTests", dependencies: ["BeaverHabitsCodec", "JSONCodec", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "HabiticaCodecTests", dependencies: ["HabiticaCodec", "TrackerValidation", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "HabitKitCodecTests", dependencies: ["HabitKitCodec", "JSONCodec", "LoopCodec", "TrackerValidation", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "HabitBuilderCodecTests", dependencies: ["HabitBuilderCodec", "LoopCodec", "TrackerTestSupport", "ZIPFoundation"], resources: [.copy("Fixtures")]),
    .testTarget(name: "TableHabitCodecTests", dependencies: ["TableHabitCodec", "JSONCodec", "TrackerValidation", "TrackerTestSupport"], resources: [.copy("Fixtures")]),
    // On the umbrella too: discovery and the registry with plugins (StandardCodecs) are its.
    .testTarget(name: "PluginCodecTests", dependencies: ["PluginCodec", "TrackerPort", "TrackerTestSupport"]),
    .testTarget(name: "WebDAVTests", dependencies: ["WebDAV"]),
    .testTarget(name: "CalendarSyncTests", dependencies: ["CalendarSync", "WebDAV", "ICalendarCodec", "JSONCodec", "TrackerTestSupport"]),
    .testTarget(name: "TrackerMergeTests", dependencies: ["TrackerMerge", "TrackerModel"]),
    .testTarget(name: "TrackerPortTests", dependencies: ["TrackerPort", "TrackerTestSupport"]),
    .testTarget(name: "TrackerServeAPITests", dependencies: ["TrackerServeAPI", "TrackerReport", "TrackerTestSupport"]),
    .testTarget(name: "TrackerServeTests", dependencies: ["TrackerServeAPI", "TrackerServe", "BoundedHTTP", "TrackerTestSupport"]),
    .testTarget(name: "TrackerReportTests", dependencies: ["TrackerReport", "TrackerModel"]),
    .testTarget(name: "FileWatchTests", dependencies: ["FileWatch"]),
    .testTarget(name: "TrackerMCPTests", dependencies: ["TrackerMCP", "TrackerServeAPI", "TrackerPort", "TrackerTestSupport",
                                                        .product(name: "MCP", package: "swift-sdk")]),
    .testTarget(name: "TrackerHubTests", dependencies: ["TrackerHub", "TrackerPort", "TrackerTestSupport"]),
    .testTarget(name: "trackportTests", dependencies: ["trackport", "TrackerTestSupport"]),
  ]
)
