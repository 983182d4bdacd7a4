package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/report"
)

// textPairs are the bundled pairs the text view is checked on (issue 34
// item 4): the real catalogue pairs, Spack's own files, the hostile pages.
var textPairs = [][]string{
	{"testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"},
	{"testdata/real/v0.23.0", "testdata/real/v0.23.1"},
	{"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"},
	{"testdata/real-series/develop-2025-02-16", "testdata/real-series/develop-2025-02-23"},
	{"testdata/real-series/develop-2025-02-23", "testdata/real-series/develop-2025-03-02"},
	{"testdata/real-series/develop-2025-03-02", "testdata/real-series/develop-2025-03-09"},
	{"testdata/real-series/develop-2025-03-09", "testdata/real-series/develop-2025-03-16"},
	{"testdata/spack-gen/old", "testdata/spack-gen/new"},
	{"testdata/spack-formats/spec.v4-libdwarf-core2.spec.json", "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json"},
	{"testdata/spack-formats/index.v7-layout2-unsigned.json", "testdata/spack-formats/index.v8-layout2-unsigned-mixed.json"},
	{"testdata/real/develop-2025-03-30", "testdata/spack-formats/index.v8-layout2-unsigned-mixed.json"},
	{"testdata/hostile/old", "testdata/hostile/new"},
}

// textCells is the width of a line on a terminal, as the text view
// measures it independently: runes, less paint's colour codes and
// combining marks (the bundled names hold no wide characters).
func textCells(line string) int {
	n := 0
	for i := 0; i < len(line); {
		if strings.HasPrefix(line[i:], "\x1b[") {
			i += strings.IndexByte(line[i:], 'm') + 1
			continue
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		if !unicode.In(r, unicode.Mn, unicode.Me) {
			n++
		}
		i += size
	}
	return n
}

func checkWidth(t *testing.T, what string, out []byte, width int) {
	t.Helper()
	for i, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if n := textCells(line); n > width {
			t.Errorf("%s --width %d: line %d is %d columns: %.120q", what, width, i+1, n, line)
			return
		}
	}
}

// TestTextWidth: no line of the text view is wider than --width, at 40,
// 80 and 200 columns, over every bundled pair, the hostile pages, the
// real lockfile pairs (when ../shared is there) and the log, coloured or
// not.
func TestTextWidth(t *testing.T) {
	t.Chdir("../..")
	pairs := textPairs
	if dir := shareddata.Dir("lockfiles"); dir != "" {
		for _, p := range lockfilePairs {
			pairs = append(pairs, []string{filepath.Join(dir, p.old), filepath.Join(dir, p.new)})
		}
	}
	for _, width := range []int{40, 80, 200} {
		w := strconv.Itoa(width)
		for i, p := range pairs {
			args := append([]string{"-f", "text", "--width", w}, p...)
			if i%2 == 1 {
				args = append(args, "--color=always")
			}
			checkWidth(t, strings.Join(p, " "), runText(t, args), width)
		}
		checkWidth(t, "log", runOK(t, logArgs("-f", "text", "--width", w), 1), width)
		checkWidth(t, "log --color", runOK(t, logArgs("-f", "text", "--color=always", "--width", w), 1), width)
	}
}

