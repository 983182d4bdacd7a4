package main

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSameSnapshotTwice (a seventh adversarial pass, issue 35): one
// snapshot given as both OLD and NEW (a typo: $OLD $OLD, or HEAD^1 for
// both in a workflow) is "no changes" by construction, and a gate on it
// passed, exit 0, without a word. With --fail-on it is an error naming
// the snapshot; without, the report it has always been ("No changes").
func TestSameSnapshotTwice(t *testing.T) {
	good, err := filepath.Abs("../../testdata/real/develop-2025-03-23")
	if err != nil {
		t.Fatal(err)
	}
	rel := "../../testdata/real/develop-2025-03-23"
	for _, pair := range [][2]string{{good, good}, {good, rel + "/"}, {rel, "./" + rel}} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--fail-on", "any", pair[0], pair[1]}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("--fail-on any %q %q: exit %d, stderr %q; want exit 2 naming the same snapshot", pair[0], pair[1], code, stderr.String())
		}
		stdout.Reset()
		stderr.Reset()
		code = run([]string{pair[0], pair[1]}, &stdout, &stderr)
		if code != 0 || stderr.Len() > 0 {
			t.Errorf("%q %q: exit %d, stderr %q; want exit 0", pair[0], pair[1], code, stderr.String())
		}
	}
	// Two snapshots alike are no mistake.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--fail-on", "any", "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"}, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Errorf("v0.23.0 v0.23.1: exit %d, stderr %q", code, stderr.String())
	}
}

// TestLogSameSnapshotTwice: a log whose step compares one snapshot with
// itself (an argument repeated, however spelt) has a step of no change by
// construction; under --fail-on it is an error naming the step, as a
// diff's is (TestSameSnapshotTwice).
func TestLogSameSnapshotTwice(t *testing.T) {
	const a, b = "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"
	for _, args := range [][]string{{a, a}, {a, b, "./" + b + "/"}} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"log", "--fail-on", "any"}, args...), &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("log --fail-on any %q: exit %d, stderr %q; want exit 2 naming the same snapshot", args, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "--fail-on", "any", a, b, a}, &stdout, &stderr); code == exitTrouble {
		t.Errorf("log A B A: exit %d, stderr %q: a snapshot may come back", code, stderr.String())
	}
}

// One snapshot spelt two ways (eighth adversarial pass, issue 35): a
// file URL and its path, a URL with a trailing or doubled slash or a
// scheme in capitals; in a log, one PATH at one commit named by two
// revisions, or with a trailing slash. Under --fail-on each is the same
// snapshot, as it is in a diff.
func TestSameSnapshotSpellings(t *testing.T) {
	mirror, err := filepath.Abs("../../testdata/spack-gen/old")
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]string{
		{"file://" + mirror, mirror},
		{"file://" + mirror, "file://" + mirror + "/"},
		{"FILE://" + mirror, "file://" + mirror + "/./"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--fail-on", "any", pair[0], pair[1]}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("--fail-on any %q %q: exit %d, stderr %q; want exit 2 naming the same snapshot", pair[0], pair[1], code, stderr.String())
		}
	}
	repo := realWeeksRepo(t)
	for _, args := range [][]string{
		{"HEAD:_cache/develop", "HEAD:_cache/develop/"},
		{"HEAD:_cache/develop", "main:_cache/develop"},
		{"HEAD~1:_cache/develop", "HEAD:_cache/develop", "main:./_cache/develop"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"log", "-C", repo, "--fail-on", "any"}, args...), &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("log --fail-on any %q: exit %d, stderr %q; want exit 2 naming the same snapshot", args, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "-C", repo, "--fail-on", "any", "HEAD~1:_cache/develop", "HEAD:_cache/develop"}, &stdout, &stderr); code == exitTrouble {
		t.Errorf("log of two commits: exit %d, stderr %q", code, stderr.String())
	}
}

