// Package shelltest reads, for tests, a hint's words as a user's shell
// reads them pasted: the check that a message's way to type works.
package shelltest

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// PastedWords is line, a hint's words to type, as bash reads it pasted,
// under LC_ALL=C and C.UTF-8 alike (a $'…' word past ASCII must read
// back where LANG is unset too); it skips the test where there is no
// bash, and fails it when the two locales read line apart.
func PastedWords(t testing.TB, line string) []string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	var words []string
	for _, locale := range []string{"C", "C.UTF-8"} {
		cmd := exec.Command(bash, "-c", "set -- "+line+`; for w in "$@"; do printf '%s\000' "$w"; done`)
		cmd.Env = append(cmd.Environ(), "LC_ALL="+locale)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("LC_ALL=%s bash -c 'set -- %s': %v", locale, line, err)
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		if words != nil && !slices.Equal(got, words) {
			t.Errorf("%s reads as %q under LC_ALL=C, as %q under C.UTF-8", line, words, got)
		}
		words = got
	}
	return words
}
