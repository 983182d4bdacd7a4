package main

import (
	"slices"
	"strings"
	"testing"
)

// TestGlobList: --package splits at commas outside character classes and
// escapes, and repeats append.
func TestGlobList(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want []string
	}{
		{[]string{"py-*,llvm"}, []string{"py-*", "llvm"}},
		{[]string{"py-[k,x]eras"}, []string{"py-[k,x]eras"}},
		{[]string{"a[,],b", "c"}, []string{"a[,]", "b", "c"}},
		{[]string{`a\,b,c`}, []string{`a\,b`, "c"}},
		{[]string{"zlib"}, []string{"zlib"}},
	} {
		var g globList
		for _, s := range tc.in {
			if err := g.Set(s); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(g, tc.want) {
			t.Errorf("%q: %q, want %q", tc.in, g, tc.want)
		}
	}
}

// TestGlobListEmpty: an empty --package pattern in a value (a comma at
// an end, or two in a row) is refused as such: --package 'py-*,'
// said that --package "" matched no package, "no name is close", and
// sent the user to a log's timeline for the names.
func TestGlobListEmpty(t *testing.T) {
	for in, want := range map[string]string{
		"py-*,": "an empty pattern (a comma at an end, or two in a row) matches no package name: remove the comma",
		",llvm": "an empty pattern (a comma at an end, or two in a row) matches no package name: remove the comma",
		"a,,b":  "an empty pattern (a comma at an end, or two in a row) matches no package name: remove the comma",
	} {
		var g globList
		if err := g.Set(in); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", in, err, want)
		}
	}
	var g globList
	if err := g.Set(`a\,`); err != nil { // an escaped comma ends no pattern
		t.Errorf(`a\,: %v`, err)
	}
}

// TestByteSize: numbers of bytes with and without a unit; anything else,
// negative numbers and overflows are refused.
func TestByteSize(t *testing.T) {
	for in, want := range map[string]int{
		"20000": 20000, "20k": 20000, "20K": 20000, "20kB": 20000, "64KiB": 65536, "64kib": 65536,
		"1M": 1000000, "1MiB": 1 << 20, "100b": 100, "0": 0,
	} {
		var b byteSize
		if err := b.Set(in); err != nil || int(b) != want {
			t.Errorf("%q: %d, %v; want %d", in, b, err, want)
		}
	}
	for _, in := range []string{"", "k", "20x", "-5", "1.5k", "99999999999k", "0x10", "20 kk"} {
		var b byteSize
		if err := b.Set(in); err == nil {
			t.Errorf("%q: accepted as %d", in, b)
		}
	}
}

// TestIntFlagWords: a whole-number flag given something else says what it
// wants, not strconv's words (strconv.ParseInt: parsing "abc": ...).
func TestIntFlagWords(t *testing.T) {
	for arg, want := range map[string]string{
		"abc":                  `cachediff: --max-entries "abc": want a whole number`,
		"99999999999999999999": `cachediff: --max-entries "99999999999999999999": a number too large`,
	} {
		var stdout, stderr strings.Builder
		code := run([]string{"log", "--format", "atom", "--max-entries", arg, "a", "b"}, &stdout, &stderr)
		if code != 2 || !strings.HasPrefix(stderr.String(), want+"\n") || strings.Contains(stderr.String(), "strconv") {
			t.Errorf("--max-entries %s: exit %d, stderr %q; want 2 and %q", arg, code, stderr.String(), want)
		}
	}
}

// TestDurationFlagWords (adversarial pass 78): a duration flag given a
// number without a unit said "time: missing unit in duration", Go's
// words; it says what a duration is.
func TestDurationFlagWords(t *testing.T) {
	for _, arg := range []string{"1", "1e3s", "ten minutes"} {
		var stdout, stderr strings.Builder
		code := run([]string{"--download-timeout", arg, "a", "b"}, &stdout, &stderr)
		want := `cachediff: --download-timeout "` + arg + `": want a duration with its unit, such as 90s, 10m or 1h`
		if code != 2 || !strings.HasPrefix(stderr.String(), want+"\n") || strings.Contains(stderr.String(), "time: ") {
			t.Errorf("--download-timeout %s: exit %d, stderr %q; want 2 and %q", arg, code, stderr.String(), want)
		}
	}
}

// TestMaxEntriesDecimal (adversarial pass 124a): pflag's int reads a
// number in Go's bases, so --max-entries 010 kept 8 steps (octal) and
// 0x10 kept 16, where --width 0100 is 100 columns: a count is decimal.
func TestMaxEntriesDecimal(t *testing.T) {
	for in, want := range map[string]int{"010": 10, "8": 8} {
		var o options
		if err := logCommand.flagSet(&o).Parse([]string{"--max-entries", in}); err != nil || o.feedMax != want {
			t.Errorf("--max-entries %s: %d, %v; want %d", in, o.feedMax, err, want)
		}
	}
	for _, arg := range []string{"0x10", "0b11", "0o7", "1_0"} {
		var stdout, stderr strings.Builder
		code := run([]string{"log", "--format", "atom", "--max-entries", arg, "a", "b"}, &stdout, &stderr)
		want := `cachediff: --max-entries "` + arg + `": want a whole number`
		if code != 2 || !strings.HasPrefix(stderr.String(), want+"\n") {
			t.Errorf("--max-entries %s: exit %d, stderr %q; want 2 and %q", arg, code, stderr.String(), want)
		}
	}
}

