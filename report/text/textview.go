package text

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TextLines returns the lines of the terminal view's package list
// (templates/text.tmpl writes them): one per package that is not
// unchanged, and, unless Render.RebuiltRows, the packages changed by
// rebuilds alone (a new hash, nothing else) together on one line at the
// end, each with its count and the stacks of its rebuilds. Names are made
// safe with report.VisibleInput, colours come from Render.Color.
func (d *Document) TextLines() []string {
	c := d.Render.Color
	var lines []string
	var only []namedCount
	specs := 0
	var b strings.Builder
	for i := range d.Packages {
		p := &d.Packages[i]
		if !d.Render.RebuiltRows && report.RebuiltOnly(p) {
			only = append(only, namedCount{p.Name, " " + strconv.Itoa(p.Counts.Rebuilt) + inStacks(report.RebuiltStacks(p, true))})
			specs += p.Counts.Rebuilt
			continue
		}
		textPackage(&b, c, p, d.Render.RebuiltRows)
		lines = append(lines, b.String())
		b.Reset()
	}
	if only != nil {
		lines = append(lines, paintStr(c, "dim", "rebuilt only")+" (new hash, same facets and stacks): "+report.Plural(len(only), "package")+", "+report.Plural(specs, "spec")+": "+strings.Join(namedCounts(only, report.PartsQuoted), ", "))
	}
	return lines
}

// namedCount is a package named in a list with what follows its name
// there (its count: "curl 3").
type namedCount struct{ name, rest string }

// namedCounts writes each of l as its name, made visible, and its rest,
// the names quoted where one is odd as quoted reports: as a list of
// names is (report.ListQuoted), where the rest is a count, or as names
// beside parentheses are (report.PartsQuoted), where it is a count and
// stacks in parentheses (TextLines). As they were, the package "a 1, b"
// of 2 rebuilds read as the packages a, of 1, and b, of 2, and the
// package "a 1 (in s)" of 2 in the stack t as a of 1 in the stack "s) 2
// (in t".
func namedCounts(l []namedCount, quoted func([]string) bool) []string {
	q := slices.ContainsFunc(l, func(n namedCount) bool { return quoted([]string{n.name}) })
	out := make([]string, len(l))
	for i, n := range l {
		out[i] = report.VisibleInput(report.ListItem(n.name, q)) + n.rest
	}
	return out
}

// inStacks is " (in a, b)" for the stacks of a package's rebuilds, or ""
// for none, each quoted as names beside parentheses are
// (report.PartsQuoted), as the names of the list of rebuilds alone are
// (namedCounts): as a list of stacks alone (report.JoinList), the
// stacks "a)" and "b 2 (in b" of the package a of 1 read "a 1 (in a),
// b 2 (in b)", as a of 1 in a and b of 2 in b.
func inStacks(stacks []string) string {
	if len(stacks) == 0 {
		return ""
	}
	return " (in " + joinStacks(stacks) + ")"
}

// joinStacks is stacks joined by ", ", made visible, each quoted where
// one is (inStacks).
func joinStacks(stacks []string) string {
	return report.VisibleInput(report.JoinQuoted(stacks, report.PartsQuoted(stacks)))
}

// inSomeStacks is inStacks for a line that must stay short: up to
// maxLineStacks stacks named, the rest counted.
func inSomeStacks(stacks []string) string {
	if len(stacks) <= maxLineStacks {
		return inStacks(stacks)
	}
	shown := stacks[:maxLineStacks-1]
	return " (in " + joinStacks(shown) + ", …and " + strconv.Itoa(len(stacks)-len(shown)) + " more)"
}

// maxLineStacks is how many stacks a package's line names.
const maxLineStacks = 3

func paintStr(on bool, style, s string) string {
	out, err := report.Paint(on, style, s)
	if err != nil {
		panic(err) // the styles here are known
	}
	return out
}

