package jsonv1

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// realWeekReport is the report of the bundled real week
// (testdata/real/develop-2025-03-23 → develop-2025-03-30): 3 changed
// packages, every spec listed (none unchanged), 3 removed specs and 2
// compilers lost.
func realWeekReport(t *testing.T) *diff.Report {
	t.Helper()
	r := testdataReport(t, "real/develop-2025-03-23", "real/develop-2025-03-30")
	if r.Summary.Specs.Removed != 3 || len(r.Facets.Compiler.Removed) != 2 {
		t.Fatalf("the real week is not the known one: %+v, compilers lost %v", r.Summary.Specs, r.Facets.Compiler.Removed)
	}
	return r
}

// forged writes r as cachediff would, its highlights and its gate (of
// kinds) made from it as they are, and decodes it as render does.
func forged(t *testing.T, r *diff.Report, kinds ...string) error {
	t.Helper()
	r.Highlights = diff.News(r)
	if len(kinds) > 0 {
		g, err := diff.CheckGate(r, kinds)
		if err != nil {
			t.Fatal(err)
		}
		r.Gate = g
	}
	var buf bytes.Buffer
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	_, err := decodeReport(&buf)
	return err
}

// TestDecodePairsAgainstTheirKind: a saved report whose removed specs
// were joined by hand with added ones into "rebuilt" pairs (the counts,
// summary and causes.pairs moved to match: every number agreed) passed
// render --fail-on removed-spec with exit 0; a rebuilt pair has the old
// spec's facets, an updated one changed its facet only, a restacked one
// kept its hash, and a hash is listed once a side.
func TestDecodePairsAgainstTheirKind(t *testing.T) {
	if err := forged(t, realWeekReport(t), "removed-spec"); err != nil {
		t.Fatalf("the report cachediff wrote: %v", err)
	}
	r := realWeekReport(t)
	for i := range r.Packages {
		p := &r.Packages[i]
		n := min(len(p.Specs.Removed), len(p.Specs.Added))
		for k := range n {
			p.Specs.Rebuilt = append(p.Specs.Rebuilt, diff.Pair{Old: &p.Specs.Removed[k], New: &p.Specs.Added[k]})
		}
		p.Specs.Removed, p.Specs.Added = p.Specs.Removed[n:], p.Specs.Added[n:]
		p.Counts.Rebuilt += n
		p.Counts.Removed -= n
		p.Counts.Added -= n
		r.Summary.Specs.Rebuilt += n
		r.Summary.Specs.Removed -= n
		r.Summary.Specs.Added -= n
		r.Causes.Pairs += n
	}
	if r.Summary.Specs.Removed != 0 {
		t.Fatalf("the forgery leaves %d removed specs", r.Summary.Specs.Removed)
	}
	if err := forged(t, r, "removed-spec"); err == nil || !strings.Contains(err.Error(), ".specs.rebuilt[") {
		t.Errorf("removed and added specs joined into rebuilt pairs: error %v, want one naming the pair", err)
	}
	for _, c := range []struct {
		name, want string
		edit       func(p *diff.Package)
	}{
		{"an updated pair's to", ".specs.updated[0].to", func(p *diff.Package) { p.Specs.Updated[0].To = "gcc@1.0" }},
		{"an updated pair's facet", ".specs.updated[0].facet", func(p *diff.Package) { p.Specs.Updated[0].Facet = "os" }},
		{"an updated pair's hash kept", ".specs.updated[0].new.hash", func(p *diff.Package) {
			p.Specs.Updated[0].New.Hash = p.Specs.Updated[0].Old.Hash
		}},
		{"stacks joined", ".stacks_joined", func(p *diff.Package) { p.Specs.Updated[0].StacksJoined = []string{"e4s"} }},
		{"a hash twice", ".new.hash", func(p *diff.Package) { p.Specs.Updated[1].New.Hash = p.Specs.Updated[0].New.Hash }},
	} {
		r := realWeekReport(t)
		i := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Name == "py-keras" })
		c.edit(&r.Packages[i])
		if err := forged(t, r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s edited: error %v, want one naming %s", c.name, err, c.want)
		}
	}
}

