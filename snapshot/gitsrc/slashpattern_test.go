package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRewritingLineFolderPattern: a .gitattributes pattern that ends in a
// slash matches a folder alone, never a file in it (git's path_matches
// of a PATTERN_FLAG_MUSTBEDIR pattern), so that "develop/ ident" above
// _cache/develop gives no page ident (git check-attr --cached:
// unspecified, and a clone writes the pages as committed), yet it was
// refused as a line that may give the pages ident, and the gate could
// not run. git is asked here too, so that the test says when it reads
// such a line otherwise.
func TestRewritingLineFolderPattern(t *testing.T) {
	lines := []string{
		"develop/ ident",
		"*/ ident",
		"**/ ident",
		"*.md/ ident",
		"develop/ working-tree-encoding=UTF-16LE",
	}
	for _, l := range lines {
		if n, msg := rewritingLine([]byte(l + "\n")); n != 0 {
			t.Errorf("%q: line %d, %q; want none", l, n, msg)
		}
	}
	// Still counted: a folder's pattern past which a page may be named.
	for _, l := range []string{"develop/* ident", "develop/** ident", "*/*.md ident"} {
		if n, _ := rewritingLine([]byte(l + "\n")); n != 1 {
			t.Errorf("%q: line %d; want 1", l, n)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	attrs := filepath.Join(dir, "_cache", ".gitattributes")
	if err := os.MkdirAll(filepath.Dir(attrs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(attrs, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(dir, nil, "add", "."); err != nil {
		t.Fatal(err)
	}
	for _, icase := range []string{"false", "true"} {
		out, err := gittest.Git(dir, nil, "-c", "core.ignorecase="+icase, "check-attr", "--cached", "ident", "working-tree-encoding", "--", "_cache/develop/zlib/specs.md", "_cache/develop/x.md/specs.md")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(out, ": unspecified") != 4 {
			t.Errorf("git -c core.ignorecase=%s check-attr: %q; want each unspecified", icase, out)
		}
	}
}
