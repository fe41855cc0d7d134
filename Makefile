# TrackerPort — `make demo` runs the main job on SampleData, `make test` runs every test.
# Both work on a fresh Debian machine with only the Swift toolchain: missing system packages
# are installed with apt-get (when run as root), Python test oracles go into .venv.

SWIFT      ?= swift
CONFIG     ?= debug
BIN        := .build/$(CONFIG)/trackport
# The release build (docs/releasing.md): `swift build -c release`, as swift-argument-parser's
# generate-manual builds it too; a test build in release (make test TEST_CONFIG=release) adds
# -enable-testing (TESTING_FLAGS) so that the tests' @testable imports build against it. The binary install, dist and deb ship is
# linked once more from a build's object files by packaging/link-static (seconds, no compiling):
# the Swift runtime and Foundation statically (-static-stdlib), and libcsv, libxml2 (with ICU,
# liblzma, zlib), SQLite, libcrypto and libstdc++ from their static archives
# (packaging/static-libs), so it needs nothing but glibc: STATIC_BIN_release (or _debug, linked
# from the debug build).
BUILD_FLAGS_release = -c release
BUILD_FLAGS_debug   = -c debug
TESTING_FLAGS_release = -Xswiftc -enable-testing
TESTING_FLAGS_debug   = $(CI_DEBUG_FLAGS)
# Under CI (.ci/run sets CI) make test's debug build carries no debug info: nobody steps
# through it, and it saves a tenth of the compile and most of the test bundle's link. It also
# compiles each module whole (-wmo, with two threads so that every file keeps its object, as
# SwiftPM and the index store expect): a clean build type-checks each file once instead of in
# every batch, 310 s against 337 s here (docs/ci.md). Every SwiftPM command over that build
# folder passes the same flags (TESTING_FLAGS; the plugin test reads them from
# TRACKPORT_SWIFT_FLAGS), or SwiftPM would compile everything again. Local builds keep their
# debug info and incremental compiles, so a `swift build` after `make test` rebuilds nothing.
CI_DEBUG_FLAGS := $(if $(CI),-Xswiftc -gnone -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2)
STATIC_BIN_release  = $(SCRATCH)/static/release/trackport
STATIC_BIN_debug    = $(SCRATCH)/static/debug/trackport
VENV       := .venv
PYTHON     := $(VENV)/bin/python
PREFIX     ?= /usr/local
DESTDIR    ?=
# install builds and installs this configuration (check-install uses debug to save a build).
INSTALL_CONFIG ?= release
DEMO_OUT   := .build/demo

# Debian packages, each with a command that succeeds when it is installed. BUILD_PACKAGES are
# needed to build and run the tool (a codec on a C library adds its -dev package here; binutils
# and xz-utils cut ICU's data and pack the release);
# TEST_PACKAGES only by the tests' oracles (Python packages, xmllint, sqlite3; openssl for the
# calendar tests' HTTPS certificate; shells and groff
# to check the installed completions and man page; chromium to open `trackport report` pages,
# and with chromium-driver to drive serve's page).
BUILD_PACKAGES := libcsv-dev libxml2-dev libsqlite3-dev libssl-dev libicu-dev liblzma-dev zlib1g-dev libcurl4-openssl-dev \
                  binutils xz-utils
TEST_PACKAGES  := python3 python3-venv libxml2-utils sqlite3 openssl zsh fish groff-base zlib1g-dev chromium chromium-driver emacs-nox \
                  debootstrap lintian podman runc catatonit
BENCH_PACKAGES := time
check_python3       := command -v python3
check_python3-venv  := python3 -c "import ensurepip, venv"
check_chromium      := command -v chromium
check_chromium-driver := command -v chromedriver

.PHONY: all build release dist deb release-check release-check-timed debian-root image image-test static-build static-link static-libs demo test test-build test-suite check-fast doc-examples serve-test hub-test ci-test mcp-test fuzz fuzz-smoke fuzz-smoke-run deps build-deps test-deps bench-deps venv bench clean install uninstall check-install

