// Package report owns the registry of output formats (Format, Register,
// Lookup: report/builtin registers them, each format a folder of its
// own), the data every format renders (Document, Options), what the
// formats share (the escaping, the hash abbreviations of Abbreviate, the
// words for highlights, causes, rebuilds and snapshots, and the functions
// templates get, Funcs) and the format still written here:
//
//   - the Markdown report as a View (markdownView): sections of rows
//     rendered and escaped in Go, which templates/md.tmpl only lays out,
//     and the Markdown log (log.go);
//   - the --max-bytes cut of that View (View.Fit), by the lengths of its
//     strings, before anything is written.
//
// Signal first: a rebuild that changed nothing but the hash (a real week
// is mostly those) is counted, per package with its stacks, not listed;
// packages changed by such rebuilds alone share one section;
// Options.RebuiltRows lists them all again. JSON and Patch keep every
// spec.
//
// It computes nothing about the diff (the engine, package diff, does),
// writes only to the io.Writer it is given, and returns every error.
//
// # Adding a section to the Markdown report
//
// A section is a *Section: a Name, a Rank (lower is cut first under
// --max-bytes; see the rank constants in mdview.go), a Heading (from the
// blank line before its "###" down to the table's header row), Rows (each
// starting with "\n", escaped with escapeMD/escapeHTML/mdPackage), an
// optional Short form per row, a Footer and the Noun of its "…and N
// more" line. To add one:
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
package report

import (
	"bufio"
	"fmt"
	"io"
	"sync"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/templates"
)

// Schema names the version of the JSON document.
const Schema = "cachediff/v1"

// Options control how a report is rendered, never what it says: they are
// not part of the JSON document.
type Options struct {
	// Title replaces the default headline title; "" keeps the default.
	Title string
	// LinkBase, when set, links package names to LinkBase + name (for
	// example https://cache.spack.io/package/?name=).
	LinkBase string
	// MaxBytes, when positive, is the most bytes of Markdown to write.
	MaxBytes int
	// Marker, when set, is the Markdown report's first line: an HTML
	// comment, invisible on GitHub, by which a CI job finds the comment it
	// posted before (see GitHubMarker). MaxBytes counts it.
	Marker string
	// Color turns on ANSI colours in the terminal format.
	Color bool
	// Width is the most columns of a line of the terminal format (text),
	// a log's included (--width, or the terminal's); 0 for DefaultWidth.
	Width int
	// RebuiltRows lists every rebuilt spec in Markdown and text (--rows
	// rebuilt). Without it, a rebuild that changed nothing but the hash is
	// counted per package, not listed, and packages changed by such
	// rebuilds alone are listed together in one place.
	RebuiltRows bool
	// Feed are the options of the Atom feed (--format atom).
	Feed FeedOptions
}

// DefaultWidth is the width of the terminal format when Options.Width is
// 0: what a report piped or written to a file is fitted to.
const DefaultWidth = 80

// MinWidth is the narrowest width the terminal format is fitted to: a
// narrower Options.Width is taken as this.
const MinWidth = 20

// GitHubMarker is the first line of a report made to be a GitHub comment
// (cachediff --github-comment).
const GitHubMarker = "<!-- cachediff -->"

// Document is the data every format renders: the schema, the report, and
// the rendering options (templates see them as .Render).
type Document struct {
	Schema string `json:"schema"`
	*diff.Report
	Render Options `json:"-"`
	// Cut is always nil: it is there for templates copied from an
	// earlier md.tmpl (see Cut).
	Cut *Cut `json:"-"`
	// view is the Markdown View, built by Markdown (and cut to
	// Render.MaxBytes) or, for a user template, when it first asks for
	// .View.
	view *View
}

// View returns the Markdown report as a View: sections of rendered,
// escaped rows (see View and markdownView). The built-in md.tmpl only
// writes its strings in order; a user template can do the same, or pick
// sections, without --max-bytes applying to it.
func (d *Document) View() *View {
	if d.view == nil {
		d.view = markdownView(*d)
	}
	return d.view
}

// NewDocument wraps r for rendering with o.
func NewDocument(r *diff.Report, o Options) Document {
	return Document{Schema: Schema, Report: r, Render: o}
}

// builtin parses the embedded templates once.
var builtin = sync.OnceValues(func() (*template.Template, error) {
	return template.New("builtin").Funcs(Funcs(nil)).ParseFS(templates.FS, "*.tmpl")
})

// Markdown writes r as GitHub-flavoured Markdown: its View (markdownView),
// cut to o.MaxBytes when set, laid out by templates/md.tmpl.
func Markdown(w io.Writer, r *diff.Report, o Options) error {
	t, err := builtin()
	if err != nil {
		return fmt.Errorf("built-in templates: %w", err)
	}
	doc := NewDocument(r, o)
	v := doc.View()
	if o.MaxBytes > 0 {
		if err := v.Fit(o.MaxBytes); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := t.ExecuteTemplate(bw, "md.tmpl", &doc); err != nil {
		return err
	}
	return bw.Flush()
}

// FeedOptions are the options of the Atom feed (--format atom).
type FeedOptions struct {
	// ID is the feed's <id> (--feed-id): an IRI that names the feed for
	// good, best the URL it is published at (which is then its rel=self
	// link too). "" for the default, DefaultFeedID.
	ID string
	// MaxEntries, when positive, keeps only the newest N steps
	// (--max-entries).
	MaxEntries int
}
