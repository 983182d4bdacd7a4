package report

import (
	"bytes"
	"encoding/json"
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// quietLog is a log of --revs whose range selected no commit: one
// snapshot, no step, and revs saying so.
func quietLog(t *testing.T, revs *diff.Revs) *diff.Series {
	t.Helper()
	// A snapshot of --revs is its commit's ID:PATH (DecodeLog checks it),
	// with its commit's date, as cachediff writes it.
	snap := *reporttest.GenSeries(3, 5, 1)[0]
	snap.Rev, snap.Date = strings.Repeat("c0", 20), "2025-04-02T00:00:00Z"
	snap.Path = snap.Rev + ":" + revs.Path
	s, err := diff.CompareSeries(1, func(int) (*snapshot.Snapshot, error) { return &snap, nil }, diff.Filter{},
		func(int, *diff.Report) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	s.Revs = revs
	return s
}

// TestLogRevs: a log whose range selected no commit says so in every
// format (issue 35, item 4), its JSON's "revs" is written as
// encoding/json would and read back (render says it again), and an
// edited "revs" is refused.
func TestLogRevs(t *testing.T) {
	revs := &diff.Revs{Range: "main", Path: "_cache/develop", Since: "2025-04-01T00:00:00Z", Commits: 0}
	s := quietLog(t, revs)
	out := map[string]string{}
	for _, f := range LogFormats() {
		var b bytes.Buffer
		w, err := NewLogWriter(f, &b, LogOptions{Options: Options{Width: 200}}) // text: the note on one line
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(s); err != nil {
			t.Fatal(err)
		}
		out[f] = b.String()
	}
	for f, want := range map[string]string{
		"md":   "**1 snapshot, 0 steps** (0 with changes): no commit in this range changed \\_cache/develop (main, since `2025-04-01T00:00:00Z`).\n",
		"text": "\nno commit in this range changed _cache/develop (main, since 2025-04-01T00:00:00Z)\n",
		"json": "\n  \"revs\": {\n    \"range\": \"main\",\n    \"path\": \"_cache/develop\",\n    \"since\": \"2025-04-01T00:00:00Z\",\n    \"commits\": 0\n  },\n  \"highlights\": []\n}\n",
	} {
		if !strings.Contains(out[f], want) {
			t.Errorf("%s: no %q in\n%s", f, want, out[f])
		}
	}
	// The JSON "revs" is encoding/json's.
	var doc struct {
		Revs json.RawMessage `json:"revs"`
	}
	if err := json.Unmarshal([]byte(out["json"]), &doc); err != nil {
		t.Fatal(err)
	}

	// Read back: the same revs; rendered again, the same note.
	l, err := DecodeLog([]byte(out["json"]))
	if err != nil {
		t.Fatal(err)
	}
	if l.Series.Revs == nil || *l.Series.Revs != *revs {
		t.Errorf("read back: revs %+v, want %+v", l.Series.Revs, revs)
	}
	var b bytes.Buffer
	lw, _ := NewLogWriter("text", &b, LogOptions{})
	if err := WriteLog(lw, l); err != nil || !strings.Contains(b.String(), "no commit in this range changed _cache/develop") {
		t.Errorf("rendered again: %v\n%s", err, b.String())
	}
	// A log with commits has no note.
	b.Reset()
	lw, _ = NewLogWriter("text", &b, LogOptions{})
	if err := lw.Finish(quietLog(t, &diff.Revs{Range: "HEAD", Path: "x", Commits: 1})); err != nil || strings.Contains(b.String(), "no commit") {
		t.Errorf("a root commit alone: %v\n%s", err, b.String())
	}

	// Edited: commits that are not the steps', a date that is not one,
	// no range.
	for _, c := range []struct{ from, to, want string }{
		{`"commits": 0`, `"commits": 5`, "revs.commits: 5 commits for 0 steps"},
		{`"since": "2025-04-01T00:00:00Z"`, `"since": "last weeek"`, `revs.since: "last weeek" is not an RFC 3339 date`},
		{`"range": "main"`, `"range": ""`, "revs.range: empty"},
		{`"commits": 0`, `"commits": -1`, "revs.commits"},
		{`"commits": 0`, `"commits": "0"`, "revs.commits"},
	} {
		edited := strings.Replace(out["json"], c.from, c.to, 1)
		if _, err := DecodeLog([]byte(edited)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s → %s: %v, want %q", c.from, c.to, err, c.want)
		}
	}
	// An older log, without revs, is read as before.
	if _, err := DecodeLog([]byte(strings.Replace(out["json"], ",\n  \"revs\": {\n    \"range\": \"main\",\n    \"path\": \"_cache/develop\",\n    \"since\": \"2025-04-01T00:00:00Z\",\n    \"commits\": 0\n  }", "", 1))); err != nil {
		t.Errorf("a log without revs: %v", err)
	}
}

// TestLogRevsHostile: a range and a path from the command line reach the
// note as the rest of a log's input does: one line, no live mention, no
// HTML, no escape code.
func TestLogRevsHostile(t *testing.T) {
	s := quietLog(t, &diff.Revs{Range: "@octocat\n::error::forged <b>x</b> \x1b[31m`", Path: "#1 $x$\r\n::add-mask::y", Commits: 0})
	for _, f := range []string{"md", "text"} {
		var b bytes.Buffer
		w, _ := NewLogWriter(f, &b, LogOptions{})
		if err := w.Finish(s); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, bad := range []string{"\n::error", "\n::add-mask", "\x1b", "\r", "<b>"} {
			if strings.Contains(out, bad) && (f == "md" || bad != "<b>") { // text is no HTML
				t.Errorf("%s: %q in\n%s", f, bad, out)
			}
		}
		if f == "md" && (strings.Contains(out, "@octocat") || strings.Contains(out, "#1 ")) {
			t.Errorf("md: a live mention or reference in\n%s", out)
		}
	}
}

// TestRevsNoteQuotesValues (issue 35 class a): a log whose range
// selected no commit said "no commit in this range changed PATH (RANGE,
// since S)", the path and the range as they are: the folder "the
// repository" read as the top of the repository, and the range "main,
// since 2025-04-01T00:00:00Z" of a report rendered again as the range
// main since that date (git takes "a,since" and "a(b" as branches). The
// range is quoted as names beside parentheses are (PartsQuoted), the
// path where it reads as the top's words, as a pair's side is where it
// reads as ∅ (Same).
func TestRevsNoteQuotesValues(t *testing.T) {
	since := "2025-04-01T00:00:00Z"
	revs := []diff.Revs{
		{Range: "main", Path: ""}, {Range: "main", Path: "the repository"}, {Range: "main", Path: `"the repository"`},
		{Range: "main", Since: since}, {Range: "main, since " + since},
		{Range: "a", Path: "p (b"}, {Range: "b) (a", Path: "p"},
	}
	for _, f := range []string{"md", "text", "html"} {
		read := map[string]diff.Revs{}
		for _, r := range revs {
			var b bytes.Buffer
			w, err := NewLogWriter(f, &b, LogOptions{Options: Options{Width: 400}})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Finish(quietLog(t, &r)); err != nil {
				t.Fatal(err)
			}
			got := b.String()
			if !strings.Contains(got, "no commit in this range changed") {
				t.Fatalf("%s: no note of %+v in\n%s", f, r, got)
			}
			if other, ok := read[got]; ok {
				t.Errorf("%s: the revs %+v and %+v read alike", f, r, other)
			}
			read[got] = r
		}
	}
	if got, want := RevsNote(&diff.Revs{Range: "a,b", Path: "the repository"}), `no commit in this range changed "the repository" ("a,b")`; got != want {
		t.Errorf("RevsNote: %q, want %q", got, want)
	}
	if got, want := RevsNote(&diff.Revs{Range: "HEAD~1..HEAD", Path: "_cache/develop", Since: since}), "no commit in this range changed _cache/develop (HEAD~1..HEAD, since "+since+")"; got != want {
		t.Errorf("RevsNote: %q, want %q", got, want)
	}
}

// TestRevsNoteReadsApartOnStderr (issue 35 class a): the note of a log
// whose range selected no commit wrote its path and range as they are,
// unless they held a space or read as a list's parts, and standard
// error writes it through Visible, which escapes a character that does
// not print but leaves a backslash as it is: the folder a\u202eb (a
// backslash and letters) and the folder a, U+202E, b read alike
// there, and _cache/dеvelop (its е Cyrillic) as _cache/develop. A path
// or range that holds a backslash, a control character or a character
// past ASCII is quoted in ASCII (revsItem).
func TestRevsNoteReadsApartOnStderr(t *testing.T) {
	for _, pair := range [][2]diff.Revs{
		{{Range: "main", Path: `a\u202eb`}, {Range: "main", Path: "a\u202eb"}},
		{{Range: "main", Path: `x\x07y`}, {Range: "main", Path: "x\ay"}},
		{{Range: "main", Path: "_cache/develop"}, {Range: "main", Path: "_cache/d\u0435velop"}},
		{{Range: `m\u202eain`, Path: "p"}, {Range: "m\u202eain", Path: "p"}},
		{{Range: "main", Path: "p"}, {Range: "m\u0430in", Path: "p"}},
	} {
		a, b := Visible(RevsNote(&pair[0])), Visible(RevsNote(&pair[1]))
		if a == b {
			t.Errorf("the revs %+v and %+v both read %q on standard error", pair[0], pair[1], a)
		}
		for _, s := range []string{a, b} {
			if strings.ContainsFunc(s, func(r rune) bool { return r == 0x435 || r == 0x430 }) {
				t.Errorf("a lookalike letter as it is in %q", s)
			}
		}
	}
}

// TestRevsNoteQuotesOnce (issue 35 classes a and e): the text and HTML
// logs wrote the note of a range that selected no commit as input text
// (VisibleInput, PageText), which doubles every backslash, those of the
// path's own Go quotes too: the folder of U+202E read "a\\u202eb c", a
// name that holds a backslash, as the folder a\u202eb c (a backslash and
// letters) reads on standard error; Markdown rendered it so too. The
// note is a message, written as a warning is.
func TestRevsNoteQuotesOnce(t *testing.T) {
	for _, f := range []string{"md", "text", "html"} {
		read := map[string]string{}
		for _, p := range []string{"a\u202eb c", `a\u202eb c`, "_cache/d\u0435velop", `_cache/d\u0435velop`} {
			// Each as the PATH, then as the range (78b703e5 escapes
			// both in Markdown; a range apart was checked by none).
			for _, r := range []diff.Revs{{Range: "main", Path: p}, {Range: p, Path: "p"}} {
				note, _, _ := strings.Cut(quietNote(t, f, &r, 400), "\n")
				if other, ok := read[note]; ok {
					t.Errorf("%s: the revs %q and %q both read %s", f, other, p, note)
				}
				read[note] = p
				shown := note
				switch f {
				case "md":
					shown = mdRendered(note)
				case "html":
					shown = html.UnescapeString(note)
				}
				want := strconv.QuoteToASCII(p) + " (main)"
				if r.Path == "p" {
					want = "p (" + strconv.QuoteToASCII(p) + ")"
				}
				if !strings.HasPrefix(shown, want) {
					t.Errorf("%s: the revs %+v read %s, want %s", f, r, note, want)
				}
			}
		}
	}
}

// mdRendered is s as CommonMark renders its backslash escapes: a
// backslash before ASCII punctuation stands for the punctuation alone.
func mdRendered(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// TestRevsNoteShortened (issue 35 class d): a log's note that no commit
// of its range changed PATH is shortened in every view as Markdown and
// HTML shorten it (Shorten): the text view wrote a PATH of 10,000
// characters whole, which its title cut.
func TestRevsNoteShortened(t *testing.T) {
	for _, p := range []string{strings.Repeat("a", 10000), strings.Repeat("\u0430 ", 3000)} {
		for _, f := range []string{"md", "text", "html"} {
			note, _, _ := strings.Cut(quietNote(t, f, &diff.Revs{Range: "main", Path: p}, 100000), "\n")
			if len(note) > 2500 {
				t.Errorf("%s: a path of %d bytes: a note of %d bytes", f, len(p), len(note))
			}
		}
	}
}

// quietNote is the log in format f, of width columns, of revs that
// selected no commit (quietLog), from the words of its note on: what
// follows "no commit in this range changed ".
func quietNote(t *testing.T, f string, revs *diff.Revs, width int) string {
	t.Helper()
	var b bytes.Buffer
	w, err := NewLogWriter(f, &b, LogOptions{Options: Options{Width: width}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(quietLog(t, revs)); err != nil {
		t.Fatal(err)
	}
	_, note, _ := strings.Cut(b.String(), "no commit in this range changed ")
	return note
}

// TestRevsNoteControlQuoted: a range or PATH that holds a control
// character, DEL among them, is quoted in ASCII in the note, as json.md
// says (revsItem): unquoted, as ListItem leaves a name of no comma,
// quote or parenthesis, the note of the folder a<newline>b held the
// newline as it is, and TestRevsNoteReadsApartOnStderr, which reads it
// through Visible, passed without the rule.
func TestRevsNoteControlQuoted(t *testing.T) {
	for _, s := range []string{"a\nb", "a\x7fb", "a\tb"} {
		for _, r := range []diff.Revs{{Range: "main", Path: s}, {Range: s, Path: "p"}} {
			if note := RevsNote(&r); !strings.Contains(note, strconv.QuoteToASCII(s)) {
				t.Errorf("the revs %+v: note %q; want %s in it", r, note, strconv.QuoteToASCII(s))
			}
		}
	}
}
