package report

import (
	"io"

	"github.com/cachediff/cachediff/diff"
)

// Renderer writes a report in one format.
type Renderer func(w io.Writer, r *diff.Report, o Options) error

// Format is one built-in format of --format: the one registry of them.
// A new output format is one entry of formats; the commands take their
// flags, help, checks and writers from it and name no format themselves.
type Format struct {
	Name   string
	Doc    string   // what it is, for --help
	Render Renderer // writes it
	// Log writes a log (cachediff log) in the format; nil when a log is
	// not written in it. LogDoc is what it is for a log's --help, when it
	// differs from Doc.
	Log    func(w io.Writer, o LogOptions) LogWriter
	LogDoc string
	// Terminal formats are read on a terminal: --color applies to them.
	Terminal bool
	// Cuttable formats are shortened to Options.MaxBytes (--max-bytes).
	Cuttable bool
	// Strict formats are read by programs (a patch must apply): they are
	// never coloured just because the environment forces colour.
	Strict bool
}

// formats are the registered formats, in the order --format lists them
// (the default first): --format, its help and its checks come from them.
var formats []Format

// Register adds output formats, in the order --format lists them, the
// default first. Package report/builtin registers the built-in ones, in
// one list: a new output format is a folder under report/ and an entry
// there. A name already registered panics: it is a programming error.
func Register(fs ...Format) {
	for _, f := range fs {
		if _, ok := Lookup(f.Name); ok {
			panic("report: format " + f.Name + " registered twice")
		}
		formats = append(formats, f)
	}
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
