package report

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/template"
)

// Cut decides how much of the Markdown report is shown when it must fit in
// Options.MaxBytes. The built-in template asks it, section by section
// (.Cut.Show, .Cut.Keep, .Cut.Line, .Cut.More) and marks where each part
// of a section starts (.Cut.Mark). The Go side renders the full report
// once while recording those marks, which gives the exact size of every
// item; it then picks the degradation step that fits and renders once
// more. Both renders are linear in the report, whatever its size.
//
// The steps, in order (each shows a subset of the one before, so a larger
// limit never shows less): the per-package <details> collapse into
// one-line summaries, last package first; then, section by section from
// the lowest value (cutOrder), items are left out from the end (an
// "…and N more" line counts them), first down to cutRows items per
// section, the skipped-pages table (cutLast) after all the others; then
// down to none, and, again lowest value first, whole sections, except the
// skipped pages; and last the skipped-pages rows that are left. The
// headline, the summary table, the notes under it, the skipped-pages
// heading with its "…and N more pages" line and everything else the
// template does not mark always stay; the report then says it was
// shortened.
//
// The skipped pages are cut late because they qualify every number of the
// report: the specs of a skipped page are counted nowhere and its package
// shows as added or removed. Their first cutRows rows stay until every
// other section is gone, and their heading, which says how many pages
// were skipped, is never left out. They are not kept whole before the
// rest, though: hundreds of skipped pages would then push every change
// out of the report, where ten rows and a count say what is needed.
//
// A nil *Cut, as user templates get, shows everything.
type Cut struct {
	max       int
	shortened bool
	measure   *bytes.Buffer // while measuring: the output so far
	sections  map[string]*cutSection
}

// cutSection is what the template showed (when measuring) or is to show
// of one section.
type cutSection struct {
	marks   []int  // byte offsets: start, each item, end of items, end
	noun    string // for the "…and N more" line
	dropped bool   // the section is left out
	keep    int    // items shown in full
	lines   int    // items after those shown as one-line summaries
}

// cutOrder is the order in which sections are cut: lowest value first.
// The per-package details come before all of them (they first collapse
// into one-line summaries); new and removed packages go last.
var cutOrder = []string{"packages", "targets", "platforms", "oss", "compilers", "stacks", "updates", "versions", "warnings", "removed", "added"}

// cutLast is the section cut last: down to cutRows rows after every
// section of cutOrder, and further only once they are all gone; never its
// heading (see Cut).
const cutLast = "skipped"

// cutRows is how many items a section keeps in the first round of
// cutting: long tables are cut to their first rows before any short one
// is touched, so that a shortened report keeps a bit of every section.
const cutRows = 10

// MoreLine is the data of the "…and N more" line of a section.
type MoreLine struct {
	Hidden int
	Noun   string
}

// Shortened reports whether the report leaves something out.
func (c *Cut) Shortened() bool { return c != nil && c.shortened }

// MaxBytes is the limit the report is cut to.
func (c *Cut) MaxBytes() int {
	if c == nil {
		return 0
	}
	return c.max
}

func (c *Cut) section(name string) *cutSection {
	if c == nil || c.sections == nil {
		return nil
	}
	return c.sections[name]
}

// Mark records where the next part of a section starts, while measuring.
func (c *Cut) Mark(name string) string {
	if c != nil && c.measure != nil {
		s := c.sections[name]
		if s == nil {
			s = &cutSection{}
			c.sections[name] = s
		}
		s.marks = append(s.marks, c.measure.Len())
	}
	return ""
}

// Show reports whether a section is shown at all.
func (c *Cut) Show(name string) bool {
	s := c.section(name)
	return s == nil || c.measure != nil || !s.dropped
}

// Keep reports whether item i of a section is shown in full.
func (c *Cut) Keep(name string, i int) bool {
	s := c.section(name)
	return s == nil || c.measure != nil || i < s.keep
}

// Line reports whether item i of a section is shown as a one-line summary.
func (c *Cut) Line(name string, i int) bool {
	s := c.section(name)
	return s != nil && c.measure == nil && i >= s.keep && i < s.keep+s.lines
}

// More returns the "…and N more" line of a section of n items.
func (c *Cut) More(name string, n int, noun string) MoreLine {
	if c != nil && c.measure != nil {
		c.sections[name].noun = noun
	}
	s := c.section(name)
	if s == nil || c.measure != nil {
		return MoreLine{Noun: noun}
	}
	return MoreLine{Hidden: n - s.keep - s.lines, Noun: noun}
}

// TooSmallError is returned when even the smallest report, what is never
// cut (see Cut), does not fit in the limit.
type TooSmallError struct {
	Max, Min int
	// Kept names the parts of the report that are never cut, as the
	// error message lists them ("the headline", "the summary table", ...).
	Kept []string
}

func (e *TooSmallError) Error() string {
	kept := strings.Join(e.Kept, ", ")
	if n := len(e.Kept); n > 1 {
		kept = strings.Join(e.Kept[:n-1], ", ") + " and " + e.Kept[n-1]
	}
	return fmt.Sprintf("--max-bytes %d is too small: the smallest shortened report, with only what is never cut (%s), takes %d bytes", e.Max, kept, e.Min)
}

