// Package view lays a report out as text: a View is a fixed head, then
// sections of pre-rendered rows, and Fit cuts it to a number of bytes by
// leaving rows and sections out. It knows no format: the Markdown report
// and log (package report/markdown) build Views of their own rows.
package view

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// View is a report laid out as text: a fixed head, then sections of
// pre-rendered rows. Everything in it is already escaped for the format it
// was built for (the Markdown report's is built by report/markdown), so a
// template, or WriteTo, only writes the strings in order:
//
//	Head, Skipped (if any), Notice, each of Sections, Tail
//
// Fit cuts a View to a number of bytes by leaving rows and sections out
// (as go-cmp trims its report tree before printing): it works on the
// lengths of the strings, so the size it computes is the size written.
type View struct {
	// Head is what is never cut: marker, headline, filters, gate,
	// highlights, summary table.
	Head string
	// Skipped is the section of pages --skip-invalid left out, or nil. Fit
	// cuts it last and never drops its heading (see Fit).
	Skipped *Section
	// Notice says the report was shortened; "" until Fit shortens it.
	Notice string
	// Sections are the report's sections, in the order they are written.
	Sections []*Section
	// Tail ends the report, never cut: the Markdown report's notes on the
	// whole report (canonicalization, causes unknown) and its last
	// newline.
	Tail string

	// NoticeFor writes the shortening notice for a limit (Fit sets
	// Notice with it); nil: no notice.
	NoticeFor func(limit int) string
	// Kept names what is never cut, for TooSmallError's message.
	Kept []string

	// Omitted says something was left out before Fit (a log's older
	// steps): Fit writes the Notice even when the rest fits whole, and it
	// counts against the limit like any other.
	Omitted bool
}

// Section is one section of a View: a heading, rows, an "…and N more"
// line that counts the rows left out, and a footer.
type Section struct {
	// Name identifies the section (tests and Fit's errors use it).
	Name string
	// Rank orders the cut: sections of lower Rank lose their rows first,
	// and are dropped first. A section of negative Rank is noise next to
	// the others: its rows go down to CutRows even before any Short form
	// is used.
	Rank int
	// Heading is written before the rows: in Markdown, from the blank
	// line before the "###" heading down to the table's header row.
	Heading string
	// Rows are the items of the section, each starting with its own
	// line break ("\n| ... |").
	Rows []string
	// Short, when set, has one entry per row: a shorter form of it (a
	// package's one-line summary for its <details> block) that Fit uses,
	// last row first, before leaving any row of any section out.
	Short []string
	// Counts, when set, has one entry per row: how many of Noun the row
	// stands for, which the "…and N more" line sums (a log step's row of
	// a package's 4 plain rebuilds is 4 specs); nil: one each.
	Counts []int
	// Footer is written after the rows and the "…and N more" line.
	Footer string
	// Noun names a row for the "…and N more" line ("package" gives
	// "…and 3 more packages.").
	Noun string

	// Whole, when set, is the section's whole text, kept elsewhere (a
	// log's step written without --max-bytes keeps it in a spill):
	// WriteTo copies it, size counts it; the section has no rows, and is
	// never cut.
	Whole Piece

	// Pinned sections are never cut nor dropped: like the Head, they
	// are written whole whatever the limit (a log's newest step's heading,
	// which comes after sections that can be cut).
	Pinned bool

	// LeastRows is the fewest rows a cut leaves the section before it
	// drops it whole (round 4): 1 for a section whose heading counts its
	// rows ("### Warnings (3000)", "### New packages (30)"), which over
	// no row would say nothing but its count again in its "…and N more"
	// line; 0 for the others, whose "…and N more" line alone counts them.
	LeastRows int

	keep    int  // rows shown in full
	short   int  // rows after those shown in their Short form
	dropped bool // the section is left out
	cut     bool // keep and short are set (by Fit)
}

