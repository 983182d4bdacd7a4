package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVersionFeatures: cachediff version lists the features added within
// cachediff/v1 that a report may list in "features" (docs/json.md), so a
// consumer can tell whether a cachediff writes sets on their bases.
func TestVersionFeatures(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"version"}, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
		t.Fatalf("version: exit %d, stderr %q", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if got, want := lines[len(lines)-1], "features: based-sets, set-overrides"; got != want {
		t.Errorf("version's last line %q, want %q:\n%s", got, want, stdout.String())
	}
	if !strings.Contains(stdout.String(), "\nwrites: cachediff/v1, cachediff/log/v1\n") {
		t.Errorf("version lost its schemas:\n%s", stdout.String())
	}
}