// keptParts names what the smallest shortened report of doc holds, for
// TooSmallError.
func keptParts(doc Document) []string {
	var kept []string
	if doc.Render.Marker != "" {
		kept = append(kept, "the marker line")
	}
	kept = append(kept, "the headline")
	if doc.Options.Filtered() {
		kept = append(kept, "the filters line")
	}
	if doc.Gate != nil {
		kept = append(kept, "the gate line")
	}
	kept = append(kept, "the summary line and table")
	canon := !doc.Options.Canonicalize
	for _, v := range doc.Canonicalized {
		canon = canon || v.Old+v.New > 0
	}
	if canon {
		kept = append(kept, "the canonicalization line")
	}
	if n := len(doc.Old.Skipped) + len(doc.New.Skipped); n > 0 {
		kept = append(kept, fmt.Sprintf("the heading and count of the %d skipped pages", n))
	}
	return append(kept, "the shortening notice")
}

// markdownCut writes the Markdown report of doc in at most doc.Render.MaxBytes
// bytes (see Cut).
func markdownCut(w io.Writer, t *template.Template, doc Document) error {
	max := doc.Render.MaxBytes
	c := &Cut{max: max, sections: map[string]*cutSection{}}
	var full bytes.Buffer
	c.measure = &full
	doc.Cut = c
	if err := t.ExecuteTemplate(&full, "md.tmpl", doc); err != nil {
		return err
	}
	c.measure = nil
	if full.Len() <= max {
		_, err := w.Write(full.Bytes())
		return err
	}
	// Sizes of every part, from the marks.
	type part struct {
		name      string
		s         *cutSection
		header    int
		items     []int // full size of each item
		lineSizes []int // packages: size of each one-line summary
		footer    int
		moreCache map[int]int
	}
	newPart := func(name string) (*part, error) {
		s := c.sections[name]
		if s == nil {
			return nil, nil
		}
		m := s.marks
		n := len(m) - 3
		if n < 0 {
			return nil, fmt.Errorf("internal error: section %s marked %d times", name, len(m))
		}
		p := &part{name: name, s: s, header: m[1] - m[0], footer: m[n+2] - m[n+1], moreCache: map[int]int{}}
		for i := range n {
			p.items = append(p.items, m[i+2]-m[i+1])
		}
		return p, nil
	}
	var parts []*part
	byName := map[string]*part{}
	for _, name := range cutOrder {
		p, err := newPart(name)
		if err != nil {
			return err
		}
		if p != nil {
			parts = append(parts, p)
			byName[name] = p
		}
	}
	last, err := newPart(cutLast)
	if err != nil {
		return err
	}
	if last != nil {
		last.s.keep = len(last.items)
	}
	var buf bytes.Buffer
	render := func(name string, data any) (int, error) {
		buf.Reset()
		err := t.ExecuteTemplate(&buf, name, data)
		return buf.Len(), err
	}
	more := func(p *part, hidden int) (int, error) {
		if n, ok := p.moreCache[hidden]; ok {
			return n, nil
		}
		n, err := render("more", MoreLine{Hidden: hidden, Noun: p.s.noun})
		p.moreCache[hidden] = n
		return n, err
	}
	c.shortened = true
	notice, err := render("shortened", doc)
	if err != nil {
		return err
	}
	// Start from everything shown, plus the notice, and step down until
	// the report fits. size is exact at every step.
	size := full.Len() + notice
	for _, p := range parts {
		p.s.keep = len(p.items)
	}
	fits := func() bool { return size <= max }
	if p := byName["packages"]; p != nil && !fits() {
		for i := range doc.Packages {
			n, err := render("pkgline", []any{doc.Render.LinkBase, doc.Packages[i]})
			if err != nil {
				return err
			}
			p.lineSizes = append(p.lineSizes, n)
		}
		for i := len(p.items) - 1; i >= 0 && !fits(); i-- {
			p.s.keep--
			p.s.lines++
			size += p.lineSizes[i] - p.items[i]
		}
	}
	// trim leaves at most n items of a section.
	trim := func(p *part, n int) error {
		s := p.s
		for s.keep+s.lines > n && !fits() {
			hidden := len(p.items) - s.keep - s.lines
			var item int
			if s.lines > 0 {
				s.lines--
				item = p.lineSizes[s.keep+s.lines]
			} else {
				s.keep--
				item = p.items[s.keep]
			}
			before, err := more(p, hidden)
			if err != nil {
				return err
			}
			after, err := more(p, hidden+1)
			if err != nil {
				return err
			}
			size += after - before - item
		}
		return nil
	}
	for _, p := range parts {
		if err := trim(p, cutRows); err != nil {
			return err
		}
	}
	if last != nil {
		if err := trim(last, cutRows); err != nil {
			return err
		}
	}
	for _, p := range parts {
		if err := trim(p, 0); err != nil {
			return err
		}
	}
	for _, p := range parts {
		if !fits() {
			m, err := more(p, len(p.items))
			if err != nil {
				return err
			}
			size -= p.header + m + p.footer
			p.s.dropped = true
		}
	}
	if last != nil {
		if err := trim(last, 0); err != nil {
			return err
		}
	}
	if !fits() {
		// The notice names the limit: at the minimum, it names the minimum.
		min := size
		for {
			m := size - len(strconv.Itoa(max)) + len(strconv.Itoa(min))
			if m == min {
				break
			}
			min = m
		}
		return &TooSmallError{Max: max, Min: min, Kept: keptParts(doc)}
	}
	var out bytes.Buffer
	out.Grow(size)
	if err := t.ExecuteTemplate(&out, "md.tmpl", doc); err != nil {
		return err
	}
	if out.Len() != size {
		return fmt.Errorf("internal error: the shortened report takes %d bytes, %d expected", out.Len(), size)
	}
	_, err = w.Write(out.Bytes())
	return err
}
