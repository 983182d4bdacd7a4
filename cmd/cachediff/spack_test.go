package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/report"
)

// Golden reports of Spack's own formats (issue 13): the generated index
// pair with known causes, Spack's fixtures, and a catalogue-page snapshot
// against an index (formats mix on the shared facets).
var spackGoldenCases = []struct {
	name string
	args []string
	exit int
}{
	{"spack-gen.md", []string{"testdata/spack-gen/old", "testdata/spack-gen/new"}, 1},
	{"spack-gen.txt", []string{"--format", "text", "testdata/spack-gen/old", "testdata/spack-gen/new"}, 1},
	{"spack-gen.json", []string{"--format", "json", "testdata/spack-gen/old", "testdata/spack-gen/new"}, 1},
	{"spack-index-v7-v8.md", []string{"testdata/spack-formats/index.v7-layout2-unsigned.json", "testdata/spack-formats/index.v8-layout2-unsigned-mixed.json"}, 1},
	{"spack-spec-v4-v5.txt", []string{"--format", "text", "testdata/spack-formats/spec.v4-libdwarf-core2.spec.json", "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json"}, 1},
	{"spack-index-v6-v7.json", []string{"--format", "json", "testdata/spack-formats/index.v6-legacy-yaml.json", "testdata/spack-formats/index.v7-layout2-unsigned.json"}, 1},
	{"spack-spec-v3-v4.md", []string{"testdata/spack-formats/spec.v3-archive-files.spec.json", "testdata/spack-formats/spec.v4-libdwarf-core2.spec.json"}, 1},
	{"spack-mixed.txt", []string{"--format", "text", "testdata/real/develop-2025-03-30", "testdata/spack-formats/index.v8-layout2-unsigned-mixed.json"}, 1},
}

func TestSpackGolden(t *testing.T) {
	t.Chdir("../..")
	for _, tc := range spackGoldenCases {
		t.Run(tc.name, func(t *testing.T) { checkGolden(t, tc.name, tc.args, tc.exit) })
	}
}

// lockfilePairs are the real pairs of ../shared/lockfiles (README.md
// there says what changed in each), read in place: never copied.
var lockfilePairs = []struct{ name, old, new string }{
	{"spack-tutorial", "MiddelkoopT__spack-tutorial/6872a9c/spack.lock", "MiddelkoopT__spack-tutorial/c41dc2b/spack.lock"},
	{"chronolog", "grc-iit__ChronoLog/0a186a8/CI__enviroment__spack.lock", "grc-iit__ChronoLog/a0846dc/CI__enviroment__spack.lock"},
	{"wf-reg-test", "charmoniumQ__wf-reg-test/ebe45e2/engines__nextflow__spack.lock", "charmoniumQ__wf-reg-test/b4ebf26/engines__nextflow__spack.lock"},
	{"durrantlab", "durrantlab__durrantlab-spack/b25b77a/spack.lock", "durrantlab__durrantlab-spack/af7f928/spack.lock"},
	{"all-pythons", "spack__all-pythons/536609d/spack.lock", "spack__all-pythons/9f5fc23/spack.lock"},
	{"spack-stack-os", "viperML__spack-stack/6f0a159/debian-11__spack.lock", "viperML__spack-stack/6f0a159/rhel-8__spack.lock"},
}

// sharedLockfiles is ../shared/lockfiles (shareddata.Need: beside the
// checkout) relative to the working directory, the repository's root, or
// a skip that says why.
func sharedLockfiles(tb testing.TB) string {
	tb.Helper()
	dir := shareddata.Need(tb, "lockfiles")
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, dir); err == nil {
			return rel
		}
	}
	return dir
}