all: build

## deps: install everything the build and the tests need.
deps: build-deps test-deps venv

build-deps:
	@$(call install_missing,$(BUILD_PACKAGES))

test-deps:
	@$(call install_missing,$(TEST_PACKAGES))

bench-deps:
	@$(call install_missing,$(TEST_PACKAGES) $(BENCH_PACKAGES))

# install_missing: apt-get install the listed packages whose check fails (as root), or say
# which command to run.
define install_missing
missing=""; \
for pkg in $(1); do \
  case $$pkg in \
    python3) check='$(check_python3)' ;; \
    python3-venv) check='$(check_python3-venv)' ;; \
    chromium) check='$(check_chromium)' ;; \
    chromium-driver) check='$(check_chromium-driver)' ;; \
    *) check="dpkg -s $$pkg" ;; \
  esac; \
  sh -c "$$check" >/dev/null 2>&1 || missing="$$missing $$pkg"; \
done; \
if [ -n "$$missing" ]; then \
  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
    echo "installing:$$missing"; \
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
  else \
    echo "missing system packages:$$missing; run: sudo apt-get install$$missing" >&2; exit 1; \
  fi; \
fi
endef

## venv: Python packages used by tests as independent oracles (never by the tool).
venv: $(VENV)/.installed

$(VENV)/.installed: Tests/requirements.txt | test-deps
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r Tests/requirements.txt
	touch $@

build: build-deps
	$(SWIFT) build -c $(CONFIG)

## release: the static release binary, $(SCRATCH)/static/release/trackport.
release: build-deps
	$(MAKE) --no-print-directory static-build INSTALL_CONFIG=release

# The build of INSTALL_CONFIG's trackport, then its static link.
static-build: static-libs
	$(SWIFT) build --scratch-path $(SCRATCH) $(BUILD_FLAGS_$(INSTALL_CONFIG)) --product trackport
	$(MAKE) --no-print-directory static-link

# The static link alone, over a build already made (make test's); again only when SwiftPM's
# own link of trackport is newer (its objects changed), so dist, deb and install ship one binary.
static-link: static-libs
	@if [ ! -e $(STATIC_BIN_$(INSTALL_CONFIG)) ] || [ $(SCRATCH)/$(INSTALL_CONFIG)/trackport -nt $(STATIC_BIN_$(INSTALL_CONFIG)) ] \
	  || [ $(SCRATCH)/static-libs/icu-data.o -nt $(STATIC_BIN_$(INSTALL_CONFIG)) ]; then \
	  echo "packaging/link-static $(SCRATCH)/$(INSTALL_CONFIG) $(SCRATCH)/static-libs $(STATIC_BIN_$(INSTALL_CONFIG))"; \
	  packaging/link-static $(SCRATCH)/$(INSTALL_CONFIG) $(SCRATCH)/static-libs $(STATIC_BIN_$(INSTALL_CONFIG)); fi

static-libs:
	@SWIFT=$(SWIFT) packaging/static-libs $(SCRATCH)/static-libs

