package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/input"
)

// TestArgErrorsAlikeOnce (class e): --view NAME with two folders that
// are no mirror's root said the same sentence twice, one line for each,
// word for word but the argument. The error of two arguments that
// differ in the argument alone is one line, of the first, naming the
// second after it; errors that differ otherwise stay two.
func TestArgErrorsAlikeOnce(t *testing.T) {
	old, new_ := "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"
	var stdout, stderr bytes.Buffer
	code := run([]string{"--view", "x", old, new_}, &stdout, &stderr)
	got := stderr.String()
	if code != exitTrouble || strings.Count(got, "\n") != 1 || strings.Count(got, "reads a view of a Spack mirror") != 1 {
		t.Fatalf("exit %d, stderr %q; want 2 and one line", code, got)
	}
	if want := "cachediff: " + old + ": --view \"x\" reads a view of a Spack mirror"; !strings.HasPrefix(got, want) {
		t.Errorf("stderr %q; want it to start %q", got, want)
	}
	if !strings.HasSuffix(got, " ("+new_+" too)\n") {
		t.Errorf("stderr %q; want it to end naming %s", got, new_)
	}
	// Two different errors stay two.
	stderr.Reset()
	code = run([]string{"--view", "x", old, t.TempDir() + "/nosuch"}, &stdout, &stderr)
	if got := stderr.String(); code != exitTrouble || strings.Count(got, "\n") != 2 || strings.Contains(got, " too)") {
		t.Errorf("exit %d, stderr %q; want 2 and two errors", code, got)
	}
}

// TestSplitErrorsOfAnyCount: splitErrors takes an errorList of any
// length: one of one error indexed a second, and the run panicked
// (TestRenderLockfilePairRandom) instead of printing it.
func TestSplitErrorsOfAnyCount(t *testing.T) {
	one := &input.ArgError{Arg: "a", Msg: "m"}
	for n := range 4 {
		var l errorList
		for range n {
			l = append(l, one)
		}
		got := splitErrors(l)
		want := n
		if n == 2 {
			want = 1 // the same error twice: said once, of both
		}
		if len(got) != want {
			t.Errorf("%d errors: split into %d, want %d", n, len(got), want)
		}
	}
}
