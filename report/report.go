// Package report renders a diff.Report: JSON from typed structs (schema
// cachediff/v1), Markdown through the built-in template, and user templates
// with the same data and functions.
//
// Rendering is the only thing it does: it computes nothing about the diff,
// writes only to the io.Writer it is given, and returns every error.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/templates"
)

// Schema names the version of the JSON document.
const Schema = "cachediff/v1"

// Document is the data every format renders: the schema and the report.
type Document struct {
	Schema string `json:"schema"`
	*diff.Report
}

// NewDocument wraps r for rendering.
func NewDocument(r *diff.Report) Document { return Document{Schema: Schema, Report: r} }

// JSON writes r as an indented cachediff/v1 JSON document.
func JSON(w io.Writer, r *diff.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(NewDocument(r))
}

// builtin parses the embedded templates once.
var builtin = sync.OnceValues(func() (*template.Template, error) {
	return template.New("builtin").Funcs(Funcs()).ParseFS(templates.FS, "*.tmpl")
})

// Markdown writes r as GitHub-flavoured Markdown.
func Markdown(w io.Writer, r *diff.Report) error {
	t, err := builtin()
	if err != nil {
		return fmt.Errorf("built-in templates: %w", err)
	}
	return t.ExecuteTemplate(w, "md.tmpl", NewDocument(r))
}

// ParseTemplate parses a user template. It gets the functions of Funcs:
// sprig's hermetic set, less anything random, time- or host-dependent, and
// cachediff's own.
func ParseTemplate(name, text string) (*template.Template, error) {
	// text/template's errors name the template and the line already.
	return template.New(name).Funcs(Funcs()).Parse(text)
}

// Execute renders a parsed user template over r.
func Execute(w io.Writer, t *template.Template, r *diff.Report) error {
	return t.Execute(w, NewDocument(r))
}