// versionsText is a package's versions for its line: "no version" when
// its specs list none (a page may write "versions": []), not an empty
// field between two commas. The one version "no version" (or such a
// version quoted) is quoted, as a pair's side that reads as ∅ is
// (report.Same): the new package of that version read as one of none.
func versionsText(l []string) string {
	if len(l) == 0 {
		return noVersion
	}
	v := report.JoinVersions(l, nil)
	if len(l) == 1 && noVersionLike(l[0]) {
		v = report.Quote(l[0])
	}
	return report.VisibleInput(v)
}

// noVersion is what a package's line says of a side of no version.
const noVersion = "no version"

// noVersionLike reports whether the version v reads as noVersion: it is
// noVersion, or such a version quoted.
func noVersionLike(v string) bool {
	if u, ok := report.Unquote(v); ok {
		return noVersionLike(u)
	}
	return v == noVersion
}

// textPackage writes a package's line: its versions, and its counts.
func textPackage(b *strings.Builder, c bool, p *diff.Package, allStacks bool) {
	stacks := stacksSome
	if allStacks {
		stacks = stacksAll
	}
	v := p.Versions
	switch p.Status {
	case diff.Added:
		b.WriteString(paintStr(c, "green", report.VisibleInput(p.Name)) + ": new, " + versionsText(v.New))
	case diff.Removed:
		b.WriteString(paintStr(c, "red", report.VisibleInput(p.Name)) + ": removed, " + versionsText(v.Old))
	default:
		b.WriteString(paintStr(c, "bold", report.VisibleInput(p.Name)) + ": ")
		before, after := lastOf(v.Old), lastOf(v.New)
		if before != after {
			style := "yellow"
			switch v.Direction {
			case diff.Upgraded:
				style = "green"
			case diff.Downgraded:
				style = "red"
			}
			// As the highlight writes the move (report.MoveSide).
			b.WriteString(report.VisibleInput(report.MoveSide(before)) + " → " + paintStr(c, style, report.VisibleInput(report.MoveSide(after))))
		} else {
			b.WriteString(versionsText(v.New[max(0, len(v.New)-1):])) // the newest
		}
		if v.Changed() {
			b.WriteString(" (")
			if v.Direction == diff.Downgraded {
				// In words, as Markdown's "⬇️ downgraded": the colour
				// alone is lost in a pipe or a log file. An upgrade, the
				// usual case, reads from its arrow.
				b.WriteString(paintStr(c, "red", "downgraded") + "; ")
			}
			// Each quoted where one is empty or holds a space or a
			// quote (report.WordsQuoted), as the highlights write them.
			q := report.WordsQuoted(v.Added, v.Removed)
			for i, a := range v.Added {
				if i > 0 {
					b.WriteString(" ")
				}
				b.WriteString(paintStr(c, "green", "+"+report.VisibleInput(report.ListItem(a, q))))
			}
			if len(v.Added) > 0 && len(v.Removed) > 0 {
				b.WriteString(" ")
			}
			for i, r := range v.Removed {
				if i > 0 {
					b.WriteString(" ")
				}
				b.WriteString(paintStr(c, "red", "−"+report.VisibleInput(report.ListItem(r, q))))
			}
			b.WriteString(")")
		}
	}
	writeCounts(b, c, p, stacks)
}

// How many stacks of its rebuilds a package's counts name (writeCounts).
const (
	stacksNone = iota // none: a highlight's line, kept to its news
	stacksSome        // up to maxLineStacks, the rest counted
	stacksAll         // every one (--rows rebuilt)
)

