package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHintWordInASCII (class a): a hint's word to write, of a word typed
// that is a path here, was written as report.VisibleInput writes it, a
// lookalike as it is: a folder -snаp (its а Cyrillic) was hinted
// "'-snаp' is a path here: write it './-snаp'", read as -snap. It is
// written in ASCII (hintWord), which pasted is the folder again.
func TestHintWordInASCII(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "-sn\u0430p"), 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", dir, "a", "-sn\u0430p"}, &stdout, &stderr); code != exitTrouble {
		t.Errorf("exit %d, want %d", code, exitTrouble)
	}
	line, _, _ := strings.Cut(stderr.String(), "\n")
	if want := `write it $'./-sn\xd0\xb0p'`; !strings.Contains(line, want) || strings.ContainsFunc(line, func(r rune) bool { return r > '~' }) {
		t.Errorf("a folder -snаp (Cyrillic а): %s; want it in ASCII, %s", line, want)
	}
}