## demo: validate, inspect and convert the demo dataset.
demo: build
	@mkdir -p $(DEMO_OUT)
	@echo "\$$ trackport validate SampleData/demo.trackport.json --today 2026-11-22"
	@$(BIN) validate SampleData/demo.trackport.json --today 2026-11-22
	@echo; echo "\$$ trackport stats SampleData/demo.trackport.json"
	@$(BIN) stats SampleData/demo.trackport.json
	@echo; echo "\$$ trackport agenda SampleData/demo.trackport.json --date 2026-11-20 --locale ru"
	@$(BIN) agenda SampleData/demo.trackport.json --date 2026-11-20 --locale ru
	@echo; echo "\$$ trackport convert SampleData/demo.trackport.json $(DEMO_OUT)/demo.trackport.json --force"
	@$(BIN) convert SampleData/demo.trackport.json $(DEMO_OUT)/demo.trackport.json --force
	@cmp SampleData/demo.trackport.json $(DEMO_OUT)/demo.trackport.json && echo "round trip: identical bytes"
	@echo; echo "\$$ trackport convert SampleData/demo.trackport.json $(DEMO_OUT)/demo-package.zip --force   # CSV data package"
	@$(BIN) convert SampleData/demo.trackport.json $(DEMO_OUT)/demo-package.zip --force
	@$(BIN) convert $(DEMO_OUT)/demo-package.zip $(DEMO_OUT)/from-csv.trackport.json --force
	@cmp SampleData/demo.trackport.json $(DEMO_OUT)/from-csv.trackport.json && echo "JSON -> CSV package -> JSON: identical bytes"
	@echo; echo "\$$ trackport convert SampleData/demo.trackport.json $(DEMO_OUT)/demo.trackport.xml --force   # XML, checked against its XSD"
	@$(BIN) convert SampleData/demo.trackport.json $(DEMO_OUT)/demo.trackport.xml --force
	@$(BIN) validate $(DEMO_OUT)/demo.trackport.xml --today 2026-11-22
	@$(BIN) convert $(DEMO_OUT)/demo.trackport.xml $(DEMO_OUT)/from-xml.trackport.json --force
	@cmp SampleData/demo.trackport.json $(DEMO_OUT)/from-xml.trackport.json && echo "JSON -> XML -> JSON: identical bytes"
	@echo; echo "\$$ trackport convert SampleData/demo.trackport.json $(DEMO_OUT)/demo.db --force   # a Loop Habit Tracker backup"
	@$(BIN) convert SampleData/demo.trackport.json $(DEMO_OUT)/demo.db --force
	@$(BIN) convert $(DEMO_OUT)/demo.db $(DEMO_OUT)/from-loop.trackport.json --force --quiet
	@echo "\$$ trackport validate $(DEMO_OUT)/from-loop.trackport.json   # back from Loop: every habit, schedule and completion"
	@$(BIN) validate $(DEMO_OUT)/from-loop.trackport.json --today 2026-11-22
	@echo; echo "\$$ trackport validate SampleData/invalid/name-too-long.trackport.json   # a broken file"
	@$(BIN) validate SampleData/invalid/name-too-long.trackport.json; echo "exit status $$?"

## test: every test, with the Python oracles, the doc examples, the install check, the fuzz
## smoke run and serve's tests (hostile uploads, the page in Chromium, schemathesis). One debug
## build serves them all (the tool, the tests, the install check), with the Python oracles
## installing beside it; then the Swift suite with its checks, the fuzz smoke run (its own
## sanitized build in .build-fuzz), the doc examples and serve's tests go side by side, each
## printing when it ends (and how long it took).
## The suite's temporary files go to a folder of their own (TMPDIR), emptied before each run;
## afterwards no temporary folder of the tool's own (`trackport-loop-XXXXXX`, Loop's scratch
## space) may be left in it.
TEST_TMP := .build/test-tmp
JOBS     ?= 3
TEST_CONFIG ?= debug
# SwiftNIO traps, where it would print a line, when a task is enqueued on an event loop that has
# ended: under make test such a race fails the test it happens in (a stop racing the loops' end
# printed that line into serve's JSON log in CI, 2026-12-07).
test check-fast serve-test hub-test: export SWIFTNIO_STRICT = 1
test: build-deps
	$(MAKE) --no-print-directory -j3 --output-sync=recurse test-build venv debian-root
	$(MAKE) --no-print-directory -j$(JOBS) --output-sync=recurse CONFIG=$(TEST_CONFIG) PREBUILT=1 \
	  test-suite fuzz-smoke-run release-check-timed check-install doc-examples serve-test hub-test ci-test mcp-test
	@# The container tests after the rest: podman's network interfaces coming up made Chromium's
	@# page test fail with net::ERR_NETWORK_CHANGED when both ran at once (2026-12-07).
	$(MAKE) --no-print-directory CONFIG=$(TEST_CONFIG) PREBUILT=1 image-test

