package catalog

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/gzpool"
	"github.com/cachediff/cachediff/internal/lfs"
	"github.com/cachediff/cachediff/snapshot"
)

// envelope is the YAML front matter of a page, less the two big values
// when they are written as one-line JSON (the fast path).
type envelope struct {
	Title string `yaml:"title"`
	// Layout is the layout the page asks for. The site gives the
	// pages of _cache the layout cache by default, which renders their
	// specs: a page that asks for another shows none (decodePage).
	Layout      layoutName   `yaml:"layout"`
	Categories  categoryList `yaml:"categories"`
	Meta        yaml.Node    `yaml:"meta"`
	SpecDetails yaml.Node    `yaml:"spec_details"`
	SpecFiles   yaml.Node    `yaml:"spec_files"` // the 2021–2022 layout
	// Published is Jekyll's: a page whose published is not true is
	// left out of the site (checkPublished).
	Published yaml.Node `yaml:"published"`
	// Date and Permalink are Jekyll's too, and no catalogue page has
	// them (checkSiteKeys).
	Date      yaml.Node `yaml:"date"`
	Permalink yaml.Node `yaml:"permalink"`
}

// jsonValue is a front-matter value written as one line of JSON.
type jsonValue struct {
	data []byte
	line int // 1-based line in the file
	col  int // 1-based column of data[0]
}

// page is what parseFrontMatter reads from a file, before validation.
type page struct {
	env         envelope
	meta        *jsonValue // nil when absent or written as YAML
	specDetails *jsonValue
	fmEnd       int   // line of the closing --- (or ...)
	fmDots      bool  // closed by ...
	catLine     int   // line of categories, or 0
	extraKey    error // checkKeys: a key no page has (general path only)
}

// notPage is the error of a file that is not a package page (no front
// matter, or no layout: cache): Load ignores such files unless they must
// be pages (named specs.md, or named on the command line), where err is
// their error.
func notPage(err *snapshot.Error) error { return &snapshot.NotInFormat{Err: err} }

// noFrontMatter says why data, whose first line is not '---', has no
// front matter, when the cause is plain: "" otherwise.
func noFrontMatter(data []byte) string {
	switch {
	case len(data) == 0:
		return "no front matter: the file is empty (a package page starts with a line '---')"
	case bytes.HasPrefix(data, []byte("---\r")) && !bytes.HasPrefix(data, []byte("---\r\n")):
		return "no front matter as the site reads it: the lines end in CR alone (old Mac line breaks), in which Jekyll, which builds the site, finds none, so the site would show no specs for the page; end lines with LF (or CR LF)"
	}
	return lfs.Message(data)
}

