package jsonv1

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestRenderRefusesNonCommit (the 57th adversarial pass, issue 35): a
// snapshot's "rev" in a saved report or log is a full commit id, as
// cachediff writes it, and every format prints its first 7 bytes. An
// edited one was rendered as it was: "aaaaaaé…" and "aaaaaaĀ…" were cut
// inside their 7th character, and the Markdown headline named both
// sides "develop 2026-11-30 aaaaaa�". Any other string is refused with
// the field's path, as an edited date is (TestRenderRefusesNonDate).
func TestRenderRefusesNonCommit(t *testing.T) {
	const date = "2025-03-16T12:00:00Z"
	oldRev, newRev := strings.Repeat("a", 40), strings.Repeat("b", 64) // SHA-1, SHA-256
	r := reporttest.GenReport(1, 10)
	r.Old.Rev, r.Old.Date = oldRev, date
	r.New.Rev, r.New.Date = newRev, date
	written := writtenReport(t, r)
	for _, c := range []struct{ from, to, want string }{
		{oldRev, "aaaaaa\u00e9bbbbb", `old.rev: "aaaaaa\u00e9bbbbb" is not a commit id (40 or 64 hexadecimal digits, as cachediff writes it)`},
		{newRev, "HEAD", `new.rev: "HEAD" is not a commit id`},
		{newRev, strings.ToUpper(newRev), `new.rev: "BBBB`},
		{oldRev, oldRev[:7], `old.rev: "aaaaaaa" is not a commit id`},
	} {
		edited := strings.Replace(written, `"rev": "`+c.from+`"`, `"rev": "`+c.to+`"`, 1)
		if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("report, rev %q: %v, want %q", c.to, err, c.want)
		}
	}

	log := oneSnapshotLog(t, oldRev, date)
	edited := strings.Replace(log, `"rev": "`+oldRev+`"`, `"rev": "x\n::error::y"`, 1)
	want := `snapshots[0].rev: "x\n::error::y" is not a commit id (40 or 64 hexadecimal digits, as cachediff writes it)`
	if _, err := DecodeLog([]byte(edited)); err == nil || err.Error() != want {
		t.Errorf("log: %v, want %q", err, want)
	}
}
