package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestLogShapeNamesItsWriter (issue 35 class e): a log refused for a
// key in another case, or a field missing, names the document that
// writes the object: a step is a cachediff/v1 report, the rest is the
// log's. "steps[0]: no "schema" field: every cachediff/log/v1 document
// has one" named the log for a step's field, and the log's own
// "Snapshots" said "cachediff/v1 writes "snapshots"" (the refusal a
// "Steps" beside "steps" is sent to, 0ee36314).
func TestLogShapeNamesItsWriter(t *testing.T) {
	_, log := chainUpdJSON(t, 60)
	for _, tc := range []struct{ from, to, want string }{
		{`"schema": "cachediff/v1",`, ``, `steps[0]: no "schema" field: every cachediff/v1 report has one`},
		{`"tag": "",`, ``, `steps[0].old: no "tag" field: every cachediff/v1 report has one`},
		{`"steps": [`, `"steps": [{"Schema": 1, `, `steps[0]: key "Schema": cachediff/v1 writes "schema"`},
		{`"snapshots":`, `"Snapshots":`, `key "Snapshots": cachediff/log/v1 writes "snapshots"`},
		{`"steps":`, `"Steps": [], "steps":`, `key "Steps": cachediff/log/v1 writes "steps"`},
		{`"timeline": {`, `"timeline": {"Packages": 1, `, `timeline: key "Packages": cachediff/log/v1 writes "packages"`},
		{`"snapshots":`, `"snapshotz":`, `no "snapshots" field: every cachediff/log/v1 document has one`},
	} {
		if !bytes.Contains(log, []byte(tc.from)) {
			t.Fatalf("no %s in the log", tc.from)
		}
		_, err := DecodeLog(bytes.Replace(log, []byte(tc.from), []byte(tc.to), 1))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s as %s: %v; want an error with %q", tc.from, tc.to, err, tc.want)
		}
	}
}
