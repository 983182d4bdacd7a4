package main

import (
	"bytes"
	"github.com/cachediff/cachediff/report"
	"strings"
	"testing"
)

// TestManyFiltersSelectNothingCapped (issue 35, pass 82, class e): when
// the --package and --stack values together selected nothing, the error
// named every one of them, a line of thousands for a list of names
// given by a script. It names the first few and counts the rest.
func TestManyFiltersSelectNothingCapped(t *testing.T) {
	t.Chdir("../..")
	args := []string{"--stack", "hep"}
	// 256 patterns that each match py-keras alone: some of its letters
	// written as '?'.
	const name = "py-keras"
	for mask := range 1 << len(name) {
		p := []byte(name)
		for i := range p {
			if mask&(1<<i) != 0 && p[i] != '-' {
				p[i] = '?'
			}
		}
		if mask&(1<<2) == 0 { // the '-' kept: each pattern once
			args = append(args, "--package", string(p))
		}
	}
	n := (len(args) - 2) / 2
	args = append(args, "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30")
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	msg := stderr.String()
	if code != 2 || !strings.Contains(msg, "together select nothing") {
		t.Fatalf("%d --package values and --stack hep: exit %d, stderr %.300q; want exit 2 saying they select nothing", n, code, msg)
	}
	if len(msg) > 600 || !strings.Contains(msg, `--stack "hep"`) || !strings.Contains(msg, " more ") {
		t.Errorf("%d --package values and --stack hep: a message of %d bytes (%.300q…), want the first few values named, --stack too, and the rest counted", n, len(msg), msg)
	}
}

// TestFiltersSelectNothingNamed (class e): a log whose filters each
// match something but together select nothing said "the filters together
// select nothing in any snapshot of the series", naming neither the
// filters nor why, where a diff names them; and a value of a kilobyte was
// quoted whole. Both name the first few values, each in short.
func TestFiltersSelectNothingNamed(t *testing.T) {
	t.Chdir("../..")
	oldDir, newDir := "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"
	long := "py-keras" + strings.Repeat("*", 1000) // matches py-keras
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"log", "--package", "py-keras", "--stack", "hep", oldDir, newDir},
			"cachediff: --package \"py-keras\" and --stack \"hep\" together select nothing in any snapshot of the series: no spec of a selected package is in a selected stack\n"},
		{[]string{"--package", long, "--stack", "hep", oldDir, newDir},
			"cachediff: --package \"" + long[:maxQuotedValue-7] + report.CutMark(long) + "\" and --stack \"hep\" together select nothing in either snapshot: no spec of a selected package is in a selected stack\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || stderr.String() != c.want {
			t.Errorf("%.80q: exit %d, stderr %.400q; want 2, %.400q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestFiltersSelectNothingOnce (class e): a value given twice
// (--package bc,bc --package bc, a script's list with repeats) was named
// twice in the error of filters that together select nothing, and
// counted again among "2 more --package values". Each is named once.
func TestFiltersSelectNothingOnce(t *testing.T) {
	t.Chdir("../..")
	oldDir, newDir := "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"
	for _, args := range [][]string{
		{"--package", "py-keras,py-keras,py-keras", "--package", "py-keras", "--package", "py-keras,py-keras", "--stack", "hep", oldDir, newDir},
		{"log", "--package", "py-keras", "--package", "py-keras", "--stack", "hep", "--stack", "hep", oldDir, newDir},
	} {
		var stdout, stderr bytes.Buffer
		want := "cachediff: --package \"py-keras\" and --stack \"hep\" together select nothing in "
		if code := run(args, &stdout, &stderr); code != exitTrouble || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("%q: exit %d, stderr %.400q; want 2, %q…", args, code, stderr.String(), want)
		}
	}
}
