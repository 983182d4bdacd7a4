package report

// Cut is what templates copied from an earlier built-in md.tmpl call to
// Shorten themselves (.Cut.Show, .Keep, .Line, .More, .Mark, .Shortened,
// .MaxBytes). The built-in report now cuts its View instead (View.Fit),
// and .Cut is always nil: a nil *Cut shows everything, so such templates
// keep working, whole.
type Cut struct{}

// MoreLine is the data of the "…and N more" line of a section.
type MoreLine struct {
	Hidden int
	Noun   string
}

// Shortened reports whether the report leaves something out: never.
func (c *Cut) Shortened() bool { return false }

// MaxBytes is the limit the report is cut to: none.
func (c *Cut) MaxBytes() int { return 0 }

// Mark does nothing.
func (c *Cut) Mark(name string) string { return "" }

// Show reports whether a section is shown: always.
func (c *Cut) Show(name string) bool { return true }

// Keep reports whether item i of a section is shown in full: always.
func (c *Cut) Keep(name string, i int) bool { return true }

// Line reports whether item i is shown as a one-line summary: never.
func (c *Cut) Line(name string, i int) bool { return false }

// More returns the "…and N more" line of a section: none hidden.
func (c *Cut) More(name string, n int, noun string) MoreLine {
	return MoreLine{Noun: noun}
}
