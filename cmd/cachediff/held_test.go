package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report/sandbox"
)

// TestHeldFallsBackToMemory: a template's output held past heldInMemory
// stays in memory where no temporary file can be made (TMPDIR gone), and
// where a write to the file fails later (a full disk) what the file
// holds is read back, so that the output is written whole either way.
func TestHeldFallsBackToMemory(t *testing.T) {
	big := strings.Repeat("x", heldInMemory)
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "gone"))
	h := newHeld()
	for _, s := range []string{big, "y"} {
		if n, err := h.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("no temporary file: wrote %d, %v", n, err)
		}
	}
	var out bytes.Buffer
	if err := h.writeTo(&out); err != nil || out.String() != big+"y" {
		t.Errorf("no temporary file: %v, wrote %d bytes, want %d", err, out.Len(), len(big)+1)
	}

	// A file that takes what memory held, then no more, as a full disk
	// refuses the next write.
	saved := spill.CreateFile
	t.Cleanup(func() { spill.CreateFile = saved })
	var patterns []string
	spill.CreateFile = func(pattern string) (spill.File, string, error) {
		patterns = append(patterns, pattern)
		f, err := os.CreateTemp(t.TempDir(), pattern)
		if err != nil {
			return nil, "", err
		}
		return &fullAfterFirst{File: f}, f.Name(), nil
	}
	h = newHeld()
	for _, s := range []string{big, "y", "z"} {
		if n, err := h.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("a write that fails: wrote %d, %v", n, err)
		}
	}
	if h.File() != nil || h.InMemory() < int64(len(big)+2) {
		t.Errorf("a write that fails: file %v, %d bytes in memory; want none, %d", h.File(), h.InMemory(), len(big)+2)
	}
	out.Reset()
	if err := h.writeTo(&out); err != nil || out.String() != big+"yz" {
		t.Errorf("a write that fails: %v, wrote %d bytes, want %d", err, out.Len(), len(big)+2)
	}
	if len(patterns) != 1 || patterns[0] != "cachediff-template-*" {
		t.Errorf("temporary files made as %q, want one cachediff-template-*", patterns)
	}

	// A temporary file made that takes not even what memory held: it
	// stays in memory.
	spill.CreateFile = func(string) (spill.File, string, error) {
		name := filepath.Join(t.TempDir(), "full")
		if err := os.WriteFile(name, nil, 0o600); err != nil {
			return nil, "", err
		}
		f, err := os.Open(name)
		return f, name, err
	}
	h = newHeld()
	for _, s := range []string{big, "y"} {
		if n, err := h.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("a file that takes nothing: wrote %d, %v", n, err)
		}
	}
	if h.File() != nil {
		t.Errorf("a file that takes nothing: still held in %v", h.File())
	}
	out.Reset()
	if err := h.writeTo(&out); err != nil || out.String() != big+"y" {
		t.Errorf("a file that takes nothing: %v, wrote %d bytes, want %d", err, out.Len(), len(big)+1)
	}
}

// fullAfterFirst is a temporary file that takes its first write alone,
// as a disk that fills.
type fullAfterFirst struct {
	*os.File
	wrote bool
}

func (f *fullAfterFirst) Write(p []byte) (int, error) {
	if f.wrote {
		return 0, errors.New("no space left on device")
	}
	f.wrote = true
	return f.File.Write(p)
}

// TestHeldMemoryNamed: a template stopped by its memory limit while its
// held output was in memory, no temporary file made (TMPDIR gone), is
// told that the output took that memory, why no file took it, and what
// to do: a template of 100 MB writing 900 MB, within its output limit,
// was told it "held more than 1 GiB of memory", as if it had. Stopped
// otherwise, or with its output in a file, the error is the template's
// alone.
func TestHeldMemoryNamed(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "gone")
	t.Setenv("TMPDIR", gone)
	memory := &sandbox.LimitError{Where: "big.tmpl:1:45", Limit: sandbox.LimitMemory, Max: "1 GiB"}
	timeout := &sandbox.LimitError{Where: "big.tmpl:1:45", Limit: sandbox.LimitTime, Max: "1m0s"}
	heldPast := func() *output {
		o := &output{held: newHeld()}
		if _, err := o.held.Write(make([]byte, heldInMemory+1)); err != nil {
			t.Fatal(err)
		}
		return o
	}
	got := heldPast().fail(memory).Error()
	for _, want := range []string{
		memory.Error() + "; ",
		" of it the template's output, which cachediff holds until the template has run whole, past 8 MiB in a temporary file, and in memory where none can be written (" + gone + ": no such file or directory)",
		": set TMPDIR to a folder that takes one, or write the report to a file (--output FILE)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("memory limit, output held in memory: %q\nwants %q", got, want)
		}
	}
	if err := heldPast().fail(timeout); err != timeout {
		t.Errorf("time limit, output held in memory: %v, want the template's error alone", err)
	}
	small := &output{held: newHeld()}
	small.held.Write([]byte("x"))
	if err := small.fail(memory); err != memory {
		t.Errorf("memory limit, output within memory's bound: %v, want the template's error alone", err)
	}
}

// TestHeldMemoryFolderShown: the folder heldMemory names (TMPDIR, where
// no temporary file could be made) is shown as the loaders show a path:
// raw, a TMPDIR of a lookalike (/tmр, its р Cyrillic) read as /tmp; one
// of 9 KB ran the line past printError's cap, which cut off what to do.
func TestHeldMemoryFolderShown(t *testing.T) {
	memory := &sandbox.LimitError{Where: "big.tmpl:1:45", Limit: sandbox.LimitMemory, Max: "1 GiB"}
	base := t.TempDir()
	for _, tc := range []struct{ tmp, want string }{
		{filepath.Join(base, "tm\u0440"), `"` + filepath.Join(base, `tm\u0440`) + `": no such file or directory`},
		{filepath.Join(base, strings.Repeat("x", 9<<10)), "…"},
	} {
		t.Setenv("TMPDIR", tc.tmp)
		o := &output{held: newHeld()}
		if _, err := o.held.Write(make([]byte, heldInMemory+1)); err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		printError(&stderr, o.fail(memory))
		got := stderr.String()
		if strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "(--output FILE)\n") || !strings.Contains(got, tc.want) || strings.Contains(got, "tm\u0440") {
			t.Errorf("TMPDIR %.40q…: %.300q…%q (%d bytes), want the folder shown in ASCII (%.80q), within one line, what to do at its end", tc.tmp, got, got[max(0, len(got)-300):], len(got), tc.want)
		}
	}
}
