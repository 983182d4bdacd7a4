package snapshot

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
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