// TestSameSnapshotRelativeRevPath (a ninth adversarial pass, issue 35):
// git reads a REV:PATH whose PATH starts with ./ or ../ from the current
// folder (-C), any other from the top of the repository. sameSnapshot
// compared the paths as written, cleaned: from _cache, HEAD:./develop
// and HEAD:_cache/develop (one snapshot) passed a gate, and HEAD:develop
// and HEAD:./develop (two) were refused as one.
func TestSameSnapshotRelativeRevPath(t *testing.T) {
	repo := realWeeksRepo(t)
	// A folder develop at the top too, of the older week.
	if err := os.CopyFS(filepath.Join(repo, "develop"), os.DirFS("../../testdata/real/v0.23.0")); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "add", "develop"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "commit", "-q", "-m", "develop at the top"); err != nil {
		t.Fatal(err)
	}
	from := filepath.Join(repo, "_cache")
	for _, args := range [][]string{
		{"HEAD:./develop", "HEAD:_cache/develop"},
		{"HEAD:_cache/develop", "HEAD:./develop/"},
		{"HEAD:../_cache/develop", "HEAD:./develop"},
	} {
		for _, cmd := range [][]string{{}, {"log"}} {
			var stdout, stderr bytes.Buffer
			code := run(append(append(cmd, "-C", from, "--fail-on", "any"), args...), &stdout, &stderr)
			if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
				t.Errorf("%q -C _cache --fail-on any %q: exit %d, stderr %q; want exit 2 naming the same snapshot", cmd, args, code, stderr.String())
			}
		}
	}
	for _, args := range [][]string{
		{"HEAD:develop", "HEAD:./develop"},
		{"HEAD:./develop", "HEAD:../develop"},
	} {
		for _, cmd := range [][]string{{}, {"log"}} {
			var stdout, stderr bytes.Buffer
			code := run(append(append(cmd, "-C", from, "--fail-on", "any"), args...), &stdout, &stderr)
			if strings.Contains(stderr.String(), "the same snapshot") || code == exitTrouble {
				t.Errorf("%q -C _cache --fail-on any %q (two folders): exit %d, stderr %q; want them compared", cmd, args, code, stderr.String())
			}
		}
	}
}

// TestSameURLSpellings (a ninth adversarial pass, issue 35): a URL with
// its scheme's default port (:80, :443), an empty port or a fragment
// (which is never sent) names the snapshot the URL without them does,
// and passed a gate as another one.
func TestSameURLSpellings(t *testing.T) {
	s := &snapshot.Snapshot{}
	for _, pair := range [][2]string{
		{"http://cache.example:80/m", "http://cache.example/m"},
		{"https://cache.example:443/m/", "HTTPS://Cache.Example/m"},
		{"https://cache.example:/m", "https://cache.example/m"},
		{"https://cache.example/m#develop", "https://cache.example/m"},
		// A tenth pass: credentials say who asks, not what is read.
		{"https://ci:token@cache.example/m", "https://cache.example/m"},
		{"https://ci@cache.example/m", "https://other:pw@cache.example/m"},
	} {
		if sameSnapshot("", pair[0], pair[1], s, s) == "" {
			t.Errorf("%q and %q: not the same snapshot", pair[0], pair[1])
		}
	}
	for _, pair := range [][2]string{
		{"http://cache.example:8080/m", "http://cache.example/m"},
		{"https://cache.example:80/m", "https://cache.example/m"},
		{"http://cache.example/m", "https://cache.example/m"},
	} {
		if same := sameSnapshot("", pair[0], pair[1], s, s); same != "" {
			t.Errorf("%q and %q: the same snapshot (%s)", pair[0], pair[1], same)
		}
	}
}

