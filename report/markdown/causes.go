package markdown

import (
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/view"
)

// rootCauses is how many root causes a changed root's row names, the
// rest counted: the R roots of an environment that all reach the same K
// changed leaves listed every cause in every row, and the report grew
// with R·K (1,000 roots and leaves, a 0.8 MB lockfile: 42 MB).
const rootCauses = 10

// roots is the lockfile view: roots added, removed and changed.
func (m *mdBuilder) roots() *view.Section {
	c := m.doc.Causes
	if c == nil || c.Roots == nil {
		return nil
	}
	rc := c.Roots
	var rows []string
	order := diff.NewCauseOrder() // the sets' causes sorted, shared by the roots that share a set
	for _, r := range rc.Added {
		rows = append(rows, "\n| added | "+report.EscapeMD(r.Root)+" | "+report.EscapeMD(r.SpecText())+" `"+m.abbrev.Short(r.Hash)+"` |  |")
	}
	for _, r := range rc.Removed {
		rows = append(rows, "\n| removed | "+report.EscapeMD(r.Root)+" | "+report.EscapeMD(r.SpecText())+" `"+m.abbrev.Short(r.Hash)+"` |  |")
	}
	for _, r := range rc.Changed {
		m.b.WriteString("\n| changed | " + report.EscapeMD(r.Root) + " | " + report.EscapeMD(report.Same(r.Old.SpecText())) + " `" + m.abbrev.Short(r.Old.Hash) + "` → ")
		if r.New.SpecText() != r.Old.SpecText() {
			m.b.WriteString(report.EscapeMD(report.Same(r.New.SpecText())) + " ")
		}
		m.b.WriteString("`" + m.abbrev.Short(r.New.Hash) + "` | ")
		var why []string
		if own := c.RootOwn(&r); len(own) > 0 {
			why = append(why, "own: "+report.EscapeMDText(report.ChangeShown(own)))
		}
		if r.Why != nil {
			causes, all := c.ResolveFirst(r.Why, r.New.Name, rootCauses, report.MaxPathNames, order)
			for _, cs := range causes {
				why = append(why, report.EscapeMDText(report.CauseShown(cs.Name, cs.Changes))+" (via "+report.EscapeMDText(report.PathShown(cs.Path))+")")
			}
			if all > len(causes) {
				why = append(why, "and "+report.Plural(all-len(causes), "more root cause")+" (`--format json`)")
			}
		}
		if len(why) == 0 {
			why = append(why, "hash only")
		}
		m.b.WriteString(strings.Join(why, "; ") + " |")
		rows = append(rows, m.row())
	}
	if rows == nil {
		return nil
	}
	// A root spelled several ways (zlib and zlib@1, one hash) is a row
	// each, by its spec as written, and one root changed, as the
	// headline counts it.
	changed := strconv.Itoa(report.RootsChanged(rc)) + " changed"
	if n := report.RootsChanged(rc); n != len(rows) {
		changed += ", written " + strconv.Itoa(len(rows)) + " ways"
	}
	return &view.Section{Name: "roots", Rank: rankRoots, Noun: "root", Rows: rows, LeastRows: 1,
		Heading: "\n\n### Environment roots (" + changed + ")\n\nThe lockfiles' roots, by their spec as written; what moved underneath follows.\n\n| | root | spec | why |\n|---|---|---|---|"}
}

// causes groups the root causes of the rebuilt and updated specs.
func (m *mdBuilder) causes() *view.Section {
	c := m.doc.Causes
	if c == nil || c.Pairs == 0 {
		return nil
	}
	s := &view.Section{Name: "causes", Rank: rankCauses, Noun: "root cause", Rows: make([]string, 0, len(c.Groups))}
	head := "\n\n### Why rebuilt\n\n"
	if report.UnknownCauses(c) {
		s.Rank = rankCausesUnknown
		s.Heading = head + report.EscapeMD(report.UnknownNote(c)) + "."
		return s
	}
	if line := report.EscapeMDText(report.CausesShown(m.doc.Report)); line != "" {
		head += "**" + line + ".**\n\n"
	}
	switch {
	case len(c.Groups) > 0:
		head += "| root cause | change | specs | rebuilt | updated | via (one path) |\n|---|---|--:|--:|--:|---|"
	case c.Known > 0:
		head += "No rebuilt or updated spec has a root cause among its dependencies."
	default: // only the note below
		head = strings.TrimSuffix(head, "\n\n")
	}
	s.Heading = head
	for _, g := range c.Groups {
		s.Rows = append(s.Rows, "\n| "+report.MDPackage(m.link, g.Name)+" | "+report.EscapeMDText(report.ChangeShown(g.Changes))+" | "+strconv.Itoa(g.Specs)+" | "+
			strconv.Itoa(g.Rebuilt)+" | "+strconv.Itoa(g.Updated)+" | "+report.EscapeMDText(report.PathShown(g.Via))+" |")
	}
	if note := report.UnknownNote(c); note != "" {
		s.Footer = "\n\n" + report.EscapeMD(note) + "."
	}
	return s
}
