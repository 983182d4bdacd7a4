package jsonv1

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestMessagesQuoteLookalikesInASCII (issue 35, class a/e): render's
// messages quoted a report's values as Go writes them (%q), which
// leaves a lookalike as it is: a schema "cachediff/v1" with a Cyrillic
// с read "schema "cachediff/v1" is not one this cachediff reads: it
// reads "cachediff/v1"", the same text twice, and a value listed twice
// in counts read as its ASCII twin. Each is quoted in ASCII now
// (quotedValue), as shownValue quotes a name, its cut's mark inside.
func TestMessagesQuoteLookalikesInASCII(t *testing.T) {
	written := writtenReport(t, reporttest.OnePackage("zlib"))
	lookalike := strings.Replace(report.Schema, "c", "\u0441", 1)
	edited := strings.Replace(written, `"schema": "`+report.Schema+`"`, `"schema": "`+lookalike+`"`, 1)
	want := `schema "` + strings.Replace(report.Schema, "c", `\u0441`, 1) + `" is not one`
	if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("schema %q: %v, want %s", lookalike, err, want)
	}
	err := walkCounts([]byte(`{"\u0441uda":{"old":1,"new":2},"\u0441uda":{"old":1,"new":2}}`))
	if want := `the value "\u0441uda" is listed twice`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a lookalike listed twice: %v, want %s", err, want)
	}
	// A key the document adds, in a path, and a rule a log's steps
	// count otherwise, whole and cut (a rule of a megabyte was quoted
	// whole).
	w := &walker{path: []pathStep{{key: "canonicalized"}, {key: "\u0441ompiler", value: true}, {key: "old"}}}
	if got, want := w.pathString(), `canonicalized["\u0441ompiler"].old`; got != want {
		t.Errorf("pathString() = %s, want %s", got, want)
	}
	for _, rule := range []string{"\u0441ompiler", strings.Repeat("r", 1<<20)} {
		prev := &diff.Report{Canonicalized: diff.ValueCounts{{Value: rule, OldToNew: diff.OldToNew{Old: 1, New: 1}}}}
		cur := &diff.Report{Canonicalized: diff.ValueCounts{{Value: rule, OldToNew: diff.OldToNew{Old: 2, New: 2}}}}
		err := sameCanonicalized(prev, cur, 1)
		if want := `canonicalized[` + quotedCut(rule, 40) + `].old`; err == nil || !strings.Contains(err.Error(), want) || len(err.Error()) > 300 {
			t.Errorf("a rule counted otherwise: %.300v, want %.100s in at most 300 bytes", err, want)
		}
	}
	long := strings.Repeat("\u0441", 70)
	if got, want := quotedValue(long), `"`+strings.Repeat(`\u0441`, 52)+report.CutMark(long)+`"`; got != want {
		t.Errorf("quotedValue of 70 с = %s, want %s", got, want)
	}
}
