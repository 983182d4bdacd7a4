package main

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestLockfileNews: a lockfile's news are its roots, one item a root
// added, removed or changed, and never its stacks (which are the roots
// again); ChronoLog's removal of rocksdb is one root-removed item.
func TestLockfileNews(t *testing.T) {
	t.Chdir("../..")
	dir := sharedLockfiles(t)
	for _, p := range lockfilePairs {
		t.Run(p.name, func(t *testing.T) {
			r := lockReport(t, dir, p.old, p.new)
			if r.Causes == nil || r.Causes.Roots == nil {
				t.Fatal("no roots in a lockfile report")
			}
			n := map[string]int{}
			for _, h := range r.Highlights {
				n[h.Kind]++
				if h.Facet == "stack" {
					t.Errorf("a stack item in a lockfile's news: %+v", h)
				}
			}
			rt := r.Causes.Roots
			for kind, want := range map[string]int{diff.HighlightRootAdded: len(rt.Added), diff.HighlightRootRemoved: len(rt.Removed), diff.HighlightRootChanged: len(rt.Changed)} {
				if n[kind] != want {
					t.Errorf("%d %s items, but the report has %d", n[kind], kind, want)
				}
			}
			if p.name == "chronolog" {
				var roots []string
				for _, h := range r.Highlights {
					if h.Kind == diff.HighlightRootRemoved {
						roots = append(roots, h.Value)
					}
				}
				if len(roots) != 1 || filepath.Base(roots[0]) != "rocksdb" {
					t.Errorf("ChronoLog's removed roots: %q, want [rocksdb]", roots)
				}
			}
		})
	}
}
