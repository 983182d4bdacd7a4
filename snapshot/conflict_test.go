package snapshot

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestConflictMessagesLinear (issue 11 item 5): N pages that list the
// same hash, or have the same title, give N messages that each name a few
// of the other pages and count the rest, not N messages naming N-1 pages
// each (68 MB of stderr for 1,000 pages, 360 MB for 2,000).
func TestConflictMessagesLinear(t *testing.T) {
	const n = 60
	for _, kind := range []string{"hash", "title"} {
		t.Run(kind, func(t *testing.T) {
			files := map[string]string{"ok/specs.md": simplePage("ok", "develop", 1, 1)}
			for i := range n {
				if kind == "hash" {
					files[fmt.Sprintf("p%03d/specs.md", i)] = simplePage(fmt.Sprintf("p%03d", i), "develop", 7, 1)
				} else {
					files[fmt.Sprintf("same/p%03d.md", i)] = simplePage("same", "develop", 100+i, 1)
				}
			}
			dir := writeTree(t, files)
			_, err := Load(dir, Options{})
			le, ok := err.(*LoadError)
			if !ok || len(le.Errs) != n {
				t.Fatalf("error %T, want a LoadError of %d pages: %.300v", err, n, err)
			}
			for _, e := range le.Errs {
				if len(e.Msg) > 400 {
					t.Errorf("message of %d bytes: %.200s…", len(e.Msg), e.Msg)
				}
			}
			p0, p1, p2, p3 := filepath.Join(dir, "p000", "specs.md"), filepath.Join(dir, "p001", "specs.md"), filepath.Join(dir, "p002", "specs.md"), filepath.Join(dir, "p003", "specs.md")
			if kind == "title" {
				// A package's pages in its folder: specs.md elsewhere
				// is a page in another package's folder.
				p0, p1, p2, p3 = filepath.Join(dir, "same", "p000.md"), filepath.Join(dir, "same", "p001.md"), filepath.Join(dir, "same", "p002.md"), filepath.Join(dir, "same", "p003.md")
			}
			if kind == "hash" {
				checkErr(t, err, p0, 6, 0, fmt.Sprintf("hash %s is listed under another package too: p001 (%s), p002 (%s), p003 (%s) and %d more", hashN(7), p1, p2, p3, n-4))
			} else {
				checkErr(t, err, p1, 0, 0, fmt.Sprintf("package same has %d other pages too: %s, %s, %s and %d more; a package has one page", n-1, p0, p2, p3, n-4))
			}
			snap, err := Load(dir, Options{SkipInvalid: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(snap.Skipped) != n || len(snap.Packages) != 1 {
				t.Errorf("%d skipped, %d packages", len(snap.Skipped), len(snap.Packages))
			}
			total := 0
			for _, s := range snap.Skipped {
				total += len(s.Reason)
			}
			if total > n*400 {
				t.Errorf("skipped reasons total %d bytes for %d pages", total, n)
			}
		})
	}
}

// TestListSome: a few names, then how many more.
func TestListSome(t *testing.T) {
	for _, tc := range []struct {
		names []string
		total int
		want  string
	}{
		{[]string{"a"}, 1, "a"},
		{[]string{"a", "b", "c"}, 3, "a, b, c"},
		{[]string{"a", "b", "c"}, 4, "a, b, c and 1 more"},
	} {
		if got := listSome(tc.names, tc.total); got != tc.want {
			t.Errorf("listSome(%q, %d) = %q, want %q", tc.names, tc.total, got, tc.want)
		}
	}
}
