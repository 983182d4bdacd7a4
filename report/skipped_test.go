package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestDecodeOlderReport: a report saved before old.skipped, new.skipped
// and options.packages, .stacks and .ignore existed decodes with empty
// lists, so that it renders again as JSON without a null.
func TestDecodeOlderReport(t *testing.T) {
	var buf bytes.Buffer
	if err := JSON(&buf, reporttest.GenReport(2, 10)); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc["old"].(map[string]any), "skipped")
	delete(doc["new"].(map[string]any), "skipped")
	for _, k := range []string{"packages", "stacks", "ignore"} {
		delete(doc["options"].(map[string]any), k)
	}
	older, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	r, err := decodeReport(bytes.NewReader(older))
	if err != nil {
		t.Fatal(err)
	}
	if r.Old.Skipped == nil || r.New.Skipped == nil || r.Options.Packages == nil || r.Options.Stacks == nil || r.Options.Ignore == nil {
		t.Fatalf("lists %v, %v, %+v: want empty, not nil", r.Old.Skipped, r.New.Skipped, r.Options)
	}
	buf.Reset()
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), `"skipped": []`); n != 2 {
		t.Errorf("%d empty skipped lists in\n%s", n, buf.String())
	}
	if strings.Contains(buf.String(), "null") {
		t.Errorf("a null in\n%s", buf.String())
	}
}

// TestTextManySkipped: the terminal view lists every skipped page on one
// line of its own after the packages, under a line that counts them, as
// it lists every package: hundreds of them stay one line each.
func TestTextManySkipped(t *testing.T) {
	r := reporttest.GenReport(3, 10)
	reporttest.GenSkipped(r, 3, 300)
	r.New.Skipped[0].Reason = "bad\nline\x1b[2J"
	var buf bytes.Buffer
	if err := render(&buf, "text", r, Options{Width: 1 << 20}); err != nil { // no line wraps
		t.Fatal(err)
	}
	out := buf.String()
	_, list, ok := strings.Cut(out, "\n300 pages skipped (--skip-invalid), their specs not counted:\n")
	if !ok {
		t.Fatalf("no line counts the skipped pages:\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(list, "\n"), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "  ") { // the note on causes after the list
			lines = lines[:i]
			break
		}
	}
	if len(lines) != 300 {
		t.Fatalf("%d lines after the count, want 300:\n%s", len(lines), list)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "  old ") && !strings.HasPrefix(l, "  new ") || strings.ContainsRune(l, '\x1b') {
			t.Fatalf("line %d: %q", i, l)
		}
	}
}