// writeCounts writes a package's counts after its versions: ", +3 −3
// specs, 2 rebuilt (in e4s), 14 updated"; nothing when all are 0. The
// stacks of the rebuilds are named as stacks says (stacksNone, …).
func writeCounts(b *strings.Builder, c bool, p *diff.Package, stacks int) {
	n := p.Counts
	if n.Added+n.Removed > 0 {
		b.WriteString(", ")
		if n.Added > 0 {
			b.WriteString(paintStr(c, "green", "+"+strconv.Itoa(n.Added)))
		}
		if n.Added > 0 && n.Removed > 0 {
			b.WriteString(" ")
		}
		if n.Removed > 0 {
			b.WriteString(paintStr(c, "red", "−"+strconv.Itoa(n.Removed)))
		}
		if n.Added+n.Removed == 1 {
			b.WriteString(" spec")
		} else {
			b.WriteString(" specs")
		}
	}
	for _, x := range []struct {
		n    int
		name string
	}{{n.Rebuilt, " rebuilt"}, {n.Updated, " updated"}, {n.Restacked, " restacked"}} {
		if x.n == 0 {
			continue
		}
		b.WriteString(", " + strconv.Itoa(x.n) + x.name)
		if x.name == " rebuilt" {
			// The stacks of the plain rebuilds, as Markdown says them.
			switch stacks {
			case stacksAll:
				b.WriteString(inStacks(report.RebuiltStacks(p, false)))
			case stacksSome:
				b.WriteString(inSomeStacks(report.RebuiltStacks(p, false)))
			}
		}
	}
}

// TextRebuilt is the terminal view's line under the headline that says
// how much of the change is rebuilds alone; "" when nothing was rebuilt.
func (d *Document) TextRebuilt() string {
	if d.Summary.Specs.Rebuilt == 0 {
		return ""
	}
	plain := report.PlainCounts(d.Document)
	r := report.ShareOfRebuilds(d.Document, plain)
	pkgs := 0
	for i := range d.Packages {
		if report.PkgRebuildsOnly(&d.Packages[i], plain[i]) {
			pkgs++
		}
	}
	line := "rebuilt only (new hash, same facets and stacks): " + report.Plural(r.Plain, "spec") + " of " + report.Plural(r.Changes, "spec change") + " (" + report.Percent(r.Plain, r.Changes) + "); "
	if o := r.OtherRebuilds(d.Document); o != "" {
		line += o + "; "
	}
	return line + report.Plural(pkgs, "package") + " of " + strconv.Itoa(d.Summary.Packages.Changed) + " changed had nothing else"
}

