package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestSamePageWarnsOnce (pass 85b): one page given as OLD and NEW, or one
// folder, says each warning of its own once: each was said twice (one
// file, line and message), loaded on both sides.
func TestSamePageWarnsOnce(t *testing.T) {
	for _, path := range []string{"../../testdata/hostile/new/evil/specs.md", "../../testdata/hostile/new"} {
		var out, serr bytes.Buffer
		if code := run([]string{"-f", "json", path, path}, &out, &serr); code == 2 {
			t.Fatalf("%s: %s", path, serr.String())
		}
		var doc struct {
			Warnings []struct {
				File    string `json:"file"`
				Line    int    `json:"line"`
				Message string `json:"message"`
			} `json:"warnings"`
		}
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Warnings) < 2 {
			t.Fatalf("%s: %d warnings, want the same-snapshot one and the page's", path, len(doc.Warnings))
		}
		for i := 1; i < len(doc.Warnings); i++ {
			if doc.Warnings[i] == doc.Warnings[i-1] {
				t.Errorf("%s: warning said twice: %+v", path, doc.Warnings[i])
			}
		}
	}
}