// parseFrontMatter splits a page into its YAML envelope and the one-line JSON
// values of meta and spec_details, in st's scratch memory (st nil: new
// memory). The envelope goes by the fast path when st is not nil and it
// can.
func parseFrontMatter(file string, data []byte, st *state) (*page, error) {
	if err := notText(file, data); err != nil {
		if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
			err = &snapshot.Error{File: file, Line: 1, Msg: gzippedPage(data)}
		}
		if !bytes.HasPrefix(data, []byte("---")) {
			return nil, notPage(err) // an error only where a page must be
		}
		return nil, err
	}
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		// Jekyll makes a document of a file whose raw first line is
		// --- (Utils.has_yaml_header?, read in binary): one with a
		// byte-order mark is a static file, copied as is, so the site
		// shows no page where cachediff read one. A page where one must
		// be (specs.md) is bad input; elsewhere such a file is no page.
		return nil, notPage(&snapshot.Error{File: file, Line: 1, Msg: "a byte-order mark before the front matter's '---': Jekyll, which builds the site, then reads the file as a static file, not a page, so the site would show no specs for it; remove the mark"})
	}
	p, yamlText := st.pageScratch()
	*p = page{}
	yamlText.Reset()
	// Read in locals, not in p: p may be fresh memory, which a read
	// before any write costs twice (docs/performance.md, "Fresh memory").
	var catLine int
	var meta, specDetails *jsonValue
	lineJSON := [...]struct {
		key string
		val **jsonValue
	}{{"meta", &meta}, {"spec_details", &specDetails}}
	line, open := 0, false
	rest := data // after the loop, the page's body
	for len(rest) > 0 || line == 0 {
		var l []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			l, rest = rest, nil
		}
		line++
		trimmed := bytes.TrimRight(l, " \t\r")
		if line == 1 {
			if string(trimmed) != "---" {
				if m := noFrontMatter(data); m != "" {
					return nil, notPage(&snapshot.Error{File: file, Line: 1, Msg: m})
				}
				return nil, notPage(&snapshot.Error{File: file, Line: 1, Msg: "no front matter: a package page starts with a line '---'"})
			}
			open = true
			yamlText.WriteByte('\n') // keep YAML line numbers equal to file lines
			continue
		}
		// "..." ends the front matter as "---" does: it is YAML's end
		// of document, and Jekyll, which builds the site from these
		// pages, closes front matter at either. Reading on past it
		// would take for the page's what the site shows as its body.
		// Jekyll closes at either followed by any of Ruby's blanks (\s:
		// a form feed and a vertical tab too), and its YAML reads only
		// the lines above: a page closed by "---\f", which the site
		// publishes as any other, was "never closed (no second '---'
		// line)" here. (The opening line is read as YAML too, where a
		// form feed is an error: it stays "---" with spaces, tabs, CR.)
		if c := bytes.TrimRight(trimmed, " \t\r\f\v"); string(c) == "---" || string(c) == "..." {
			open = false
			p.fmEnd, p.fmDots = line, string(c) == "..."
			break
		}
		if m := docMarker(l); m != "" {
			return nil, &snapshot.Error{File: file, Line: line, Msg: fmt.Sprintf("%s inside the front matter ends its first YAML document: Jekyll, which builds the site, reads only that document, so what follows it (meta, spec_details) would be missing from the site while cachediff read it; remove it", m)}
		}
		if catLine == 0 && bytes.HasPrefix(l, []byte("categories:")) {
			catLine = line
		}
		for _, f := range &lineJSON {
			if v, col, ok := oneLineJSON(l, f.key, continues(rest)); ok {
				if *f.val != nil {
					return nil, &snapshot.Error{File: file, Line: line, Msg: f.key + " is given twice (lines " + strconv.Itoa((*f.val).line) + " and " + strconv.Itoa(line) + ")"}
				}
				if off, why, bad := yamlRefused(v); bad {
					return nil, &snapshot.Error{File: file, Line: line, Col: col + off, Msg: f.key + ": " + why}
				}
				// The value's line, which YAML does not read (the
				// placeholder does), broken by a NEL, LS, PS or CR after
				// the value with text after it: the site's YAML reads
				// that text as a line of its own ("[...]<LS>x: 1" is a
				// key x). The blanks after the value are on its line.
				if full := l[col-1:]; innerBreak(full) >= 0 {
					if at := textAfterValue(full); at >= 0 {
						return nil, &snapshot.Error{File: file, Line: line, Col: col + at, Msg: innerBreakMessage(full[at:])}
					}
				}
				if off, bad := jsonMergeKey(v); bad {
					return nil, &snapshot.Error{File: file, Line: line, Col: col + off, Msg: f.key + `: a key "<<": Jekyll, which builds the site, reads front matter with SafeYAML, which merges the value of any key "<<", quoted or not, into the object that holds it, and fails to read the front matter when that value is not a mapping: the site would then publish the page without its specs, while cachediff read them; remove the key`}
				}
				if off, bad := markupAt(v); bad {
					return nil, &snapshot.Error{File: file, Line: line, Col: col + off, Msg: markupMessage(f.key)}
				}
				*f.val = &jsonValue{data: v, line: line, col: col}
				// YAML reads a placeholder in the value's place, so
				// that it says whether the line is a key of the
				// front matter or text inside another value
				// (checkLineValues).
				l = placeholder(f.key)
				break
			}
		}
		if at := innerBreak(l); at >= 0 {
			return nil, &snapshot.Error{File: file, Line: line, Col: at + 1, Msg: innerBreakMessage(l[at:])}
		}
		yamlText.Write(l)
		yamlText.WriteByte('\n')
	}
	p.catLine, p.meta, p.specDetails = catLine, meta, specDetails
	if open {
		return nil, &snapshot.Error{File: file, Line: 1, Msg: "front matter opened on line 1 is never closed (no second '---' line)"}
	}
	if at, ok := liquidAt(rest); ok {
		return nil, &snapshot.Error{File: file, Line: p.fmEnd + 1 + bytes.Count(rest[:at], []byte("\n")), Msg: liquidInBody}
	}
	if text := yamlText.Bytes(); len(text) > maxYAML {
		return nil, notPage(&snapshot.Error{File: file, Line: bytes.Count(text[:maxYAML], []byte("\n")) + 1, Msg: fmt.Sprintf(
			"the front matter is %s of YAML (without one-line meta and spec_details), over the %s cachediff reads as YAML: it takes about 30 times its size in memory. The catalogue writes title, layout and categories in about 100 bytes, and meta and spec_details as one line of JSON each, which have no such bound",
			byteCount(len(text)), byteCount(maxYAML))})
	}
	// An escape \/ in a double-quoted scalar is '/' to libyaml and an
	// error to yaml.v3: the envelope is read with '/' (columns after
	// one on its line are one less than the file's; slash has the
	// offsets of those '/').
	text, slash := slashEscapes(yamlText.Bytes())
	if slash != nil {
		yamlText.Reset()
		yamlText.Write(text)
	}
	if err := checkScanned(file, yamlText.Bytes()); err != nil {
		return nil, slashColumn(err, yamlText.Bytes(), slash)
	}
	if st != nil && fastEnvelope(yamlText.Bytes(), &p.env) {
		return p, nil
	}
	if bad := wideMapping(yamlText.Bytes()); bad != nil {
		return nil, slashColumn(&snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: wideMappingMessage(bad)}, yamlText.Bytes(), slash)
	}
	if err := yaml.Unmarshal(yamlText.Bytes(), &p.env); err != nil {
		// An escape \/ left (slashEscapes could not parse the text) is
		// not what libyaml refuses: the error is the one of the text
		// with \e in its place, at the same line and column. Not so when
		// yaml.v3 parsed the text (a type error): its \/ are text, and
		// with \e two keys may read as one (a\/b and a\eb), nor when
		// it parsed the text and a decoder of cachediff's own refused a
		// value, which the \e text would name with \e (categories: a\/b).
		// It is located in that text too, where yaml.v3 does not stop
		// at the first \/.
		var terr *yaml.TypeError
		var node yaml.Node
		text := yamlText.Bytes()
		if !errors.As(err, &terr) && bytes.Contains(text, []byte(`\/`)) && yaml.Unmarshal(text, &node) != nil {
			var env envelope
			probe := bytes.ReplaceAll(text, []byte(`\/`), []byte(`\e`))
			if perr := yaml.Unmarshal(probe, &env); perr != nil && !errors.As(perr, &terr) {
				err, text = perr, probe
			}
		}
		if e := givenTwice(file, p, err); e != nil {
			return nil, e
		}
		return nil, yamlError(file, text, err)
	}
	if err := envelopeUTF8(file, yamlText.Bytes(), &p.env); err != nil {
		return nil, err
	}
	if err := envelopeGuesses(file, yamlText.Bytes(), &p.env); err != nil {
		return nil, slashColumn(err, yamlText.Bytes(), slash)
	}
	if err := checkMergeKeys(file, yamlText.Bytes()); err != nil {
		return nil, err
	}
	if text := yamlText.Bytes(); bytes.Contains(text, []byte(`\'`)) {
		var doc yaml.Node
		if yaml.Unmarshal(text, &doc) == nil {
			if at := escapedQuote(text, &doc); at >= 0 {
				nl := bytes.LastIndexByte(text[:at], '\n')
				// In characters, as libyaml counts them.
				col := utf8.RuneCount(text[nl+1:at]) + 1
				for _, s := range slash { // a \/ before it on its line
					if s > nl && s < at {
						col++
					}
				}
				return nil, &snapshot.Error{File: file, Line: bytes.Count(text[:at], []byte("\n")) + 1, Col: col, Msg: escapedQuoteMessage}
			}
		}
	}
	if err := checkBase64Tags(file, yamlText.Bytes()); err != nil {
		return nil, slashColumn(err, yamlText.Bytes(), slash)
	}
	if text := yamlText.Bytes(); bytes.IndexByte(text, '!') >= 0 {
		lines := bytes.Split(text, []byte("\n"))
		line := func(n int) []byte {
			if n < 1 || n > len(lines) {
				return nil
			}
			return lines[n-1]
		}
		markBangTags(&p.env.SpecDetails, line)
		markBangTags(&p.env.Meta, line)
	}
	// Judged once the file is known to be a page (decodePage): a README
	// with keys of its own is no page, and is left alone.
	p.extraKey = checkKeys(file, yamlText.Bytes())
	return p, nil
}

// maxYAMLKeys is the most keys cachediff reads in one YAML mapping:
// yaml.v3 compares a mapping's keys pair by pair for duplicates, so a
// mapping of k keys costs k² (80,000 took 30 s). A page's mappings have
// a few keys each: the envelope's five, a spec's ten and the fields it
// adds, meta's counts by stack.
const maxYAMLKeys = 2000

// wideMapping parses text into nodes alone (which checks no keys) and
// returns its first mapping of over maxYAMLKeys keys, or nil; text that
// does not parse is left to the caller's decoding.
func wideMapping(text []byte) *yaml.Node {
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil {
		return nil
	}
	return wideIn(&doc)
}

// wideIn returns the first mapping of n (aliases not followed: each
// node is reached where it is written) of over maxYAMLKeys keys, or nil.
func wideIn(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.MappingNode && len(n.Content)/2 > maxYAMLKeys {
		return n
	}
	for _, c := range n.Content {
		if bad := wideIn(c); bad != nil {
			return bad
		}
	}
	return nil
}

// wideMappingMessage says why the mapping n (wideIn) is refused.
func wideMappingMessage(n *yaml.Node) string {
	return fmt.Sprintf("a mapping of %d keys, over the %d cachediff reads in YAML (it compares a mapping's keys pair by pair); a page's mappings have a few keys each, and the catalogue writes meta and spec_details as one line of JSON each, which has no such bound", len(n.Content)/2, maxYAMLKeys)
}