// Golden Markdown and text reports of every real lockfile pair.
func TestLockfileGolden(t *testing.T) {
	t.Chdir("../..")
	dir := sharedLockfiles(t)
	for _, p := range lockfilePairs {
		oldPath, newPath := filepath.Join(dir, p.old), filepath.Join(dir, p.new)
		t.Run(p.name, func(t *testing.T) {
			checkGolden(t, filepath.Join("lockfiles", p.name+".md"), []string{"--title", "lockfile " + p.name, oldPath, newPath}, 1)
			checkGolden(t, filepath.Join("lockfiles", p.name+".txt"), []string{"--format", "text", "--title", "lockfile " + p.name, oldPath, newPath}, 1)
		})
	}
}

func lockReport(t *testing.T, dir, oldName, newName string) *diff.Report {
	t.Helper()
	out := runOK(t, []string{"--format", "json", filepath.Join(dir, oldName), filepath.Join(dir, newName)}, 1)
	var r diff.Report
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func rootNames(l []diff.RootSpec) []string {
	var out []string
	for _, r := range l {
		out = append(out, r.Root)
	}
	return out
}

// Each pair reports what ../shared/lockfiles/README.md says changed, and
// nothing else; every cause reported is checked here.
func TestLockfileTruth(t *testing.T) {
	t.Chdir("../..")
	dir := sharedLockfiles(t)
	kept := func(r *diff.Report) int { return r.Summary.Specs.Unchanged + r.Summary.Specs.Restacked }
	for _, p := range lockfilePairs {
		t.Run(p.name, func(t *testing.T) {
			r := lockReport(t, dir, p.old, p.new)
			c, s := r.Causes, r.Summary.Specs
			if c == nil || c.Roots == nil {
				t.Fatal("no causes or roots in the report")
			}
			rc := c.Roots
			var changedRoots []string
			for _, x := range rc.Changed {
				changedRoots = append(changedRoots, x.Root)
			}
			switch p.name {
			case "spack-tutorial":
				// 30 → 26 records; py-numpy 1.19.5 → 1.20.1; the duplicates
				// (python, openssl, perl, py-setuptools) collapse. Three of
				// the older file's pairs share their DAG hash (the hash
				// Spack reads a version 2 file by): 27 specs, of which perl
				// 5.32.1 (the other openssl's) no root reaches: 26, as in
				// the newer file, where the perl is 5.32.1.
				if s.Old != 26 || s.New != 26 || kept(r) != 24 || s.Removed != 0 || s.Added != 0 || s.Updated != 2 {
					t.Errorf("specs %+v", s)
				}
				var updates []string
				for _, u := range r.Updates {
					updates = append(updates, fmt.Sprintf("%v %s→%s", u.Packages, u.From, u.To))
				}
				if want := []string{"[py-numpy] 1.19.5→1.20.1", "[perl] 5.32.0→5.32.1"}; !slices.Equal(updates, want) {
					t.Errorf("updates %q, want %q", updates, want)
				}
				var removed []string
				for _, pk := range r.Packages {
					for range pk.Specs.Removed {
						removed = append(removed, pk.Name)
					}
				}
				if len(removed) != 0 {
					t.Errorf("removed %v, want none", removed)
				}
				// The roots python and py-pip keep their DAG hashes: only
				// py-numpy changed.
				if !slices.Equal(changedRoots, []string{"py-numpy"}) || len(rc.Added)+len(rc.Removed) != 0 {
					t.Errorf("roots changed %v, added %v, removed %v", changedRoots, rc.Added, rc.Removed)
				}
				// perl's and py-numpy's own version changes are the causes;
				// py-numpy's edge to python, which kept its hash, became a
				// link dependency too (the files say so).
				var causes []string
				for _, g := range c.Groups {
					causes = append(causes, fmt.Sprintf("%s %s own %d", g.Name, report.ChangeText(g.Changes), g.Own))
				}
				if want := []string{"perl 5.32.0 → 5.32.1 own 1", "py-numpy 1.19.5 → 1.20.1, dependency python (build, run) → dependency python (build, link, run) own 1"}; !slices.Equal(causes, want) {
					t.Errorf("causes %q, want %q", causes, want)
				}
			case "chronolog":
				// The root rocksdb removed, and with it lz4 and gflags,
				// which stay in the newer file under no root; all 24 other
				// hashes unchanged.
				if s.Removed != 3 || s.Added != 0 || kept(r) != 24 || s.Rebuilt+s.Updated != 0 {
					t.Errorf("specs %+v", s)
				}
				if !slices.Equal(rootNames(rc.Removed), []string{"rocksdb"}) || len(rc.Added)+len(rc.Changed) != 0 {
					t.Errorf("roots %+v", rc)
				}
			case "wf-reg-test":
				if s.Added != 1 || s.Removed != 0 || kept(r) != 3 || !slices.Equal(rootNames(rc.Added), []string{"coreutils"}) || len(rc.Removed)+len(rc.Changed) != 0 {
					t.Errorf("specs %+v roots %+v", s, rc)
				}
			case "durrantlab":
				// Two new gcc nodes beside gcc@14.2.0; all 32 old hashes kept.
				if s.Added != 2 || s.Removed != 0 || kept(r) != 32 || !slices.Equal(rootNames(rc.Added), []string{"gcc@10.5.0", "gcc@12.4.0"}) || len(rc.Changed) != 0 {
					t.Errorf("specs %+v roots %+v", s, rc)
				}
			case "all-pythons":
				if s.Added != 43 || s.Removed != 0 || kept(r) != 38 || !slices.Equal(rootNames(rc.Added), []string{"git@2.48.1"}) || len(rc.Changed) != 0 {
					t.Errorf("specs %+v roots %+v", s, rc)
				}
			case "spack-stack-os":
				// One environment for two OSs: no hash in common.
				if kept(r) != 0 || len(changedRoots) != 1 || changedRoots[0] != "cmake" {
					t.Errorf("specs %+v roots %v", s, changedRoots)
				}
				// cmake's causes: each of its 19 dependencies built for
				// rhel8 (its own os facet), the system gcc 8.5.0 (with
				// other patches) instead of 10.2.1, glibc 2.28 instead of
				// 2.31; nothing else.
				causes := c.Resolve(rc.Changed[0].Why, rc.Changed[0].New.Name)
				if n := len(causes); n != 19 {
					t.Errorf("cmake has %d causes, want its 19 dependencies", n)
				}
				for _, cs := range causes {
					for _, ch := range cs.Changes {
						ok := ch.Kind == "os" && ch.From == "debian11" && ch.To == "rhel8" ||
							ch.Kind == "version" && (cs.Name == "gcc" || cs.Name == "gcc-runtime") && ch.From == "10.2.1" && ch.To == "8.5.0" ||
							ch.Kind == "version" && cs.Name == "glibc" && ch.From == "2.31" && ch.To == "2.28" ||
							ch.Kind == "variants" && cs.Name == "gcc" && strings.HasPrefix(ch.From, "patches=") && strings.HasPrefix(ch.To, "patches=")
						if !ok {
							t.Errorf("cause of cmake: %s %+v", cs.Name, ch)
						}
					}
				}
			}
			// Roots only in one file have no causes to check; every
			// reported cause is a pair's own change (reached by the pair
			// alone) or a changed dependency on a real path.
			for _, g := range c.Groups {
				if len(g.Via) < 2 && !(g.Own > 0 && len(g.Via) == 1 && g.Via[0] == g.Name) {
					t.Errorf("cause %s has no path: %q", g.Name, g.Via)
				}
			}
		})
	}
}

// The v7 index and v4 spec file share hashes, as do the v8 index and the
// v5 spec file: diffing them reports every shared hash unchanged.
func TestSharedHashesUnchanged(t *testing.T) {
	t.Chdir("../..")
	for _, pair := range [][2]string{
		{"testdata/spack-formats/index.v7-layout2-unsigned.json", "testdata/spack-formats/spec.v4-libdwarf-core2.spec.json"},
		{"testdata/spack-formats/index.v8-layout2-unsigned-mixed.json", "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--format", "json", pair[0], pair[1]}, &stdout, &stderr)
		if code > 1 {
			t.Fatalf("%v: exit %d: %s", pair, code, stderr.String())
		}
		var r diff.Report
		if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		s := r.Summary.Specs
		if s.Unchanged < 2 || s.Rebuilt+s.Updated+s.Restacked != 0 {
			t.Errorf("%v: %+v", pair, s)
		}
		if strings.Contains(stdout.String(), `"message"`) {
			t.Errorf("%v: warnings: %s", pair, stdout.String())
		}
	}
}

