package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A hash whose facets changed between the snapshots counts unchanged,
// with a warning, but the snapshots differ (eighth adversarial pass,
// issue 35): without a gate the exit status says so (-q old new || echo
// changed printed nothing), and a log's gate names the step it refuses.
func TestHashConflictExit(t *testing.T) {
	old := "../../testdata/spack-formats/index.v7-layout2-unsigned.json"
	data, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"version":"0.8.13"`)) {
		t.Fatal("the fixture has no libelf 0.8.13")
	}
	dir := t.TempDir()
	lowered := filepath.Join(dir, "index.json")
	if err := os.WriteFile(lowered, bytes.Replace(data, []byte(`"version":"0.8.13"`), []byte(`"version":"0.8.10"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "first.json") // a copy: not the same snapshot as old
	if err := os.WriteFile(first, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-q", old, lowered}, &stdout, &stderr); code != exitDiffers {
		t.Errorf("-q: exit %d, want %d (stderr %q)", code, exitDiffers, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"log", "--fail-on", "downgrade", first, old, lowered}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "step 2: the snapshots disagree on what a hash is") {
		t.Errorf("log --fail-on downgrade: exit %d, stderr %q; want exit 2 naming step 2", code, stderr.String())
	}
}

// TestRenderLogHashConflictStep (a ninth adversarial pass, issue 35):
// render --fail-on of a saved log refused a hash conflict without naming
// its step, which log itself names.
func TestRenderLogHashConflictStep(t *testing.T) {
	old := "../../testdata/spack-formats/index.v7-layout2-unsigned.json"
	data, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	lowered := filepath.Join(dir, "index.json")
	if err := os.WriteFile(lowered, bytes.Replace(data, []byte(`"version":"0.8.13"`), []byte(`"version":"0.8.10"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "first.json")
	if err := os.WriteFile(first, data, 0o644); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "log.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "-f", "json", "-o", saved, first, old, lowered}, &stdout, &stderr); code != exitDiffers {
		t.Fatalf("log: exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"render", "--fail-on", "downgrade", saved}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "step 2: the snapshots disagree on what a hash is") {
		t.Errorf("render --fail-on downgrade: exit %d, stderr %q; want exit 2 naming step 2", code, stderr.String())
	}
}