// TextCauses are the terminal view's lines about roots and causes.
func (d *Document) TextCauses() []string {
	c := d.Causes
	if c == nil {
		return nil
	}
	var lines []string
	if rc := c.Roots; rc != nil {
		var parts []string
		apart := diff.NewRootsApart(d.Report)
		// Each root quoted where one could read as more than a root
		// (report.NamesQuoted): the line joins them by ", ", each
		// after its mark, and the root "a, +b" added read as the
		// roots a and b added.
		var all []string
		for _, l := range [...][]diff.RootSpec{rc.Added, rc.Removed} {
			for _, r := range l {
				all = append(all, r.Root)
			}
		}
		for _, r := range rc.Changed {
			all = append(all, r.Root, r.New.Name)
		}
		q := report.NamesQuoted(all)
		rootName := func(s string) string { return report.VisibleInput(report.ListItem(s, q)) }
		// A root spelled several ways (one hash) is one, as the
		// headline says it: +zlib = zlib@1. Two of one spelling, each
		// its own spec (two environments' zlib), are told apart as the
		// headline tells them: +zlib %gcc@9, +zlib %gcc@10.
		for _, k := range [...]struct {
			roots       []diff.RootSpec
			color, sign string
		}{{rc.Added, "green", "+"}, {rc.Removed, "red", "−"}} {
			names, keys := make([]string, len(k.roots)), make([]string, len(k.roots))
			for i, r := range k.roots {
				names[i], keys[i] = rootName(r.Root), r.Hash
			}
			report.BySpelling(names, keys, func(int) (string, bool) { return "", false }, func(group []int) []string {
				l := report.ApartLabels(apart.SpecLabels(k.roots, group))
				for j := range l {
					l[j] = report.VisibleInput(l[j])
				}
				return l
			}, func(i int) bool { return apart.SpecAcross(k.roots, i) != "" })
			for _, n := range report.OneRootEach(names, keys) {
				parts = append(parts, paintStr(d.Render.Color, k.color, k.sign+n))
			}
		}
		// A changed root of several spellings (the same old and new
		// hash, diff.RootChangeKeys) is one too, its spellings named
		// before what changed: "zlib 1.2 → 1.3" once, not once a
		// spelling. A spelling whose change reads otherwise is said
		// with its own.
		root := diff.RootChangeKeys(rc.Changed)
		names, keys, what := make([]string, len(rc.Changed)), make([]string, len(rc.Changed)), make([]string, len(rc.Changed))
		var firsts []int // the changed root each of OneRootEach's names stands for
		seen := map[string]bool{}
		for i, r := range rc.Changed {
			name := r.Root
			switch {
			case r.Swapped():
				// Another package (a provider swap), as the headline
				// says it: "mpi 4.1 → 5.0" left the swap unsaid.
				// Each side quoted as the headline quotes it
				// (report.Same): the package "p → q" of 1.0 swapped
				// for s read as p swapped for "q@1.0 → s".
				what[i] = " " + report.VisibleInput(report.Same(r.Old.SpecText())) + " → " + report.VisibleInput(report.Same(r.New.SpecText()))
			case r.New.Version != r.Old.Version:
				if r.Old.Version != "" && r.New.Version != "" {
					// By the package's name, as the headline says it: a
					// root renamed by its own version (llvm@21 → llvm@22)
					// was written "llvm@22 21 → 22".
					name = cmp.Or(r.New.Name, r.Root)
				}
				what[i] = " " + report.VisibleInput(report.MoveSide(r.Old.Version)) + " → " + report.VisibleInput(report.MoveSide(r.New.Version))
			case r.Old.Version != "":
				what[i] = " " + report.VisibleInput(report.MoveSide(r.Old.Version)) + " (new hash)"
			default:
				what[i] = " (new hash)"
			}
			names[i] = rootName(name)
			if root[i] != "" {
				keys[i] = root[i] + "\x00" + what[i]
			}
			if keys[i] == "" || !seen[keys[i]] {
				seen[keys[i]] = true
				firsts = append(firsts, i)
			}
		}
		// Two roots that read the same (zlib 1.2 → 1.3, two builds each
		// side) are said by their spellings, as the headline says them.
		// Those that still read the same (zlib of two environments'
		// lockfiles) are told apart after what changed, as the headline
		// tells them (diff.RootsApart).
		// BySpelling appends the label as apart gives it (raw), the line
		// writes it shown (label): a label VisibleInput writes otherwise
		// (a compiler holding a tab) was not found at the end of what
		// was said, and the root named by its spelling where the
		// headline names it by its package, "zlib@1.3 1.3 → 1.5 %gc\tc@1".
		said, label, raw := make([]string, len(names)), make([]string, len(names)), make([]string, len(names))
		for i := range names {
			said[i] = names[i] + what[i]
		}
		report.BySpelling(said, keys, func(i int) (string, bool) {
			spelt := rootName(rc.Changed[i].Root)
			return spelt + what[i], spelt != names[i]
		}, func(group []int) []string {
			l := report.ApartLabels(apart.Labels(rc.Changed, group))
			for k, i := range group {
				raw[i], label[i] = " "+l[k], " "+report.VisibleInput(l[k])
			}
			return l
		}, func(i int) bool { return apart.ChangeAcross(rc.Changed, i) != "" })
		for i := range names {
			if strings.TrimSuffix(said[i], raw[i]) != names[i]+what[i] {
				names[i] = rootName(rc.Changed[i].Root)
			}
			what[i] += label[i]
		}
		for j, n := range report.OneRootEach(names, keys) {
			parts = append(parts, n+what[firsts[j]])
		}
		if parts != nil {
			lines = append(lines, "roots: "+strings.Join(parts, ", "))
		}
	}
	if line := report.CausesSentence(d.Report, report.VisibleInput); line != "" {
		lines = append(lines, "why: "+line)
	}
	if note := report.UnknownNote(c); note != "" {
		lines = append(lines, "why: "+note)
	}
	return lines
}

func lastOf(l []string) string {
	if len(l) == 0 {
		return ""
	}
	return l[len(l)-1]
}

// listOdd is report.ListQuoted of one list (namedCounts).
func listOdd(l []string) bool { return report.ListQuoted(l) }
