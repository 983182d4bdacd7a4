// Package report owns the registry of output formats (Format, Register,
// Lookup: report/builtin registers them, each format a folder of its
// own: markdown, jsonv1, text, patch, html, atom), the data every format
// renders (Document, Options), and what the formats share: the escaping,
// the hash abbreviations (Abbreviate), the words for highlights, causes,
// rebuilds, steps and snapshots, the log's interface (LogWriter), and the
// functions templates get (Funcs).
//
// Signal first: a rebuild that changed nothing but the hash (a real week
// is mostly those) is counted, per package with its stacks, not listed;
// packages changed by such rebuilds alone share one section;
// Options.RebuiltRows lists them all again. JSON and Patch keep every
// spec.
//
// It computes nothing about the diff (the engine, package diff, does),
// writes only to the io.Writer it is given, and returns every error.
package report

import (
	"github.com/cachediff/cachediff/diff"
)

// Schema names the version of the JSON document.
const Schema = "cachediff/v1"

// FeatureBasedSets is the feature of a report some of whose causes.sets
// are written on their bases ({"set", "via"} elements, docs/json.md): a
// consumer that reads every element as {"cause", "path"} would read a
// base as cause 0 by path 0 without an error.
const FeatureBasedSets = "based-sets"

// FeatureSetOverrides is the feature of a report some of whose based
// sets hold a cause of their base by a path of their own ({"over",
// "path"} elements, docs/json.md): a consumer that knows bases but not
// overrides would refuse such an element, or read the cause twice.
const FeatureSetOverrides = "set-overrides"

// Features are the features a cachediff/v1 document may list in
// "features", each added within v1 and misread, without an error, by a
// consumer written before it: a consumer refuses a document that lists
// one it does not know (docs/json.md, versioning). cachediff version
// lists them.
var Features = []string{FeatureBasedSets, FeatureSetOverrides}

// FeaturesOf are the features r uses, for its "features": nil (the
// member absent, the document as before them) when none.
func FeaturesOf(r *diff.Report) []string {
	var out []string
	if c := r.Causes; c != nil {
		for k := range c.Sets {
			if _, ok := c.Base(k); ok {
				out = []string{FeatureBasedSets}
				break
			}
		}
		if out == nil {
			return nil // an override is in a based set only
		}
		for _, set := range c.Sets {
			for _, ref := range set {
				if ref.Over != nil {
					return append(out, FeatureSetOverrides)
				}
			}
		}
	}
	return out
}

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
	// Features are the features of the report that a consumer written
	// before them would misread (FeaturesOf); written by the JSON format
	// alone, absent when none.
	Features []string `json:"features,omitempty"`
	*diff.Report
	Render Options `json:"-"`
	// Cut is always nil: it is there for templates copied from an
	// earlier md.tmpl (see Cut).
	Cut *Cut `json:"-"`
}

// NewDocument wraps r for rendering with o.
func NewDocument(r *diff.Report, o Options) Document {
	return Document{Schema: Schema, Report: r, Render: o}
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
