package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestSameSnapshotTwice (a seventh adversarial pass, issue 35): one
// snapshot given as both OLD and NEW (a typo: $OLD $OLD, or HEAD^1 for
// both in a workflow) is "no changes" by construction, and a gate on it
// passed, exit 0, without a word. With --fail-on it is an error naming
// the snapshot; without, the report it has always been ("No changes").
func TestSameSnapshotTwice(t *testing.T) {
	good, err := filepath.Abs("../../testdata/real/develop-2025-03-23")
	if err != nil {
		t.Fatal(err)
	}
	rel := "../../testdata/real/develop-2025-03-23"
	for _, pair := range [][2]string{{good, good}, {good, rel + "/"}, {rel, "./" + rel}} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--fail-on", "any", pair[0], pair[1]}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("--fail-on any %q %q: exit %d, stderr %q; want exit 2 naming the same snapshot", pair[0], pair[1], code, stderr.String())
		}
		stdout.Reset()
		stderr.Reset()
		code = run([]string{pair[0], pair[1]}, &stdout, &stderr)
		if code != 0 || stderr.Len() > 0 {
			t.Errorf("%q %q: exit %d, stderr %q; want exit 0", pair[0], pair[1], code, stderr.String())
		}
	}
	// Two snapshots alike are no mistake.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--fail-on", "any", "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"}, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Errorf("v0.23.0 v0.23.1: exit %d, stderr %q", code, stderr.String())
	}
}

// TestLogSameSnapshotTwice: a log whose step compares one snapshot with
// itself (an argument repeated, however spelt) has a step of no change by
// construction; under --fail-on it is an error naming the step, as a
// diff's is (TestSameSnapshotTwice).
func TestLogSameSnapshotTwice(t *testing.T) {
	const a, b = "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"
	for _, args := range [][]string{{a, a}, {a, b, "./" + b + "/"}} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"log", "--fail-on", "any"}, args...), &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "the same snapshot") {
			t.Errorf("log --fail-on any %q: exit %d, stderr %q; want exit 2 naming the same snapshot", args, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "--fail-on", "any", a, b, a}, &stdout, &stderr); code == exitTrouble {
		t.Errorf("log A B A: exit %d, stderr %q: a snapshot may come back", code, stderr.String())
	}
}