// docs/usage.md's lockfile and index examples are the golden reports (with
// the lockfile's headline written for plain paths).
func TestReadmeSpackExamples(t *testing.T) {
	t.Chdir("../..")
	readme, err := os.ReadFile("docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	block := func(name string) string {
		s := string(readme)
		i := strings.Index(s, "<!-- "+name+":begin -->")
		j := strings.Index(s, "<!-- "+name+":end -->")
		if i < 0 || j < i {
			t.Fatalf("docs/usage.md has no %s block", name)
		}
		return s[i:j]
	}
	golden := func(path string) string {
		data, err := os.ReadFile(filepath.Join("testdata", "golden", path))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	// The lockfile example is run as it is written, in the pair's folder:
	// its headline names the two commits' files.
	if dir := shareddata.Dir("lockfiles"); dir != "" {
		want := block("spack-lock")
		t.Run("lockfile", func(t *testing.T) {
			t.Chdir(filepath.Join(dir, "MiddelkoopT__spack-tutorial"))
			lock := runOK(t, []string{"--format", "text", "6872a9c/spack.lock", "c41dc2b/spack.lock"}, 1)
			if !strings.Contains(want, "$ cachediff --format text 6872a9c/spack.lock c41dc2b/spack.lock\n"+string(lock)+"```") {
				t.Errorf("docs/usage.md's lockfile example is not cachediff's text view of the tutorial pair:\n%s", lock)
			}
		})
	}
	md := golden("spack-gen.md")
	i, j := strings.Index(md, "### Why rebuilt"), strings.Index(md, "### Updates")
	if i < 0 || j < i || !strings.Contains(block("spack-index"), strings.TrimRight(md[i:j], "\n")+"\n```") {
		t.Errorf("docs/usage.md's index example is not the Why rebuilt section of testdata/golden/spack-gen.md")
	}
}

// A catalogue page against an index: formats mix on the shared facets,
// and a pair with edges on one side only says its cause is unknown.
func TestSpackMixedUnknown(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	page := `---
title: "libelf"
layout: cache
categories: [package, develop]
meta: {"compilers": ["gcc@10.2.1"], "num_specs": 1, "num_specs_by_stack": {"root": 1}, "oss": ["debian6"], "platforms": ["test"], "stacks": ["root"], "targets": ["core2"], "versions": ["0.8.13"]}
spec_details: [{"compiler": "gcc@=10.2.1", "hash": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "os": "debian6", "platform": "test", "size": "-", "stacks": ["root"], "target": "core2", "variants": ["build_system=generic"], "versions": ["0.8.13"]}]
---
`
	if err := os.MkdirAll(filepath.Join(dir, "libelf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "libelf", "specs.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	index := "testdata/spack-formats/index.v7-layout2-unsigned.json"
	out := runOK(t, []string{"--format", "json", dir, index}, 1)
	var r diff.Report
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	if r.Summary.Specs.Rebuilt != 1 || r.Summary.Specs.Added != 1 {
		t.Errorf("specs %+v, want libelf rebuilt (page → index) and libdwarf added", r.Summary.Specs)
	}
	if c := r.Causes; c == nil || c.Pairs != 1 || c.Known != 0 || len(c.Groups) != 0 {
		t.Fatalf("causes %+v", r.Causes)
	}
	for _, p := range r.Packages {
		for _, pr := range p.Specs.Rebuilt {
			if pr.Why == nil || pr.Why.Known || len(pr.Why.Causes)+len(pr.Why.Changed) != 0 {
				t.Errorf("%s: why %+v, want unknown", p.Name, pr.Why)
			}
		}
	}
	text := string(runOK(t, []string{"--format", "text", "--width", "200", dir, index}, 1))
	if !strings.Contains(text, "why: 1 rebuilt or updated spec from a catalogue page, which keeps no dependency edges: cause unknown, not guessed") {
		t.Errorf("text report does not say the cause is unknown:\n%s", text)
	}
}

// Catalogue pages on both sides: no cause can be known, and every format
// says so (issue 13: "a pair whose cause cannot be known says so") rather
// than nothing; the pairs carry no why, and nothing is guessed.
func TestPagesCausesUnknown(t *testing.T) {
	t.Chdir("../..")
	args := []string{"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}
	var r diff.Report
	if err := json.Unmarshal(runOK(t, append([]string{"-f", "json"}, args...), 1), &r); err != nil {
		t.Fatal(err)
	}
	s := r.Summary.Specs
	if c := r.Causes; c == nil || c.Pairs != s.Rebuilt+s.Updated || c.Pairs == 0 || c.Known+c.Explained+c.Own != 0 || len(c.Groups) != 0 || c.Roots != nil {
		t.Fatalf("causes %+v, want %d pairs, none known", r.Causes, s.Rebuilt+s.Updated)
	}
	for _, p := range r.Packages {
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, pr := range l {
				if pr.Why != nil {
					t.Fatalf("%s: a pair of catalogue pages has a why: %+v", p.Name, pr.Why)
				}
			}
		}
	}
	note := strconv.Itoa(s.Rebuilt+s.Updated) + " rebuilt or updated specs from catalogue pages, which keep no dependency edges: cause unknown, not guessed"
	if text := string(runOK(t, append([]string{"-f", "text", "--width", "200"}, args...), 1)); !strings.Contains(text, "\nwhy: "+note+"\n") {
		t.Errorf("text does not say the causes are unknown:\n%s", text)
	}
	// Markdown: what is true of every pair of catalogue pages is said
	// once, at the report's end (after the packages: it says what the
	// report cannot tell), and stays under --max-bytes.
	const mdNote = "\n\nCatalogue pages keep no dependency edges, so causes are unknown.\n"
	md := string(runOK(t, args, 1))
	if i, j := strings.Index(md, "\n### Packages\n"), strings.Index(md, mdNote); j < 0 || i < 0 || j < i || strings.Count(md, "no dependency edges") != 1 {
		t.Errorf("Markdown: not said once after the packages: %q", mdNote)
	}
	if strings.Contains(md, "\n### Why rebuilt\n") {
		t.Errorf("Markdown: a Why rebuilt section for catalogue pages")
	}
	step := len(md) / 40
	if testing.Short() {
		step = len(md) / 12 // a quick inner loop: a dozen limits (make test: forty)
	}
	for limit := len(md) - 1; limit > 1000; limit -= step {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"--max-bytes", strconv.Itoa(limit)}, args...), &stdout, &stderr); code != 1 {
			break // too small
		}
		if !strings.Contains(stdout.String(), mdNote) {
			t.Errorf("--max-bytes %d: the note on catalogue pages is left out", limit)
		}
	}
	// Without rebuilt or updated specs there is nothing to say.
	var same diff.Report
	if err := json.Unmarshal(runOK(t, []string{"-f", "json", "testdata/real/v0.23.0", "testdata/real/v0.23.1"}, 0), &same); err != nil {
		t.Fatal(err)
	}
	if same.Causes != nil {
		t.Errorf("no pairs, yet causes %+v", same.Causes)
	}
}