// TestSameSnapshotOtherArgument (a ninth adversarial pass, issue 35):
// one index named as its build cache's folder, as the folder above, or
// as the file itself, and a folder of one page named as the folder or
// the page, were other arguments, so the gate passed on one snapshot
// twice. Snapshots read from the same files are one snapshot; copies of
// a file are two.
func TestSameSnapshotOtherArgument(t *testing.T) {
	dir := t.TempDir()
	index, err := os.ReadFile("../../testdata/spack-gen/old/build_cache/index.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"c/build_cache/index.json", "copy/build_cache/index.json"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, index, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page := filepath.Join(dir, "cat", "develop", "zlib", "specs.md")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte("---\ntitle: zlib\nlayout: cache\ncategories: [package, develop]\nmeta: {\"compilers\": [\"gcc@13.2.0\"], \"num_specs\": 1, \"num_specs_by_stack\": {\"root\": 1}, \"oss\": [\"ubuntu22.04\"], \"platforms\": [\"linux\"], \"stacks\": [\"root\"], \"targets\": [\"x86_64_v3\"], \"versions\": [\"1.3\"]}\nspec_details: [{\"compiler\": \"gcc@13.2.0\", \"hash\": \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\", \"os\": \"ubuntu22.04\", \"platform\": \"linux\", \"size\": \"-\", \"stacks\": [\"root\"], \"target\": \"x86_64_v3\", \"variants\": [\"+shared\"], \"versions\": [\"1.3\"]}]\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"c", "c/build_cache"},
		{"c/build_cache", "c/build_cache/index.json"},
		{"c/build_cache/index.json", "c"},
		{"cat/develop", "cat/develop/zlib/specs.md"},
	} {
		for _, cmd := range [][]string{{}, {"log"}} {
			var stdout, stderr bytes.Buffer
			code := run(append(append(cmd, "-C", dir, "--fail-on", "any"), args...), &stdout, &stderr)
			if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
				t.Errorf("%q --fail-on any %q: exit %d, stderr %q; want exit 2 naming the same snapshot", cmd, args, code, stderr.String())
			}
		}
	}
	// A copy is another snapshot, alike: no mistake. So is one of hard
	// links to the same files (rsync --link-dest keeps a quiet week so),
	// and one reached through a link to a folder is the same.
	linked := filepath.Join(dir, "linked", "build_cache", "index.json")
	if err := os.MkdirAll(filepath.Dir(linked), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(dir, "c", "build_cache", "index.json"), linked); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "c", "build_cache"), filepath.Join(dir, "bc")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"c", "copy"}, {"c", "linked"}, {"linked/build_cache", "c/build_cache/index.json"}, {"linked/build_cache/index.json", "c/build_cache/index.json"}} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-C", dir, "--fail-on", "any", args[0], args[1]}, &stdout, &stderr); code != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0 (two snapshots alike)", args, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", dir, "--fail-on", "any", "c", "bc"}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
		t.Errorf("c and a link to c/build_cache: exit %d, stderr %q; want exit 2 naming the same snapshot", code, stderr.String())
	}
}

// TestRenderSameSnapshot (a ninth adversarial pass, issue 35): a saved
// report of one snapshot against itself (made without --fail-on, which
// allows it) passed render --fail-on, which the two-step recipe (diff
// -f json, then render --fail-on) gates on. render refuses it as diff
// does: both sides at one path and revision.
func TestRenderSameSnapshot(t *testing.T) {
	dir := t.TempDir()
	snap := "../../testdata/real/develop-2025-03-23"
	for _, cmd := range [][]string{{}, {"log"}} {
		saved := filepath.Join(dir, fmt.Sprintf("saved%d.json", len(cmd)))
		var stdout, stderr bytes.Buffer
		if code := run(append(append(cmd, "-f", "json", "-o", saved), snap, snap), &stdout, &stderr); code != 0 {
			t.Fatalf("%q of one snapshot twice: exit %d, stderr %q", cmd, code, stderr.String())
		}
		stderr.Reset()
		if code := run([]string{"render", "--fail-on", "any", saved}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("render --fail-on any of a %q report of one snapshot twice: exit %d, stderr %q; want exit 2 naming the same snapshot", cmd, code, stderr.String())
		}
		stderr.Reset()
		if code := run([]string{"render", saved}, &stdout, &stderr); code != 0 {
			t.Errorf("render without a gate: exit %d, stderr %q; want 0", code, stderr.String())
		}
	}
}

