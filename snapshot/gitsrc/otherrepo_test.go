package gitsrc

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
)

// TestLogPathInOtherRepo (issue 35 class e: a message that gives no
// hint where a user needs one): log --revs R ../other/_cache/develop,
// given from the top of one repository with the snapshot in another
// beside it, said only "path ../other/_cache/develop is outside the
// repository". It names the repository whose history is read and the
// work tree that holds the path, with the -C and the path that read it;
// a path in no repository says that PATH is read from git.
func TestLogPathInOtherRepo(t *testing.T) {
	page := realPage(t, "bc")
	here := commitFiles(t, map[string]string{"README": "x\n"}, nil)
	other := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": page}, nil)
	r, err := OpenRepo(here)
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(here, filepath.Join(other, "_cache", "develop"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.ToSlash(rel), filepath.ToSlash(filepath.Join(other, "_cache", "develop"))} {
		_, err = r.Series("HEAD", p, "", "")
		if err == nil || !strings.Contains(err.Error(), "the repository "+here) ||
			!strings.Contains(err.Error(), "another repository's work tree, "+other) ||
			!strings.HasSuffix(err.Error(), "give -C "+other+" and the path from there, _cache/develop") {
			t.Errorf("log of %s: %v; want the repository read, and -C %s with _cache/develop", p, err, other)
		}
		// The spelling named reads it.
		o, err := OpenRepo(other)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.Series("HEAD", "_cache/develop", "", ""); err != nil {
			t.Errorf("-C %s, _cache/develop: %v", other, err)
		}
	}
	// In no repository: no -C to name; nor below a .git that holds
	// none (a file whose gitdir: leads nowhere, an empty folder), which
	// git passes over: -C there was refused, not a git repository.
	none := t.TempDir()
	if err := os.WriteFile(filepath.Join(none, ".git"), []byte("gitdir: nowhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(none, "e", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, at := range []string{t.TempDir(), none, filepath.Join(none, "e")} {
		nowhere, err := filepath.Rel(here, at)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Series("HEAD", filepath.ToSlash(nowhere), "", ""); err == nil || !strings.Contains(err.Error(), "the log reads PATH from git at each commit") || strings.Contains(err.Error(), "-C /") {
			t.Errorf("log of %s: %v; want it told that PATH is read from git", nowhere, err)
		}
	}
}

// TestLogPathInOtherRepoQuoted (class a/e): the work trees a log's
// refusal of a PATH in another repository names, and that PATH, were
// written raw: of a top in "/tmp/a; b", "outside the repository /tmp/a;
// b, whose history" and "another repository's work tree, /tmp/a; b; to
// read" ran the path into the words around it, and dеv (its е Cyrillic)
// read as dev. They are quoted as logPath quotes a path, in ASCII; the
// -C and the path from there stay shell words, in ASCII too
// (shellword.ShownASCII).
func TestLogPathInOtherRepoQuoted(t *testing.T) {
	page := realPage(t, "bc")
	h := commitFiles(t, map[string]string{"README": "x\n"}, nil)
	o := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": page}, nil)
	base := t.TempDir()
	for _, name := range []string{"a; b", `q"x`, "it's", "d\u0435v", " edge ", "a: b"} {
		here, other := filepath.Join(base, name, "h"), filepath.Join(base, name+"2", "o")
		for _, move := range [][2]string{{h, here}, {o, other}} {
			if err := os.MkdirAll(filepath.Dir(move[1]), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(move[0], move[1]); err != nil {
				t.Fatal(err)
			}
		}
		h, o = here, other
		r, err := OpenRepo(here)
		if err != nil {
			t.Fatal(err)
		}
		rel := filepath.ToSlash(filepath.Join("..", "..", name+"2", "o", "_cache", "develop"))
		abs := filepath.ToSlash(filepath.Join(other, "_cache", "develop"))
		tree := "another repository's work tree, " + strconv.QuoteToASCII(other) + "; to read"
		pasted := "give -C " + shellword.ShownASCII(other) + " and the path from there, _cache/develop"
		for p, want := range map[string]string{
			rel: "path " + strconv.QuoteToASCII(rel) + " is outside the repository " + strconv.QuoteToASCII(here) + ", whose history",
			abs: "path " + strconv.QuoteToASCII(abs) + ": want a path inside the repository " + strconv.QuoteToASCII(here) + ", relative",
		} {
			_, err = r.Series("HEAD", p, "", "")
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), tree) || !strings.HasSuffix(err.Error(), pasted) {
				t.Errorf("log of %q: %v\nwant %s ... %s ... %s", p, err, want, tree, pasted)
			}
		}
	}
}