// REV:PATH reads a build cache's index from git as from a folder: the
// generated pair committed twice, diffed by revision, gives the report
// of the folders.
func TestSpackRevPath(t *testing.T) {
	if testing.Short() {
		t.Skip("a git repository of its own: make test runs it (TestGitEqualsFolders covers REV:PATH under -short)")
	}
	if !gittest.Available() {
		t.Skip("git is not on PATH")
	}
	t.Chdir("../..")
	repo := filepath.Join(t.TempDir(), "repo")
	if _, err := gittest.Commits(repo, "testdata/spack-gen/old", "testdata/spack-gen/new"); err != nil {
		t.Fatal(err)
	}
	want := runOK(t, []string{"--format", "json", "testdata/spack-gen/old", "testdata/spack-gen/new"}, 1)
	got := runOK(t, []string{"--format", "json", "-C", repo, "HEAD~1:_cache/develop", "HEAD:_cache/develop"}, 1)
	var a, b diff.Report
	if err := json.Unmarshal(want, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &b); err != nil {
		t.Fatal(err)
	}
	if a.Causes == nil || b.Causes == nil || !slices.EqualFunc(a.Causes.Groups, b.Causes.Groups, func(x, y diff.CauseGroup) bool {
		return x.Name == y.Name && x.Specs == y.Specs && report.ChangeText(x.Changes) == report.ChangeText(y.Changes)
	}) || a.Summary != b.Summary {
		t.Errorf("REV:PATH report differs from the folders':\n%+v %+v\n%+v %+v", a.Summary, a.Causes, b.Summary, b.Causes)
	}
}

