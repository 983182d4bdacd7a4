package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLogOneRevisionHint (adversarial pass q6, issue 35 class e): a log
// over one revision (--revs HEAD~2, "..HEAD" left out), which selects
// its history up to it, of a PATH that HEAD holds and that history does
// not, said "no commit of HEAD~2 changed _cache/v2; did you mean
// _cache/v0? (at …)", a folder the user did not mean. It names the
// range meant, HEAD~2..HEAD; a PATH that HEAD lacks too gets the near
// path as before, and so does a range of two ends.
func TestLogOneRevisionHint(t *testing.T) {
	dir := commitFiles(t, map[string]string{"_cache/v0/x.txt": "0\n"}, nil)
	for _, v := range []string{"v1", "v2"} {
		p := filepath.Join(dir, "_cache", v)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, "x.txt"), []byte(v+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"add", "--all"}, {"commit", "-qm", v}} {
			if _, err := gittest.Git(dir, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	const want = "the range HEAD~2 is one revision, which selects its history up to it, and _cache/v2 is there at HEAD: for the commits after it, give 'HEAD~2..HEAD'"
	if _, err := r.Series("HEAD~2", "_cache/v2", "", ""); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("log --revs HEAD~2 _cache/v2: %v; want %q, and no near path", err, want)
	}
	if _, err := r.Series("HEAD~2", "_cache/v3", "", ""); err == nil || strings.Contains(err.Error(), "one revision") {
		t.Errorf("log --revs HEAD~2 _cache/v3, which HEAD lacks too: %v; want no word of the range", err)
	}
	if _, err := r.Series("HEAD~2..HEAD~1", "_cache/v2", "", ""); err == nil || strings.Contains(err.Error(), "one revision") {
		t.Errorf("log --revs HEAD~2..HEAD~1 _cache/v2: %v; want no word of one revision", err)
	}

	// A PATH holding a space and a lookalike is quoted in ASCII, as the
	// log's other refusals name one (logPath): raw, "and _cache/v 3 is
	// there" ran it into the words, its \u0435 (a Cyrillic e) an e.
	odd := filepath.Join(dir, "_cache", "v \u0435")
	if err := os.MkdirAll(odd, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(odd, "x.txt"), []byte("3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "--all"}, {"commit", "-qm", "v3"}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Series("HEAD~3", "_cache/v \u0435", "", ""); err == nil || !strings.Contains(err.Error(), `and "_cache/v \u0435" is there at HEAD`) {
		t.Errorf("log --revs HEAD~3 of a PATH holding a space: %v; want it quoted in ASCII", err)
	}
}