// TestDecodeFacetCountsAtLeastListed: a lost compiler's counts (1 → 0)
// made 2 → 1 by hand, another compiler's lowered by one on each side to
// keep the sums, passed render --fail-on lost-compiler with exit 0,
// though no spec of it was left in the new snapshot to count (the week
// has no unchanged spec).
func TestDecodeFacetCountsAtLeastListed(t *testing.T) {
	r := realWeekReport(t)
	c := &r.Facets.Compiler
	var from int // the compiler to take a spec of on each side
	for i, vc := range c.Counts {
		if min(vc.Old, vc.New) > min(c.Counts[from].Old, c.Counts[from].New) {
			from = i
		}
	}
	for i := range c.Counts {
		if vc := &c.Counts[i]; vc.Old > 0 && vc.New == 0 {
			vc.Old++
			vc.New++
			c.Counts[from].Old--
			c.Counts[from].New--
		}
	}
	c.Removed = []string{}
	if err := forged(t, r, "lost-compiler"); err == nil || !strings.Contains(err.Error(), "facets.compiler.counts") {
		t.Errorf("lost compilers counted back: error %v, want one naming facets.compiler.counts", err)
	}
}

// TestDecodeVersionsAgainstSpecs: a package's versions are those of its
// specs. py-keras's 3.9.0 → 3.9.0 edited to 3.9.0 → 3.8.0 "downgraded"
// (its specs all 3.9.0) tripped render --fail-on downgrade; a version
// edited out of versions.new hid an upgrade from every format.
func TestDecodeVersionsAgainstSpecs(t *testing.T) {
	for _, c := range []struct {
		name, pkg, want string
		edit            func(v *diff.VersionChange)
	}{
		{"a downgrade made up", "py-keras", ".versions.new", func(v *diff.VersionChange) {
			v.New, v.Added, v.Removed, v.Direction = []string{"3.8.0"}, []string{"3.8.0"}, []string{"3.9.0"}, diff.Downgraded
		}},
		{"an upgrade hidden", "gcc-runtime", ".versions.new", func(v *diff.VersionChange) {
			v.New, v.Added, v.Direction = v.Old, []string{}, diff.NoChange
		}},
		{"a version no spec has", "llvm", ".versions.old", func(v *diff.VersionChange) {
			v.Old = append([]string{"1.0"}, v.Old...)
			v.Removed = append([]string{"1.0"}, v.Removed...)
		}},
		{"versions out of order", "llvm", ".versions.old[1]", func(v *diff.VersionChange) {
			v.Old = slices.Clone(v.Old)
			slices.Reverse(v.Old)
		}},
	} {
		r := realWeekReport(t)
		i := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Name == c.pkg })
		c.edit(&r.Packages[i].Versions)
		if err := forged(t, r, "downgrade"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %s", c.name, err, c.want)
		}
	}
}

// TestDecodeUpdateGroupsAndStackRows: the update groups are those of the
// updated pairs, and a stack row's packages agree with its specs and the
// listed packages. Only the groups' total and the rows' specs were
// checked: a group's from, to, count or packages, and any number of
// packages in a stack, rendered as edited.
func TestDecodeUpdateGroupsAndStackRows(t *testing.T) {
	for _, c := range []struct {
		name, want string
		edit       func(r *diff.Report)
	}{
		{"a group's from", "updates[0]", func(r *diff.Report) { r.Updates[0].From = "gcc@99" }},
		{"a group's packages", "updates[0].packages", func(r *diff.Report) { r.Updates[0].Packages = []string{"evil"} }},
		{"specs moved between groups", "updates[0].specs", func(r *diff.Report) { r.Updates[0].Specs--; r.Updates[1].Specs++ }},
		{"a stack's packages", "stacks[0].packages.old", func(r *diff.Report) { r.Stacks[0].Packages.Old = 999 }},
		{"a stack's packages gone", "stacks[0].packages.new", func(r *diff.Report) { r.Stacks[0].Packages.New = 0 }},
	} {
		r := realWeekReport(t)
		c.edit(r)
		if err := forged(t, r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s edited: error %v, want one naming %s", c.name, err, c.want)
		}
	}
}

// TestDecodeLeftoversUnpaired: a removed and an added spec of a package
// that the passes would have paired are refused. An updated pair split
// by hand into a removed and an added spec (the counts and the update
// groups moved to match) tripped render --fail-on removed-spec, a
// compiler migration shown as a loss.
func TestDecodeLeftoversUnpaired(t *testing.T) {
	r := realWeekReport(t)
	i := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Name == "py-keras" })
	p := &r.Packages[i]
	u := p.Specs.Updated[0]
	p.Specs.Updated = p.Specs.Updated[1:]
	p.Specs.Removed, p.Specs.Added = []diff.Spec{*u.Old}, []diff.Spec{*u.New}
	p.Counts.Updated--
	p.Counts.Removed++
	p.Counts.Added++
	r.Summary.Specs.Updated--
	r.Summary.Specs.Removed++
	r.Summary.Specs.Added++
	r.Causes.Pairs--
	for g := range r.Updates {
		if x := &r.Updates[g]; x.Facet == u.Facet && x.From == u.From && x.To == u.To {
			x.Specs--
			if x.Specs == 0 {
				r.Updates = slices.Delete(r.Updates, g, g+1)
			}
			break
		}
	}
	if err := forged(t, r, "removed-spec"); err == nil || !strings.Contains(err.Error(), ".specs.removed[0]") {
		t.Errorf("an updated pair split: error %v, want one naming the removed spec", err)
	}
}

