# cachediff: build, demo and tests. Needs only Go.
GO ?= go

.PHONY: all build demo test fuzz vet cross bench

all: build

# -buildvcs=auto: the commit goes into the binary (cachediff --version)
# even where GOFLAGS says -buildvcs=false, as it does on some CI machines.
# CGO_ENABLED=0: a static binary. cachediff calls no C, but package net
# (imported by pflag and sprig, never used to connect) links the C
# resolver when cgo is on, and the dynamic loader then starts each run:
# --version 3.6 -> 2.6 ms, the real week at 15k specs 7-16% faster
# (docs/performance.md, "System calls").
build:
	@CGO_ENABLED=0 $(GO) build -buildvcs=auto -o bin/cachediff ./cmd/cachediff

# The Markdown report of a real pair: Spack's compiler migration week.
# (cachediff exits 1 when the snapshots differ: that is the expected result.)
demo: build
	@bin/cachediff testdata/real/develop-2025-03-23 testdata/real/develop-2025-03-30; \
	  status=$$?; [ $$status -le 1 ] || exit $$status

# The tests that read real data in place from ../shared beside the checkout
# (internal/testing/shareddata) skip without it, silently unless -v: say so once.
# Go files in testdata are no tests (and testdata/bench holds make bench's
# generated trees, hundreds of MB to walk).
SHARED_TESTS = grep -rhoE 'shareddata\.Need\(t,|sharedLockfiles\(t\)' --include='*_test.go' --exclude-dir=testdata --exclude-dir='.?*' . | wc -l | tr -d ' '
# -vet=off: the vet target just ran go vet's whole set of checks, of which
# go test's own are a part; go test would run them again, in every package
# (on a fresh clone 76 s of CPU on a 2-core machine, against 25 s without).
# GOGC=400 (unless GOGC is set): the test processes' heaps are small, so
# the default collected them hundreds of times a second, a fifth or more
# of the tests' CPU (./diff's binary: 139 s of CPU, 99 s at GOGC=400).
# The memory tests set GOGC in their children and read live heaps after
# a collection; ./cmd/cachediff's process, whose tests read the heap's
# goal under a memory limit, keeps the default pace (git_test.go).
test: export GOGC ?= 400
test: vet
	@[ -d ../shared/lockfiles ] || echo "../shared/lockfiles not found: the $$($(SHARED_TESTS)) tests that read it are skipped"
	@command -v chromium > /dev/null || command -v chromium-browser > /dev/null || [ -n "$$CACHEDIFF_CHROMIUM" ] || echo "chromium not found (Debian's package chromium; .ci/run installs it): the browser tests of the HTML page are skipped"
	$(GO) test -count=1 -vet=off -timeout 20m ./...

vet:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi

# The code for other systems: snapshot/dirsrc reads trees with system
# calls of its own on Linux (dir_linux.go), whose numbers and structs differ by
# architecture, and a few packages have files of their own by system.
# crosscheck (internal/cmd/crosscheck) type-checks every package, tests
# included, from source as 32-bit Linux (a constant that overflows an
# int fails there only), another 64-bit Linux, macOS and Windows build
# them: what go build would refuse there, at a fraction of the CPU (it
# compiles nothing; compiling the module, its tests' dependencies and the
# standard library for four systems was most of CI's CPU on a fresh
# machine). go vet's analyzers run there only as 386, on the packages
# whose files differ there (dirsrc's system calls: 32-bit struct layouts
# and alignment); elsewhere the files that differ are a signal, a
# terminal or a file call, type-checked. Run the reading tests as 386.
# CI runs it beside make test.
cross_files = {{.ImportPath}} {{if or .GoFiles .TestGoFiles .XTestGoFiles}}{{.GoFiles}}{{.TestGoFiles}}{{.XTestGoFiles}}{{else}}none{{end}}
# cross_pkgs lists the packages whose files for the system $(1)
# (GOOS=... or GOARCH=...) are not this system's: a build constraint or a
# _linux name picks others there, and they vet differently there.
cross_pkgs = $(shell { $(GO) list -e -f 'here $(cross_files)' ./...; env $(1) $(GO) list -e -f 'there $(cross_files)' ./...; } | \
	awk '{ f = $$3; for (i = 4; i <= NF; i++) f = f " " $$i; files[$$1, $$2] = f; seen[$$2] = 1 } \
	END { for (p in seen) if (files["there", p] != "" && files["there", p] != "none" && files["here", p] != files["there", p]) print p }' | sort)