# The build of everything, tests included, in TEST_CONFIG (debug: see docs/releasing.md, "make
# test's one build"), and its static link, which check-install and release-check install and
# pack (the test packages, the Python oracles and the Debian root install beside it: apt, pip
# and debootstrap wait on the network more than on the processor).
test-build:
	@start=$$(date +%s); $(SWIFT) build --build-tests $(BUILD_FLAGS_$(TEST_CONFIG)) $(TESTING_FLAGS_$(TEST_CONFIG)) || exit $$?; \
	  $(MAKE) --no-print-directory static-link INSTALL_CONFIG=$(TEST_CONFIG) || exit $$?; \
	  $(MAKE) --no-print-directory man-check || exit $$?; \
	  echo "make test: the build took $$(( $$(date +%s) - start )) s"

## check-fast: the edit-compile-test loop: build and run the Swift tests only (FILTER=regex
## picks suites or tests, as `swift test --filter`), without
## fuzzing, doc examples, docs or the install check.
FILTER ?=
check-fast: build-deps venv
	$(SWIFT) build --build-tests
	TRACKPORT_PYTHON=$(abspath $(PYTHON)) $(SWIFT) test --skip-build $(if $(FILTER),--filter '$(FILTER)')

# The Swift suite, then what needs the build folder to itself (swift test holds its lock): the
# docs check. The doc examples, the install check and the release check only use the built tool
# and its static link (PREBUILT: no SwiftPM command): they go beside.
# The in-process servers' tests (SwiftNIO's event loops started from a Task) run after the rest,
# on their own: beside 1,200 other tests on two cores the cooperative thread pool is busy for
# minutes with blocking tests, and a server waiting for a thread to bind fails its 60 s wait.
# The MCP harness's replay (MCPFuzzReplayTests) runs the MCP server's tasks: it goes with them.
SERVER_TESTS := TrackerServeTests\.|MCPFuzzReplayTests
test-suite:
	rm -rf $(TEST_TMP) && mkdir -p $(TEST_TMP)
	@start=$$(date +%s); TMPDIR=$(abspath $(TEST_TMP)) TRACKPORT_PYTHON=$(abspath $(PYTHON)) TRACKPORT_SWIFT_FLAGS="$(TESTING_FLAGS_$(TEST_CONFIG))" $(SWIFT) test --skip-build $(BUILD_FLAGS_$(TEST_CONFIG)) $(TESTING_FLAGS_$(TEST_CONFIG)) --skip '$(SERVER_TESTS)' || exit $$?; \
	  TMPDIR=$(abspath $(TEST_TMP)) $(SWIFT) test --skip-build $(BUILD_FLAGS_$(TEST_CONFIG)) $(TESTING_FLAGS_$(TEST_CONFIG)) --filter '$(SERVER_TESTS)' || exit $$?; \
	  echo "make test: swift test took $$(( $$(date +%s) - start )) s"
	@left=$$(find $(TEST_TMP) -maxdepth 1 -name 'trackport-[a-z]*-??????'); \
	  if [ -n "$$left" ]; then echo "the tool left temporary folders behind:"; echo "$$left"; exit 1; fi
	$(MAKE) --no-print-directory docs-check

release-check-timed:
	@start=$$(date +%s); $(MAKE) --no-print-directory release-check PACKAGE_CONFIG=$(TEST_CONFIG) || exit $$?; \
	  echo "make test: the release check took $$(( $$(date +%s) - start )) s"

## fuzz: every reader's libFuzzer harness (Fuzz/harnesses.tsv) for FUZZ_SECONDS each (default
## 600), FUZZ_JOBS at a time (default: the number of cores), built with -sanitize=fuzzer,address
## in .build-fuzz; findings fail the run (docs/security.md, "Fuzzing"). FUZZ_HARNESSES names
## some harnesses only.
FUZZ_SECONDS ?= 600
fuzz: deps
	$(SWIFT) build --product trackport
	FUZZ_SECONDS=$(FUZZ_SECONDS) TRACKPORT_BIN=$(BIN) TRACKPORT_PYTHON=$(abspath $(PYTHON)) Fuzz/run $(FUZZ_HARNESSES)

