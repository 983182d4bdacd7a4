package text

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// TestNarrowMoreLines: --width N fits the text format's lines to N
// columns, but a section's "…and N more packages" line (as the causes'
// "…and N more causes (--format md lists them)") was written as one
// line, not wrapped as the items above it: at --width 20 a real
// lockfile's report (spack/all-pythons) had "  …and 10 more packages",
// 23 columns. Here 15 packages each gain a spec at an unchanged version
// (no version news: the listed lines of packages whose specs came),
// more than the section lists; every line fits, at each width from the
// least (20) up.
func TestNarrowMoreLines(t *testing.T) {
	spec := func(i, j int) snapshot.Spec {
		return snapshot.Spec{Hash: fmt.Sprintf("%028d%02d%02d", 0, i, j)[:32], Versions: []string{"1.0"}, Compiler: "gcc@13.2.0",
			OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared"}, Stacks: []string{"root"}}
	}
	old := &snapshot.Snapshot{Path: "old", Tag: "develop-a"}
	cur := &snapshot.Snapshot{Path: "new", Tag: "develop-b"}
	for i := range 15 {
		name := fmt.Sprintf("package-%02d", i)
		old.Packages = append(old.Packages, &snapshot.Package{Name: name, Specs: []snapshot.Spec{spec(i, 0)}})
		cur.Packages = append(cur.Packages, &snapshot.Package{Name: name, Specs: []snapshot.Spec{spec(i, 0), spec(i, 1)}})
	}
	r, err := diff.CompareWith(old, cur, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	sawMore := false
	for width := 20; width <= 40; width++ {
		var buf bytes.Buffer
		if err := renderText(&buf, r, report.Options{Width: width}); err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(buf.String()) {
			line = strings.TrimSuffix(line, "\n")
			if strings.Contains(line, "…and") {
				sawMore = true
			}
			if n := cells(line); n > width {
				t.Errorf("--width %d: a line of %d columns: %q", width, n, line)
			}
		}
	}
	if !sawMore {
		t.Fatal("no \"…and N more\" line: the report does not exercise the cut")
	}
}
