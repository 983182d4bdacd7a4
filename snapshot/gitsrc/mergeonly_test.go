package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesMergeOnlyQuiet (class b, e): --revs M^!, a merge M that did
// not change PATH, said "no commit of M^! changed x", exit 2, where M's
// first-parent range M^..M and R^! of a commit R no merge are a quiet
// log, exit 0, of PATH as M's first parent left it: a gate of each
// commit to main failed on its merges alone. M^! is that log too.
func TestSeriesMergeOnlyQuiet(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 2)
	git := gitRunner(t, r)
	write := func(name string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(r.dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "-A")
		git("commit", "-qm", name)
	}
	git("checkout", "-q", "-b", "side")
	write("y")
	git("checkout", "-q", "main")
	write("z")
	git("merge", "-q", "--no-edit", "side")
	want, err := r.Series("HEAD^..HEAD", "x", "", "")
	if err != nil || len(want) != 1 {
		t.Fatalf("HEAD^..HEAD: %v, %v; want the base alone", want, err)
	}
	for _, rng := range []string{"HEAD^!", "HEAD~0^!"} {
		got, err := r.Series(rng, "x", "", "")
		if err != nil || len(got) != 1 || got[0].ID != want[0].ID || !got[0].Base {
			t.Errorf("Series(%q): %v, %v; want the base alone, commit %s, as HEAD^..HEAD", rng, got, err, want[0].ID)
		}
	}
}
