package text

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestTextCausesProviderSwap: a lockfile root that another package now
// provides (mpi: mpich@4.1 → openmpi@5.0) was written "mpi 4.1 → 5.0" by
// the terminal view, and "mpi 4.1 (new hash)" when both were 4.1: the
// swap unsaid, where the headline says "mpi mpich@4.1 → openmpi@5.0".
func TestTextCausesProviderSwap(t *testing.T) {
	r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{
		{Root: "mpi", Old: diff.RootSpec{Name: "mpich", Version: "4.1"}, New: diff.RootSpec{Name: "openmpi", Version: "5.0"}},
		{Root: "blas", Old: diff.RootSpec{Name: "openblas", Version: "1"}, New: diff.RootSpec{Name: "blis", Version: "1"}},
		{Root: "fft", Old: diff.RootSpec{Name: "fftw"}, New: diff.RootSpec{Name: "mkl", Version: "2"}},
	}}}}
	doc := report.NewDocument(r, report.Options{})
	d := &Document{&doc}
	got := strings.Join(d.TextCauses(), "\n")
	for _, want := range []string{"mpi mpich@4.1 → openmpi@5.0", "blas openblas@1 → blis@1", "fft fftw → mkl@2"} {
		if !strings.Contains(got, want) {
			t.Errorf("TextCauses: %q; want %q in it", got, want)
		}
	}
}

// TestTextCausesRenamedRoot: a root renamed by its own version (llvm@21 →
// llvm@22: the root llvm@22, changed) was written "llvm@22 21 → 22" on
// the terminal roots line, where the headline says "llvm 21 → 22".
func TestTextCausesRenamedRoot(t *testing.T) {
	r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{
		{Root: "llvm@22", Old: diff.RootSpec{Root: "llvm@21", Name: "llvm", Version: "21"}, New: diff.RootSpec{Root: "llvm@22", Name: "llvm", Version: "22"}},
	}}}}
	doc := report.NewDocument(r, report.Options{})
	d := &Document{&doc}
	got := strings.Join(d.TextCauses(), "\n")
	h, _ := report.RootsHeadline(r)
	if want := "roots: llvm 21 → 22"; got != want || !strings.Contains(h, "(llvm 21 → 22)") {
		t.Errorf("TextCauses: %q, headline %q; want %q as the headline says it", got, h, want)
	}
}
