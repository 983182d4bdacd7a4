package report

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootSwapHighlight: a lockfile root now another package's (a
// provider swap) is said with both specs in its highlight, as the
// headline, the roots line and the roots rows say it: the highlight
// wrote the versions alone, "root interp changed: 3.13.5 → 1.0.8" for
// python@3.13.5 → bzip2@1.0.8, which reads as one package's downgrade
// (its packages are sorted, so nothing else said which was the old
// one). A root that stays one package's is said by its versions.
func TestRootSwapHighlight(t *testing.T) {
	for _, c := range []struct {
		old, nu diff.RootSpec
		want    string
	}{
		{diff.RootSpec{Name: "python", Version: "3.13.5"}, diff.RootSpec{Name: "bzip2", Version: "1.0.8"}, "root interp changed: python@3.13.5 → bzip2@1.0.8"},
		{diff.RootSpec{Name: "openblas", Version: "1"}, diff.RootSpec{Name: "blis", Version: "1"}, "root interp changed: openblas@1 → blis@1"},
		{diff.RootSpec{Name: "fftw"}, diff.RootSpec{Name: "mkl", Version: "2"}, "root interp changed: fftw → mkl@2"},
		{diff.RootSpec{Name: "python", Version: "3.12"}, diff.RootSpec{Name: "python", Version: "3.13"}, "root interp changed: 3.12 → 3.13"},
	} {
		c.old.Root, c.nu.Root = "interp", "interp"
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{{Root: "interp", Old: c.old, New: c.nu}}}}}
		var got []string
		for _, h := range diff.News(r) {
			if h.Kind == diff.HighlightRootChanged {
				got = append(got, NewsText(h, 10))
			}
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s → %s: %q; want [%q]", c.old.SpecText(), c.nu.SpecText(), got, c.want)
		}
	}
}