// TestRenderSameSnapshotSpelt (a tenth adversarial pass, issue 35): a
// saved report of one snapshot against itself spelt two ways (snap and
// snap/, ./snap, its absolute path, a link to it) passed render
// --fail-on, which compared the two paths as written. A report whose
// sides are one snapshot says so (diff finds it as under a gate), and
// render refuses it; a log's sides are compared cleaned.
func TestRenderSameSnapshotSpelt(t *testing.T) {
	dir := t.TempDir()
	snap := "../../testdata/real/develop-2025-03-23"
	abs, err := filepath.Abs(snap)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(abs, link); err != nil {
		t.Fatal(err)
	}
	for i, tt := range []struct {
		cmd  []string
		a, b string
	}{
		{nil, snap, snap + "/"},
		{nil, snap, "./" + snap},
		{nil, snap, abs},
		{nil, link, snap},
		{[]string{"log"}, snap, snap + "/"},
		{[]string{"log"}, "./" + snap, snap},
		{[]string{"log"}, snap, abs},
		{[]string{"log"}, link, snap},
	} {
		saved := filepath.Join(dir, fmt.Sprintf("saved%d.json", i))
		var stdout, stderr bytes.Buffer
		if code := run(append(append(tt.cmd, "-f", "json", "-o", saved), tt.a, tt.b), &stdout, &stderr); code != 0 {
			t.Fatalf("%q %s %s: exit %d, stderr %q", tt.cmd, tt.a, tt.b, code, stderr.String())
		}
		stderr.Reset()
		if code := run([]string{"render", "--fail-on", "any", saved}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("render --fail-on any of a %q report of %s and %s: exit %d, stderr %q; want exit 2 naming the same snapshot", tt.cmd, tt.a, tt.b, code, stderr.String())
		}
	}
}

// The same-snapshot refusal names a folder as it is spelt (a tenth
// adversarial pass, issue 35): every argument went through mirror.Redact,
// meant for URLs, and a folder named 50%off was "(a URL that does not
// parse)", one named a#b was "a".
func TestSameSnapshotNamesFolder(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"50%off", "a#b", "c?d"} {
		snap := filepath.Join(dir, name)
		if err := os.CopyFS(snap, os.DirFS("../../testdata/real/develop-2025-03-23")); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"--fail-on", "any", snap, snap + "/"}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot ("+snap) {
			t.Errorf("%s and %s/ under --fail-on: exit %d, stderr %q; want exit 2 naming %s", snap, snap, code, stderr.String(), snap)
		}
	}
}

