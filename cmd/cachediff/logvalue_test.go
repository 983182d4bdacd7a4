package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLogValueTookSnapshot (class a): a log takes any number of
// snapshots, so a flag whose value was an empty variable took the first
// one without a word: log --title $T A B C, T empty, titled the log A
// and left A out (a --fail-on that A to B trips passed), log -o $OUT A
// B C wrote the log of B to C over the page A, exit 0, and log -C $DIR
// /abs/A /abs/B /abs/C ran in A and left it out. A value given apart
// that names a snapshot as the argument after it does is refused; the
// value written joined, a title that names nothing, an earlier run's
// report as -o and a -C folder that holds the snapshots still read.
func TestLogValueTookSnapshot(t *testing.T) {
	pagesHere(t, "A", "B", "C")
	for _, dir := range []string{"d", "e"} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"A", "B"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(permPage), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	abs := func(name string) string { return filepath.Join(here, name) }
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"log", "--title", "A", "B", "C"}, "cachediff: --title A: A, read as its TEXT, names a snapshot as B after it does, and with --title's value empty would be the log's first: give --title a TEXT, quoted when it may be empty (that TEXT is written --title=A)\n"},
		{[]string{"log", "-o", "A", "B", "C"}, "cachediff: --output A: A, read as its FILE, names a snapshot as B after it does"},
		{[]string{"log", "--fail-on", "any", "-q", "--title", "A", "B", "C"}, "cachediff: --title A: A, read as its TEXT"},
		{[]string{"log", "-C", abs("d"), abs("e"), abs("d")}, "names a snapshot as " + abs("e") + " after it does"},
		{[]string{"log", "-o", "HEAD~2:x", "HEAD~1:x", "HEAD:x"}, "cachediff: --output 'HEAD~2:x': 'HEAD~2:x', read as its FILE, names a snapshot as 'HEAD~1:x' after it does"},
		{[]string{"log", "--title", "git:urn:x", "git:HEAD:x", "git:HEAD:y"}, "names a snapshot as git:HEAD:x after it does"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	if data, err := os.ReadFile("A"); err != nil || string(data) != permPage {
		t.Errorf("the page A was written over (%v)", err)
	}
	if err := os.WriteFile("log.md", []byte("# cachediff log: an earlier run\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"log", "--title=A", "B", "C"},
		{"log", "--title", "Weekly", "A", "B", "C"},
		{"log", "-o", "log.md", "A", "B", "C"},
		{"log", "-C", "d", "A", "B"},
		{"log", "-f", "atom", "--feed-id", "tag:example.org,2025:c", "git:HEAD:A", "git:HEAD:B"}, // no repository: refused for that
		{"log", "--title", "A", "B"}, // one snapshot, refused for that
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		if want := exitSame; len(args) == 4 && args[2] == "A" || args[3] == "--feed-id" {
			if code != exitTrouble || bytes.Contains(stderr.Bytes(), []byte("names a snapshot")) {
				t.Errorf("%q: exit %d, stderr %q; want 2 of one snapshot, or of git", args, code, stderr.String())
			}
		} else if code != want || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestLogDirBeforeAbsoluteSnapshots (class a, an over-refusal): log -C .
// /abs/A /abs/B /abs/C, of pages, was refused, exit 2 ("--directory .:
// ., read as its DIR, names a snapshot"), where the parent ran the log:
// any folder before an absolute path was taken for a snapshot that an
// empty -C $DIR took. A page after it is none (-C /abs/A says "not a
// directory"), nor is a relative folder before absolute ones; an
// absolute folder before absolute folders still is.
func TestLogDirBeforeAbsoluteSnapshots(t *testing.T) {
	pagesHere(t, "A", "B", "C")
	for _, dir := range []string{"d", "e", "f"} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p.md"), []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	abs := func(name string) string { return filepath.Join(here, name) }
	for _, args := range [][]string{
		{"log", "-q", "-C", ".", abs("A"), abs("B"), abs("C")},
		{"log", "-q", "-C", abs("d"), abs("A"), abs("B"), abs("C")},
		{"log", "-q", "-C", ".", abs("d"), abs("e"), abs("f")},
		{"log", "-q", "-C", "d", abs("d"), abs("e"), abs("f")},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
	wantTrouble(t, []string{"log", "-q", "-C", abs("d"), abs("e"), abs("f")}, "names a snapshot as "+abs("e")+" after it does")
}

// TestLogLinkBaseBeforeMirrorURLs (class a, an over-refusal): log
// --link-base https://cache.spack.io/ URL URL URL, of mirrors at another
// host, was refused, exit 2 ("names a snapshot as URL after it does"),
// where the parent ran the log: any two URLs were taken for snapshots of
// one kind, though the help's own link base is no mirror. A URL is of
// the kind of another of its host alone; a URL of the mirrors' host
// before them is still refused.
func TestLogLinkBaseBeforeMirrorURLs(t *testing.T) {
	dir, srv := genMirrorServer(t)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("NETRC", filepath.Join(dir, "no-netrc"))
	m := srv.URL + "/m"
	for _, args := range [][]string{
		{"log", "--link-base", "https://cache.spack.io/package/?name=", m, m, m},
		{"log", "-f", "atom", "--feed-id", "https://example.org/feeds/cache", m, m, m},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
	wantTrouble(t, []string{"log", "--link-base", srv.URL + "/other", m, m, m}, "names a snapshot as "+m+" after it does")
}

// TestLogTitleLabelBeforeRevPaths (class a, an over-refusal): log
// --title "e4s: weekly" HEAD~2:PATH HEAD~1:PATH HEAD:PATH was refused,
// exit 2 ("names a snapshot as HEAD~2:PATH after it does"), where the
// parent ran the log: the title's label before ": " was read as a REV,
// though no snapshot's PATH starts with a space. A title without the
// space (v0.23:x) still reads as a REV:PATH and is refused.
func TestLogTitleLabelBeforeRevPaths(t *testing.T) {
	_, repo, _ := weeklyRepo(t)
	revs := []string{"HEAD~2:_cache/develop", "HEAD~1:_cache/develop", "HEAD:_cache/develop"}
	for _, title := range []string{"e4s: weekly", "Release: v0.23"} {
		args := append([]string{"log", "-q", "-C", repo, "--title", title}, revs...)
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code == exitTrouble || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want the log", args, code, stderr.String())
		}
	}
	wantTrouble(t, append([]string{"log", "-q", "-C", repo, "--title", "v0.23:x"}, revs...), "names a snapshot as 'HEAD~2:_cache/develop' after it does")
}

// TestLogValueBeforeLastSnapshot (class a): log A B --title $T C, T
// empty, titled the log C and left C out of it, exit 0 of A to B alone,
// and log A B -o $OUT C wrote the log of A to B over the page C: the
// value was held to the argument after it, and there was none. With no
// argument after it, it is held to the one before. log A --title $T B
// C said the value empty "would be the log's first", of the second.
func TestLogValueBeforeLastSnapshot(t *testing.T) {
	pagesHere(t, "A", "B", "C")
	wantTrouble(t, []string{"log", "A", "B", "--title", "C"}, "cachediff: --title C: C, read as its TEXT, names a snapshot as B before it does, and with --title's value empty would be the log's last: give --title a TEXT")
	wantTrouble(t, []string{"log", "A", "B", "-o", "C"}, "cachediff: --output C: C, read as its FILE, names a snapshot as B before it does")
	if data, err := os.ReadFile("C"); err != nil || string(data) != permPage {
		t.Errorf("the page C was written over (%v)", err)
		pagesHere(t, "A", "B", "C")
	}
	wantTrouble(t, []string{"log", "A", "--title", "B", "C"}, "with --title's value empty would be one of the log's snapshots: give")
	for _, args := range [][]string{
		{"log", "A", "B", "C", "--title", "Weekly"},
		{"log", "A", "B", "--title=C"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestLogValueRefusedByItsFlag (class e): log --link-base d1 d2 d3 said
// "names a snapshot as d2 after it does ... (that URL is written
// --link-base=d1)", a spelling that, pasted back, is refused as no
// http:// URL; log -f atom --feed-id d1 d2 d3 alike, of no absolute
// URI. A value its flag's own check refuses is left to that check,
// which names what the flag wants; an earlier giving, which that check
// does not see, is still refused as naming a snapshot.
func TestLogValueRefusedByItsFlag(t *testing.T) {
	pagesHere(t)
	for _, dir := range []string{"d1", "d2", "d3"} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p.md"), []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantTrouble(t, []string{"log", "--link-base", "d1", "d2", "d3"}, `cachediff: --link-base "d1": want an http:// or https:// URL`)
	wantTrouble(t, []string{"log", "-f", "atom", "--feed-id", "d1", "d2", "d3"}, `cachediff: --feed-id "d1": want an absolute URI`)
	wantTrouble(t, []string{"log", "--link-base", "d1", "--link-base=https://example.org/", "d2", "d3"}, "cachediff: --link-base d1: d1, read as its URL, names a snapshot as d2 after it does")
}

// TestLogValueOfOtherDiskKind (class a): log -o $OUT p.md d1 d2, OUT
// empty, wrote the log of d1 to d2 over the page p.md, exit 0, and log
// --title $T p.md d1 d2 left p.md out: the value and the snapshot after
// it were held to one kind, and a log reads a page and folders in one
// series. Every snapshot on disk is now one kind; a report that is no
// snapshot (notes.md) is still a title or an output.
func TestLogValueOfOtherDiskKind(t *testing.T) {
	pagesHere(t, "p.md")
	for _, dir := range []string{"d1", "d2"} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p.md"), []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantTrouble(t, []string{"log", "-o", "p.md", "d1", "d2"}, "cachediff: --output p.md: p.md, read as its FILE, names a snapshot as d1 after it does")
	if data, err := os.ReadFile("p.md"); err != nil || string(data) != permPage {
		t.Errorf("the page p.md was written over (%v)", err)
	}
	wantTrouble(t, []string{"log", "--title", "p.md", "d1", "d2"}, "cachediff: --title p.md: p.md, read as its TEXT, names a snapshot as d1 after it does")
	if err := os.WriteFile("notes.md", []byte("# notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"log", "--title", "notes.md", "p.md", "d1", "d2"},
		{"log", "-o", "notes.md", "p.md", "d1", "d2"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code == exitTrouble {
			t.Errorf("%q: exit %d, stderr %q; want a log", args, code, stderr.String())
		}
	}
}

// TestLogValueLockfileWithMark (class a): a lockfile an editor wrote
// with a UTF-8 byte order mark first is a snapshot (the loader passes
// the mark over), but the check of a log's value read its first bytes
// as no Spack file: log -o $OUT a.lock b.lock c.lock, OUT empty, wrote
// the log of b.lock to c.lock over a.lock, exit 0, and --title $T left
// a.lock out, where the same line without the mark is refused.
func TestLogValueLockfileWithMark(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2"
	const lock = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":4},"roots":[{"hash":"` + h + `","spec":"a"}],"concrete_specs":{"` + h +
		`":{"name":"a","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"11"},"parameters":{},"hash":"` + h + `"}}}`
	t.Chdir(t.TempDir())
	for name, data := range map[string]string{"a.lock": "\uFEFF" + lock, "b.lock": lock, "c.lock": lock} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"a.lock", "b.lock"}, &stdout, &stderr); code == exitTrouble {
		t.Fatalf("a.lock with a byte order mark is refused as a snapshot: %s", stderr.String())
	}
	wantTrouble(t, []string{"log", "-o", "a.lock", "b.lock", "c.lock"}, "cachediff: --output a.lock: a.lock, read as its FILE, names a snapshot as b.lock after it does")
	if data, err := os.ReadFile("a.lock"); err != nil || string(data) != "\uFEFF"+lock {
		t.Errorf("the lockfile a.lock was written over (%v)", err)
	}
	wantTrouble(t, []string{"log", "--title", "a.lock", "b.lock", "c.lock"}, "cachediff: --title a.lock: a.lock, read as its TEXT, names a snapshot as b.lock after it does")
}

// TestLogValueOtherJSON (class a, over-refusal): a JSON file that is no
// Spack file (another tool's summary.json) is no snapshot, as an
// earlier run's report is none, but the check of a log's value took any
// JSON for Spack's: log -o summary.json d1 d2 was refused as naming a
// snapshot, exit 2, where the parent of the check that every file on
// disk is one kind ran the log. A lockfile, by its content or named
// spack.lock, is still refused.
func TestLogValueOtherJSON(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, dir := range []string{"d1", "d2"} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p.md"), []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const lock = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":4},"roots":[],"concrete_specs":{}}`
	for name, data := range map[string]string{"summary.json": `{"passed": 3}`, "a.json": lock, "spack.lock": `{"` + strings.Repeat("x", 600) + `":1}`} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "-o", "summary.json", "d1", "d2"}, &stdout, &stderr); code == exitTrouble {
		t.Errorf("log -o summary.json d1 d2: exit %d, stderr %q; want a log", code, stderr.String())
	}
	wantTrouble(t, []string{"log", "-o", "a.json", "d1", "d2"}, "cachediff: --output a.json: a.json, read as its FILE, names a snapshot as d1 after it does")
	wantTrouble(t, []string{"log", "-o", "spack.lock", "d1", "d2"}, "cachediff: --output spack.lock: spack.lock, read as its FILE, names a snapshot as d1 after it does")
}

// TestLogOutputOfSnapshot (class e): log d1 d2 -o d1/p.md, a page the
// log reads as d1's, said that d1/p.md "names a snapshot as d2 before
// it does, and with --output's value empty would be the log's last",
// where a diff says it is an input; so did log a.md b.md -o a.md. The
// page is left whole, as the diff leaves it.
func TestLogOutputOfSnapshot(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, dir := range []string{"d1", "d2"} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p.md"), []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"log", "d1", "d2", "-o", "d1/p.md"},
		{"log", "d1", "d2", "-o", "./d2/p.md"},
		{"log", "-o", "d1/p.md", "d1", "d2"},
		{"log", "a.md", "b.md", "-o", "a.md"},
		{"d1", "d2", "-o", "d1/p.md"},
	} {
		out := args[slices.Index(args, "-o")+1]
		wantTrouble(t, args, "cachediff: --output "+out+": it is an input: writing the report would replace it\n")
		if data, err := os.ReadFile(out); err != nil || string(data) != permPage {
			t.Errorf("%q: the page %s was written over (%v)", args, out, err)
		}
	}
	// A page beside the snapshots is still one an empty $OUT leaves.
	wantTrouble(t, []string{"log", "d1", "d2", "-o", "b.md"}, "cachediff: --output b.md: b.md, read as its FILE, names a snapshot as d2 before it does")
}
