package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestEncodingLinePatterns: a .gitattributes line that gives files a
// working-tree-encoding counts unless its pattern surely misses a page's
// name. git matches a bracket [!x] as "not x" and knows [[:lower:]],
// where path.Match reads '!' as a character and the class not at all:
// "[!x]pecs.md" re-encoded every page of a checkout (git check-attr
// says so), while the gate over REV:PATH passed with "no changes".
func TestEncodingLinePatterns(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{
		{"[!x]pecs.md working-tree-encoding=UTF-16LE", 1},
		{"[[:lower:]]pecs.md working-tree-encoding=UTF-16LE", 1},
		{"[^x]pecs.md working-tree-encoding=UTF-16LE", 1},
		{`\specs.md working-tree-encoding=UTF-16LE`, 1},
		{"spec?.m* working-tree-encoding=UTF-16LE", 1},
		{"*.md\tworking-tree-encoding=UTF-16LE", 1},
		{"*.ps1 working-tree-encoding=UTF-16LE", 0},
		{"s?ecs.txt working-tree-encoding=UTF-16LE", 0},
		{"*.md text eol=crlf", 0},
	} {
		if got := encodingLine(tc.line + "\n"); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.line, got, tc.want)
		}
	}
}

// TestSeriesAttributes: a log's range in which a commit that changed no
// page added a line to a .gitattributes above PATH that may give the
// pages a working-tree-encoding is an error at that line. The series
// loads PATH only at the commits that changed it, so `log --revs
// HEAD~1..HEAD _cache/develop` over such a commit said "no commit in
// this range changed" PATH and passed, while the checkout the site is
// built from held every page in UTF-16. A line that touches no page
// leaves the series as it was.
func TestSeriesAttributes(t *testing.T) {
	repo, _ := series(t)
	dir := t.TempDir()
	clone := filepath.Join(dir, "clone")
	if _, err := gittest.Git(dir, nil, "clone", "-q", repo, clone); err != nil {
		t.Fatal(err)
	}
	commit := func(file, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(clone, filepath.FromSlash(file)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(clone, nil, "add", file); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(clone, nil, "commit", "-q", "-m", file); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	commit(".gitattributes", "*.png binary\n")
	if c, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err != nil || len(c) != 1 {
		t.Errorf("a line that touches no page: %d commits, %v; want the base alone", len(c), err)
	}
	commit("_cache/.gitattributes", "# wide\nspecs.md working-tree-encoding=UTF-16LE\n")
	commit(".gitattributes", "*.png binary\n*.jpg binary\n") // the tip changes no page either
	_, err = r.Series("HEAD~2..HEAD", "_cache/develop", "", "")
	want := ":_cache/.gitattributes: line 2: this line gives files a working-tree-encoding"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("HEAD~2..HEAD: %v; want an error holding %q", err, want)
	}
}
