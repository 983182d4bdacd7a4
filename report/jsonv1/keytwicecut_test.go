package jsonv1

import (
	"fmt"
	"github.com/cachediff/cachediff/report"
	"strings"
	"testing"
)

// TestKeyTwiceCut (issue 35 class e): a key listed twice was quoted
// whole in the message, so that a key of 100,000 letters made a message
// of 100 KB, which the command cuts at 8 KB: what was wrong ("is there
// twice") was cut off with it. The key is quoted and cut as a path
// writes it, wherever it is listed twice: an unknown key of the report,
// one of an object render skips (of a few keys, and of many), a value
// of a counts object.
func TestKeyTwiceCut(t *testing.T) {
	data := string(jsonOf(t, fullReportOf(t, 18, 3)))
	const top = `"schema": "cachediff/v1",`
	long := strings.Repeat("k", 100_000)
	many := ""
	for i := range 20 {
		many += fmt.Sprintf(`"m%d": 1, `, i)
	}
	// Cut to its first 52 and the mark of its digest (cutRunesMarked).
	cutOf := func(key string) string { return `"` + strings.Repeat("k", 52) + report.CutMark(key) + `"` }
	cut := cutOf(long)
	for _, c := range []struct{ name, new, want string }{
		{"at the top", `"` + long + `": 1, "` + long + `": 2,`, `key ` + cut + ` is there twice`},
		{"in an object skipped", `"_x": {"` + long + `": 1, "` + long + `": 2},`, `: _x: key ` + cut + ` is there twice`},
		{"in an object of many keys skipped", `"_x": {` + many + `"` + long + `": 1, "` + long + `": 2},`, `: _x: key ` + cut + ` is there twice`},
		{"with an escape", `"_x": {"` + long + `\n": 1, "` + long + `\n": 2},`, `: _x: key ` + cutOf(long+"\n") + ` is there twice`},
	} {
		_, err := DecodeBytes([]byte(strings.Replace(data, top, top+c.new, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 1000 {
			msg := fmt.Sprint(err)
			t.Errorf("%s: got %d bytes, %.200q…%.200q; want %q", c.name, len(msg), msg, msg[max(0, len(msg)-200):], c.want)
		}
	}
	// A counts object's value listed twice.
	err := walkCounts([]byte(`{"` + long + `":{"old":1,"new":2},"` + long + `":{"old":1,"new":2}}`))
	if want := `the value ` + cut + ` is listed twice`; err == nil || !strings.Contains(err.Error(), want) || len(err.Error()) > 1000 {
		msg := fmt.Sprint(err)
		t.Errorf("counts: got %d bytes, %.200q; want %q", len(msg), msg, want)
	}
}
