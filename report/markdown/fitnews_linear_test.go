package markdown

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// TestFitNewsLinear: a pair whose highlights do not fit the limit
// (--max-bytes, --github-comment) kept its first highlights that fit by
// building the head with all of them but one, then all but two, and so
// on: quadratic in the highlights, so that 8,000 new packages under
// --github-comment took 47 s to write a comment of 64 KB. Four times the
// highlights now allocate at most about four times the bytes, and the
// report still fits and counts the highlights it leaves out.
func TestFitNewsLinear(t *testing.T) {
	const limit = 4000
	alloc := func(pkgs int) uint64 {
		before := &snapshot.Snapshot{Path: "old", Tag: "develop-a"}
		after := &snapshot.Snapshot{Path: "new", Tag: "develop-b"}
		for i := range pkgs {
			name := fmt.Sprintf("py-new-package-%06d", i)
			after.Packages = append(after.Packages, &snapshot.Package{Name: name,
				Specs: []snapshot.Spec{{Hash: fmt.Sprintf("%032d", i), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3"}}})
		}
		r, err := diff.CompareWith(before, after, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Highlights) < pkgs {
			t.Fatalf("%d new packages, %d highlights", pkgs, len(r.Highlights))
		}
		var b bytes.Buffer
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		err = Markdown(&b, r, report.Options{MaxBytes: limit})
		runtime.ReadMemStats(&m1)
		if err != nil {
			t.Fatalf("%d new packages, --max-bytes %d: %v", pkgs, limit, err)
		}
		out := b.String()
		if len(out) > limit || !strings.Contains(out, "\n- new package py-new-package-000000 1.0\n") || !strings.Contains(out, " more highlights: `--format json` lists them all") {
			t.Fatalf("%d new packages, --max-bytes %d: %d bytes, want the first highlights and a line counting the rest:\n%s", pkgs, limit, len(out), out)
		}
		return m1.TotalAlloc - m0.TotalAlloc
	}
	a1, a4 := alloc(1000), alloc(4000)
	t.Logf("1,000 -> 4,000 new packages: %d -> %d bytes allocated (%.2fx)", a1, a4, float64(a4)/float64(a1))
	if float64(a4) > 4.4*float64(a1) {
		t.Errorf("4x the highlights allocate %.2fx the bytes (%d -> %d), want at most 4.4x", float64(a4)/float64(a1), a1, a4)
	}
}