// maxYAML is the most of a page cachediff reads as YAML: its front
// matter without one-line meta and spec_details (the envelope), or a
// one-line value that is YAML flow, not JSON. yaml.v3 holds about 30
// times the text it reads (a 24 MB spec_details written as a YAML list
// took 694 MB, and 13 s), where issue 35 allows 4. The catalogue writes
// an envelope of about 100 bytes and its values as one line of JSON
// each, which are read without yaml.v3 and without this bound; a larger
// YAML is refused, not read, on the fast path and the general one alike.
const maxYAML = 1 << 20

// byteCount says n bytes in the largest unit of at least one: "1 MiB",
// "2.4 MiB", "900 KiB", "12 bytes".
func byteCount(n int) string {
	switch {
	case n >= 1<<20:
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64), ".0") + " MiB"
	case n >= 1<<10:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}

// pageKeys are the keys a page's front matter may have: the five the
// catalogue writes (every real page has exactly these), the old layout's
// spec_files (refused with its own message), and the keys of the site
// that have their own checks and messages (checkPublished,
// checkSiteKeys).
var pageKeys = map[string]bool{
	"title": true, "layout": true, "categories": true, "meta": true, "spec_details": true,
	"spec_files": true, "published": true, "date": true, "permalink": true,
}

// checkKeys refuses front matter with a key the catalogue never writes.
// Jekyll, which builds the site, reads any key of a page's front matter,
// and some hide a page, move it or change how it shows (published, date,
// permalink, layout were each found so): one refused at a time, each
// next one was a way round the gate. A page of the five keys the
// generator writes leaves none. Keys merged in (<<) count as the page's.
// The fast path (fastEnvelope) takes only the five keys; this runs on
// the general path's text.
func checkKeys(file string, text []byte) error {
	var keys map[string]yaml.Node
	if err := yaml.Unmarshal(text, &keys); err != nil {
		return &snapshot.Error{File: file, Line: 1, Msg: "the front matter has a key that is not a name: a page's keys are title, layout, categories, meta and spec_details"}
	}
	var bad string
	line := 0
	for k, n := range keys {
		if pageKeys[k] {
			continue
		}
		if bad == "" || n.Line < line || n.Line == line && k < bad {
			bad, line = k, n.Line
		}
	}
	if bad == "" {
		return nil
	}
	return &snapshot.Error{File: file, Line: line, Msg: fmt.Sprintf("%s: a page's front matter has title, layout, categories, meta and spec_details alone; the site (Jekyll) reads its other keys too, and some hide or move a page, so that its package could be gone from the site while cachediff read it: remove the key", quoteShort(bad, 60))}
}

// docMarker describes a YAML document marker ("---" or "..." then a
// blank or the line's end) or directive ("%") that starts the front
// matter's line l, or follows a line break within it that YAML reads as
// one (a lone carriage return, NEL, LS or PS) while Jekyll, which splits
// front matter at lines ending in "\n", does not; or it returns "".
// Jekyll closes the front matter only at a line that is "---" or "..."
// alone (the caller's test, before this one), and its YAML reads the
// first document only: a line "--- x", "... # end" or "%YAML 1.1" before
// spec_details hid it from the site, while cachediff, reading the
// one-line JSON values by their lines, saw the page whole. Inside a
// quoted value, "---" or "..." at a line's start is a YAML error, so it
// is refused there too; a "%" line there is refused with it, though
// YAML reads it as text: no page has one.
func docMarker(l []byte) string {
	if markerAt(l) {
		return fmt.Sprintf("the line %q", shorten(string(l), 40))
	}
	for _, b := range [...]byte{'\r', 0xC2, 0xE2} {
		for rest := l; ; {
			i := bytes.IndexByte(rest, b)
			if i < 0 {
				break
			}
			rest = rest[i:]
			n := yamlBreak(rest)
			if n == 0 {
				rest = rest[1:]
				continue
			}
			rest = rest[n:]
			if markerAt(rest) {
				return fmt.Sprintf("a line break %q then %q", l[len(l)-len(rest)-n:len(l)-len(rest)], shorten(string(rest), 40))
			}
		}
	}
	return ""
}

// placeholder is the text YAML reads in place of a one-line JSON value's
// line: the key and 0.
func placeholder(key string) []byte {
	if key == "meta" {
		return []byte("meta: 0")
	}
	return []byte("spec_details: 0")
}

// checkLineValues refuses a one-line JSON value (meta, spec_details)
// whose line YAML reads as other than that key of the front matter:
// text inside a quoted value opened on an earlier line, or an entry of a
// flow collection ('note: [' before, ']' after). Jekyll, which builds the
// site, then sees no such key, and the page is published without its
// specs while cachediff, reading the value by its line, saw them. The
// envelope's nodes for such values are the placeholders' (placeholder);
// they are cleared here, for the rest of decodePage reads the value
// from the line.
func checkLineValues(file string, p *page) error {
	for _, v := range [...]struct {
		key  string
		fast *jsonValue
		node *yaml.Node
	}{{"meta", p.meta, &p.env.Meta}, {"spec_details", p.specDetails, &p.env.SpecDetails}} {
		if v.fast == nil {
			continue
		}
		n := v.node
		switch {
		case n.Kind == 0:
			return &snapshot.Error{File: file, Line: v.fast.line, Msg: fmt.Sprintf("%s is not a key of the front matter for YAML: the line is inside another value (a quoted string or a flow collection opened on an earlier line), so Jekyll, which builds the site, would not show it while cachediff read it; close that value before this line", v.key)}
		case n.Line == v.fast.line && n.Kind == yaml.ScalarNode && n.Value != "0":
			// The placeholder read on, over an indented line after it:
			// the value's closing bracket is not the end of it.
			return &snapshot.Error{File: file, Line: v.fast.line, Msg: fmt.Sprintf("%s: the value continues on the indented line after it: for YAML that line is more of the value, after its closing bracket, so Jekyll, which builds the site, cannot read the front matter and would publish the page without its specs, while cachediff read them; remove that line's indentation, or the line", v.key)}
		case n.Line != v.fast.line || n.Kind != yaml.ScalarNode || n.Value != "0":
			return &snapshot.Error{File: file, Line: n.Line, Msg: fmt.Sprintf("%s is given twice (lines %d and %d)", v.key, v.fast.line, n.Line)}
		}
		*n = yaml.Node{}
	}
	return nil
}

// duplicateKey matches yaml.v3's error for a key given twice.
var duplicateKey = regexp.MustCompile(`line (\d+): mapping key "(meta|spec_details)" already defined at line (\d+)`)

// givenTwice returns the error of a one-line JSON value whose key
// YAML finds again on a later line (yaml.v3's err), or nil.
func givenTwice(file string, p *page, err error) error {
	m := duplicateKey.FindStringSubmatch(err.Error())
	if m == nil {
		return nil
	}
	key := m[2]
	line, _ := strconv.Atoi(m[1])
	first, _ := strconv.Atoi(m[3])
	v := p.meta
	if key == "spec_details" {
		v = p.specDetails
	}
	if v == nil || v.line != first {
		return nil
	}
	return &snapshot.Error{File: file, Line: line, Msg: fmt.Sprintf("%s is given twice (lines %d and %d)", key, first, line)}
}

// markerAt reports whether s starts with a YAML document marker or
// directive.
func markerAt(s []byte) bool {
	if len(s) > 0 && s[0] == '%' {
		return true
	}
	if len(s) < 3 || (string(s[:3]) != "---" && string(s[:3]) != "...") {
		return false
	}
	rest := s[3:]
	return len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || yamlBreak(rest) > 0
}

