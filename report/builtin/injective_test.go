package builtin_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	_ "github.com/cachediff/cachediff/report/builtin"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestViewsTellValuesApart: every view writes two values as two texts.
// The text view (and the patch's header, the HTML page's text, the feed)
// wrote control and bidi characters as \uXXXX but a backslash as it is,
// so a version of a backslash and U+202E read \\u202e, as the seven
// characters \\u202e did: a crafted name passed for another. Markdown
// wrote U+202E, an invalid byte and U+FFFD alike (U+FFFD), and a
// newline, a tab and a space alike (a space). Values are strings of the
// characters escapes are made of and those Markdown and HTML escape or
// turn into others, put where a report holds values read from the
// input: a package's new version, a stack, a warning's file, a value a
// warning quotes, the title.
// Markdown, the HTML page and the feed are compared as a reader sees
// them rendered (seen): a run of spaces reads as one, and "1.0 " and
// "1.0", "a  b" and "a b" read alike unless such spaces are shown.
func TestViewsTellValuesApart(t *testing.T) {
	alphabet := []string{`\`, "u", "2", "0", "e", "x", "\u202e", "\ufffd", "\xff", `"`, "\n", "\t", " ", " ", "|", "`", "<", "&"}
	values := []string{"\\\u202e", `\\u202e`, `\u202e`, "\\\\\u202e", "\\\n", `\n`, `\\n`,
		"", " ", "  ", "a b", "a  b", "a   b", " a", "a ", `\x20`, `\ `, `a\ `, `a\x20`, `a\\x20`}
	rnd := rand.New(rand.NewPCG(35, 8))
	for len(values) < 300 {
		var b strings.Builder
		for range 1 + rnd.IntN(6) {
			b.WriteString(alphabet[rnd.IntN(len(alphabet))])
		}
		if !slices.Contains(values, b.String()) {
			values = append(values, b.String())
		}
	}
	for _, where := range []struct {
		name string
		put  func(r *diff.Report, o *report.Options, v string)
	}{
		{"version", func(r *diff.Report, _ *report.Options, v string) {
			p := &r.Packages[0]
			p.Versions = diff.VersionChange{Old: []string{"1.0"}, New: []string{"1.0 " + v}, Added: []string{"1.0 " + v}, Removed: []string{"1.0"}, Direction: diff.Other}
			p.Specs.Rebuilt[0].New.Versions = []string{"1.0 " + v}
			r.Highlights = []diff.Highlight{{Kind: diff.HighlightVersion, Packages: []string{p.Name}, Versions: &p.Versions}}
		}},
		{"tag", func(r *diff.Report, _ *report.Options, v string) {
			r.Old.Tag, r.New.Tag = "a "+v, "b "+v
		}},
		{"warning", func(r *diff.Report, _ *report.Options, v string) {
			r.Warnings = []snapshot.Warning{{File: "new/" + v, Line: 2, Message: "a warning"}}
		}},
		// A value a warning quotes where it is made, as Go quotes a
		// string: "a  b" and "a   b" read alike rendered.
		{"value a warning quotes", func(r *diff.Report, _ *report.Options, v string) {
			r.Warnings = []snapshot.Warning{{File: "new/x", Line: 2, Message: "version " + strconv.Quote(v) + " is odd"}}
		}},
		{"title", func(_ *diff.Report, o *report.Options, v string) { o.Title = "t " + v }},
	} {
		for _, f := range report.Formats() {
			render := func(v string) string {
				r := reporttest.OnePackage("zlib")
				o := report.Options{Width: 200}
				where.put(r, &o, v)
				var buf bytes.Buffer
				if err := f.Render(&buf, r, o); err != nil {
					t.Fatalf("%s, %s %q: %v", f.Name, where.name, v, err)
				}
				if rendered[f.Name] {
					return seen(buf.String())
				}
				return buf.String()
			}
			if !strings.Contains(render("MARK"), "MARK") {
				t.Logf("--format %s does not show the %s", f.Name, where.name)
				continue
			}
			seen := map[string]string{}
			for _, v := range values {
				got := render(v)
				if other, ok := seen[got]; ok {
					t.Errorf("--format %s: the %s %q and %q read alike", f.Name, where.name, v, other)
					break
				}
				seen[got] = v
			}
		}
	}
}

// rendered are the formats a reader sees rendered, in a browser or a
// feed reader, where runs of white space collapse.
var rendered = map[string]bool{"md": true, "html": true, "atom": true}

// seen is what a reader sees of a rendered document: each run of ASCII
// white space (space, tab, line break) one space, none at either end.
// A table cell's edges are trimmed, but the cells are written with a
// space either side, so the run they end in stands for them.
func seen(doc string) string {
	return strings.Join(strings.FieldsFunc(doc, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
	}), " ")
}