## fuzz-smoke: every harness for 3 s (part of make test, so the harnesses keep building and
## the regression corpus keeps passing under the sanitizers).
fuzz-smoke: deps
	$(SWIFT) build --product trackport
	$(MAKE) --no-print-directory fuzz-smoke-run

# The smoke run over an already built tool (it makes seeds with `trackport generate`).
fuzz-smoke-run:
	@start=$$(date +%s); TRACKPORT_BIN=$(BIN) TRACKPORT_PYTHON=$(abspath $(PYTHON)) Fuzz/run --smoke || exit $$?; \
	  echo "make test: the fuzz smoke run took $$(( $$(date +%s) - start )) s"

## doc-examples: every ```console example of README.md, docs/*.md and Examples/*/README.md, run
## against the built tool; the output must be what the document shows (docs/doc-examples.md).
doc-examples:
	python3 Tests/docs/run_doc_examples.py $(BIN)

## serve-test: `trackport serve` as its users meet it. Tests/serve/hostile_test.py sends a running
## server a zip bomb, deep JSON, endless SQLite views, a 2 GB declared body, garbage multipart
## and a slow client; Tests/serve/attack_test.py attacks its connections with an open-file limit
## of 256 (300 idle connections, a 512 KB header, four 64 KB headers, a request line and a body a
## byte a second: /healthz within 100 ms throughout, 431 and 408 as documented, SIGTERM when idle
## within 1 s; a server out of files logs EMFILE and answers on); Tests/serve/page_test.py drives
## the page in headless Chromium through its WebDriver (a Loop backup to Table Habit by mouse, at
## 360 px and by keyboard, byte-equal to the CLI's file); Tests/serve/schemathesis_test.py runs
## schemathesis on the OpenAPI document.
serve-test:
	@start=$$(date +%s); $(PYTHON) Tests/serve/hostile_test.py $(BIN) && $(PYTHON) Tests/serve/attack_test.py $(BIN) \
	  && $(PYTHON) Tests/serve/page_test.py $(BIN) && $(PYTHON) Tests/serve/schemathesis_test.py $(BIN) || exit $$?; \
	  echo "make test: the serve tests took $$(( $$(date +%s) - start )) s"

## hub-test: `trackport hub` as issue 40's "Done means" has it, over the seeded 60-day simulation of
## Tests/Oracles/hub_simulation.py (Loop's automatic backups with its rotation and a phone reset,
## Table Habit exports from a second phone, weekly Habitica exports condensed as Habitica
## condenses them; counted apart from the codecs). Tests/hub/generator_test.py reads every file
## it writes with `convert` and compares with the counter; simulation_test.py runs the 60 days
## through `hub run` (the history holds every day any file showed, once; undo of day 30 gives
## the day-29 history byte for byte; a run with nothing new changes no file); kill_test.py kills
## runs at five points, and tries the lock and truncated sources; watch_test.py drives `hub watch`
## (a Syncthing rename, 100 files at once, its folder removed and made again, SIGTERM); calendar_client_test.py
## syncs the CalDAV output from Radicale with vdirsyncer and compares khal's week with `trackport agenda`. All run; one failing fails.
hub-test:
	@start=$$(date +%s); status=0; for t in generator simulation kill watch serve calendar_client; do \
	  $(PYTHON) Tests/hub/$${t}_test.py $(BIN) || status=1; done; \
	  echo "make test: the hub tests took $$(( $$(date +%s) - start )) s"; exit $$status

