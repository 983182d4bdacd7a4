package jsonv1

import (
	"strings"
	"testing"

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
	long := strings.Repeat("\u0441", 70)
	if got, want := quotedValue(long), `"`+strings.Repeat(`\u0441`, 52)+report.CutMark(long)+`"`; got != want {
		t.Errorf("quotedValue of 70 с = %s, want %s", got, want)
	}
}