// Bad Spack files exit 2 with the file, line, column and JSON path; an
// unknown format version names the supported ones.
func TestSpackBadInputExit2(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ name, data, want string }{
		{"index.json", "{\"database\":{\"version\":\"8\",\n\"installs\":{\"abc\":{\"spec\":{\"name\":3}}}}}",
			"index.json: line 2, column 35: database.installs.abc.spec.name: want a string, not a number"},
		{"spack.lock", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":8},"roots":[],"concrete_specs":{}}`,
			"lockfile version 8 is not supported (cachediff reads versions 1 to 7)"},
		{"x.spec.json", `{"spec":{"_meta":{"version":1},"nodes":[]}}`,
			"spec format version 1 is not supported (cachediff reads versions 2 to 6)"},
	} {
		path := filepath.Join(dir, tt.name)
		if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{path, "../../testdata/spack-formats/index.v7-layout2-unsigned.json"}, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tt.want) || !strings.Contains(stderr.String(), path) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", tt.name, code, stderr.String(), tt.want)
		}
	}
}

// A lockfile's roots are its stacks: removing the root rocksdb trips the
// lost-stack gate, naming it; --stack narrows to one root's DAG.
func TestLockfileGateAndStacks(t *testing.T) {
	t.Chdir("../..")
	dir := sharedLockfiles(t)
	before := filepath.Join(dir, "grc-iit__ChronoLog/0a186a8/CI__enviroment__spack.lock")
	after := filepath.Join(dir, "grc-iit__ChronoLog/a0846dc/CI__enviroment__spack.lock")
	out := runOK(t, []string{"--format", "text", "--fail-on", "lost-stack", before, after}, 1)
	if !strings.Contains(string(out), "\ngate tripped: lost-stack (1 stack: rocksdb)\n") {
		t.Errorf("gate:\n%s", out)
	}
	out = runOK(t, []string{"--format", "json", "--stack", "mpich~fortran", before, after}, 1)
	var r diff.Report
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	// mpich~fortran's DAG: 15 specs, 4 of them also under rocksdb before.
	if s := r.Summary.Specs; s.Old != 15 || s.New != 15 || s.Restacked != 4 {
		t.Errorf("--stack mpich~fortran: %+v", s)
	}
}