## ci-test: the tools CI users expect (docs/ci.md). Tests/ci/precommit_test.py installs the hook of
## .pre-commit-hooks.yaml from this repository at its commit into a scratch git repository and
## runs the real pre-commit (the venv's) with the built tool on the PATH: a clean dataset passes,
## a broken one fails with its located finding; Tests/ci/schema_test.py checks the JSON Schema's
## stable $id, docs/ci.md's VS Code setting, and a dataset's "$schema" key read and written back.
## (action.yml's script, Tests/ci/action_test.py,
## runs in release-check, on the archive it makes.)
ci-test:
	@start=$$(date +%s); $(PYTHON) Tests/ci/precommit_test.py $(BIN) && $(PYTHON) Tests/ci/schema_test.py $(BIN) || exit $$?; \
	  echo "make test: the CI tools tests took $$(( $$(date +%s) - start )) s"
## mcp-test: `trackport mcp` as issue 41's "Done means" has it: Tests/mcp/mcp_test.py drives it with
## the official Python MCP client (PyPI mcp) over a generated dataset and the shared Loop backup:
## every tool schema checked with jsonschema, every tool called and compared with counts of its own
## (the canonical JSON in Python, the Loop file with sqlite3), paging, the folders it refuses,
## malformed and oversized messages, status 0 at the end of input.
mcp-test:
	@start=$$(date +%s); $(PYTHON) Tests/mcp/mcp_test.py $(BIN) || exit $$?; \
	  echo "make test: the mcp tests took $$(( $$(date +%s) - start )) s"

## docs: the library's DocC site in $(DOCS_OUT)/TrackerPort.doccarchive (docs/architecture.md,
## "The library's documentation"): TrackerPort and every module it re-exports (Exports.swift) as
## one module, so every public symbol is on it and links between modules resolve. The symbol
## graph is extracted from the debug build, which is reused, not compiled again (docs/api/build).
## docs-check (part of make test): the same with DocC warnings as errors (a ``link`` that does not
## resolve), every ```swift block of the docs a file a target compiles, README's module list
## naming every target of Package.swift, and docs/migration-matrix.md matching the declarations.
DOCS_OUT     := .build/docs
DOCC         ?= docc
DOCC_FLAGS   ?=
.PHONY: docs docs-check
DOCS_CONFIG  ?= debug
docs: build-deps
	$(SWIFT) build $(BUILD_FLAGS_$(DOCS_CONFIG)) $(TESTING_FLAGS_$(DOCS_CONFIG)) --target TrackerPort
	SWIFT=$(SWIFT) DOCC=$(DOCC) SWIFT_BUILD_FLAGS="$(BUILD_FLAGS_$(DOCS_CONFIG)) $(TESTING_FLAGS_$(DOCS_CONFIG))" docs/api/build $(DOCS_OUT) $(DOCC_FLAGS)

docs-check:
	python3 Tests/docs/check_swift_examples.py
	python3 Tests/docs/migration_matrix.py $(BIN)
	python3 Tests/docs/check_apt_lines.py
	python3 Tests/docs/check_readme_modules.py
	$(MAKE) --no-print-directory docs DOCC_FLAGS=--warnings-as-errors DOCS_CONFIG=$(TEST_CONFIG)

## bench: speed and memory against peers measured in the same run (see bench/RESULTS.md).
bench: build-deps bench-deps
	bench/run

## install: the tool (the static link of INSTALL_CONFIG's build: the release build, unless told),
## its bash/zsh/fish completions and its man page under $(DESTDIR)$(PREFIX). The man page is
## docs/man/trackport.1 as committed (`make man` regenerates it; make test fails when it is out of
## date), so installing and packing run no SwiftPM command but the build. PREBUILT=1 (make test)
## installs the static link made already, without asking SwiftPM to build. SCRATCH is the build
## folder (swift's --scratch-path), for a build of one's own beside another.
SCRATCH     ?= .build
PREBUILT    ?=
INSTALL_BIN  = $(STATIC_BIN_$(INSTALL_CONFIG))
MAN_PAGE    := docs/man/trackport.1
BINDIR      := $(DESTDIR)$(PREFIX)/bin
MANDIR      := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR     := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR      := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR     := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

