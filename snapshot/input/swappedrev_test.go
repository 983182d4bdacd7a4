package input

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSwappedRevPathHint (class e): a REV:PATH written the other way
// round, PATH:REV (_cache/develop:HEAD~1, as a path and its version are
// written elsewhere), said "unknown revision _cache/develop" alone. An
// argument whose REV git does not know and whose PATH is a revision git
// knows is told so, and how to write it, with git: kept; one whose PATH
// is no revision either gets no such hint.
func TestSwappedRevPathHint(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	if _, err := gittest.Commits(repo, "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"); err != nil {
		t.Fatal(err)
	}
	for arg, want := range map[string]string{
		"_cache/develop:HEAD~1":     "unknown revision _cache/develop; 'HEAD~1' is a git revision: REV:PATH puts the revision first ('HEAD~1:_cache/develop')",
		"git:_cache/develop:HEAD":   "unknown revision _cache/develop; HEAD is a git revision: REV:PATH puts the revision first (git:HEAD:_cache/develop)",
		"_cache/develop:nosuch":     "",
		"git:_cache/develop:nosuch": "",
	} {
		_, err := Load(repo, arg, Options{}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), "unknown revision _cache/develop") {
			t.Errorf("Load(%q): %v; want unknown revision _cache/develop", arg, err)
			continue
		}
		if want == "" {
			if strings.Contains(err.Error(), "first") {
				t.Errorf("Load(%q): %v; want no hint of a swapped REV:PATH", arg, err)
			}
		} else if !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%q): %v; want %q", arg, err, want)
		}
		if n := strings.Count(err.Error(), "unknown revision"); n != 1 {
			t.Errorf("Load(%q): %v; says unknown revision %d times", arg, err, n)
		}
	}
}