// TestDecodeSharedVariants: shared_variants, which the formats leave out
// of a package's spec listings, are variants every spec has. One written
// in by hand vanished from the listings of the specs that have it.
func TestDecodeSharedVariants(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(p *diff.Package)
	}{
		{"a variant some specs lack", func(p *diff.Package) { p.SharedVariants = append(p.SharedVariants, "+clang") }},
		{"a variant twice", func(p *diff.Package) { p.SharedVariants = append(p.SharedVariants, p.SharedVariants[0]) }},
	} {
		r := realWeekReport(t)
		i := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Name == "llvm" })
		if len(r.Packages[i].SharedVariants) == 0 {
			t.Fatal("llvm has no shared variant")
		}
		c.edit(&r.Packages[i])
		if err := forged(t, r); err == nil || !strings.Contains(err.Error(), ".shared_variants") {
			t.Errorf("%s: error %v, want one naming shared_variants", c.name, err)
		}
	}
}

// TestDecodeSelectedStacks: a report of --stack lists only specs of the
// selected stacks, and selects stacks that have specs. --stack written
// into a saved report of a week that lost stacks, naming a stack no spec
// is in, passed render --fail-on lost-stack (which counts the selected
// stacks only) with exit 0.
func TestDecodeSelectedStacks(t *testing.T) {
	for _, c := range []struct {
		stack, want string
	}{{"no-such-stack", "options.stacks[0]"}, {"e4s", ".stacks"}} {
		r := realWeekReport(t)
		r.Options.Stacks = []string{c.stack}
		if err := forged(t, r, "lost-stack"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--stack %s written in: error %v, want one naming %s", c.stack, err, c.want)
		}
	}
}

// TestDecodeSelectedPackages (issue 35, class a): a report of --package
// lists only packages it names. --package llvm written into a saved
// report of the real week, which lists gcc-runtime and py-keras too, was
// rendered (exit 1) under the line "Filters: packages llvm", and passed
// render --fail-on as its data said. A pattern that names every listed
// package (the real week's, by globs and names) still reads.
func TestDecodeSelectedPackages(t *testing.T) {
	r := realWeekReport(t)
	r.Options.Packages = []string{"llvm"}
	if err := forged(t, r); err == nil || !strings.Contains(err.Error(), `packages[0].name: "gcc-runtime" matches none of options.packages`) {
		t.Errorf("--package llvm written in: error %v, want one naming gcc-runtime", err)
	}
	r = realWeekReport(t)
	r.Options.Packages = []string{"gcc-*", "llvm", "py-?eras"}
	if err := forged(t, r); err != nil {
		t.Errorf("--package matching every listed package: %v", err)
	}
}

// TestDecodeUpdatedPairArticle (issue 35, class e): an updated pair of
// the real week whose new spec was given a variant by hand was refused
// as "a updated pair changed no variants"; it is "an updated pair", and
// a rebuilt one still "a rebuilt pair". (The variant added sorts last,
// as the loader would list it: variants reordered are refused before,
// as out of order: TestDecodeSpecListsCanonical.)
func TestDecodeUpdatedPairArticle(t *testing.T) {
	r := realWeekReport(t)
	var p *diff.Pair
	for i := range r.Packages {
		for j := range r.Packages[i].Specs.Updated {
			if q := &r.Packages[i].Specs.Updated[j]; p == nil && len(q.New.Variants) > 1 && q.Facet != "variants" {
				p = q
			}
		}
	}
	if p == nil {
		t.Fatal("no updated pair of two variants or more in the real week")
	}
	p.New.Variants = append(slices.Clone(p.New.Variants), "zzz=1")
	if err := forged(t, r); err == nil || !strings.Contains(err.Error(), ": an updated pair changed no variants") {
		t.Errorf("a variant added to an updated pair: error %v, want \"an updated pair changed no variants\"", err)
	}
}
