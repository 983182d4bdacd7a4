package builtin_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestVariantCellsCutWithoutWhole (class c, of ba3d30dd): every cell of
// a spec's variants that ba3d30dd made visible and cut without the
// whole cell (report.ShownWords) is so: Markdown's line of a package's
// shared variants ("Every spec has"), the Markdown log's table of a
// step's specs (specTable, an added spec) and the HTML page's row of a
// rebuilt pair whose variants are as they were. Each of 32K variants
// holding a tab (an escape once made visible), the whole cell joined,
// quoted again and made visible only to be cut allocated some 10x the
// variants' bytes; now under 1x. TestManyEscapedVariantsMemory holds
// the other two sites (Markdown's and HTML's rows of an added spec).
func TestVariantCellsCutWithoutWhole(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations counted without the race detector")
	}
	many := make([]string, 1<<15)
	size := 0
	for i := range many {
		many[i] = fmt.Sprintf("\t%06d", i)
		size += len(many[i]) + 1
	}
	render := func(format string, r *diff.Report) string {
		return renderAs(t, format, r, report.Options{})
	}
	for _, c := range []struct {
		name, want string
		edit       func(p *diff.Package, r *diff.Report)
	}{
		{"md", `Every spec has "\\t000000" "\\t000001"`, func(p *diff.Package, r *diff.Report) {
			added := *p.Specs.Rebuilt[0].New
			added.Hash, added.Variants = "cccccccccccccccccccccccccccccccc", many
			p.Specs.Added = []diff.Spec{added}
			p.Counts.Added, p.Counts.New, r.Summary.Specs.Added, r.Summary.Specs.New = 1, 2, 1, 2
			p.SharedVariants = many
			p.Specs.Rebuilt[0].Old.Variants, p.Specs.Rebuilt[0].New.Variants = many, many
		}},
		{"md log", `| "\\t000000" "\\t000001"`, func(p *diff.Package, r *diff.Report) {
			added := *p.Specs.Rebuilt[0].New
			added.Hash, added.Variants = "cccccccccccccccccccccccccccccccc", many
			p.Specs.Added = []diff.Spec{added}
			p.Counts.Added, p.Counts.New, r.Summary.Specs.Added, r.Summary.Specs.New = 1, 2, 1, 2
		}},
		{"html", `&#34;\t000000&#34; &#34;\t000001&#34;`, func(p *diff.Package, _ *diff.Report) {
			p.Specs.Rebuilt[0].Old.Variants, p.Specs.Rebuilt[0].New.Variants = many, many
		}},
	} {
		render(c.name, reporttest.OnePackage("zlib")) // its templates made once, not counted
		r := reporttest.OnePackage("zlib")
		c.edit(&r.Packages[0], r)
		var out string
		got := reporttest.Allocated(func() { out = render(c.name, r) })
		if !strings.Contains(out, c.want) {
			t.Errorf("--format %s: no %s in the output", c.name, c.want)
		}
		t.Logf("--format %s: %d bytes of variants, %d bytes allocated (%.2fx)", c.name, size, got, float64(got)/float64(size))
		if got > uint64(size) {
			t.Errorf("--format %s: a cell of %d variants with a tab each (%d bytes) allocated %d bytes, %.1fx them, want at most 1x", c.name, len(many), size, got, float64(got)/float64(size))
		}
	}
}
