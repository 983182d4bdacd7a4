package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRenderLockfileLogHoldsSharedStacks (68th adversarial pass, issue
// 35): a lockfile log's steps were held to each other on every facet but
// their stacks (roots renamed by their version file a snapshot's specs
// under other names in the step it starts), so any step could have its
// stacks forged within its unlisted specs, not only the first as for
// pages. A log over all-pythons 536609d → 9f5fc23 → 536609d loses the
// git root in steps[1]; with that root's counts raised by the 38
// unchanged specs, render --fail-on lost-stack exited 0, the honest log
// 1. A root both neighbouring steps name for their shared snapshot was
// not renamed: it counts its specs alike in both.
func TestRenderLockfileLogHoldsSharedStacks(t *testing.T) {
	dir := sharedLockfiles(t)
	a := filepath.Join(dir, "spack__all-pythons/536609d/spack.lock")
	b := filepath.Join(dir, "spack__all-pythons/9f5fc23/spack.lock")
	var saved, stderr bytes.Buffer
	if code := run([]string{"log", "-f", "json", a, b, a}, &saved, &stderr); code != 1 {
		t.Fatalf("log: exit %d: %s", code, stderr.String())
	}
	render := func(doc []byte) (int, string) {
		p := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(p, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		code := run([]string{"render", "-q", "--fail-on", "lost-stack", p}, io.Discard, &errb)
		return code, errb.String()
	}
	if code, msg := render(saved.Bytes()); code != 1 {
		t.Fatalf("render of the honest log: exit %d, %q; want 1", code, msg)
	}
	var doc map[string]any
	if err := json.Unmarshal(saved.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	// facets' counts are objects in order: decoded as maps they would
	// be written sorted, which render refuses (the stack rows' order).
	var ordered struct {
		Steps []struct {
			Facets map[string]struct {
				Counts diff.ValueCounts `json:"counts"`
			} `json:"facets"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(saved.Bytes(), &ordered); err != nil {
		t.Fatal(err)
	}
	for i, s := range doc["steps"].([]any) {
		for name, f := range s.(map[string]any)["facets"].(map[string]any) {
			if m, ok := f.(map[string]any); ok && m["counts"] != nil {
				m["counts"] = ordered.Steps[i].Facets[name].Counts
			}
		}
	}
	step := doc["steps"].([]any)[1].(map[string]any)
	stack := step["facets"].(map[string]any)["stack"].(map[string]any)
	if rm := stack["removed"].([]any); len(rm) != 1 || rm[0] != "git@2.48.1" {
		t.Fatalf("steps[1] loses %v, want [git@2.48.1]", rm)
	}
	stack["removed"] = []any{}
	counts := stack["counts"].(diff.ValueCounts)
	for k := range counts {
		if counts[k].Value == "git@2.48.1" {
			counts[k].OldToNew = diff.OldToNew{Old: 81, New: 38}
		}
	}
	for _, row := range step["stacks"].([]any) {
		row := row.(map[string]any)
		if row["name"] == "git@2.48.1" {
			row["specs"] = map[string]any{"old": 81, "new": 38}
			row["packages"] = map[string]any{"old": 47, "new": 27}
		}
	}
	forged, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if code, msg := render(forged); code != 2 {
		t.Errorf("render of steps[1] with git@2.48.1 kept: exit %d, %q; want 2", code, msg)
	}
}