// innerBreak returns the offset in l, a line of the front matter, of the
// first YAML line break in it (yamlBreak) but a carriage return that ends
// it (CRLF), or -1. YAML counts lines at each: a front matter line with
// one made yaml.v3's line numbers those of lines further on, so that a
// one-line spec_details was said to be given twice, "at line 5" of a file
// of 4 lines.
//
// It looks for the bytes a break starts with ('\r', 0xC2, 0xE2) with
// bytes.IndexByte, each from past where it was last found: a one-line
// spec_details of megabytes is scanned whole, and byte by byte that took
// a tenth of the page's parsing.
func innerBreak(l []byte) int {
	starts := [3]byte{'\r', 0xC2, 0xE2}
	var next [3]int // where starts[k] is next found, from past the last
	for k, c := range starts {
		next[k] = indexFrom(l, c, 0)
	}
	for {
		k := 0
		for j := 1; j < len(next); j++ {
			if next[j] < next[k] {
				k = j
			}
		}
		i := next[k]
		if i == len(l) {
			return -1
		}
		if n := yamlBreak(l[i:]); n > 0 && !(l[i] == '\r' && i == len(l)-1) {
			return i
		}
		next[k] = indexFrom(l, starts[k], i+1)
	}
}

// indexFrom is the index of c in l from i on, or len(l).
func indexFrom(l []byte, c byte, i int) int {
	if j := bytes.IndexByte(l[i:], c); j >= 0 {
		return i + j
	}
	return len(l)
}

// textAfterValue returns the offset in v, a one-line value (a JSON or
// YAML flow collection) and the blanks after it on its line, of the
// first YAML line break after the collection closes (flowEnd) when
// libyaml reads text on a line of its own after it: anything but spaces
// or spaces and a comment ("# c") between two breaks; -1 when there is
// none. A break inside the collection ("[<LS>{...}]") is one within a
// flow collection to libyaml, and the value is read as YAML flow
// (flowYAML), as libyaml reads it. A tab after a break is text: libyaml
// refuses it where a line may start a key ("[...]<LS><TAB>"), so v has
// the blanks that end the line, which the value (oneLineJSON) leaves
// out.
func textAfterValue(v []byte) int {
	end := flowEnd(v)
	if end < 0 {
		return -1
	}
	first := -1
	for i := end; i < len(v); {
		n := yamlBreak(v[i:])
		if n == 0 {
			i++
			continue
		}
		if first < 0 {
			first = i
		}
		for i += n; i < len(v) && v[i] == ' '; i++ {
		}
		if i < len(v) && v[i] != '#' && yamlBreak(v[i:]) == 0 {
			return first
		}
	}
	return -1
}

// flowEnd returns the offset in v, which starts with a flow collection
// ('[' or '{'), just past the bracket that closes it as libyaml's scanner
// reads v, or -1 when none does. Brackets are counted as libyaml's
// tokens: not inside a quoted scalar ("..." with backslash escapes,
// '...' with a doubled quote), a comment (a '#' where a token starts, or
// after a blank in a plain scalar, to the next line break), a plain
// scalar (in which quotes are text: a "b]), a tag, an anchor or an
// alias. Where libyaml stops on an error, what flowEnd returns does not
// matter: YAML refuses the value then (flowYAML) as libyaml does.
func flowEnd(v []byte) int {
	depth := 0
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case c == ' ' || c == '\t' || c == ',' || c == ':' || c == '?':
			i++
		case yamlBreak(v[i:]) > 0:
			i += yamlBreak(v[i:])
		case c == '#':
			for i < len(v) && yamlBreak(v[i:]) == 0 {
				i++
			}
		case c == '[' || c == '{':
			depth++
			i++
		case c == ']' || c == '}':
			i++
			if depth--; depth == 0 {
				return i
			}
		case c == '"' || c == '\'':
			for i++; i < len(v); i++ {
				if c == '"' && v[i] == '\\' {
					i++
				} else if v[i] == c {
					if c == '\'' && i+1 < len(v) && v[i+1] == '\'' {
						i++
						continue
					}
					break
				}
			}
			i++ // past the closing quote
		case c == '!' || c == '&' || c == '*':
			// A tag, an anchor or an alias: to a blank, a break or a
			// flow indicator.
			for i++; i < len(v) && bytes.IndexByte([]byte(" \t,[]{}"), v[i]) < 0 && yamlBreak(v[i:]) == 0; i++ {
			}
		default:
			i = plainEnd(v, i)
		}
	}
	return -1
}

// plainEnd returns the offset in v of the end of the plain scalar that
// starts at i, in a flow collection, as libyaml's scanner reads it: at a
// flow indicator, a ':' before a blank or a break, or a '#' after a
// blank or a break (a comment); over blanks and line breaks (a plain
// scalar goes on over lines) otherwise.
func plainEnd(v []byte, i int) int {
	for i < len(v) {
		c := v[i]
		switch {
		case bytes.IndexByte([]byte(",[]{}"), c) >= 0:
			return i
		case c == ':' && (i+1 == len(v) || v[i+1] == ' ' || v[i+1] == '\t' || yamlBreak(v[i+1:]) > 0):
			return i
		case c == ' ' || c == '\t' || yamlBreak(v[i:]) > 0:
			for i < len(v) && (v[i] == ' ' || v[i] == '\t' || yamlBreak(v[i:]) > 0) {
				i += max(1, yamlBreak(v[i:]))
			}
			if i < len(v) && v[i] == '#' {
				return i
			}
		default:
			i++
		}
	}
	return i
}

// innerBreakMessage is the error for a line of the front matter that a
// YAML line break (yamlBreak) starting s breaks in two.
func innerBreakMessage(s []byte) string {
	return fmt.Sprintf("a line break %q inside the line: YAML reads it as the end of a line (Jekyll's YAML too), so the front matter's lines are not the file's, and cachediff, which reads meta and spec_details by the file's lines, could read another page than the site; no page has one: remove it", s[:yamlBreak(s)])
}

// yamlBreak returns the length of the YAML 1.1 line break that starts s
// (carriage return, NEL, LS, PS; a newline never occurs within a line),
// or 0.
func yamlBreak(s []byte) int {
	switch {
	case len(s) > 0 && s[0] == '\r':
		return 1
	case bytes.HasPrefix(s, []byte("\u0085")):
		return 2
	case bytes.HasPrefix(s, []byte("\u2028")), bytes.HasPrefix(s, []byte("\u2029")):
		return 3
	}
	return 0
}