// TestEmptyTemplate (adversarial pass 124a): --template "" (a script's
// unset $TMPL) was taken for no --template, and wrote the Markdown
// report where a template's output was asked for, exit 0 or 1; -o ""
// is refused, and so is it.
func TestEmptyTemplate(t *testing.T) {
	for _, args := range [][]string{
		{"--template", "", "a", "b"},
		{"--template=", "a", "b"},
		{"-C", ".", "-t", "", "a", "b"},
		{"render", "--template", "", "a"},
	} {
		var stdout, stderr strings.Builder
		code := run(args, &stdout, &stderr)
		want := "cachediff: --template: want a template FILE (- reads it from standard input)\n"
		if code != 2 || !strings.HasPrefix(stderr.String(), want) || stdout.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
		}
	}
}

// TestFeedFlagsNamed: --feed-id and --max-entries given together with
// another format than atom named --max-entries alone, which left
// --feed-id to be refused on a second run. Both are named.
func TestFeedFlagsNamed(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--feed-id", "urn:x", "--max-entries", "3", "a", "b"}, "cachediff: --feed-id and --max-entries apply to the Atom feed (--format atom) only, not --format md\n"},
		{[]string{"log", "-f", "json", "--max-entries", "3", "a", "b"}, "cachediff: --max-entries applies to the Atom feed (--format atom) only, not --format json\n"},
		{[]string{"render", "--feed-id", "urn:x", "r.json"}, "cachediff: --feed-id applies to the Atom feed (--format atom) only, not --format md\n"},
	} {
		var stdout, stderr strings.Builder
		code := run(c.args, &stdout, &stderr)
		if code != 2 || !strings.HasPrefix(stderr.String(), c.want) || stdout.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestFeedFlagsTemplate (class e): --feed-id or --max-entries with a
// --template and no --format said "only, not --format md", a --format
// that was not given (the default, which a template replaces). It names
// the --template, as --max-bytes does.
func TestFeedFlagsTemplate(t *testing.T) {
	for _, args := range [][]string{
		{"--feed-id", "urn:x", "--template", "t.tmpl", "a", "b"},
		{"render", "--max-entries", "3", "-t", "t.tmpl", "r.json"},
	} {
		var stdout, stderr strings.Builder
		code := run(args, &stdout, &stderr)
		if want := "to the Atom feed (--format atom) only, not a --template\n"; code != 2 || !strings.Contains(stderr.String(), want) || strings.Contains(stderr.String(), "--format md") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
		}
	}
}

// TestSwitchValue (class e): --quiet=yes said `--quiet "yes": want a
// whole number`, of a switch: pflag's strconv.ParseBool error was taken
// for a number's. It says what a switch takes.
func TestSwitchValue(t *testing.T) {
	for _, args := range [][]string{
		{"--quiet=yes", "a", "b"},
		{"log", "--github-comment=on", "a", "b"},
		{"render", "-q=no", "r.json"},
	} {
		var stdout, stderr strings.Builder
		code := run(args, &stdout, &stderr)
		if want := `": want true or false (or the flag alone, which is true)` + "\n"; code != 2 || !strings.Contains(stderr.String(), want) || strings.Contains(stderr.String(), "whole number") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
		}
	}
}

// TestSwitchEmpty (class e): -q= a b (and -q= true a b) said "unknown
// shorthand flag: '=' in -=", a flag never typed: pflag takes -q alone
// and reads the = as a shorthand of its own. The switch is named, and
// what it takes, as --quiet= says "want true or false".
func TestSwitchEmpty(t *testing.T) {
	for _, args := range [][]string{
		{"-q=", "a", "b"},
		{"-q=", "true", "a", "b"},
		{"log", "-q=", "a", "b"},
		{"render", "-q=", "r.json"},
	} {
		var stdout, stderr strings.Builder
		code := run(args, &stdout, &stderr)
		if want := "cachediff: -q=: the switch -q takes no empty value: write -q alone, or -q=true or -q=false\n"; code != 2 || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
		}
	}
}

// TestSwitchesEmpty (class e): -qh= a b said "unknown shorthand flag:
// '=' in -=", naming a word never typed, where -q= names itself: the
// word is named, with its last switch, and each spelling suggested
// keeps the switches before it: -qh=true sets both, as pasted.
func TestSwitchesEmpty(t *testing.T) {
	pagesHere(t, "a", "b")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-qh=", "a", "b"}, "cachediff: -qh=: the switch -h takes no empty value: write -qh alone, or -qh=true or -qh=false\n"},
		{[]string{"log", "-hq=", "a", "b"}, "cachediff: -hq=: the switch -q takes no empty value: write -hq alone, or -hq=true or -hq=false\n"},
	} {
		var stdout, stderr strings.Builder
		if code := run(c.args, &stdout, &stderr); code != 2 || !strings.HasPrefix(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
	// -qh=false, as the message says to write it: quiet, and no help.
	var stdout, stderr strings.Builder
	if code := run([]string{"-qh=false", "a", "b"}, &stdout, &stderr); code != exitSame || stdout.Len() != 0 || stderr.Len() != 0 {
		t.Errorf("-qh=false a b: exit %d, stdout %.40q, stderr %q; want 0 and nothing written", code, stdout.String(), stderr.String())
	}
}
