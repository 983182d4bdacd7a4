package report

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/memo"
)

// plainRebuilds counts a package's rebuilt pairs that are Plain.
func plainRebuilds(p *diff.Package) int {
	n := 0
	for i := range p.Specs.Rebuilt {
		if p.Specs.Rebuilt[i].Plain() {
			n++
		}
	}
	return n
}

// rebuiltOnly reports whether a package changed by plain rebuilds alone:
// the reports list it with the other such packages, in one place.
func RebuiltOnly(p *diff.Package) bool { return PkgRebuildsOnly(p, plainRebuilds(p)) }

// PkgRebuildsOnly is rebuiltOnly, given the package's plainRebuilds.
func PkgRebuildsOnly(p *diff.Package, plain int) bool {
	c := p.Counts
	return p.Status == diff.Changed && c.Rebuilt > 0 && c.Added+c.Removed+c.Updated+c.Restacked == 0 && plain == c.Rebuilt
}

// RebuildShare is how much of a report's change is plain rebuilds (a new
// hash and nothing else: Pair.Plain), of all its spec changes, and how
// many rebuilt specs are not plain: they moved stacks, or differ in a
// facet --ignore left out of the pairing, and are listed as rows. The
// headlines of Markdown and text say it.
type RebuildShare struct{ Plain, Other, Changes int }

func ShareOfRebuilds(doc *Document, plain []int) RebuildShare {
	s := doc.Summary.Specs
	var r RebuildShare
	for _, n := range plain {
		r.Plain += n
	}
	r.Other = s.Rebuilt - r.Plain
	r.Changes = s.Rebuilt + s.Updated + s.Restacked + s.Added + s.Removed
	return r
}

// PlainCounts is plainRebuilds of each package of doc, in order.
func PlainCounts(doc *Document) []int {
	plain := make([]int, len(doc.Packages))
	for i := range doc.Packages {
		plain[i] = plainRebuilds(&doc.Packages[i])
	}
	return plain
}

// otherRebuilds says what the rebuilt specs that are not plain changed,
// for the headlines ("" when there are none).
func (r RebuildShare) OtherRebuilds(doc *Document) string {
	if r.Other == 0 {
		return ""
	}
	what := "stacks"
	if len(doc.Options.Ignore) > 0 {
		what = "stacks or an ignored facet"
	}
	return Plural(r.Other, "more rebuilt spec") + " changed " + what + " (listed)"
}

// StacksKey names the lists of stacks that a package's plain rebuilds
// hold, by their identity (memo.List), each once in the order first
// held: RebuiltStacks of two packages of one StacksKey is the same.
type StacksKey [4]memo.Key

// RebuiltStacksKey is the StacksKey of p's plain rebuilds (all: every
// rebuilt pair of p is plain, as for RebuiltStacks), false when they hold
// more lists than a StacksKey names. A lockfile's stacks are its roots,
// and the loader gives the nodes under the same roots one list: a chain
// of K packages under M roots, every one rebuilt, made the Markdown
// report's rebuilt-only rows read, sort and join the M roots K times,
// K·M; a caller keeps what it made of a key's stacks instead.
func RebuiltStacksKey(p *diff.Package, all bool) (StacksKey, bool) {
	var k StacksKey
	n := 0
	for i := range p.Specs.Rebuilt {
		r := &p.Specs.Rebuilt[i]
		if !all && !r.Plain() {
			continue
		}
		l := memo.List(r.New.Stacks)
		if slices.Contains(k[:n], l) {
			continue
		}
		if n == len(k) {
			return StacksKey{}, false
		}
		k[n] = l
		n++
	}
	return k, true
}

// RebuiltStacks lists the stacks of a package's plain rebuilds (root
// left out, as the spec rows do), sorted. all says that every rebuilt
// pair of p is plain (a rebuilt-only package), which spares the check.
func RebuiltStacks(p *diff.Package, all bool) []string {
	var out []string
	// The loader shares equal lists, so a package's specs hold a few
	// lists of stacks, each many times: add each list (by its identity,
	// see memo) once, as a slot remembers it (a list whose slot another
	// took is added again). Lists at other addresses may still be
	// equal, or overlap: the sort and compact below make the result
	// whatever the sharing. A scan of the lists seen, up to 64, was the
	// largest part of a real week's rebuilt-only section at 60k specs,
	// whose large packages hold dozens of lists of stacks.
	var seen [64]memo.Slot[struct{}]
	for i := range p.Specs.Rebuilt {
		r := &p.Specs.Rebuilt[i]
		if !all && !r.Plain() {
			continue
		}
		l := r.New.Stacks
		k := memo.List(l)
		slot := memo.Lookup(seen[:], k)
		if slot.Holds(k) {
			continue
		}
		slot.Set(k, struct{}{})
		for _, s := range l {
			if s != "root" {
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// PkgCounts writes " · 2 added, 1 rebuilt" (nothing when all are zero).
func PkgCounts(b *strings.Builder, c diff.Counts) {
	sep := " · "
	for _, x := range []struct {
		n    int
		name string
	}{{c.Added, " added"}, {c.Removed, " removed"}, {c.Rebuilt, " rebuilt"}, {c.Updated, " updated"}, {c.Restacked, " restacked"}} {
		if x.n != 0 {
			b.WriteString(sep)
			b.WriteString(strconv.Itoa(x.n))
			b.WriteString(x.name)
			sep = ", "
		}
	}
}

// Plural is n and the noun, with an s for any n but 1 (count).
func Plural(n int, noun string) string {
	s, _ := count(n, noun)
	return s
}

// Percent writes n/of as a whole percentage, rounded, but never a part up to
// 100% or down to 0%.
func Percent(n, of int) string {
	if of == 0 {
		return "0%"
	}
	p := (n*100 + of/2) / of
	switch {
	case p == 0 && n > 0:
		return "<1%"
	case p == 100 && n < of:
		return ">99%"
	}
	return strconv.Itoa(p) + "%"
}