install: build-deps $(if $(PREBUILT),,static-build)
	@[ -x "$(INSTALL_BIN)" ] || { echo "install: $(INSTALL_BIN) is not built (make static-build INSTALL_CONFIG=$(INSTALL_CONFIG))" >&2; exit 1; }
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$(INSTALL_BIN)" "$(BINDIR)/trackport"
	install -m 644 $(MAN_PAGE) "$(MANDIR)/trackport.1"
	"$(INSTALL_BIN)" --generate-completion-script bash > "$(BASHDIR)/trackport"
	"$(INSTALL_BIN)" --generate-completion-script zsh > "$(ZSHDIR)/_trackport"
	"$(INSTALL_BIN)" --generate-completion-script fish > "$(FISHDIR)/trackport.fish"
	chmod 644 "$(BASHDIR)/trackport" "$(ZSHDIR)/_trackport" "$(FISHDIR)/trackport.fish"
	@echo "installed trackport under $(DESTDIR)$(PREFIX)"

## migration-matrix: rewrite docs/migration-matrix.md's tables from the formats' declarations
## (`trackport formats --format json`), after a codec's cannotCarry or carriesInPart changes;
## docs-check (make test) fails while the page differs.
.PHONY: migration-matrix
migration-matrix: build
	python3 Tests/docs/migration_matrix.py $(BIN) --write

## man: regenerate docs/man/trackport.1 after changing a command, an option or its help, the
## README's exit-status table or docs/man/trackport-sections.mdoc: swift-argument-parser's
## generate-manual over the debug build's --help, completed by docs/man/add-sections (ENVIRONMENT,
## EXIT STATUS, EXAMPLES). man-check (make test, right after the build) makes the same page in
## .build/man/ and fails when the committed one differs (its date aside).
MANUAL_OUT  := .build/plugins/GenerateManual/outputs/trackport
MAN_DATE    ?= $(shell date -u +%Y-%m-%d)
.PHONY: man man-check man-page
man: build-deps
	$(SWIFT) build --product trackport
	$(MAKE) --no-print-directory man-page MAN_OUT=$(MAN_PAGE)

man-check:
	@mkdir -p .build/man
	@$(MAKE) --no-print-directory man-page MAN_OUT=.build/man/trackport.1 >/dev/null
	@grep -v '^\.Dd ' $(MAN_PAGE) > .build/man/committed.1; grep -v '^\.Dd ' .build/man/trackport.1 > .build/man/generated.1
	@if diff .build/man/committed.1 .build/man/generated.1; then echo "man-check: $(MAN_PAGE) is up to date"; \
	else echo "man-check: $(MAN_PAGE) is out of date (the lines above): run make man" >&2; exit 1; fi

man-page:
	$(SWIFT) package $(TESTING_FLAGS_debug) generate-manual --configuration debug --authors "TrackerPort contributors" --date $(MAN_DATE) >/dev/null
	sh docs/man/add-sections "$(MANUAL_OUT)/trackport.1" docs/man/trackport-sections.mdoc README.md > $(MAN_OUT).tmp
	mv $(MAN_OUT).tmp $(MAN_OUT)

## dist: dist/trackport-VERSION-linux-x86_64.tar.xz (and the same tar as .tar.gz, for a system
## without xz), each with its .sha256: the release binary, man
## page, completions (a prefix's layout), LICENSE, THIRD-PARTY and a README (packaging/).
## deb: dist/trackport_VERSION_amd64.deb (dpkg-deb; lintian overrides in packaging/). Both install
## the one release build into a stage folder; VERSION is scripts/version's (git's release tag).
VERSION   = $(shell scripts/version)
DIST_DIR ?= dist
# make test packs its own build (PACKAGE_CONFIG=$(TEST_CONFIG)); a release packs the release build.
PACKAGE_CONFIG ?= release
DIST_NAME = trackport-$(VERSION)-linux-x86_64
STAGE     = $(abspath $(SCRATCH))/stage