// TestRenderSameSnapshotForged (an eleventh adversarial pass, issue 35):
// a warning that begins with the same-snapshot warning's words made
// render --fail-on refuse a report of two snapshots: a package named
// "OLD and NEW are the same snapshot: x" whose dependency is not in the
// file gets the warning "OLD and NEW are the same snapshot: x/aaaaaaa:
// dependency ...", and the two-step recipe's gate failed (exit 2) on a
// report of two build-cache indexes (two lockfiles, when a lockfile's
// missing dependency was a warning too: it is bad input now). Only
// cachediff's own warning counts, whole.
func TestRenderSameSnapshotForged(t *testing.T) {
	dir := t.TempDir()
	const rec = `"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"spec":{"name":"OLD and NEW are the same snapshot: x","version":"1.2",` +
		`"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"11"},"parameters":{},` +
		`"dependencies":[{"name":"dep","hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","parameters":{"deptypes":["link"],"virtuals":[]}}],"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},"ref_count":0,"in_buildcache":true}`
	const zlib = `"cccccccccccccccccccccccccccccccc":{"spec":{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},` +
		`"compiler":{"name":"gcc","version":"11"},"parameters":{},"hash":"cccccccccccccccccccccccccccccccc"},"ref_count":0,"in_buildcache":true}`
	index := func(specs string) string {
		return `{"database":{"version":"7","installs":{` + specs + `}}}`
	}
	for _, f := range []struct{ name, specs string }{{"old.json", rec}, {"new.json", rec + "," + zlib}} {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(index(f.specs)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	saved := filepath.Join(dir, "saved.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "-o", saved, filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")}, &stdout, &stderr); code != 1 {
		t.Fatalf("diff of two indexes: exit %d, stderr %q; want 1", code, stderr.String())
	}
	// The loader quotes the name now (10ee150d), so the warning no longer
	// begins with the same-snapshot warning's words; a report edited so
	// that it does is what render must still read as two snapshots.
	const quoted, bare = `"message": "\"OLD and NEW are the same snapshot: x\"/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: dependency`, `"message": "OLD and NEW are the same snapshot: x/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: dependency`
	data, err := os.ReadFile(saved)
	if err != nil || !strings.Contains(string(data), quoted) {
		t.Fatalf("the saved report lacks the quoted warning (%v):\n%s", err, data)
	}
	if err := os.WriteFile(saved, []byte(strings.Replace(string(data), quoted, bare, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run([]string{"render", "--fail-on", "removed-spec", saved}, &stdout, &stderr); code != 0 {
		t.Errorf("render --fail-on removed-spec of a report of two indexes whose package's name begins with the same-snapshot warning: exit %d, stderr %q; want 0 (zlib added, none removed)", code, stderr.String())
	}
}

// TestSameURLQuery (an eleventh adversarial pass, issue 35): cachediff
// never sends a mirror URL's query (each file's URL is the mirror's path
// and the file's), so URL?view=a and URL read the same files; diff took
// them for two snapshots (urlKey kept the query), and only the check
// meant for a saved report refused them, in render's words: "the
// report's OLD and NEW are the same snapshot ... check the arguments it
// was made of", of a report the user never saved.
func TestSameURLQuery(t *testing.T) {
	index, err := os.ReadFile("../../testdata/spack-gen/old/build_cache/index.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(dir, "m"), index); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mirrorgen.Handler(dir, nil))
	defer srv.Close()
	var stdout, stderr bytes.Buffer
	code := run([]string{"--no-cache", "--fail-on", "any", srv.URL + "/m?view=a", srv.URL + "/m"}, &stdout, &stderr)
	if code != exitTrouble || !strings.HasPrefix(stderr.String(), "cachediff: OLD and NEW are the same snapshot (") {
		t.Errorf("--fail-on any URL?view=a URL (the query is never sent: the same files): exit %d, stderr %q; want 2, \"OLD and NEW are the same snapshot\" as diff says it", code, stderr.String())
	}
	if same := sameSnapshot("", "https://cache.example/m?view=a", "https://cache.example/m", &snapshot.Snapshot{}, &snapshot.Snapshot{}); same == "" {
		t.Errorf("https://cache.example/m?view=a and https://cache.example/m: not the same snapshot")
	}
}

// realWeeksRepo returns a git repository whose two commits hold the real
// pages of v0.23.0 and then v0.23.1 (testdata/real), or skips the test
// without git.
func realWeeksRepo(t *testing.T) string {
	t.Helper()
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	if _, err := gittest.Commits(repo, filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")); err != nil {
		t.Fatal(err)
	}
	return repo
}

// TestSameSnapshotGitFolderAbove (round 3 of issue 35): from git, a
// folder and the folder above it that holds it alone
// (git:HEAD:_cache and git:HEAD:_cache/develop), the top of the
// repository (git:HEAD:), or a package's folder and its page are one
// snapshot read from the same files, as sameFiles says of disk, where
// _cache and _cache/develop were refused: from git they passed a gate
// (exit 0, "no changes"). The same PATHs at two commits are two
// snapshots, and so are a folder and one package of it.
func TestSameSnapshotGitFolderAbove(t *testing.T) {
	repo := realWeeksRepo(t)
	for _, args := range [][]string{
		{"git:HEAD:_cache", "git:HEAD:_cache/develop"},
		{"git:HEAD:_cache/develop", "git:HEAD:"},
		{"HEAD:_cache/develop/bc", "git:HEAD~0:_cache/develop/bc/specs.md"},
	} {
		for _, cmd := range [][]string{{}, {"log"}} {
			var stdout, stderr bytes.Buffer
			code := run(append(append(cmd, "-C", repo, "--fail-on", "any"), args...), &stdout, &stderr)
			if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
				t.Errorf("%q --fail-on any %q: exit %d, stderr %q; want exit 2 naming the same snapshot", cmd, args, code, stderr.String())
			}
		}
	}
	for _, args := range [][]string{
		{"git:HEAD~1:_cache", "git:HEAD:_cache/develop"},
		{"git:HEAD:_cache/develop", "git:HEAD:_cache/develop/bc"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", repo, "--fail-on", "any", args[0], args[1]}, &stdout, &stderr)
		if code == exitTrouble || strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("--fail-on any %q (two snapshots): exit %d, stderr %q; want them compared", args, code, stderr.String())
		}
	}
}

// TestSameSnapshotPathShown (class a): the argument given twice was
// named as spelt, and the command's line wrote a newline \n: the folder
// "q\nr" of a newline and the folder q\nr of a backslash said the same,
// "the same snapshot (q\nr)", and "a and b" with its file and a with "b
// and c/..." both read "a and b and ...". Each is named as a path is
// (snapshot.ShownPath), quoted where it holds a backslash, a newline or
// " and ".
func TestSameSnapshotPathShown(t *testing.T) {
	said := map[string][]string{}
	for _, args := range sameSnapshotFolders(t) {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"--fail-on", "any"}, args...), &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || !strings.HasPrefix(got, "cachediff: OLD and NEW are the same snapshot (") || !strings.Contains(got, `(`+snapshot.ShownPath(args[0])) {
			t.Errorf("--fail-on any %q: exit %d, stderr %q; want 2 and the same snapshot named %s", args, code, got, snapshot.ShownPath(args[0]))
		}
		if prev, dup := said[got]; dup {
			t.Errorf("%q and %q both said %q", prev, args, got)
		}
		said[got] = args
	}
}

// sameSnapshotFolders makes, in a folder of its own that it makes the
// current one, the folders of one lockfile that TestSameSnapshotPathShown
// names: "q\nr" of a newline, q\nr of a backslash, "a and b"; and
// returns each as spelt twice (the folder, then spelt otherwise).
func sameSnapshotFolders(t *testing.T) [][]string {
	t.Helper()
	lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`)
	t.Chdir(t.TempDir())
	all := [][]string{{"q\nr", "q\nr/"}, {`q\nr`, `q\nr/`}, {"a and b", "./a and b/spack.lock"}}
	for _, args := range all {
		if err := os.Mkdir(args[0], 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(args[0], "spack.lock"), lock, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return all
}

// TestSameSnapshotPathShownInLogAndRender (class a, the siblings of
// TestSameSnapshotPathShown): log refusing a folder given twice under a
// gate, and render refusing a saved report or log of one snapshot twice,
// named it as spelt, or as the saved report spelt it: the folder "q\nr"
// of a newline and q\nr of a backslash both said "the same snapshot
// (q\nr)". Each is named as a path is (snapshot.ShownPath), as diff
// names it.
func TestSameSnapshotPathShownInLogAndRender(t *testing.T) {
	said := map[string][]string{}
	for _, args := range sameSnapshotFolders(t) {
		for _, c := range []struct {
			what, save string
			run, said  []string
		}{
			{"log --fail-on any", "", []string{"log", "--fail-on", "any", args[0], args[0]}, []string{"step 1: snapshots 1 and 2 are the same snapshot ("}},
			{"render --fail-on any of a report", "report.json", []string{"-f", "json", "-o", "report.json", args[0], args[1]}, []string{"the report's OLD and NEW are the same snapshot ("}},
			{"render --fail-on any of a log", "log.json", []string{"log", "-f", "json", "-o", "log.json", args[0], args[1]}, []string{"step 1: snapshots 1 and 2 are the same snapshot ("}},
		} {
			var stdout, stderr bytes.Buffer
			code := run(c.run, &stdout, &stderr)
			if c.save != "" {
				if code != exitSame {
					t.Fatalf("%q: exit %d, stderr %q", c.run, code, stderr.String())
				}
				stdout.Reset()
				stderr.Reset()
				code = run([]string{"render", "--fail-on", "any", c.save}, &stdout, &stderr)
			}
			got := stderr.String()
			if want := "cachediff: " + c.said[0] + snapshot.ShownPath(args[0]) + ")"; code != exitTrouble || !strings.HasPrefix(got, want) {
				t.Errorf("%s of %q: exit %d, stderr %q; want 2 and %s", c.what, args, code, got, want)
			}
			if prev, dup := said[got]; dup {
				t.Errorf("%s: %q and %q both said %q", c.what, prev, args, got)
			}
			said[got] = args
		}
	}
}