// TestRootDroppedRecordKept: an edit that drops a root from roots and
// leaves its records in concrete_specs drops it from the environment,
// as Spack reads it. cachediff counted every record, so the gate on
// removed packages passed ("no changes", exit 0) while rocksdb and the
// two dependencies only it needed were gone from the environment.
func TestRootDroppedRecordKept(t *testing.T) {
	t.Chdir("../..")
	before := filepath.Join(sharedLockfiles(t), "grc-iit__ChronoLog/0a186a8/CI__enviroment__spack.lock")
	data, err := os.ReadFile(before)
	if err != nil {
		t.Fatal(err)
	}
	const root = ",\n    {\n      \"hash\": \"ggx2rpxnirkj2l2zfgxagqcmnsdjlgka\",\n      \"spec\": \"rocksdb\"\n    }"
	edited := bytes.Replace(data, []byte(root), nil, 1)
	if len(edited) == len(data) {
		t.Fatalf("rocksdb's root entry not found in %s", before)
	}
	after := writeFile(t, t.TempDir(), "spack.lock", edited)
	var stdout, stderr bytes.Buffer
	code := run([]string{"--format", "text", "--fail-on", "removed-package", before, after}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stdout.String(), "\ngate tripped: removed-package (3 packages) in gflags, lz4, rocksdb\n") ||
		!strings.Contains(strings.Join(strings.Fields(stdout.String()), " "), "3 records that no root reaches are left out (gflags@2.2.2, lz4@1.9.3, rocksdb@6.20.3)") {
		t.Errorf("exit %d; want 1, the gate tripped by gflags, lz4 and rocksdb, with a warning naming them:\n%s%s", code, stdout.String(), stderr.String())
	}
}

