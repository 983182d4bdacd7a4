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

// TestTextManySkipped: the terminal view lists every skipped page on one
// line of its own after the packages, under a line that counts them, as
// it lists every package: hundreds of them stay one line each.
func TestTextManySkipped(t *testing.T) {
	r := genReport(3, 10)
	genSkipped(r, 3, 300)
	r.New.Skipped[0].Reason = "bad\nline\x1b[2J"
	var buf bytes.Buffer
	if err := Text(&buf, r, Options{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	_, list, ok := strings.Cut(out, "\n300 pages skipped (--skip-invalid), their specs not counted:\n")
	if !ok {
		t.Fatalf("no line counts the skipped pages:\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(list, "\n"), "\n")
	if len(lines) != 300 {
		t.Fatalf("%d lines after the count, want 300:\n%s", len(lines), list)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "  old ") && !strings.HasPrefix(l, "  new ") || strings.ContainsRune(l, '\x1b') {
			t.Fatalf("line %d: %q", i, l)
		}
	}
}