// checkMergeKeys refuses front matter with a key that reads as "<<"
// (mergeKey), however written. Jekyll reads front matter with SafeYAML,
// which merges the value of any key whose value is "<<" (quoted, tagged,
// escaped or an alias too, where yaml.v3 merges a plain << only), and
// merges otherwise than YAML does: a mapping written in place merges
// nothing (SafeYAML merges it while still empty), and an alias's keys
// replace the mapping's own written before the merge (yaml.v3 keeps
// those). "layout: cache" then "<<: *a", a an anchor on {layout: post}
// elsewhere in the front matter, was a page that cachediff read whole
// and the site published without its specs; the same in a spec, with
// {versions: [...]}, showed other versions. No catalogue page has a
// merge key. Only text that could spell such a key is parsed again:
// "<<" written out, or an escape or a tag (a backslash or a '!').
func checkMergeKeys(file string, text []byte) error {
	if !bytes.Contains(text, []byte("<<")) && !bytes.ContainsAny(text, `\!`) {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil {
		return nil // the envelope decoded; a second reading does not judge
	}
	return mergeKeyError(file, &doc)
}

// checkBase64Tags refuses front matter with a scalar, a key or a value,
// that SafeYAML decodes as base64 and yaml.v3 does not (base64Tagged).
// Only text that could hold such a tag is parsed again.
func checkBase64Tags(file string, text []byte) error {
	if bytes.IndexByte(text, '!') < 0 || !bytes.Contains(text, []byte("binary")) {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil {
		return nil // the envelope decoded; a second reading does not judge
	}
	if bad := base64Tagged(&doc); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: base64TagMessage(bad)}
	}
	return nil
}

// mergeKeyError returns the error of the first key of n (walked whole)
// that reads as "<<" (mergeKey), or nil.
func mergeKeyError(file string, n *yaml.Node) error {
	var bad *yaml.Node
	plain := false
	seen := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil || bad != nil || seen[n] {
			return
		}
		seen[n] = true
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k := n.Content[i]; mergeKey(k) {
					bad, plain = k, !quietMerge(k)
					return
				}
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
	if bad == nil {
		return nil
	}
	if plain {
		return &snapshot.Error{File: file, Line: bad.Line, Msg: "a merge key '<<': Jekyll, which builds the site, reads front matter with SafeYAML, which merges otherwise than YAML: a mapping written in place merges nothing, and an alias's keys replace the ones written before it (layout, spec_details, a spec's versions), so the site could show other specs than cachediff reads; write the keys out"}
	}
	return &snapshot.Error{File: file, Line: bad.Line, Msg: "a key '<<' written other than plain: Jekyll, which builds the site, merges its value into the page (published, a date or a permalink could hide the page on the site), while cachediff would not read it; write the keys out"}
}

// mergeKey reports whether the mapping key k has the value "<<" to
// SafeYAML: written plain, quoted, tagged, escaped, as !!binary or
// through an alias.
func mergeKey(k *yaml.Node) bool {
	for k.Kind == yaml.AliasNode && k.Alias != nil {
		k = k.Alias
	}
	if k.Kind != yaml.ScalarNode {
		return false
	}
	v := k.Value
	if k.ShortTag() == "!!binary" {
		b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(v), ""))
		if err != nil {
			return false
		}
		v = string(b)
	}
	return v == "<<"
}

// quietMerge reports whether the mapping key k has the value "<<" but is
// not a merge key to yaml.v3 (a plain, untagged <<).
func quietMerge(k *yaml.Node) bool {
	if !mergeKey(k) {
		return false
	}
	alias := k.Kind == yaml.AliasNode
	// yaml.v3's own test (isMerge): an untagged, "!" or !!merge "<<".
	merges := k.Tag == "" || k.Tag == "!" || k.ShortTag() == "!!merge"
	return alias || !merges
}

// envelopeUTF8 refuses an envelope value that yaml.v3 decoded to bytes
// that are not UTF-8 (title: !!binary /3g=): the file is text, but such a
// value is not, and would reach reports as is.
func envelopeUTF8(file string, text []byte, env *envelope) error {
	for _, f := range []struct {
		key  string
		vals []string
	}{{"title", []string{env.Title}}, {"layout", []string{env.Layout.Name}}, {"categories", env.Categories}} {
		for _, v := range f.vals {
			if !utf8.ValidString(v) {
				return &snapshot.Error{File: file, Line: frontMatterKeyLine(text, f.key), Msg: f.key + ": " + notUTF8Message(v)}
			}
		}
	}
	return nil
}

// envelopeGuesses refuses a title or a category that the site shows as
// other text than cachediff reads. Jekyll reads front matter with
// SafeYAML, which guesses the type of a scalar written plain, tagged or
// through an alias (yaml11Scalar), and then prints a title or a tag as
// Ruby's to_s of what it read: populate_categories turns each category
// into its to_s, and the tag's listing (pages/api/data.json) and the
// package's page print the title and the second category with Liquid,
// which prints to_s. categories: [package, 1.10] in _cache/1.10 was the
// tag of its folder to cachediff but "1.1" to the site, and a title
// "010" written plain was package 010 to cachediff but 8 on the site;
// title: 1e5 (a float to yaml.v3, text to SafeYAML), 12 or true, and the
// tag 2024-01-05 (a Date, whose to_s is the text) are what the site
// shows as written. A layout that SafeYAML reads as null is the
// default, as a null one is (Jekyll keeps a default a page's nil does
// not replace): env.Layout is unset. The text is parsed again only
// when a value decoded could be such a guess.
func envelopeGuesses(file string, text []byte, env *envelope) error {
	guessable := func(v string) bool { return safeYAMLReads(v).kind != readText }
	nullLayout := env.Layout.Set && safeYAMLReads(env.Layout.Name).kind == readNull
	if !guessable(env.Title) && !slices.ContainsFunc(env.Categories, guessable) && !nullLayout {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil // the envelope decoded; a second reading does not judge
	}
	lines := bytes.Split(text, []byte("\n"))
	line := func(n int) []byte {
		if n < 1 || n > len(lines) {
			return nil
		}
		return lines[n-1]
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		var key string
		if m.Content[i].Decode(&key) != nil || key != "title" && key != "categories" && key != "layout" {
			continue
		}
		v := m.Content[i+1]
		markBangTags(v, line)
		if key == "layout" {
			if nullLayout && (v.Kind == yaml.ScalarNode || v.Kind == yaml.AliasNode) {
				if bad, _ := yaml11Scalar(v, func(n *yaml.Node) string {
					if safeYAMLReads(n.Value).kind == readNull {
						return "null"
					}
					return ""
				}); bad != nil {
					env.Layout = layoutName{}
				}
			}
			continue
		}
		reads := envelopeReads
		if key == "title" {
			reads = titleReads
		}
		if bad, what := yaml11Scalar(v, reads); bad != nil {
			return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: fmt.Sprintf("%s: %s: Jekyll reads front matter as YAML 1.1, and the site's listing prints a page's title as its package and its tag from categories, so the site would show another package or tag than cachediff reads; quote it", key, what)}
		}
	}
	return nil
}

// envelopeReads says how the site shows the scalar n of a title or
// categories otherwise than cachediff reads it, or "". cachediff decodes
// it into a string: its text as written, whatever yaml.v3's type, but
// "" for null. The site shows Ruby's to_s of what SafeYAML reads; a time
// is refused whatever its text (the site prints it in its build
// machine's zone), as is a value SafeYAML may read otherwise by its
// version, or fails on.
func envelopeReads(n *yaml.Node) string {
	text := n.Value
	if n.ShortTag() == "!!null" {
		text = ""
	}
	r := safeYAMLReads(n.Value)
	switch {
	case r.kind == readText:
		return ""
	case r.kind != readTime && r.kind != readFailure && !r.maybe && r.shown == text:
		return ""
	}
	return textButMessage(n.Value, r)
}

