package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/atomicfile"
)

// TestHeldFallsBackToMemory: a template's output held past heldInMemory
// stays in memory where no temporary file can be made (TMPDIR gone), and
// where a write to the file fails later (a full disk) what the file
// holds is read back, so that the output is written whole either way.
func TestHeldFallsBackToMemory(t *testing.T) {
	big := strings.Repeat("x", heldInMemory)
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "gone"))
	var h held
	for _, s := range []string{big, "y"} {
		if n, err := h.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("no temporary file: wrote %d, %v", n, err)
		}
	}
	var out bytes.Buffer
	if err := h.writeTo(&out); err != nil || out.String() != big+"y" {
		t.Errorf("no temporary file: %v, wrote %d bytes, want %d", err, out.Len(), len(big)+1)
	}

	// A file that takes no more: opened to read alone, as a full disk
	// refuses the next write.
	ro := filepath.Join(t.TempDir(), "held")
	if err := os.WriteFile(ro, []byte("abc"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(ro)
	if err != nil {
		t.Fatal(err)
	}
	h = held{file: f, size: 3}
	if n, err := h.Write([]byte("de")); n != 2 || err != nil {
		t.Fatalf("a write that fails: wrote %d, %v", n, err)
	}
	if h.file != nil || string(h.mem) != "abcde" {
		t.Errorf("a write that fails: file %v, memory %q; want none, \"abcde\"", h.file, h.mem)
	}
	out.Reset()
	if err := h.writeTo(&out); err != nil || out.String() != "abcde" {
		t.Errorf("a write that fails: %v, wrote %q", err, out.String())
	}

	// A temporary file made that takes not even what memory held: it
	// stays in memory (the run failed on "holding the template's output").
	t.Cleanup(func() { heldTemp = atomicfile.CreateTemp })
	heldTemp = func(string, string) (*os.File, error) {
		name := filepath.Join(t.TempDir(), "full")
		if err := os.WriteFile(name, nil, 0o600); err != nil {
			return nil, err
		}
		return os.Open(name)
	}
	h = held{}
	for _, s := range []string{big, "y"} {
		if n, err := h.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("a file that takes nothing: wrote %d, %v", n, err)
		}
	}
	out.Reset()
	if err := h.writeTo(&out); err != nil || out.String() != big+"y" {
		t.Errorf("a file that takes nothing: %v, wrote %d bytes, want %d", err, out.Len(), len(big)+1)
	}
}
