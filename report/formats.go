package report

import (
	"io"

	"github.com/cachediff/cachediff/diff"
)

// Renderer writes a report in one format.
type Renderer func(w io.Writer, r *diff.Report, o Options) error

// Format is one built-in format of --format.
type Format struct {
	Name   string
	Doc    string   // what it is, for --help
	Render Renderer // writes it
	// Terminal formats are read on a terminal: --color applies to them.
	Terminal bool
}

// formats are the built-in formats, the default first. It is the one list
// of them: --format, its help and its checks come from it.
var formats = []Format{
	{Name: "md", Doc: "Markdown", Render: Markdown},
	{Name: "json", Doc: Schema, Render: func(w io.Writer, r *diff.Report, _ Options) error { return JSON(w, r) }},
	{Name: "text", Doc: "terminal", Render: renderText, Terminal: true},
	{Name: "patch", Doc: "unified diff of spec listings", Render: renderPatch, Terminal: true},
}

// Formats returns the built-in formats, the default first (a copy: the
// list cannot be changed from outside).
func Formats() []Format {
	return append([]Format(nil), formats...)
}

// Lookup returns the built-in format called name.
func Lookup(name string) (Format, bool) {
	for _, f := range formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}
