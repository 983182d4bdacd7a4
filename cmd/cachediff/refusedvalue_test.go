package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRefusedValueWithinLine (class a/e): a value a flag or a command
// refuses was quoted whole, by pflag's %q (a lookalike kept: --max-bytes
// 1а, its а Cyrillic, read "1а") or in ASCII: 2,000 U+200B, 12 KB as
// \u200b, ran the first line past its cap, which cut it inside the
// value, with no word of what the flag wants. Each is quoted in ASCII
// and cut about its mark (quotedValue), what it wants whole.
func TestRefusedValueWithinLine(t *testing.T) {
	long := strings.Repeat("\u200b", 2000)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-bytes=" + long, "A", "B"}, "or 64KiB (×1024)"},
		{[]string{"--download-timeout=" + long, "A", "B"}, "such as 90s, 10m or 1h"},
		{[]string{"--quiet=" + long, "A", "B"}, "(or the flag alone, which is true)"},
		{[]string{"--format=" + long, "A", "B"}, "html or atom"},
		{[]string{"--color=" + long, "A", "B"}, "always or never"},
		{[]string{"--rows=" + long, "A", "B"}, "the kinds of rows are: rebuilt"},
		{[]string{"help", long}, "version or completion"},
		{[]string{"completion", long}, "zsh or fish"},
		{[]string{"--max-bytes=1\u0430", "A", "B"}, `--max-bytes "1\u0430": want`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || !strings.HasSuffix(line, c.want) && !strings.Contains(line, c.want) || strings.Contains(line, "\u0430") {
			t.Errorf("%.24q: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, %q whole, the value in ASCII",
				c.args, code, len(line), maxErrorLine, line[max(0, len(line)-100):], exitTrouble, c.want)
		}
	}
}

// TestLibraryRefusedValueWithinLine (class a/e): a value the diff
// library refuses (--fail-on's kind, --ignore's facet, --package's
// pattern) and --link-base's were quoted whole: 2,000 U+200B, 12 KB as
// \u200b, ran the first line past its cap, which cut it inside the
// value before the list of what the flag wants; %q kept a lookalike (a
// pattern "[а", its а Cyrillic). Each is quoted in ASCII and cut about
// its mark, what it wants whole.
func TestLibraryRefusedValueWithinLine(t *testing.T) {
	long := strings.Repeat("\u200b", 2000)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fail-on=" + long, "A", "B"}, "lost-platform, lost-target"},
		{[]string{"--ignore=" + long, "A", "B"}, "target, os, platform"},
		{[]string{"--package=[" + long, "A", "B"}, ": syntax error in pattern"},
		{[]string{"--link-base=" + long, "A", "B"}, "such as https://cache.spack.io/package/?name="},
		{[]string{"log", "--fail-on=" + long, "A", "B"}, "lost-platform, lost-target"},
		{[]string{"--package=[\u0430", "A", "B"}, `pattern "[\u0430": syntax`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || !strings.Contains(line, c.want) || strings.Contains(line, "\u0430") {
			t.Errorf("%.24q: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, %q whole, the value in ASCII",
				c.args, code, len(line), maxErrorLine, line[max(0, len(line)-100):], exitTrouble, c.want)
		}
	}
}
