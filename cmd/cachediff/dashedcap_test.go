package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDashedWordWithinLine: a word pflag refused that is (or is near) a
// path in the folder of -C, 6 KB long (or 4.8 KB as \xHH), was named whole by pflag's
// message and up to three times more by the hint of ./ or -- after it
// (the path-here hints, hintWord; the near-folder hint in ASCII): a line
// of 12-24 KB, which the line's cap cut inside a word, what to write
// lost. Each word is cut and says so, the hint whole on its line.
func TestDashedWordWithinLine(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"-cache", "--cache"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A path that is here, of U+200B, 12 bytes each as \xHH: 1.2 KB on
	// disk, 4.8 KB each time the hint writes it.
	here := "-x"
	for range 5 {
		here += "/" + strings.Repeat("\u200b", 80)
	}
	if err := os.MkdirAll(filepath.Join(dir, here), 0o755); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("a", 6000)
	lookalike := strings.Repeat("\u0430", 3000) // Cyrillic а: \xd0\xb0 in ASCII
	for _, c := range []struct {
		name, word, hint string
	}{
		{"-cache/ folder here", "-cache/" + long, " begins with the folder -cache here: write it ./-cache/"},
		{"--cache/ folder here", "--cache/" + long, " begins with the folder --cache here: write it ./--cache/"},
		{"-x/… here", here, " is a path here: write it $'./-x/\\xe2\\x80\\x8b"},
		{"-cachd/ near", "-cachd/" + long, " is: write it ./-cache/"},
		{"-cachd/ near, not ASCII", "-cachd/" + lookalike, " is: write it $'./-cache/\\xd0\\xb0"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", dir, "A", "B", c.word}, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || !strings.Contains(line, c.hint) ||
			strings.Count(line, "… (cut, ") < 2 ||
			!strings.HasSuffix(line, ", or put it after -- (cachediff -- OLD NEW)") {
			t.Errorf("%s: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, the hint %q and the way after -- whole, its words cut and saying so",
				c.name, code, len(line), maxErrorLine, line[max(0, len(line)-120):], exitTrouble, c.hint)
		}
	}
}