cross:
	$(GO) run ./internal/cmd/crosscheck GOARCH=386 GOARCH=loong64 GOOS=darwin GOOS=windows -- ./...
	GOARCH=386 $(GO) vet $(call cross_pkgs,GOARCH=386)
	@# The 386 tests need a kernel that runs 32-bit x86 programs; some
	@# amd64 machines have none ("exec format error"): there the code was
	@# type-checked above, and the tests are said to skip.
	@if GOARCH=386 CGO_ENABLED=0 $(GO) test -count=1 -run "^$$" ./internal/lfs > /dev/null 2>&1; then \
		echo "GOARCH=386 $(GO) test -count=1 -short -run 'Calls|ReadDir|ReadFile|DirectFS|Walk' ./snapshot ./snapshot/dirsrc"; \
		GOARCH=386 $(GO) test -count=1 -short -run 'Calls|ReadDir|ReadFile|DirectFS|Walk' ./snapshot ./snapshot/dirsrc; \
	else \
		echo "this machine runs no 386 (32-bit x86) programs: the 386 tests of make cross skip (the code for 386 was type-checked above)"; \
	fi

# Each fuzz target for a bounded time (FUZZTIME, default 30s). Minimizing a
# new input of a few hundred bytes takes Go's fuzzer about a minute by
# default, which would eat a short run: cap it.
FUZZTIME ?= 30s
FUZZFLAGS = -fuzztime $(FUZZTIME) -fuzzminimizetime 5s
fuzz:
	$(GO) test ./version -run '^$$' -fuzz '^FuzzCompare$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/catalog -run '^$$' -fuzz '^FuzzParsePage$$' $(FUZZFLAGS)
	$(GO) test ./snapshot -run '^$$' -fuzz '^FuzzCanonical$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/catalog -run '^$$' -fuzz '^FuzzFastJSON$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/catalog -run '^$$' -fuzz '^FuzzFastPaths$$' $(FUZZFLAGS)
	$(GO) test ./report -run '^$$' -fuzz '^FuzzEscape$$' $(FUZZFLAGS)
	$(GO) test ./report -run '^$$' -fuzz '^FuzzTrees$$' $(FUZZFLAGS)
	$(GO) test ./report -run '^$$' -fuzz '^FuzzRenderEdited$$' $(FUZZFLAGS)
	$(GO) test ./report -run '^$$' -fuzz '^FuzzDecode$$' $(FUZZFLAGS)
	$(GO) test ./report -run '^$$' -fuzz '^FuzzEscapeOracle$$' $(FUZZFLAGS)
	$(GO) test ./report/markdown -run '^$$' -fuzz '^FuzzDecodeLog$$' $(FUZZFLAGS)
	$(GO) test ./report/jsonv1 -run '^$$' -fuzz '^FuzzSeriesJSON$$' $(FUZZFLAGS)
	$(GO) test ./report/html -run '^$$' -fuzz '^FuzzHTML$$' $(FUZZFLAGS)
	$(GO) test ./report/atom -run '^$$' -fuzz '^FuzzAtomText$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/spackfmt -run '^$$' -fuzz '^FuzzDecode$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/spackfmt -run '^$$' -fuzz '^FuzzLockfile$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/spackfmt -run '^$$' -fuzz '^FuzzFinishTwin$$' $(FUZZFLAGS)
	$(GO) test ./internal/gzpool -run '^$$' -fuzz '^FuzzStream$$' $(FUZZFLAGS)
	$(GO) test ./snapshot -run '^$$' -fuzz '^FuzzSpackFile$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/gitsrc -run '^$$' -fuzz '^FuzzSinceDate$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/gitsrc -run '^$$' -fuzz '^FuzzOneLine$$' $(FUZZFLAGS)
	$(GO) test ./snapshot/mirror -run '^$$' -fuzz '^FuzzDecodeManifest$$' $(FUZZFLAGS)
	$(GO) test ./report/patch -run '^$$' -fuzz '^FuzzSpecLine$$' $(FUZZFLAGS)
	$(GO) test ./diff -run '^$$' -fuzz '^FuzzDepChangesDecode$$' $(FUZZFLAGS)

# Benchmarks on generated pairs (written to testdata/bench on first use,
# git-ignored): Go benchmarks of load, diff and render at 60k specs per
# tree, then the end-to-end driver: every scenario of
# internal/cmd/cachediff-bench (the diff scenario: 15k, 60k and 240k specs
# per tree, churn 0% to 100% = a real week, md, json, text and html, against
# the glob cat of the page files; docs/performance.md). -p 1: one
# package's benchmarks at a time, so that they neither disturb one another
# nor generate the same data at once. BENCHFLAGS narrows the driver
# (-scenarios, -sizes, -churn, -formats).
BENCHRUNS ?= 5
BENCHFLAGS ?=
bench: build
	$(GO) test -p 1 -run '^$$' -bench . -benchmem ./snapshot ./diff ./report
	$(GO) run ./internal/cmd/cachediff-bench -bin bin/cachediff -runs $(BENCHRUNS) $(BENCHFLAGS)
