// Package markdown is the md output format, the default: the Markdown
// report as a View (markdownView), sections of rows rendered and escaped
// in Go, which templates/md.tmpl only lays out, cut to --max-bytes by
// View.Fit before anything is written; and the Markdown log (log.go),
// newest step first, whose steps are Views too (stepView). Format is its
// entry in report/builtin.
//
// # Adding a section to the Markdown report
//
// A section is a *Section: a Name, a Rank (lower is cut first under
// --max-bytes; see the rank constants in mdview.go), a Heading (from the
// blank line before its "###" down to the table's header row), Rows (each
// starting with "\n", escaped with report.EscapeMD, EscapeHTML or
// MDPackage), an optional Short form per row, a Footer and the Noun of
// its "…and N more" line. To add one:
//
//  1. write a method of mdBuilder that returns the *Section, or nil when
//     there is nothing to say (mdview.go has one per section: rollup and
//     warnings are short examples; build rows with m.b and m.row());
//  2. give it a rank constant, between the sections worth less and more;
//  3. add it where it belongs in markdownView's list of add(...) calls:
//     the order there is the order in the report;
//  4. test it: TestViewFitSizes and TestMaxBytesProperties check any
//     section's cut; add a golden (cmd/cachediff TestGolden) for its
//     look.
//
// md.tmpl needs no change: it writes every section. Other reports (the
// log's Markdown) can build their own View the same way and write it with
// View.WriteTo, after View.Fit for a limit.
package markdown

import (
	"bufio"
	"fmt"
	"io"
	"sync"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/view"
	"github.com/cachediff/cachediff/templates"
)

// Format is the md output format, the default: GitHub-flavoured Markdown
// of a report, cut to --max-bytes, and the Markdown log.
var Format = report.Format{Name: "md", Doc: "Markdown", Render: Markdown, Cuttable: true,
	Log: func(w io.Writer, o report.LogOptions) report.LogWriter { return &logMarkdown{w: w, o: o} }}

// Document is what templates/md.tmpl renders: a report.Document with
// its Markdown view.View, which user templates get too (report/sandbox).
type Document struct {
	*report.Document
	// view is the Markdown view.View, built by Markdown (and cut to
	// Render.MaxBytes) or, for a user template, when it first asks for
	// .View.
	view *view.View
}

// view.View returns the Markdown report as a view.View: sections of rendered,
// escaped rows (see view.View and markdownView). The built-in md.tmpl only
// writes its strings in order; a user template can do the same, or pick
// sections, without --max-bytes applying to it.
func (d *Document) View() *view.View {
	if d.view == nil {
		d.view = markdownView(*d.Document)
	}
	return d.view
}

// builtin parses templates/md.tmpl once.
var builtin = sync.OnceValues(func() (*template.Template, error) {
	return template.New("md.tmpl").Funcs(report.Funcs(nil)).ParseFS(templates.FS, "md.tmpl")
})

// Markdown writes r as GitHub-flavoured Markdown: its view.View (markdownView),
// cut to o.MaxBytes when set, laid out by templates/md.tmpl.
func Markdown(w io.Writer, r *diff.Report, o report.Options) error {
	t, err := builtin()
	if err != nil {
		return fmt.Errorf("built-in templates: %w", err)
	}
	doc := report.NewDocument(r, o)
	md := &Document{Document: &doc}
	v := md.View()
	if o.MaxBytes > 0 {
		if err := v.Fit(o.MaxBytes); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := t.ExecuteTemplate(bw, "md.tmpl", md); err != nil {
		return err
	}
	return bw.Flush()
}