// Piece is a section's text kept outside the View (Section.Whole).
type Piece interface {
	Len() int
	WriteTo(w io.Writer) (int64, error)
}

// Shown reports whether the section is written at all.
func (s *Section) Shown() bool { return !s.dropped }

// Visible returns the rows written: the first in full, the next in their
// short form.
func (s *Section) Visible() []string {
	if !s.cut {
		return s.Rows
	}
	if s.short == 0 {
		return s.Rows[:s.keep]
	}
	out := make([]string, 0, s.keep+s.short)
	out = append(out, s.Rows[:s.keep]...)
	return append(out, s.Short[s.keep:s.keep+s.short]...)
}

// ShortRows is how many rows are written in their Short form.
func (s *Section) ShortRows() int { return s.short }

// Hidden is how many rows are left out.
func (s *Section) Hidden() int {
	if !s.cut {
		return 0
	}
	return len(s.Rows) - s.keep - s.short
}

// More is the "…and N more" line of the rows left out, or "".
func (s *Section) More() string { return moreLine(s.hiddenCount(), s.Noun) }

// hiddenCount is how many of Noun the rows left out stand for (Counts).
func (s *Section) hiddenCount() int {
	if s.Counts == nil || !s.cut {
		return s.Hidden()
	}
	n := 0
	for _, c := range s.Counts[s.keep+s.short:] {
		n += c
	}
	return n
}

// count is how many of Noun row i stands for (Counts).
func (s *Section) count(i int) int {
	if s.Counts == nil {
		return 1
	}
	return s.Counts[i]
}

// moreLine writes "\n\n…and N more NOUNs." ("" for none).
func moreLine(n int, noun string) string {
	if n <= 0 {
		return ""
	}
	plural := "s"
	if n == 1 {
		plural = ""
	}
	return "\n\n…and " + strconv.Itoa(n) + " more " + noun + plural + "."
}

// Size is the bytes the section writes as it is cut now.
func (s *Section) Size() int {
	if s.dropped {
		return 0
	}
	if s.Whole != nil {
		return s.Whole.Len()
	}
	n := len(s.CutHeading()) + len(s.Footer) + len(s.More())
	for _, r := range s.Visible() {
		n += len(r)
	}
	return n
}

// CutHeading is the Heading the section writes as it is cut now (md.tmpl
// writes it): without the header of its table (tableHead) when every
// row is left out, so that an "…and N more" line does not follow the
// header of an empty table. A whole section's is its Heading.
func (s *Section) CutHeading() string {
	if s.cut && s.keep+s.short == 0 && len(s.Rows) > 0 {
		return s.BareHeading()
	}
	return s.Heading
}

// BareHeading is the Heading the section writes when every row is left
// out: without its table's header.
func (s *Section) BareHeading() string { return s.Heading[:len(s.Heading)-s.tableHead()] }

// tableHead is the length of the end of Heading that is a Markdown
// table's header: its last lines that start with "|", with the line
// breaks before them; 0 when Heading does not end in one.
func (s *Section) tableHead() int {
	h := s.Heading
	i := len(h)
	for {
		j := strings.LastIndexByte(h[:i], '\n')
		if j < 0 || !strings.HasPrefix(h[j+1:], "|") {
			break
		}
		i = j
	}
	if i == len(h) {
		return 0
	}
	return len(h) - len(strings.TrimRight(h[:i], "\n"))
}