dist: build-deps
	rm -rf $(STAGE)/dist && mkdir -p $(STAGE)/dist
	$(MAKE) --no-print-directory install INSTALL_CONFIG=$(PACKAGE_CONFIG) PREFIX=$(STAGE)/dist/$(DIST_NAME) DESTDIR= >/dev/null
	packaging/make-dist $(STAGE)/dist $(DIST_NAME) $(DIST_DIR)

deb: build-deps
	rm -rf $(STAGE)/deb && mkdir -p $(STAGE)/deb
	$(MAKE) --no-print-directory install INSTALL_CONFIG=$(PACKAGE_CONFIG) PREFIX=/usr DESTDIR=$(STAGE)/deb >/dev/null
	packaging/make-deb $(STAGE)/deb $(VERSION) $(DIST_DIR)/trackport_$(VERSION)_amd64.deb

## debian-root: the bare Debian root release-check runs the release in, made once (debootstrap,
## cached in .build-debian/); make test makes it beside the build, whose processor it hardly uses.
debian-root: test-deps
	@start=$$(date +%s); Tests/release/bare-debian.sh --prepare || exit $$?; \
	  echo "make test: the Debian root took $$(( $$(date +%s) - start )) s"

## image: the OCI image IMAGE (docs/container.md) from INSTALL_CONFIG's static link:
## packaging/make-image with packaging/container/Containerfile, FROM IMAGE_BASE (podman, or
## docker when CONTAINER_TOOL=docker). PREBUILT=1: the link is there already.
IMAGE      ?= localhost/trackport:latest
IMAGE_BASE ?= docker.io/library/debian:bookworm-slim
image: build-deps $(if $(PREBUILT),,static-build)
	packaging/make-image $(STATIC_BIN_$(INSTALL_CONFIG)) $(IMAGE) $(IMAGE_BASE)

## image-test (part of make test): Tests/container/container_test.py: the image built by
## packaging/make-image from make test's static link, FROM the bare-Debian root imported (no
## registry here); serve, hub watch and hub serve in it; the Kubernetes manifest
## (packaging/kubernetes/) under podman kube play.
image-test:
	@start=$$(date +%s); $(PYTHON) Tests/container/container_test.py $(STATIC_BIN_$(TEST_CONFIG)) .build-debian/$${DEBIAN_SUITE:-bookworm}-minbase || exit $$?; \
	  echo "make test: the container tests took $$(( $$(date +%s) - start )) s"

## release-check (part of make test): dist and deb from the one release build, then
## Tests/release/check-release.sh (what the binary links, the archive, lintian, --version) and
## Tests/release/bare-debian.sh (both on a Debian without Swift, in a chroot), and action.yml's
## script on the archive (Tests/ci/action_test.py).
release-check: dist deb
	Tests/release/check-release.sh $(STATIC_BIN_$(PACKAGE_CONFIG)) $(DIST_DIR)/$(DIST_NAME).tar.xz $(DIST_DIR)/trackport_$(VERSION)_amd64.deb
	Tests/release/static-matches-tested.sh $(STATIC_BIN_$(PACKAGE_CONFIG)) $(SCRATCH)/$(PACKAGE_CONFIG)/trackport
	Tests/release/bare-debian.sh $(DIST_DIR)/$(DIST_NAME).tar.gz $(DIST_DIR)/trackport_$(VERSION)_amd64.deb
	SWIFT=$(SWIFT) Tests/release/resolve-docs.sh
	python3 Tests/ci/action_test.py $(DIST_DIR)/$(DIST_NAME).tar.xz

uninstall:
	rm -f "$(BINDIR)/trackport" "$(MANDIR)/trackport.1" "$(BASHDIR)/trackport" \
	  "$(ZSHDIR)/_trackport" "$(FISHDIR)/trackport.fish"

## check-install: install into a scratch prefix and check what landed (part of `make test`).
check-install:
	INSTALL_CONFIG=$(TEST_CONFIG) Tests/install/check-install.sh "$(SWIFT)"

clean:
	rm -rf .build $(VENV)
