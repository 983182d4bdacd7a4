package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// benchRepo is the repository of the 60k-spec pair of a real week's churn
// (made when absent).
func benchRepo(b *testing.B) string {
	if !gittest.Available() {
		b.Skip("the git program is not on PATH")
	}
	week, _ := gen.LookupChurn("100%")
	repo, _, err := gittest.BenchRepo(gen.RepoRoot(), 60000, week)
	if err != nil {
		b.Fatal(err)
	}
	return repo
}

// BenchmarkLoad loads the old tree of the 60k-spec pair (a real week's
// churn) from git
// (HEAD~1:_cache/develop) and, for comparison in the same run, from the
// folder it was committed from.
func BenchmarkLoad(b *testing.B) {
	repo := benchRepo(b)
	b.Run("git", func(b *testing.B) {
		r, err := OpenRepo(repo)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.Load("HEAD~1:_cache/develop", snapshot.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("dir", func(b *testing.B) {
		dir := filepath.Join(filepath.Dir(repo), strings.TrimPrefix(filepath.Base(repo), "git-"), "old")
		b.ReportAllocs()
		for b.Loop() {
			if _, err := snapshot.Load(dir, snapshot.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
