package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderNewsFromData: render leads every format with the highlights
// of the report's data, not a saved list edited to lie. A report whose
// gate tripped (exit 1), edited to say the gate passed, to remove a
// package it lacks (openssl) and to give a cause 999,999 specs, rendered
// "gate passed: no change of the kinds it fails on" above data that
// disagreed, with exit 1.
func TestRenderNewsFromData(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	saved := filepath.Join(dir, "r.json")
	var stderr bytes.Buffer
	if code := run([]string{"--fail-on", "any", "-f", "json", "-o", saved,
		"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, &bytes.Buffer{}, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	// The top level's values as written (facets' counts are objects in
	// an order a map would lose).
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var items []map[string]any
	if err := json.Unmarshal(doc["highlights"], &items); err != nil {
		t.Fatal(err)
	}
	var kept []any
	for _, h := range items {
		if k := h["kind"].(string); !strings.HasPrefix(k, "gate-") {
			kept = append(kept, h)
		}
	}
	// A package's item of a package the report has not (openssl) is
	// refused (diff's checkNewsItems); the other lies are read and left
	// out.
	forged := map[string]any{"kind": "removed-package", "versions": map[string]any{"old": []string{"3.0"}, "new": []string{}, "added": []string{}, "removed": []string{"3.0"}, "direction": "removed"}, "packages": []string{"openssl"}}
	kept = append(kept,
		map[string]any{"kind": "cause", "value": "llvm", "changes": []map[string]string{{"kind": "version", "from": "1", "to": "2"}}, "count": 999999, "unit": "spec", "packages": []string{"llvm"}},
		map[string]any{"kind": "gate-passed", "packages": []string{}})
	if doc["highlights"], err = json.Marshal(kept); err != nil {
		t.Fatal(err)
	}
	edited := filepath.Join(dir, "edited.json")
	b, _ := json.Marshal(doc)
	if err := os.WriteFile(edited, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"md", "text", "html", "atom"} {
		var out, errs bytes.Buffer
		code := run([]string{"render", "-f", f, edited}, &out, &errs)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1 (the gate tripped): %s", f, code, errs.String())
			continue
		}
		got := out.String()
		for _, lie := range []string{"openssl", "999999", "999,999", "gate passed"} {
			if strings.Contains(got, lie) {
				t.Errorf("%s: the edited highlights' %q reached the report", f, lie)
			}
		}
		if !strings.Contains(got, "gate tripped") {
			t.Errorf("%s: no \"gate tripped\" in the report of a gate that tripped", f)
		}
	}
	if doc["highlights"], err = json.Marshal(append(kept, forged)); err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(doc)
	if err := os.WriteFile(edited, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var errs bytes.Buffer
	if code := run([]string{"render", edited}, &bytes.Buffer{}, &errs); code != 2 || !strings.Contains(errs.String(), `removed-package item for package "openssl", but the report lists no such news of it`) {
		t.Errorf("a removed-package item of openssl, which the report has not: exit %d, %s; want 2, refused", code, errs.String())
	}
}