// TestTextDefaultWidth: without --width and without a terminal, the text
// view is fitted to 80 columns.
func TestTextDefaultWidth(t *testing.T) {
	t.Chdir("../..")
	out := runText(t, []string{"-f", "text", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"})
	checkWidth(t, "default", out, report.DefaultWidth)
	if wide := runText(t, []string{"-f", "text", "--width", "200", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}); bytes.Equal(wide, out) {
		t.Error("--width 200 writes the same lines as the default 80 columns")
	}
}

// runText runs cachediff, expecting exit 0 or 1 and nothing on standard
// error, and returns its output.
func runText(t *testing.T, args []string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code > 1 || stderr.Len() > 0 {
		t.Fatalf("cachediff %v: exit %d, stderr:\n%s", args, code, stderr.String())
	}
	return stdout.Bytes()
}

// squeeze drops the white space of s: a highlight wrapped over lines is
// still found in the text.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// checkHighlightsInText: every highlight of a report's JSON is in its
// text view, in NewsText's words (with or without the names of its
// packages, which are fitted to the width).
func checkHighlightsInText(t *testing.T, what string, hs []diff.Highlight, text []byte) {
	t.Helper()
	flat := squeeze(string(text))
	for _, h := range hs {
		if want := squeeze(report.VisibleInput(report.NewsText(h, 0))); !strings.Contains(flat, want) {
			t.Errorf("%s: the text view lacks the highlight %q", what, report.NewsText(h, 0))
		}
	}
}

// TestHighlightsInText: every highlight of the JSON appears in the text
// view, for every bundled pair, a generated pair, and the log of the
// five weeks, at 40 and 80 columns.
func TestHighlightsInText(t *testing.T) {
	t.Chdir("../..")
	pairs := textPairs
	dir := t.TempDir()
	cfg := gen.Default(11, 300)
	cfg.Rates = gen.Heavy
	if _, err := gen.Write(dir, gen.Generate(cfg)); err != nil {
		t.Fatal(err)
	}
	pairs = append(pairs, []string{filepath.Join(dir, "old"), filepath.Join(dir, "new")})
	for _, p := range pairs {
		var doc struct{ Highlights []diff.Highlight }
		if err := json.Unmarshal(runText(t, append([]string{"-f", "json"}, p...)), &doc); err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{"40", "80"} {
			checkHighlightsInText(t, strings.Join(p, " ")+" at "+w, doc.Highlights, runText(t, append([]string{"-f", "text", "--width", w}, p...)))
		}
	}
	var log struct{ Highlights []diff.Highlight }
	if err := json.Unmarshal(runOK(t, logArgs("-f", "json"), 1), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Highlights) == 0 {
		t.Fatal("the log of the five weeks has no highlight")
	}
	checkHighlightsInText(t, "log", log.Highlights, runOK(t, logArgs("-f", "text"), 1))
}

// TestTextNewsFirst: the week of 2025-03-16 shows cppcheck's new version
// and the new actsvg in the first 10 lines of its text view (issue 34,
// done when).
func TestTextNewsFirst(t *testing.T) {
	t.Chdir("../..")
	out := runText(t, []string{"-f", "text", "testdata/real-series/develop-2025-03-09", "testdata/real-series/develop-2025-03-16"})
	lines := strings.SplitN(string(out), "\n", 11)
	first := strings.Join(lines[:min(10, len(lines))], "\n")
	for _, want := range []string{"cppcheck 2.9 → 2.17.1", "actsvg 0.4.51"} {
		if !strings.Contains(first, want) {
			t.Errorf("the first 10 lines lack %q:\n%s", want, first)
		}
	}
}

// TestTextWidthOf: the width the text view is fitted to is --width when
// given, else a terminal's less one column (the pseudo-terminal has 60),
// else 80: a pipe, or a file of --output even when standard output is a
// terminal.
func TestTextWidthOf(t *testing.T) {
	var pipe bytes.Buffer
	if got := textWidth(&options{}, &pipe); got != report.DefaultWidth {
		t.Errorf("a pipe: %d columns, want %d", got, report.DefaultWidth)
	}
	if got := textWidth(&options{width: 100}, &pipe); got != 100 {
		t.Errorf("--width 100: %d columns", got)
	}
	tty := openPTY(t)
	if tty == nil {
		t.Skip("no pseudo-terminal")
	}
	if got := textWidth(&options{}, tty); got != 59 {
		t.Errorf("a terminal of 60 columns: %d columns, want 59", got)
	}
	if got := textWidth(&options{width: 120}, tty); got != 120 {
		t.Errorf("--width 120 on a terminal: %d columns, want 120", got)
	}
	if got := textWidth(&options{output: "report.txt"}, tty); got != report.DefaultWidth {
		t.Errorf("--output on a terminal: %d columns, want %d", got, report.DefaultWidth)
	}
}
