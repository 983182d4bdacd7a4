// Package sandbox runs user templates (--template): ParseTemplate
// refuses one of more than MaxTemplate bytes, and gives the others
// sprig's hermetic functions, less anything random, time- or
// host-dependent, with cachediff's own (report.Funcs); Execute runs them
// over a report.Document, with the views of the built-in formats
// (data), within Limits of time, output and memory, each
// function checked before it makes too long a string or too many items
// (boundfuncs.go, printf.go).
package sandbox

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/markdown"
	"github.com/cachediff/cachediff/report/text"
	"github.com/cachediff/cachediff/report/view"
)

// data is what a user template renders: the report.Document with the
// views of the built-in formats, .View (markdown.Document's) and
// .TextView, .TextLines, .TextRebuilt and .TextCauses (text.Document's).
type data struct {
	*report.Document
	md   markdown.Document
	text text.Document
}

func newData(doc *report.Document) *data {
	return &data{Document: doc, md: markdown.Document{Document: doc}, text: text.Document{Document: doc}}
}

// View is the Markdown report as a View (markdown.Document.View).
func (d *data) View() *view.View { return d.md.View() }

// TextView is the terminal view (text.Document.TextView).
func (d *data) TextView() *text.TextView { return d.text.TextView() }

// TextLines are the one-line-per-package view's lines (text.Document.TextLines).
func (d *data) TextLines() []string { return d.text.TextLines() }

// TextRebuilt is the line of rebuilt-only packages (text.Document.TextRebuilt).
func (d *data) TextRebuilt() string { return d.text.TextRebuilt() }

// TextCauses are the terminal view's lines about roots and causes
// (text.Document.TextCauses).
func (d *data) TextCauses() []string { return d.text.TextCauses() }

// pkgDetails is pkgdetails outside a run (Execute binds its own): there
// is no template to render the block with.
func pkgDetails(doc *data, i int) (string, error) {
	return pkgDetailsTo(&strings.Builder{}, nil, doc, i)
}

// pkgDetailsTo writes the <details> block of the i'th package of doc
// into b, which may refuse to grow, with t's own "pkgdetails" (a user
// template copied from an earlier md.tmpl, which rendered the blocks that
// way).
func pkgDetailsTo(b interface {
	io.Writer
	String() string
}, t *template.Template, doc *data, i int) (string, error) {
	switch {
	case i < 0 || i >= len(doc.Packages):
		return "", fmt.Errorf("pkgdetails: no package %d", i)
	case t == nil:
		return "", errors.New("pkgdetails: no template to render the block with")
	}
	err := t.ExecuteTemplate(b, "pkgdetails", []any{doc.Render.LinkBase, doc.Packages[i]})
	return b.String(), err
}

// MaxTemplate is the most bytes a user template may hold. text/template's
// parse is bounded by nothing, and runs before Execute's limits: a
// template of 18 MB of actions held 1 GB to parse, and one of 34 MB that
// nests {{ with }} two million deep overflowed the goroutine's stack
// (a fatal error and a dump of every goroutine). cachediff's own
// templates are under 10 KB; at 1 MiB a template parses in a fraction of
// a second, into some 60 MB, and nests at most some 70,000 deep.
const MaxTemplate = 1 << 20

// ParseTemplate parses a user template. It gets the functions of funcs:
// sprig's hermetic set, less anything random, time- or host-dependent, and
// cachediff's own. A template of more than MaxTemplate bytes is refused.
func ParseTemplate(name, text string) (*template.Template, error) {
	if len(text) > MaxTemplate {
		return nil, fmt.Errorf("template: %w", TooLarge(name, int64(len(text))))
	}
	// text/template's errors name the template and the line already.
	t, err := template.New(name).Funcs(funcs(nil)).Parse(text)
	if !strings.Contains(name, "%") {
		return t, shownError(err, name)
	}
	// text/template writes a tree's ParseName into the format of its
	// errors, not as an argument: a file a%s.tmpl said "template:
	// bnope.tmpl:1: function %!q(MISSING) not defined", and its field
	// errors "can't evaluate field the template's data in type
	// %!s(MISSING)". Its percent signs doubled, the format writes them
	// once (parsed again so for the message of a parse; the trees
	// renamed so for those of Execute; the limits' place undoes it).
	if err != nil {
		if _, again := template.New(percentsDoubled(name)).Funcs(funcs(nil)).Parse(text); again != nil {
			return nil, shownError(again, name)
		}
		// Under the doubled name the parse passed: the text defines a
		// template of the file's own name beside a top level of its
		// own, which the parse checks last, at the text's last line
		// (parse.Tree.add). Not so, a file a%s.tmpl holding
		// x{{define "a%s.tmpl"}}y{{end}} was returned with no error,
		// and nil, which panicked the command.
		return nil, shownError(fmt.Errorf("template: %s:%d: template: multiple definition of template %q", name, 1+strings.Count(text, "\n"), name), name)
	}
	for _, tt := range t.Templates() {
		if tt.Tree != nil {
			tt.Tree.ParseName = percentsDoubled(name)
		}
	}
	return t, nil
}

