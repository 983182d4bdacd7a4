package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderRefusesCountsBeyondUnchanged (the 76th adversarial pass,
// issue 35): a facet value's count on a side is its listed specs there
// and at most every unchanged spec. A stack has no sum law (a spec is in
// several), so a stack's counts raised alike on both sides kept every
// delta and rendered, in a report with no unchanged spec: a stack that
// shrank by half counted up so far as not to, and its news gone.
func TestRenderRefusesCountsBeyondUnchanged(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "-o", saved, "../../testdata/real/develop-2025-03-23", "../../testdata/real/develop-2025-03-30"}, &stdout, &stderr); code != 1 {
		t.Fatalf("diff: exit %d, stderr %q", code, stderr.String())
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	// The stack's counts and its row, 4 → 4 specs, made 8 → 8: the
	// text edited in place, the document's order kept.
	forged := strings.Replace(string(data), `"tutorial": {
          "old": 4,
          "new": 4
        }`, `"tutorial": {
          "old": 8,
          "new": 8
        }`, 1)
	forged = strings.Replace(forged, `"name": "tutorial",
      "specs": {
        "old": 4,
        "new": 4`, `"name": "tutorial",
      "specs": {
        "old": 8,
        "new": 8`, 1)
	if strings.Count(forged, `"old": 8,
          "new": 8`)+strings.Count(forged, `"old": 8,
        "new": 8`) != 2 || !strings.Contains(string(data), `"unchanged": 0,`) {
		t.Fatal("the report no longer has the stack tutorial at 4 → 4 specs and no unchanged spec: the test needs another stack")
	}
	if err := os.WriteFile(saved, []byte(forged), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	code := run([]string{"render", "-f", "text", saved}, &stdout, &stderr)
	if code != exitTrouble || !strings.Contains(stderr.String(), "facets.stack.counts") || !strings.Contains(stderr.String(), "unchanged") {
		t.Errorf("render of a report whose stack tutorial counts 4 more specs on each side than it lists, with no unchanged spec: exit %d, stderr %q; want 2, naming facets.stack.counts and the unchanged specs", code, stderr.String())
	}
}