// TestStackFilterRemovals: under --stack, a spec that left the stack is
// removed in the view, not paired with a twin that joined it. Root a
// moved from perl 5.32.0 to the perl 5.32.1 that root b already had:
// --stack a once showed such a perl updated, and its removed-spec gate
// passed.
func TestStackFilterRemovals(t *testing.T) {
	dir := t.TempDir()
	rec := func(hash, name, version string, deps ...string) string {
		var ds []string
		for _, d := range deps {
			name, hash, _ := strings.Cut(d, "/")
			ds = append(ds, `{"name":"`+name+`","hash":"`+hash+`","parameters":{"deptypes":["build","link"],"virtuals":[]}}`)
		}
		return `"` + hash + `":{"name":"` + name + `","version":"` + version + `","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},` +
			`"compiler":{"name":"gcc","version":"11"},"parameters":{},"dependencies":[` + strings.Join(ds, ",") + `],"hash":"` + hash + `"}`
	}
	const (
		perl0, perl1 = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa3"
		a0, a1, b    = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb3", "ccccccccccccccccccccccccccccccc2"
	)
	lock := func(a string, specs ...string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":4},"roots":[{"hash":"` + a + `","spec":"a"},{"hash":"` + b + `","spec":"b"}],` +
			`"concrete_specs":{` + strings.Join(specs, ",") + `}}`
	}
	old := writeFile(t, dir, "old.lock", []byte(lock(a0, rec(a0, "a", "1", "perl/"+perl0), rec(b, "b", "1", "perl/"+perl1),
		rec(perl0, "perl", "5.32.0"), rec(perl1, "perl", "5.32.1"))))
	nw := writeFile(t, dir, "new.lock", []byte(lock(a1, rec(a1, "a", "1", "perl/"+perl1), rec(b, "b", "1", "perl/"+perl1),
		rec(perl1, "perl", "5.32.1"))))
	var out, errb bytes.Buffer
	code := run([]string{"-f", "json", "--stack", "a", "--fail-on", "removed-spec", old, nw}, &out, &errb)
	var r struct {
		Summary struct {
			Specs struct{ Removed, Added, Rebuilt, Updated int }
		}
		Gate struct{ Tripped []struct{ Kind string } }
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err, errb.String())
	}
	// perl 5.32.0 removed, 5.32.1 added to the view, a rebuilt.
	sp := r.Summary.Specs
	if code != 1 || sp.Removed != 1 || sp.Added != 1 || sp.Rebuilt+sp.Updated != 1 || len(r.Gate.Tripped) != 1 {
		t.Errorf("exit %d, %d removed, %d added (%d rebuilt, %d updated), gate %v; want exit 1, 1 removed, 1 added, 1 rebuilt, the gate tripped\n%s",
			code, sp.Removed, sp.Added, sp.Rebuilt, sp.Updated, r.Gate.Tripped, errb.String())
	}
}