// percentsDoubled is s with each % written %%, as a format writes one.
func percentsDoubled(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// TooLarge is the error of a template of size bytes, more than
// MaxTemplate (a negative size: more, by how much unknown, as of
// standard input read up to the limit). A file's size is known before it
// is read.
func TooLarge(name string, size int64) error {
	held := "more than " + sizeString(MaxTemplate)
	if size >= 0 {
		held = countString(size) + " bytes"
	}
	return fmt.Errorf("%s: %s, and a template is limited to %s (text/template's parse holds some 60 times a template's size, and is bounded by nothing else)", name, held, sizeString(MaxTemplate))
}

// Execute renders a parsed user template over r, within lim: a template
// that runs out of time, output or memory is stopped with a *LimitError;
// a function that would make too long a string or too many items fails
// (see Limits). Zero fields of lim take the defaults.
func Execute(w io.Writer, t *template.Template, r *diff.Report, o report.Options, lim Limits) error {
	_, err := execute(w, t, r, o, lim)
	return err
}

// execute is Execute, which returns the guard too, for tests.
func execute(w io.Writer, t *template.Template, r *diff.Report, o report.Options, lim Limits) (*guard, error) {
	g := newGuard(lim, t.Name())
	c, err := t.Clone()
	if err != nil {
		return g, err
	}
	g.tmpl = c
	c.Funcs(g.boundFuncs(funcs(r)))
	if err := g.instrument(c); err != nil {
		return g, err
	}
	doc := report.NewDocument(r, o)
	g.out = &limitWriter{g: g, w: w}
	return g, shownError(withoutValue(g.run(func() error { return c.Execute(g.out, newData(&doc)) }), t.Name()), t.Name())
}

// cantIterate is how text/template says range was given what it cannot
// range over, before it prints that value.
const cantIterate = "range can't iterate over "

// cantCompare is how text/template's eq and ne say they were given
// values they cannot compare, before they print the values.
const cantCompare = "non-comparable type"

// withoutValue is err without the value text/template prints when range
// cannot iterate over it: a package's specs printed every one of them,
// and .Report the whole report, without bound; so did eq and ne, of the
// values they cannot compare ({{eq .Packages .Packages}}: every package,
// control characters and all). The message keeps the template, place and
// expression (at <$p.Specs>). A field the data lacks is said of the
// template's data, and the other values of the data in the template's
// terms (goTypes), not as Go types.
//
// Only text/template's own words are said so (ownWords): its place
// (the template's name, the expression at <…>) is kept as written, and
// so is the error of a function not its own or cachediff's, the
// template's words: {{fail "map[string]interface {}"}} said "a map of
// interface {}", {{fail "range can't iterate over x"}} lost its end
// and the expression's closing quote, and a fail's 3 MB of words were
// searched for Go types.
func withoutValue(err error, file string) error {
	ee, isExec := err.(template.ExecError)
	if !isExec {
		return err
	}
	msg, fnErr, ok := ownWords(ee, file)
	if !ok {
		return err
	}
	return template.ExecError{Name: ee.Name, Err: &ownError{msg: msg, err: fnErr}}
}

// ownError is a message of text/template said in the template's terms
// (ownWords), which unwraps to the error of the function it ends with
// (templateWords reads its words so).
type ownError struct {
	msg string
	err error
}

func (e *ownError) Error() string { return e.msg }
func (e *ownError) Unwrap() error { return e.err }

// ownWords is the message of ee with text/template's own words said in
// the template's terms (withoutValue), the error of the function it
// ends with (nil for none), and true; false when it is the message as
// it is.
func ownWords(ee template.ExecError, file string) (string, error, bool) {
	msg := ee.Err.Error()
	at, body := splitPlace(msg, fileLead(file), ee.Name)
	head, words := msg[:body], msg[body:]
	fn, fnErr := calledFunc(ee.Err, words)
	named := false
	if fnErr != nil && (typedFuncs[fn] || fn == "pkgdetails") {
		// cachediff's own functions name themselves in their errors,
		// which text/template names too: "error calling paint: paint:
		// unknown style", said once.
		if rest, ok := strings.CutPrefix(fnErr.Error(), fn+": "); ok {
			words = "error calling " + fn + ": " + rest
			msg, named = head+words, true
		}
	}
	m, ok := ownWordsOf(ee, msg, at, head, words, fn, fnErr)
	ok = ok || named
	if fn == "pkgdetails" {
		inner, isExec := fnErr.(template.ExecError)
		if !isExec {
			return m, fnErr, ok
		}
		// The error of a run of the template's own "pkgdetails", of
		// the same file: its place without the file's name, which
		// the message begins with, shown once (raw there, a file
		// named `x.tmpl:1:2: executing "y" at <z>: ok` forged a
		// place of x.tmpl; named again, it was said twice).
		im, iErr, _ := ownWords(inner, file)
		im = withoutFile(im, file, inner.Name)
		return head + "error calling " + fn + ": " + im, template.ExecError{Name: inner.Name, Err: &ownError{msg: im, err: iErr}}, true
	}
	return m, fnErr, ok
}

// withoutFile is msg, a message of text/template of the template name
// of file, without its "template: FILE:" before the line and column of
// its place; msg as it is when it names no place.
func withoutFile(msg, file, name string) string {
	if at, _ := splitPlace(msg, fileLead(file), name); at < 0 {
		return msg
	}
	return msg[len(fileLead(file)):]
}

// fileLead is how text/template's messages of the template's file
// begin, before the line and column of their place.
func fileLead(file string) string { return "template: " + file + ":" }

// ownWordsOf is ownWords' message of ee, whose place splitPlace found
// (at, head) before its words, the error of fn, when it is one's.
func ownWordsOf(ee template.ExecError, msg string, at int, head, words, fn string, fnErr error) (string, bool) {
	switch {
	case fn == "":
		// text/template's words alone: range's prints the value after.
		if strings.HasPrefix(words, cantIterate) {
			return head + cantIterate + "it: range takes a list, a map or a number", true
		}
		if m, ok := strings.CutSuffix(words, dataType); ok {
			return head + withoutGoTypes(m) + "the template's data (docs/json.md, Templates, lists its fields)", true
		}
		if m, ok := strings.CutPrefix(words, nilPointer); ok {
			// "nil pointer evaluating *diff.Gate.FailOn": the field of a
			// value that is nil, read as "a Gate.FailOn" in the
			// template's terms.
			if dot := strings.LastIndexByte(m, '.'); dot > 0 {
				return head + "can't evaluate field " + m[dot+1:] + " in " + withoutGoTypes("type "+m[:dot]) + ", which is nil (test it first: {{ with }})", true
			}
		}
	case fn == "call":
		// "non-function .Packages of type []diff.Package" read "of a
		// list of Package": the expression is the template's, the type
		// text/template's.
		// Of a string, a number or a boolean ({{call "x"}}, {{call
		// .Summary.Total}}), "is type string": a string.
		m, ok := strings.CutPrefix(fnErr.Error(), "non-function ")
		if i := strings.LastIndex(m, " of type "); ok && i >= 0 {
			typ := m[i+len(" of type "):]
			what, basic := basicTypes[typ]
			if !basic {
				what = withoutGoTypes("type " + typ)
			}
			return head + "error calling call: " + m[:i] + " is " + what + ", not a function", true
		}
	case fn == shownFunc:
		// The template holds no call of shown (instrument adds it): the
		// place of its action without it, and its error, cachediff's.
		if at >= 0 && strings.HasPrefix(msg[at+len(" at <"):], shownFunc) {
			head = msg[:at] + ": "
		}
		return head + fnErr.Error(), true
	case fn == "pkgdetails":
		return msg, false // ownWords
	case fn == "eq" || fn == "ne":
		if strings.HasPrefix(fnErr.Error(), cantCompare) {
			return head + "error calling " + fn + ": non-comparable values: eq and ne compare numbers, strings and booleans, not a list, a map or a record that holds one (compare its len, or a field of it)", true
		}
	case !typedFuncs[fn] && fn != "fail" && sprigPanic(fnErr):
		// A function of sprig's that checks no argument panicked
		// ({{first nil}}, {{div 1 0}}, {{substr 5 1 "abc"}}):
		// "error calling first: runtime error: invalid memory address or
		// nil pointer dereference" read as cachediff's own crash; so did
		// reflect's words, {{slice (list 1) 5}}'s "reflect.Value.Slice:
		// slice index out of bounds" and {{deepCopy nil}}'s "reflect:
		// call of reflect.Value.Type on zero Value".
		return msg + " (" + fn + " panicked on an argument it does not check)", true
	case !typedFuncs[fn]:
		return msg, false // sprig's function's words: fail's are the template's own
	}
	if out := withoutGoTypes(words); out != words {
		return head + out, true
	}
	return msg, false
}

// splitPlace finds the place text/template's message msg of the
// template name begins with ("template: t.tmpl:1:2: executing
// \"t.tmpl\" at <fail \"x\">: "), lead ("template: FILE:", fileLead; ""
// in a run of pkgdetails, whose place withoutFile has cut it from): at
// is the offset of its " at <" (-1 when it has none), body that of the
// words after it. The place is read from its start, the file's name,
// its line and column, not searched for: the file's name is the
// user's, and may hold the words of a place. Searched for, a file named
// `a: executing "x" at <z>: range can't iterate over ` said an error of
// its template "x" as "template: a: executing "x" at <z>: range can't
// iterate over it: …", its reason dropped; an eq's values were printed
// whole, and fail's words read as Go's. The expression is the
// template's too, and is read past its quoted strings.
func splitPlace(msg, lead, name string) (at, body int) {
	i := len(lead)
	if !strings.HasPrefix(msg, lead) {
		return -1, 0
	}
	if strings.HasPrefix(msg[i:], " ") {
		return -1, i + 1 // a template that is no tree's: no place
	}
	for n := range 2 { // LINE:COL
		j := i
		for j < len(msg) && '0' <= msg[j] && msg[j] <= '9' {
			j++
		}
		if j == i {
			return -1, 0
		}
		if i = j; n == 0 {
			if !strings.HasPrefix(msg[i:], ":") {
				return -1, 0
			}
			i++
		}
	}
	mark := ": executing " + strconv.Quote(name) + " at <"
	if !strings.HasPrefix(msg[i:], mark) {
		return -1, 0
	}
	end := contextEnd(msg, i+len(mark))
	if end < 0 {
		return -1, 0
	}
	return i + len(mark) - len(" at <"), end + len(">: ")
}

// contextEnd is the offset of the ">: " that ends the expression
// text/template writes from msg[start] (its node's text, whose quoted
// strings are whole), or -1.
func contextEnd(msg string, start int) int {
	for i := start; i < len(msg); i++ {
		switch msg[i] {
		case '"', '`', '\'':
			end := quotedEnd(msg, i)
			if end < 0 {
				return -1
			}
			i = end - 1
		case '>':
			if strings.HasPrefix(msg[i:], ">: ") {
				return i
			}
		}
	}
	return -1
}

// calledFunc is the function whose error text/template's words are
// ("error calling fn: "), and that error; "" when words are not a
// function's error.
func calledFunc(err error, words string) (string, error) {
	fnErr := errors.Unwrap(err)
	if fnErr == nil {
		return "", nil
	}
	call, ok := strings.CutSuffix(words, fnErr.Error())
	if !ok {
		return "", nil
	}
	if !strings.HasPrefix(call, "error calling ") || !strings.HasSuffix(call, ": ") {
		return "", nil
	}
	return call[len("error calling ") : len(call)-len(": ")], fnErr
}

// sprigPanic reports whether err, a function's error, is a panic of
// Go's: a runtime.Error, or a panic of package reflect, whose words
// begin "reflect: " (a *reflect.ValueError too) or "reflect.Value.".
// No function of sprig's, nor cachediff's, returns an error so worded;
// fail's words are the template's, and its caller leaves them out.
func sprigPanic(err error) bool {
	if errors.As(err, new(runtime.Error)) {
		return true
	}
	msg := err.Error()
	return strings.HasPrefix(msg, "reflect: ") || strings.HasPrefix(msg, "reflect.Value.")
}

// typedFuncs are the functions whose errors name Go types of the
// template's data (len of type diff.Summary, want an integer, got
// diff.Summary): text/template's len and index, and cachediff's own
// (report.Funcs). Of text/template's others, eq, ne and call are said
// by their own cases (ownWordsOf); and, or and not return no error; lt,
// le, gt and ge name only Go's basic types (int and string), the data's
// refused first as "invalid type for comparison"; slice is sprig's.
// sprig's functions name none; fail's words are the template's.
var typedFuncs = func() map[string]bool {
	m := map[string]bool{"len": true, "index": true}
	for name := range report.Funcs(nil) {
		m[name] = true
	}
	return m
}()

// nilPointer is how text/template says a field was asked of a value
// that is nil, before the value's type, a dot and the field.
const nilPointer = "nil pointer evaluating "

// dataType is how text/template names the type of a template's data
// (.), which is cachediff's own: "can't evaluate field CSP in type
// *sandbox.data".
const dataType = "type *sandbox.data"

// goTypes finds the Go types text/template names in its errors ("can't
// evaluate field Foo in type []diff.Package", "got *snapshot.Spec",
// "len of type diff.Summary"): a type of cachediff's own packages, or
// any type written with a pointer, list or map around it. Only where a
// word starts, so that an expression quoted before (at <$p.Specs>) is
// left alone.
var goTypes = regexp.MustCompile(`(^|[ (])(?:type )?((?:\*|\[\]|map\[[^\]\s]*\])*)(interface \{\}|(?:[a-z][a-z0-9]*\.)?[A-Za-z_][A-Za-z0-9_]*)`)

// withoutGoTypes is words, text/template's words after its place
// (splitPlace), with each Go type of the template's data said in the
// template's terms: []diff.Package is a list of Package, a map a map, a
// pointer what it points to (a field of a list is the usual slip, and
// gets a hint). A quoted string (a template's or a key's name) is the
// template's, and kept as written.
func withoutGoTypes(words string) string {
	list := false
	var b strings.Builder
	for i := 0; i < len(words); {
		j := i
		for j < len(words) && words[j] != '"' && words[j] != '`' {
			j++
		}
		b.WriteString(goTypes.ReplaceAllStringFunc(words[i:j], func(m string) string {
			out, isList := templateType(m)
			list = list || isList
			return out
		}))
		if j == len(words) {
			break
		}
		end := quotedEnd(words, j)
		if end < 0 {
			end = len(words)
		}
		b.WriteString(words[j:end])
		i = end
	}
	out := b.String()
	if out == words {
		return words
	}
	if list && strings.HasPrefix(out, "can't evaluate field ") {
		out += " (a list has no fields: range over it, or index it)"
	}
	return out
}

// templateType is m, a match of goTypes, in the template's terms, and
// whether it is a list of something.
func templateType(m string) (string, bool) {
	sub := goTypes.FindStringSubmatch(m)
	lead, decor, name := sub[1], sub[2], sub[3]
	pkg, base, qualified := strings.Cut(name, ".")
	if !qualified {
		base = pkg
	}
	switch {
	case name == "sandbox.data":
		return lead + "the template's data", false
	case name == anyType && decor == "":
		// A value of a list or dict (sprig's list and dict hold any):
		// range's dot or variable over one.
		return lead + "an item of a list or dict", false
	case name == anyType:
		// sprig's list is a []interface {}, its dict a
		// map[string]interface {}: a list, a dict.
		base = ""
	case decor == "" && (!qualified || !cachediffPackages[pkg]):
		return m, false
	}
	var b strings.Builder
	list := false
	for decor != "" {
		switch {
		case strings.HasPrefix(decor, "*"):
			decor = decor[1:]
		case strings.HasPrefix(decor, "[]"):
			list = list || b.Len() == 0
			b.WriteString("list of ")
			decor = decor[2:]
		default: // map[K]
			end := strings.IndexByte(decor, ']')
			b.WriteString("map of ")
			decor = decor[end+1:]
		}
	}
	b.WriteString(base)
	if base == "" {
		s := strings.TrimSuffix(b.String(), " of ")
		if rest, ok := strings.CutSuffix(s, "map"); ok {
			s = rest + "dict"
		}
		b.Reset()
		b.WriteString(s)
	}
	article := "a "
	if strings.ContainsRune("aeiouAEIOU", rune(b.String()[0])) {
		article = "an "
	}
	return lead + article + b.String(), list
}

// basicTypes are Go's types of a string, a number and a boolean in the
// template's terms (as eq's words say them).
var basicTypes = map[string]string{"string": "a string", "bool": "a boolean",
	"int": "a number", "int8": "a number", "int16": "a number", "int32": "a number", "int64": "a number",
	"uint": "a number", "uint8": "a number", "uint16": "a number", "uint32": "a number", "uint64": "a number",
	"float32": "a number", "float64": "a number"}

// anyType is how Go names the type of an item of sprig's list or dict.
const anyType = "interface {}"

// cachediffPackages are the packages whose types a template's data
// holds.
var cachediffPackages = map[string]bool{"diff": true, "snapshot": true, "report": true, "view": true,
	"markdown": true, "text": true, "html": true, "sandbox": true, "jsonv1": true, "version": true}