// titleReads is envelopeReads for a title, which Jekyll replaces when
// SafeYAML reads it as false (Document#populate_title: data["title"] ||=
// a title made from the file's name, "Specs" for specs.md), as it does a
// null one: the site lists the page as another package than the text
// "false" that is false's to_s.
func titleReads(n *yaml.Node) string {
	if r := safeYAMLReads(n.Value); r.kind == readBoolean && r.shown == "false" {
		return textButMessage(n.Value, r) + ", which is no title to Jekyll: it gives the page a title made from its file's name instead"
	}
	return envelopeReads(n)
}

// frontMatterKeyLine returns the line of the front matter (text, with its line
// numbers equal to the file's) where top-level key is, or 0.
func frontMatterKeyLine(text []byte, key string) int {
	for i, l := range bytes.Split(text, []byte("\n")) {
		if bytes.HasPrefix(l, []byte(key+":")) {
			return i + 1
		}
	}
	return 0
}

// oneLineJSON returns the value of a top-level "key: {...}" or "key: [...]"
// line, and the 1-based column where it starts. A value left open on its
// line when the next line continues it (pretty-printed JSON: multi-line
// YAML flow style) is left to YAML; one left open otherwise is broken JSON.
func oneLineJSON(l []byte, key string, continued bool) ([]byte, int, bool) {
	if !bytes.HasPrefix(l, []byte(key)) || len(l) <= len(key) || l[len(key)] != ':' {
		return nil, 0, false
	}
	v := bytes.TrimLeft(l[len(key)+1:], " \t")
	col := len(l) - len(v) + 1
	v = bytes.TrimRight(v, " \t\r")
	if len(v) == 0 || (v[0] != '{' && v[0] != '[') {
		return nil, 0, false
	}
	if closed := len(v) > 1 && v[len(v)-1] == v[0]+2; continued && !closed { // '{'+2 == '}', '['+2 == ']'
		return nil, 0, false
	}
	return v, col, true
}

// continues reports whether the line that starts rest continues a value:
// it is indented, or closes a flow collection.
func continues(rest []byte) bool {
	return len(rest) > 0 && bytes.IndexByte([]byte(" \t]}"), rest[0]) >= 0
}

// gzippedPage says what a page that is gzip'd (data starts with gzip's
// magic) is: one to gunzip when its stream reads to its end, and else
// what is wrong with its gzip, which gunzip fails on as well (a corrupt
// block, a stream cut short, a checksum that does not match). The
// stream is read up to 64 times its size, as a Spack file's is at most
// (spackfmt.MaxRatio), so that a bomb costs no more than its size says;
// one that inflates past that is read no further, and says so: what
// follows (a cut, a bad checksum) is not known.
func gzippedPage(data []byte) string {
	const page = "a package page is Markdown text, which the site reads as it is"
	most := int64(len(data)) * 64
	r, err := gzpool.Reader(data)
	var n int64
	if err == nil {
		n, err = io.CopyN(io.Discard, r, most+1)
		gzpool.Put(r)
	}
	switch {
	case n > most:
		return fmt.Sprintf("the file is gzip'd, in a stream that inflates to more than 64 times its size (%d bytes), read no further (it may be a gzip bomb): %s: gunzip it", len(data), page)
	case err == nil, err == io.EOF:
		return "the file is gzip'd: " + page + ": gunzip it"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the file is gzip'd, in a stream that is cut short (the file is incomplete), and " + page
	}
	return fmt.Sprintf("the file is gzip'd, in a stream that does not read (%v), and %s", err, page)
}

// startsLikePage reports whether data's first line is a page's opening
// "---".
func startsLikePage(data []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimPrefix(data, []byte("\uFEFF")), []byte("\n"))
	return string(bytes.TrimRight(line, " \t\r")) == "---"
}

// pageMarker matches the lines that make a Markdown file a package page
// (or a page of the older layout, which is reported as not supported).
var pageMarker = regexp.MustCompile(`(?m)^(layout:[ \t]*["']?cache["']?[ \t]*\r?$|spec_details:|spec_files:)`)

// looksLikePage reports whether a file that failed to parse was meant to
// be a package page, so that its error is reported rather than ignored.
func looksLikePage(data []byte) bool {
	return pageMarker.Match(data[:min(len(data), 1<<20)])
}

// decodePage is the package-page format's one entry point: it decodes one
// page (front matter, specs and meta), validates it and finishes its
// specs through f (unless f.Raw, canonical), by the fast path where it can and by the general path
// (general.go: yaml.v3 and encoding/json) where it cannot; every step of
// the fast path may give up, and the general path then decides, with the
// same result or the error with its line and column. It returns a
// *snapshot.NotInFormat (notPage) for a file without front matter or
// without layout: cache, which Load ignores unless the file must be a
// page. The rules the canonicalization applied are f's counts.
//
// st is the loading goroutine's state: the fast path's scratch memory
// and caches (interned strings, list texts), kept from page to page. A
// nil st decodes by the general path alone: the oracle the tests hold the
// fast path to (export_test.go).
func decodePage(file string, data []byte, f *snapshot.Finisher, st *state) ([]*snapshot.Package, []snapshot.Warning, error) {
	raw := f.Raw
	p, err := parseFrontMatter(file, data, st)
	if err != nil {
		return nil, nil, err
	}
	defer func() { *p = page{} }() // a state's page keeps nothing of this one (pageScratch)
	env := &p.env
	if err := checkLineValues(file, p); err != nil {
		return nil, nil, err
	}
	if env.SpecFiles.Kind != 0 {
		return nil, nil, &snapshot.Error{File: file, Line: env.SpecFiles.Line, Msg: "this is the 2021–2022 catalogue layout (index.md with spec_files and spec-N.json files), which cachediff does not support yet"}
	}
	if env.Layout.Name != "cache" && p.specDetails == nil && env.SpecDetails.Kind == 0 {
		return nil, nil, notPage(&snapshot.Error{File: file, Line: 1, Msg: "not a package page: the front matter has neither layout: cache nor spec_details"})
	}
	if err := checkPublished(file, &env.Published); err != nil {
		return nil, nil, err
	}
	if err := checkSiteKeys(file, env); err != nil {
		return nil, nil, err
	}
	if l := env.Layout; l.Set && l.Name != "cache" {
		return nil, nil, &snapshot.Error{File: file, Line: l.Line, Msg: fmt.Sprintf("layout: %s: the site shows a package's specs with the layout cache, its pages' default; a page with another layout is published without them, so its package's specs would be gone from the site while cachediff read them; write layout: cache, or remove the line", shownScalar(l.Name, false))}
	}
	if p.extraKey != nil {
		return nil, nil, p.extraKey
	}
	if err := checkCategories(file, p, env.Categories); err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(env.Title) == "" {
		return nil, nil, &snapshot.Error{File: file, Line: 2, Msg: "no title: a page's title is its package name"}
	}
	if p.specDetails == nil && env.SpecDetails.Kind == 0 {
		msg := "no spec_details in the front matter"
		if p.fmDots {
			msg += " (the line '...' ends it, as '---' does)"
		}
		return nil, nil, &snapshot.Error{File: file, Line: p.fmEnd, Msg: msg}
	}
	if err := snapshot.CheckPackageName(env.Title); err != nil {
		return nil, nil, &snapshot.Error{File: file, Line: 2, Msg: "title: " + err.Error()}
	}
	if why := titleMarkup(env.Title); why != "" {
		return nil, nil, &snapshot.Error{File: file, Line: 2, Msg: "title: " + quoteShort(env.Title, 60) + " " + why + "; a title is its package's name"}
	}
	one := new(onePackage) // the package, its origin and the list Decode returns, in one allocation
	pkg := &one.pkg
	one.origin = snapshot.Origin{File: file, Tag: tagOf(env.Categories), TagLine: p.catLine}
	if one.origin.TagLine == 0 {
		one.origin.TagLine = p.fmEnd
	}
	*pkg = snapshot.Package{Name: env.Title, Origin: &one.origin}
	one.list[0] = pkg
	pkg.Line = env.SpecDetails.Line
	if p.specDetails != nil {
		pkg.Line = p.specDetails.line
	}
	var specs specList
	var counted []uint16
	ok := false
	if st != nil && p.specDetails != nil {
		specs, counted, ok = st.specs(p.specDetails.data, f)
	}
	lists := true // the lists are still to canonicalize
	if ok && !raw {
		f.Count(counted)
		lists = false
	}
	if !ok {
		var err error
		if specs, err = generalSpecs(file, p.specDetails, &env.SpecDetails); err != nil {
			return nil, nil, err
		}
		if !f.Tarballs {
			dropTarballs(specs)
		}
	}
	if err := f.Finish(file, pkg.Line, "spec_details", specs, lists); err != nil {
		return nil, nil, withSpecColumn(err, p.specDetails)
	}
	pkg.Specs = specs

	warnings := notASCIIWarnings(file, pkg.Line, env.Title, specs)
	metaLine := env.Meta.Line
	if p.meta != nil {
		metaLine = p.meta.line
	}
	switch {
	case p.meta == nil && env.Meta.Kind == 0:
		// A meta: null (or empty) is read below, as a meta without
		// num_specs, at its own line.
		return nil, nil, &snapshot.Error{File: file, Line: p.fmEnd, Msg: noMeta}
	default:
		var m meta
		ok = false
		if st != nil && p.meta != nil {
			m, ok = fastMetaBuf(p.meta.data, st.in, &st.metaBufs)
		}
		if !ok {
			var err error
			if m, err = generalMeta(file, p.meta, &env.Meta); err != nil {
				return nil, nil, err
			}
		}
		if why := listingMeta(&m); why != "" {
			return nil, nil, &snapshot.Error{File: file, Line: metaLine, Msg: "meta: " + why}
		}
		if st != nil && metaAgrees(&m, specs, f, st) {
			break
		}
		m.countsMap()
		for _, msg := range checkMeta(&m, specs, raw) {
			warnings = append(warnings, snapshot.Warning{File: file, Line: metaLine, Message: msg})
		}
	}
	return one.list[:], warnings, nil
}