// WriteTo writes the section as it is cut now.
func (s *Section) WriteTo(w io.Writer) (int64, error) {
	if s.dropped {
		return 0, nil
	}
	if s.Whole != nil {
		return s.Whole.WriteTo(w)
	}
	var n int64
	for _, str := range s.parts() {
		m, err := io.WriteString(w, str)
		n += int64(m)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func (s *Section) parts() []string {
	parts := append([]string{s.CutHeading()}, s.Visible()...)
	return append(parts, s.More(), s.Footer)
}

// Size is the bytes the view writes as it is cut now.
func (v *View) Size() int {
	n := len(v.Head) + len(v.Notice) + len(v.Tail)
	if v.Skipped != nil {
		n += v.Skipped.Size()
	}
	for _, s := range v.Sections {
		n += s.Size()
	}
	return n
}

// Shortened reports whether Fit left something out.
func (v *View) Shortened() bool { return v.Notice != "" }

// WriteTo writes the view, buffered, to w.
func (v *View) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := &countWriter{w: bw}
	io.WriteString(cw, v.Head)
	if v.Skipped != nil {
		v.Skipped.WriteTo(cw)
	}
	io.WriteString(cw, v.Notice)
	for _, s := range v.Sections {
		if _, err := s.WriteTo(cw); err != nil && cw.err == nil {
			cw.err = err // a Whole section's text could not be read
		}
	}
	io.WriteString(cw, v.Tail)
	if cw.err == nil {
		cw.err = bw.Flush()
	}
	return cw.n, cw.err
}

// countWriter counts the bytes written and keeps the first error (later
// writes are skipped).
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// CutRows is how many rows a section keeps in the first round of cutting:
// long tables are cut to their first rows before any short one is
// touched, so that a shortened report keeps a bit of every section.
const CutRows = 10

// TooSmallError is returned when even the smallest report, what is never
// cut (see Fit), does not fit in the limit.
type TooSmallError struct {
	Max, Min int
	// Kept names the parts of the report that are never cut, as the
	// error message lists them ("the headline", "the summary table", ...).
	Kept []string
	// Whole: Min is the report written whole, which is smaller than any
	// shortened form of it (the notice would take more than it cuts).
	Whole bool
}

func (e *TooSmallError) Error() string {
	if e.Whole {
		return fmt.Sprintf("--max-bytes %d is too small: the report takes %d bytes whole, and no shortened form of it is smaller", e.Max, e.Min)
	}
	kept := strings.Join(e.Kept, ", ")
	if n := len(e.Kept); n > 1 {
		kept = strings.Join(e.Kept[:n-1], ", ") + " and " + e.Kept[n-1]
	}
	return fmt.Sprintf("--max-bytes %d is too small: the smallest shortened report, with only what is never cut (%s), takes %d bytes", e.Max, kept, e.Min)
}

// Fit cuts the view to at most max bytes, in steps, each showing a subset
// of the one before (so a larger limit never shows less):
//
//  0. sections of negative Rank lose rows from the end (an "…and N
//     more" line counts them) down to CutRows rows;
//  1. the rows that have a Short form take it, last row first (the
//     Markdown report's <details> blocks become one-line summaries);
//  2. section by section, lowest Rank first, rows are left out from the
//     end down to CutRows rows; then the Skipped section the same;
//  3. then, lowest Rank first, down to no rows (LeastRows);
//  4. then, lowest Rank first, whole sections are dropped;
//  5. last, the Skipped rows that are left; its heading, and its "…and N
//     more" line, always stay.
//
// The Head, the Notice, the Tail and the Pinned sections always stay;
// once anything is cut (or always, when Omitted is set), the Notice says
// so. A view that fits is left whole. When even the smallest view does not fit, Fit returns a
// *TooSmallError naming the minimum.
func (v *View) Fit(limit int) error {
	for _, s := range v.all() {
		s.keep, s.short, s.dropped, s.cut = len(s.Rows), 0, false, false
	}
	v.Notice = ""
	if v.Omitted && v.NoticeFor != nil {
		v.Notice = v.NoticeFor(limit)
	}
	whole := v.Size() // at this limit: the notice names it when Omitted
	if whole <= limit {
		return nil
	}
	if v.NoticeFor != nil {
		v.Notice = v.NoticeFor(limit)
	}
	order := slices.Clone(v.Sections)
	slices.SortStableFunc(order, func(a, b *Section) int { return a.Rank - b.Rank })
	for _, s := range v.all() {
		s.cut = true
	}
	size := v.Size()
	run := func(s *Section, round int) {
		if size > limit {
			size -= s.round(round, size-limit)
		}
	}
	for round := range FitRounds {
		for _, s := range order {
			run(s, round)
		}
		if round == 2 && v.Skipped != nil {
			run(v.Skipped, 2)
		}
	}
	if v.Skipped != nil {
		run(v.Skipped, 3)
	}
	fits := func() bool { return size <= limit }
	if fits() {
		return nil
	}
	// The notice names the limit: at the minimum, it names the minimum.
	least := v.atOwnLimit(size, limit, true)
	// A view smaller whole than cut (a report of no change, whose notice
	// is longer than what it would cut) fits whole at its own size.
	w := v.atOwnLimit(whole, limit, v.Omitted)
	return &TooSmallError{Max: limit, Min: min(least, w), Kept: v.Kept, Whole: w < least}
}

// atOwnLimit is the size of the view that takes size bytes at limit,
// written at a limit of its own size instead: its notice, when it has
// one (noticed), names that limit.
func (v *View) atOwnLimit(size, limit int, noticed bool) int {
	if v.NoticeFor == nil || !noticed {
		return size
	}
	least := size
	for {
		m := size - len(v.NoticeFor(limit)) + len(v.NoticeFor(least))
		if m == least {
			return least
		}
		least = m
	}
}

// FitRounds is the number of rounds of Fit that cut the Sections (0 to 4
// in Fit's list; the Skipped section's last one is round 3 run again).
const FitRounds = 5

// round runs round r of Fit (see Fit) on s until it has taken need
// bytes or the round is done, and returns the bytes taken (which a row
// shorter than the "…and N more" line it adds to can make negative). The
// bytes a round takes from a section depend on that section alone, so
// the rounds' sums can be worked out section by section (RoundCuts).
func (s *Section) round(r, need int) (took int) {
	if s.Pinned {
		return 0
	}
	trim := func(n int) {
		hidden := s.hiddenCount() // once: summed at each row, a cut of n rows took n² steps
		for s.keep+s.short > n && took < need {
			var row, c int
			if s.short > 0 {
				s.short--
				row, c = len(s.Short[s.keep+s.short]), s.count(s.keep+s.short)
			} else {
				s.keep--
				row, c = len(s.Rows[s.keep]), s.count(s.keep)
			}
			took += row - (len(moreLine(hidden+c, s.Noun)) - len(moreLine(hidden, s.Noun)))
			hidden += c
			if s.keep+s.short == 0 {
				took += s.tableHead() // the last row: the table's header goes with it
			}
		}
	}
	switch r {
	case 0:
		if s.Rank < 0 {
			trim(CutRows)
		}
	case 1:
		if s.Short != nil {
			for i := len(s.Rows) - 1; i >= 0 && took < need; i-- {
				s.keep--
				s.short++
				took += len(s.Rows[i]) - len(s.Short[i])
			}
		}
	case 2:
		trim(CutRows)
	case 3:
		trim(s.LeastRows)
	case 4:
		if took < need {
			took = s.Size()
			s.dropped = true
		}
	}
	return took
}

// RoundCuts returns the bytes each round of Fit takes from s when it runs
// to its end, and whether it changes s at all; s is left whole.
func (s *Section) RoundCuts() (took [FitRounds]int, changes [FitRounds]bool) {
	s.keep, s.short, s.dropped, s.cut = len(s.Rows), 0, false, true
	for r := range FitRounds {
		keep, short := s.keep, s.short
		took[r] = s.round(r, math.MaxInt)
		changes[r] = s.keep != keep || s.short != short || s.dropped
	}
	s.keep, s.short, s.dropped, s.cut = len(s.Rows), 0, false, false
	return took, changes
}

// all returns every section, Skipped included.
func (v *View) all() []*Section {
	if v.Skipped == nil {
		return v.Sections
	}
	return append([]*Section{v.Skipped}, v.Sections...)
}
