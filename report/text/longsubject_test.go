package text

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTextLogLongSubject: the text log wrote a commit's subject whole in
// its step's head, where the Markdown log bounds it (report.Shorten): a
// subject of 4 MB (git takes any) made a 4.16 MB log of 51,283 lines
// (cachediff log -f text --revs over a repository whose last commit had
// it). A subject is bounded as Markdown bounds it; the step still says
// what it is from.
func TestTextLogLongSubject(t *testing.T) {
	snaps := reporttest.GenSeries(3, 4, 3)
	subjects := map[string]string{}
	long := map[bool]int{}
	for _, huge := range []bool{false, true} {
		for i, s := range snaps {
			s.Rev = fmt.Sprintf("%02x", i) + strings.Repeat("e", 38)
			s.Date = fmt.Sprintf("2026-10-%02dT03:00:00Z", 1+i)
			subjects[s.Rev] = fmt.Sprintf("nightly %d", i)
			if huge {
				subjects[s.Rev] += " " + strings.Repeat("S", 1<<20) + " " + strings.Repeat("word ", 1<<18)
			}
		}
		var b bytes.Buffer
		w := Format.Log(&b, report.LogOptions{Options: report.Options{Width: 80}, Subjects: subjects})
		reporttest.WriteSeries(t, w, snaps, diff.Filter{})
		long[huge] = b.Len()
		if huge && strings.Count(b.String(), " (from 2026-10-") != len(snaps)-1 {
			t.Errorf("a step's head does not say what it is from:\n%.2000s", b.String())
		}
	}
	// Each of the steps' subjects takes at most Shorten's bound (2,001
	// characters) and its lines' indents.
	if extra := long[true] - long[false]; extra > (len(snaps)-1)*3*2100 {
		t.Errorf("log: %d bytes with subjects of 2.3 MB, %d with short ones", long[true], long[false])
	}
}
