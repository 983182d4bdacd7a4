package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenCases are real catalogue pairs, run from the repository root so
// that the paths in the reports are short and stable.
var goldenCases = []struct {
	name string
	args []string
	exit int
}{
	{"seeds.md", []string{"testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"}, 1},
	{"seeds.json", []string{"--format", "json", "testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"}, 1},
	{"seeds-raw.json", []string{"--no-canonicalize", "--format", "json", "testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"}, 1},
	{"v0.23.md", []string{"testdata/real/v0.23.0", "testdata/real/v0.23.1"}, 0},
	{"v0.23.json", []string{"--format=json", "testdata/real/v0.23.0", "testdata/real/v0.23.1"}, 0},
	{"develop-2025-03.md", []string{"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	{"develop-2025-03.json", []string{"-f", "json", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	// Gate, filters, title and links together, as release notes and CI use them.
	{"develop-2025-03-notes.md", []string{"--ignore", "compiler", "--fail-on", "removed-spec,lost-compiler,downgrade",
		"--title", "Build cache: develop, week 13", "--link-base", "https://cache.spack.io/package/?name=",
		"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	{"develop-2025-03.txt", []string{"-f", "text", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	{"develop-2025-03-color.txt", []string{"-f", "text", "--color=always", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	{"develop-2025-03.patch", []string{"-f", "patch", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	{"v0.23.txt", []string{"-f", "text", "testdata/real/v0.23.0", "testdata/real/v0.23.1"}, 0},
	{"v0.23.patch", []string{"-f", "patch", "testdata/real/v0.23.0", "testdata/real/v0.23.1"}, 0},
	{"seeds.txt", []string{"-f", "text", "testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"}, 1},
	{"seeds.patch", []string{"-f", "patch", "testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"}, 1},
	// A real week: 56 of 57 spec changes are rebuilds (new hash, nothing
	// else); Markdown and text count them instead of listing them, and
	// --rows rebuilt lists them all.
	{"week-2025-02-23.md", []string{"testdata/real-series/develop-2025-02-16", "testdata/real-series/develop-2025-02-23"}, 1},
	{"week-2025-02-23.txt", []string{"-f", "text", "testdata/real-series/develop-2025-02-16", "testdata/real-series/develop-2025-02-23"}, 1},
	{"week-2025-03-02.md", []string{"testdata/real-series/develop-2025-02-23", "testdata/real-series/develop-2025-03-02"}, 1}, // a new platform, OS and compiler
	{"week-2025-03-09.md", []string{"testdata/real-series/develop-2025-03-02", "testdata/real-series/develop-2025-03-09"}, 1}, // only rebuilds
	{"week-2025-03-16.md", []string{"testdata/real-series/develop-2025-03-09", "testdata/real-series/develop-2025-03-16"}, 1},
	{"develop-2025-03-rebuilt.md", []string{"--rows", "rebuilt", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	{"develop-2025-03-rebuilt.txt", []string{"--rows=rebuilt", "-f", "text", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1},
	// Pages that try to break the Markdown (TestHostileMarkdown checks it).
	{"hostile.md", []string{"testdata/hostile/old", "testdata/hostile/new"}, 1},
	{"hostile.json", []string{"-f", "json", "testdata/hostile/old", "testdata/hostile/new"}, 1},
	{"hostile-rebuilt.md", []string{"--rows", "rebuilt", "testdata/hostile/old", "testdata/hostile/new"}, 1},
	// Every line of the patch reads back as one spec (TestSpecLineUnambiguous).
	{"hostile.patch", []string{"-f", "patch", "testdata/hostile/old", "testdata/hostile/new"}, 1},
}

// shortGoldenCases are the golden cases that the tests running every
// golden case again another way (TestDeterministic, under GOMAXPROCS=8;
// TestBuiltinAsUserTemplate, through templates/md.tmpl) keep under -short,
// a quick inner loop: each format once on the largest real pair, with its
// gate, title and links and its rebuilt rows, and the hostile pages.
// make test runs them all; TestGolden runs every case under -short too.
var shortGoldenCases = map[string]bool{
	"develop-2025-03.md": true, "develop-2025-03.json": true, "develop-2025-03.txt": true, "develop-2025-03.patch": true,
	"develop-2025-03-notes.md": true, "develop-2025-03-rebuilt.md": true, "hostile.md": true, "hostile.json": true,
}

func TestGolden(t *testing.T) {
	t.Chdir("../..")
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.name, tc.args, tc.exit)
		})
	}
}

// TestDeterministic runs every golden case under several GOMAXPROCS
// values and expects byte-identical output.
func TestDeterministic(t *testing.T) {
	t.Chdir("../..")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	procsList := []int{1, 2, 8}
	if testing.Short() {
		// A quick inner loop: many goroutines only, against the golden
		// file, which TestGolden matches at this machine's GOMAXPROCS.
		procsList = []int{8}
	}
	for _, tc := range goldenCases {
		if testing.Short() && !shortGoldenCases[tc.name] {
			continue
		}
		var first []byte
		if testing.Short() {
			var err error
			if first, err = os.ReadFile(filepath.Join("testdata", "golden", tc.name)); err != nil {
				t.Fatal(err)
			}
		}
		for _, procs := range procsList {
			runtime.GOMAXPROCS(procs)
			got := runOK(t, tc.args, tc.exit)
			if first == nil {
				first = got
			} else if !bytes.Equal(got, first) {
				t.Fatalf("%s: output with GOMAXPROCS=%d differs from GOMAXPROCS=1 (-short: from the golden file):\n%s", tc.name, procs, lineDiff(first, got))
			}
		}
	}
}

func runOK(t *testing.T, args []string, wantExit int) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != wantExit {
		t.Fatalf("cachediff %v: exit %d, want %d; stderr:\n%s", args, code, wantExit, stderr.String())
	}
	if stderr.Len() > 0 {
		t.Fatalf("cachediff %v: unexpected stderr:\n%s", args, stderr.String())
	}
	return stdout.Bytes()
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got []byte) string {
	wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	var b bytes.Buffer
	shown := 0
	for i := 0; i < max(len(wl), len(gl)) && shown < 10; i++ {
		var w, g []byte
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if !bytes.Equal(w, g) {
			b.WriteString("line ")
			b.WriteString(strconv.Itoa(i + 1))
			b.WriteString(":\n- ")
			b.Write(w)
			b.WriteString("\n+ ")
			b.Write(g)
			b.WriteString("\n")
			shown++
		}
	}
	return b.String()
}

// TestReadmeExample keeps docs/usage.md's example (moved there from the
// README) equal to the golden report of the migration week, which is what
// make demo prints.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile("../../docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../testdata/golden/develop-2025-03.md")
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := bytes.Cut(readme, []byte("<!-- example:begin -->\n"))
	example, after, ok2 := bytes.Cut(rest, []byte("<!-- example:end -->"))
	if !ok || !ok2 {
		t.Fatal("docs/usage.md has no <!-- example:begin --> … <!-- example:end --> block")
	}
	if *update {
		fresh := slices.Concat(before, []byte("<!-- example:begin -->\n"), want, []byte("<!-- example:end -->"), after)
		if err := os.WriteFile("../../docs/usage.md", fresh, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(example, want) {
		t.Errorf("docs/usage.md example differs from testdata/golden/develop-2025-03.md:\n%s", lineDiff(want, example))
	}
}

// TestDeterministicGenerated writes two generated snapshot trees (many
// packages, shared facets, shuffled keys) and expects byte-identical
// Markdown and JSON under GOMAXPROCS 1, 2 and 8.
func TestDeterministicGenerated(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(7, 7))
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	hash := func() string {
		b := make([]byte, 32)
		for i := range b {
			b[i] = alphabet[r.IntN(32)]
		}
		return string(b)
	}
	pick := func(l ...string) string { return l[r.IntN(len(l))] }
	pkgs := 120
	if testing.Short() {
		pkgs = 60 // a quick inner loop
	}
	for _, tag := range []string{"develop-a", "develop-b"} {
		for p := range pkgs {
			name := fmt.Sprintf("pkg-%03d", p)
			if r.IntN(15) == 0 {
				continue // some packages only on one side
			}
			var specs []map[string]any
			for range 1 + r.IntN(20) {
				specs = append(specs, map[string]any{
					"hash": hash(), "versions": []string{pick("1.0", "1.1", "2.0")},
					"compiler": pick("gcc@=13.2.0", "gcc@13.2.0", "none", "clang@18.1.8"),
					"os":       pick("ubuntu22.04", "ubuntu24.04"), "platform": "linux",
					"target": pick("x86_64_v3", "aarch64"), "variants": []string{pick("+shared", "~shared"), "build_system=cmake"},
					"stacks": []string{pick("e4s", "hep", "tutorial"), "root"}, "size": "-",
				})
			}
			data, err := json.Marshal(specs)
			if err != nil {
				t.Fatal(err)
			}
			page := fmt.Sprintf("---\ntitle: %q\nlayout: cache\ncategories: [package, %s]\nmeta: %s\nspec_details: %s\n---", name, tag, pagetest.MustJSON(pagetest.MetaOf(specs)), data)
			if err := os.MkdirAll(filepath.Join(dir, tag, name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, tag, name, "specs.md"), []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	formats := []string{"md", "json"}
	if testing.Short() {
		// A quick inner loop: JSON, every field of the report (make
		// test: Markdown too; TestDeterministic renders Markdown on 8
		// procs under -short).
		formats = formats[1:]
	}
	for _, format := range formats {
		args := []string{"--format", format, filepath.Join(dir, "develop-a"), filepath.Join(dir, "develop-b")}
		var first []byte
		procsList := []int{1, 2, 8}
		if testing.Short() {
			procsList = []int{1, 8} // a quick inner loop: one and many
		}
		for _, procs := range procsList {
			runtime.GOMAXPROCS(procs)
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != 1 {
				t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr.String())
			}
			if first == nil {
				first = stdout.Bytes()
			} else if !bytes.Equal(stdout.Bytes(), first) {
				t.Fatalf("%s with GOMAXPROCS=%d differs from GOMAXPROCS=1:\n%s", format, procs, lineDiff(first, stdout.Bytes()))
			}
		}
	}
}

// TestRenderRoundTrip: for every golden pair, the report saved as JSON
// and rendered again with cachediff render is byte-identical to the
// report rendered directly, in every format, with the same exit status.
func TestRenderRoundTrip(t *testing.T) {
	t.Chdir("../..")
	pairs := map[string][]string{
		"seeds":           {"testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"},
		"v0.23":           {"testdata/real/v0.23.0", "testdata/real/v0.23.1"},
		"develop-2025-03": {"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"},
		"raw":             {"--no-canonicalize", "testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"},
		"gate":            {"--fail-on", "removed-spec,downgrade", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"},
		"gate-passed":     {"--fail-on", "downgrade", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"},
	}
	for i, name := range slices.Sorted(maps.Keys(pairs)) {
		args := pairs[name]
		saved := filepath.Join(t.TempDir(), "report.json")
		var stdout, stderr bytes.Buffer
		exit := run(append([]string{"-f", "json", "-o", saved}, args...), &stdout, &stderr)
		if exit == 2 {
			t.Fatalf("%s: %s", name, stderr.String())
		}
		formats := []string{"md", "json", "text", "patch"}
		if testing.Short() {
			// A quick inner loop: one format per pair, in turn, so
			// that the six pairs still cover the four formats.
			formats = formats[i%4 : i%4+1]
		}
		for _, format := range formats {
			want := runOK(t, append([]string{"-f", format}, args...), exit)
			got := runOK(t, []string{"render", "-f", format, saved}, exit)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: render -f %s differs from the direct report:\n%s", name, format, lineDiff(want, got))
			}
		}
	}
}

// TestGitHubComment diffs a generated pair whose Markdown report is far
// over GitHub's comment limit: --github-comment fits it in 65,536 bytes,
// marker line included, keeps the headline and the summary, says it was
// shortened, and the same
// comes out of cachediff render on the saved JSON.
func TestGitHubComment(t *testing.T) {
	dir := t.TempDir()
	specs := 2000
	if testing.Short() {
		specs = 1000 // still over 64 KB of Markdown
	}
	cfg := gen.Default(3, specs)
	cfg.Rates = gen.Heavy
	if _, err := gen.Write(dir, gen.Generate(cfg)); err != nil {
		t.Fatal(err)
	}
	oldDir, newDir := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	full := runOK(t, []string{oldDir, newDir}, 1)
	if len(full) <= 65536 {
		t.Fatalf("the full report takes %d bytes: too small for this test", len(full))
	}
	short := runOK(t, []string{"--github-comment", oldDir, newDir}, 1)
	if len(short) > 65536 || !utf8.Valid(short) {
		t.Fatalf("--github-comment: %d bytes, valid UTF-8 %v", len(short), utf8.Valid(short))
	}
	// The head: down to the summary table's last row.
	i := bytes.Index(full, []byte("\n| specs | "))
	if i < 0 {
		t.Fatalf("no summary table:\n%.2000s", full)
	}
	head := full[:i+1+bytes.IndexByte(full[i+1:], '\n')]
	body, marked := bytes.CutPrefix(short, []byte("<!-- cachediff -->\n"))
	if !marked {
		t.Errorf("--github-comment does not start with its hidden marker")
	}
	if !bytes.HasPrefix(body, head) {
		t.Errorf("--github-comment lost the headline or the summary table")
	}
	if !bytes.Contains(short, []byte("**Shortened** to fit in 65536 bytes")) {
		t.Errorf("--github-comment does not say it was shortened")
	}
	saved := filepath.Join(dir, "report.json")
	runOK(t, []string{"-f", "json", "-o", saved, oldDir, newDir}, 1)
	if again := runOK(t, []string{"render", "--github-comment", saved}, 1); !bytes.Equal(again, short) {
		t.Errorf("render --github-comment differs from the direct run:\n%s", lineDiff(short, again))
	}
}

// TestBuiltinAsUserTemplate: the built-in Markdown template, given as
// --template, writes the built-in report, so that a user's copy of
// md.tmpl is a working start (it renders the package blocks itself
// rather than taking them rendered beforehand).
func TestBuiltinAsUserTemplate(t *testing.T) {
	t.Chdir("../..")
	for _, tc := range goldenCases {
		if !strings.HasSuffix(tc.name, ".md") || testing.Short() && !shortGoldenCases[tc.name] {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			want := runOK(t, tc.args, tc.exit)
			got := runOK(t, append([]string{"--template", "templates/md.tmpl"}, tc.args...), tc.exit)
			if !bytes.Equal(got, want) {
				t.Errorf("--template templates/md.tmpl differs from the built-in report:\n%s", lineDiff(want, got))
			}
		})
	}
}

// checkGolden runs cachediff with args, expects the exit status exit, and
// compares its output with testdata/golden/NAME (written anew with -update).
func checkGolden(t *testing.T, name string, args []string, exit int) {
	t.Helper()
	got := runOK(t, args, exit)
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/cachediff -run %s -update to create it)", err, strings.Split(t.Name(), "/")[0])
	}
	if !bytes.Equal(got, want) {
		t.Errorf("cachediff %v differs from %s (rerun with -update if the change is intended):\n%s", args, path, lineDiff(want, got))
	}
}

// TestLostStackUnderStackFilter: under --stack, lost-stack counts the
// selected stacks only. The view keeps another stack's specs where they
// are in a selected one too, so e4s-oneapi, which keeps 4 specs but none
// of them in e4s, once tripped the gate of a job that selected e4s.
func TestLostStackUnderStackFilter(t *testing.T) {
	t.Chdir("../..")
	// Newest first on purpose (what the week added reads as removed):
	// the order's warning is expected.
	args := []string{"-f", "json", "--stack", "e4s", "--fail-on", "lost-stack", "testdata/real/develop-2025-03-30", "testdata/real/develop-2025-03-23"}
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 0 || !strings.HasPrefix(stderr.String(), "cachediff: warning: ") || strings.Count(stderr.String(), "\n") != 1 {
		t.Fatalf("cachediff %v: exit %d, stderr %q; want 0 and the order's warning", args, code, stderr.String())
	}
	out := stdout.Bytes()
	var r struct {
		Gate struct{ Tripped []struct{ Kind string } }
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Gate.Tripped) != 0 {
		t.Errorf("--stack e4s --fail-on lost-stack tripped: %v", r.Gate.Tripped)
	}
}
