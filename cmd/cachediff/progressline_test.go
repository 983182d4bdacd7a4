package main

import (
	"strings"
	"testing"
)

// TestProgressLineNoCommand (class a, c): the progress line names the
// file read as snapshot.ShownPath names a path, which leaves "##[" as it
// is (plain ASCII), and the line is not report.Visible's: a mirror URL
// holding ##[error] wrote it on standard error, where a runner reads it
// as a command. 79bb1e21's Visible there, undone alone, failed no test.
func TestProgressLineNoCommand(t *testing.T) {
	var b strings.Builder
	progressLine(&b)("https://m.example/##[error]x/build_cache/index.json", 10, 100)
	if got := b.String(); strings.Contains(got, "##[") || !strings.Contains(got, `##\x5berror]x`) {
		t.Errorf("the progress line: %q; want ##[ written ##\\x5b", got)
	}
}