// checkPublished refuses a page whose front matter has published with any
// value but true: Jekyll, which builds the site from the pages, leaves
// out a page whose published is false (or no, or null), and its package
// would be gone from the site while cachediff read it. Any other value
// is refused too, for its reading is Jekyll's YAML's, not yaml.v3's.
func checkPublished(file string, n *yaml.Node) error {
	if n.Kind == 0 {
		return nil
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		if v, err := strconv.ParseBool(n.Value); err == nil && v {
			return nil
		}
	}
	value := "(not a single value)"
	if n.Kind == yaml.ScalarNode {
		value = shownScalar(n.Value, n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0)
	}
	return &snapshot.Error{File: file, Line: n.Line, Msg: fmt.Sprintf("published: %s: the site leaves this page out (Jekyll, which builds it, publishes a page only when published is true or absent), so its package would be gone from the site while cachediff read it; remove the line to publish the page", value)}
}

// shownScalar is a scalar of the front matter (a layout, a published)
// as an error puts it: as it is when plain (letters, digits, "_-./")
// and written unquoted, "(empty)" when empty and unquoted, else quoted
// (quoteShort). Put as it is, a layout "x\n::error::y" put a line of
// its own in the error, one "(empty)" read as none, one "default: the
// site shows" as another message's start, and published: "true", a
// string the site leaves the page out for, read as the true it
// publishes with.
func shownScalar(v string, quoted bool) string {
	if v == "" && !quoted {
		return "(empty)"
	}
	plain := v != "" && !quoted && len(v) <= 60
	for i := 0; i < len(v) && plain; i++ {
		c := v[i]
		plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_-./", c) >= 0
	}
	if plain {
		return v
	}
	return quoteShort(v, 60)
}

// checkSiteKeys refuses a page whose front matter has a key that Jekyll
// reads to place or hide a page, which the catalogue's pages never have:
// date (Jekyll leaves out a page dated in the future, so the package
// would vanish from the site on no day a gate ran; whether it is future
// depends on when the site is built, so any date is refused) and
// permalink (a page given another package's address takes its place on
// the site). Either could drop a package from the site while cachediff
// read it.
func checkSiteKeys(file string, env *envelope) error {
	for _, k := range []struct {
		key, why string
		node     *yaml.Node
	}{
		{"date", "Jekyll leaves out a page dated in the future, so its package would be gone from the site on a day no gate ran", &env.Date},
		{"permalink", "Jekyll writes the page at that address, where it can take another package's page's place", &env.Permalink},
	} {
		if k.node.Kind == 0 {
			continue
		}
		return &snapshot.Error{File: file, Line: k.node.Line, Msg: fmt.Sprintf("%s: the catalogue's pages have no %s, which the site reads: %s; remove the line", k.key, k.key, k.why)}
	}
	return nil
}

// layoutName is the value of a page's layout key. Set says the key has
// a value that is not null: the site's default layout (cache) stands
// for a page without one, or whose layout is null, as Jekyll merges a
// page's front matter over the defaults.
type layoutName struct {
	Name string
	Set  bool
	Line int
}

// UnmarshalYAML reads the layout's name (yaml.v3 does not call it for a
// null).
func (l *layoutName) UnmarshalYAML(n *yaml.Node) error {
	var s string
	if err := n.Decode(&s); err != nil {
		return err
	}
	*l = layoutName{Name: s, Set: true, Line: n.Line}
	return nil
}

// categoryList is a page's categories, a list. Jekyll reads a string
// there too, split at spaces (categories: package develop is [package,
// develop]); no catalogue page writes one, and yaml.v3's own refusal
// ("cannot unmarshal !!str `package...` into []string") said nothing of
// what to write: this one does.
type categoryList []string

// UnmarshalYAML reads the list, and refuses a scalar by what the site
// reads it as.
func (c *categoryList) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		var s string
		if err := n.Decode(&s); err == nil {
			return fmt.Errorf("line %d: categories: %s is one string, which the site splits at spaces into [%s]; write categories: [package, <tag>], a list",
				n.Line, quoteShort(s, 60), listShown(shownFields(s)))
		}
	}
	var l []string
	if err := n.Decode(&l); err != nil {
		return err
	}
	*c = l
	return nil
}

// shownFields is the words the site splits s into at spaces, each as
// shownScalar puts it (as it is when plain, else quoted): put as they
// were, a word's U+202E turned the error around, and a word "a," read
// as two.
func shownFields(s string) []string {
	f := strings.Fields(s)
	for i, w := range f {
		f[i] = shownScalar(w, false)
	}
	return f
}

// onePackage is a page's package and the list of it that Decode returns,
// allocated together: a list of its own was one more allocation a page.
type onePackage struct {
	pkg    snapshot.Package
	origin snapshot.Origin
	list   [1]*snapshot.Package
}

