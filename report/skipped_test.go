package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestDecodeOlderReport: a report saved before old.skipped and new.skipped
// existed decodes with empty lists, so that it renders again as JSON
// without a null.
func TestDecodeOlderReport(t *testing.T) {
	doc := `{"schema": "cachediff/v1", "old": {"path": "a", "tag": "t", "packages": 0, "specs": 0},
		"new": {"path": "b", "tag": "t", "packages": 0, "specs": 0}}`
	r, err := Decode(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if r.Old.Skipped == nil || r.New.Skipped == nil {
		t.Fatalf("skipped lists %v, %v: want empty, not nil", r.Old.Skipped, r.New.Skipped)
	}
	var buf bytes.Buffer
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), `"skipped": []`); n != 2 {
		t.Errorf("%d empty skipped lists in\n%s", n, buf.String())
	}
}
