package snapshot

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestLoadingPathColonQuoted: "loading PATH: line L, column C: …" named a
// path holding ": " as it is, so that a spec file named
// "a.spec.json: line 9, column 9: spec.nodes[0].name: fine; b.spec.json"
// put a place and a message of its name's before the error's own (class
// a, e). Such a path is quoted, as one holding a quote is.
func TestLoadingPathColonQuoted(t *testing.T) {
	dir := t.TempDir()
	name := "a.spec.json: line 9, column 9: spec.nodes[0].name: fine; b.spec.json"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(`{"spec":{"_meta":{"version":4},"nodes":[{"name":null}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ok.spec.json"), []byte(`{"spec":{"_meta":{"version":4},"nodes":[{"name":"zlib","version":"1","hash":"`+strings.Repeat("a", 32)+`"}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(dir, Options{})
	want := "loading " + strconv.Quote(filepath.Join(dir, name)) + ": line 1, column "
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%v; want it to start %s", err, want)
	}
}

// TestLoadingPathEdgeSpaceQuoted (class a): "loading PATH: …" named a
// path with a space at an edge as it is, so that cachediff 'snap ' x
// said "loading snap : no such file or directory" and 'git:HEAD:snap '
// "loading git:HEAD:snap : …", read as snap and git:HEAD:snap. Such a
// path is quoted; one with a space inside alone is not.
func TestLoadingPathEdgeSpaceQuoted(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"snap ", `loading "snap ": m`},
		{" snap", `loading " snap": m`},
		{"git:HEAD:snap ", `loading "git:HEAD:snap ": m`},
		{"a b/snap", `loading a b/snap: m`},
	} {
		if got := (&Error{File: c.file, Msg: "m"}).Error(); got != c.want {
			t.Errorf("%q: %q; want %q", c.file, got, c.want)
		}
	}
}

// TestFolderColonQuoted (classes a and e): the heading of a folder's bad
// pages and the message of a folder without a page named it as it is,
// so that a folder "s: line 1, column 2" said "loading s: line 1,
// column 2: 2 bad pages:", read as the folder s and a place in it, and
// "e: is this" "no package pages found under e: is this/: is this a
// _cache/<tag> folder?". Each is quoted, as "loading PATH" quotes it.
func TestFolderColonQuoted(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "s: line 1, column 2")
	for _, p := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(bad, p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bad, p, "specs.md"), []byte("---\nlayout: cache\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(dir, "e: is this")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		bad:   "loading " + strconv.Quote(bad) + ": 2 bad pages:",
		empty: "no package pages found under " + strconv.Quote(empty+"/") + ": is this",
	} {
		if _, err := Load(path, Options{}); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%v; want it to start %s", err, want)
		}
	}
}

// TestLongPathSaysWhatIsWrong (class e, lead b of i17): a path of 4 KB,
// Linux's longest, quoted in ASCII is up to 16 KB, and "loading PATH:
// …" or "no package pages found under PATH/: is this a _cache/<tag>
// folder?" was cut by the command's line cap (8 KB) inside the path,
// before it said what was wrong. A path longer than 2 KB shown is cut,
// its mark after it; two cut alike read apart by it.
func TestLongPathSaysWhatIsWrong(t *testing.T) {
	for _, p := range []string{strings.Repeat("\u0430", 2000), strings.Repeat("\x80", 4000), strings.Repeat("a", 4000)} {
		for _, err := range []error{
			&Error{File: p, Line: 3, Msg: "what is wrong"},
			&Error{File: p, also: p + "b", Msg: "what is wrong"},
			noPages(p, true, nil, []Warning{{File: p + "/x.json", Message: "a warning"}}, leftByContent{n: 2, first: p + "/y.json"}),
			// One file by content, and a folder left with nothing
			// valid: each path cut too (edeedf09, no test noticed
			// either undone).
			noPages(p, true, nil, []Warning{{File: p + "/x.json", Message: "a warning"}}, leftByContent{n: 1, first: p + "/y.json"}),
			noPages(p, true, []*Error{{File: "a.md", Msg: "what is wrong"}}, nil, leftByContent{}),
		} {
			msg := err.Error()
			if len(msg) > 8<<10 || !strings.Contains(msg, "what is wrong") && (!strings.Contains(msg, "is this a _cache/<tag> folder? (") || !strings.HasSuffix(msg, ": a warning")) {
				t.Errorf("a path of %d bytes: %d bytes, %.200q…; want the message whole under 8 KB", len(p), len(msg), msg)
			}
		}
	}
	a, b := strings.Repeat("a", 4000)+"1", strings.Repeat("a", 4000)+"2"
	if loadingPath(a, false) == loadingPath(b, false) || len(loadingPath(a, false)) > MaxPathShown+len(cutmark.Of(a)) {
		t.Errorf("%q and %q; want them apart, cut to %d bytes", loadingPath(a, false), loadingPath(b, false), MaxPathShown)
	}
}

// TestLongPathKeepsFileName (class e): a path cut past 2 KB kept its
// head alone, so that the bad pages of a folder of 4 KB read alike but
// for the cut's mark, "loading \"\u0456…\u0456…68160b35\": line 1: …",
// neither naming its page (zlib/specs.md, zstd/specs.md). The cut keeps
// the path's tail after the mark.
func TestLongPathKeepsFileName(t *testing.T) {
	for _, root := range []string{strings.Repeat("\u0456", 2000), strings.Repeat("a", 4000), strings.Repeat("\x80", 4000)} {
		for _, pkg := range []string{"zlib", "zstd"} {
			p := root + "/" + pkg + "/specs.md"
			msg := (&Error{File: p, Line: 1, Msg: "bad"}).Error()
			_, after, cut := strings.Cut(msg, cutmark.Of(p))
			if !cut || !strings.HasSuffix(after, "/"+pkg+`/specs.md": line 1: bad`) && !strings.HasSuffix(after, "/"+pkg+"/specs.md: line 1: bad") || len(msg) > MaxPathShown+100 {
				t.Errorf("%d bytes: %.120q…%q; want its page named after the cut's mark", len(msg), msg, msg[max(0, len(msg)-60):])
			}
		}
	}
}