// dropTarballs forgets the specs' tarballs, and their More when that
// leaves it empty, as the fast scanner does when tarballs are not kept.
func dropTarballs(specs []snapshot.Spec) {
	for i := range specs {
		m := specs[i].More
		if m == nil {
			continue
		}
		m.DropTarball()
		if m.Empty() {
			specs[i].More = nil
		}
	}
}

// tagOf returns the snapshot tag from categories: [package, <tag>].
// checkCategories refuses categories other than the catalogue's
// [package, <tag>] (or none, or [package] alone: a page without a tag,
// which checkTags judges against the snapshot's other pages). Jekyll
// reads a page's categories in order: they list it under each (the site
// finds its package pages by package and their tag), and a permalink's
// :categories places it by them. cachediff reads only the first that is
// not "package", so [develop], [develop, package] or [package, develop,
// x] read as the page of tag develop while the site could list or place
// it elsewhere. Every catalogue page has the two.
func checkCategories(file string, p *page, cats []string) error {
	line := p.catLine
	if line == 0 { // written otherwise (merged in, a quoted key)
		line = p.fmEnd
	}
	if len(cats) == 0 || len(cats) == 1 && cats[0] == "package" ||
		len(cats) == 2 && cats[0] == "package" && cats[1] != "package" && cats[1] != "" {
		if len(cats) == 2 {
			if why := titleMarkup(cats[1]); why != "" {
				return &snapshot.Error{File: file, Line: line, Msg: "categories: the tag " + quoteShort(cats[1], 60) + " " + why + "; a tag is a release or a date"}
			}
		}
		return nil
	}
	return &snapshot.Error{File: file, Line: line, Msg: fmt.Sprintf("categories: [%s]: a page's categories are [package, <tag>], in that order and alone; the site lists and places a page by all of its categories, so its package could be gone from the tag's pages while cachediff read it as the tag's; write categories: [package, <tag>]", categoriesShown(cats))}
}

// categoriesShown is the list cats for checkCategories' error: each
// entry quoted (strconv.Quote) and cut past 40 bytes with its mark
// inside its closing quote (quoteShort), listed by listShown. The
// quoted list was cut as one text (shorten), so that a cut inside an
// entry left its quote open, `["package", "develop", "xx…x…12345678]`,
// the mark read as the entry's.
func categoriesShown(cats []string) string {
	quoted := make([]string, len(cats))
	for i, c := range cats {
		quoted[i] = quoteShort(c, 40)
	}
	return listShown(quoted)
}

// listShown joins entries, each shown already (quoted and cut as it
// needs), with ", "; a list longer than 80 bytes so written keeps the
// entries that fit (the first always) and ends with cutmark.Of of the
// whole, after the last entry's closing quote: no cut lands inside a
// quote, and two lists that differ past the cut read apart.
func listShown(entries []string) string {
	const most = 80
	all := strings.Join(entries, ", ")
	if len(all) <= most {
		return all
	}
	n, kept := len(entries[0]), 1
	for kept < len(entries) && n+2+len(entries[kept]) <= most {
		n += 2 + len(entries[kept])
		kept++
	}
	return strings.Join(entries[:kept], ", ") + ", " + cutmark.Of(all)
}

func tagOf(categories []string) string {
	for _, c := range categories {
		if c != "package" {
			return c
		}
	}
	return ""
}

// noMeta is why a page without meta is refused: the site's listing of
// packages (pages/api/data.json) prints "num_specs": {{
// entry.meta.num_specs }} for every page, which is nothing without a
// meta, so the listing's JSON is broken and every tag's listing shows no
// package, while cachediff read them all. Every real page has one.
const noMeta = "no meta in the front matter: the site's listing of packages prints meta's num_specs as a JSON number for every page, so without a meta the listing's JSON is broken and every tag's listing shows no package, while cachediff read them; write the page's meta (num_specs, the spec count, at least)"

// listingMeta is the reason a page's meta would break the site's
// listing of packages, or "". The listing (pages/api/data.json, which
// every tag's page loads with $.getJSON) is JSON that Liquid writes
// from each page's meta unescaped: "num_specs": {{ entry.meta.num_specs
// }}, and each string of versions, compilers, oss, platforms, targets
// and stacks inside "...". A '"', a backslash or a control character
// in one of those strings, or a num_specs that is absent or null
// (which prints as nothing), makes the whole file invalid JSON: every
// tag's listing then shows no package at all, while cachediff read
// them all and a gate passed with at most a warning that meta
// disagrees with the specs. No real page has one. The listing also
// prints each compiler and arch (os, platform, target) into a button's
// unquoted onclick attribute, inside a script's '...': a space there
// starts another attribute, a "'" ends the string; no real value has
// either.
func listingMeta(m *meta) string {
	if m.NumSpecs == nil {
		return "no num_specs (or null): the site's listing of packages prints it as a JSON number, so without one the listing's JSON is broken and every tag's listing shows no package, while cachediff read them; write the page's spec count"
	}
	for _, f := range [...]struct {
		key     string
		vals    []string
		onclick bool // printed into a button's unquoted onclick too
	}{{"versions", m.Versions, false}, {"compilers", m.Compilers, true}, {"oss", m.OSs, true}, {"platforms", m.Platforms, true}, {"targets", m.Targets, true}, {"stacks", m.Stacks, false}} {
		for _, v := range f.vals {
			i := strings.IndexFunc(v, func(r rune) bool { return r < 0x20 || r == '"' || r == '\\' })
			if i >= 0 {
				return fmt.Sprintf("%s: %s holds %q: the site's listing of packages prints it into a JSON string unescaped, where it ends the string or escapes its end, so the listing's JSON is broken and every tag's listing shows no package, while cachediff read them; remove it", f.key, quoteShort(v, 60), v[i:i+1])
			}
			if i := strings.IndexAny(v, " '"); f.onclick && i >= 0 {
				return fmt.Sprintf("%s: %s holds %q: the site's listing of packages prints it into a button's onclick attribute, unquoted, as a string of its script ('...'), where a space starts another attribute (style=... covers the listing) and a \"'\" ends the string, while cachediff read the package; remove it", f.key, quoteShort(v, 60), v[i:i+1])
			}
		}
	}
	return ""
}

// liquidAt returns the offset in body, a page's text after its front
// matter, of the first "{%" or "{{"; ok is false when there is none.
func liquidAt(body []byte) (at int, ok bool) {
	for i := 0; ; i++ {
		j := bytes.IndexByte(body[i:], '{')
		if j < 0 || i+j+1 >= len(body) {
			return 0, false
		}
		i += j
		if c := body[i+1]; c == '%' || c == '{' {
			return i, true
		}
	}
}

// liquidInBody is why a page whose body holds Liquid is refused. Jekyll
// renders the Liquid of any page whose text holds "{%" or "{{"; a tag it
// does not know ({% raise %}) or an include of a path with ".." stops the
// whole build, so the site keeps its last build and shows none of the
// change, while cachediff read the page's front matter. No real page has
// a body: the catalogue writes front matter only.
const liquidInBody = "the page's body (after its front matter) holds Liquid ({% or {{): Jekyll, which builds the site, renders it, and a Liquid error there stops the whole build, so the site would show none of this change while cachediff read the page; a catalogue page has front matter only: remove the body"
