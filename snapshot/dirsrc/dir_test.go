//go:build unix

package dirsrc

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// TestJoin: join is filepath.Join for the clean folders and one-element
// names the walk joins.
func TestJoin(t *testing.T) {
	for _, dir := range []string{".", "/", "old", "old/zlib", "/abs/path", "..", "../x", "a b", "é"} {
		for _, name := range []string{"specs.md", "zlib", ".git", "a b", "é", "x.y", "...", "-"} {
			if got, want := join(dir, name), filepath.Join(dir, name); got != want {
				t.Errorf("join(%q, %q) = %q, want %q", dir, name, got, want)
			}
		}
	}
}

// TestReadDir: readDir lists a folder as os.ReadDir does (names in
// order, types, no . and ..), for every type of entry and for a folder
// larger than one getdents buffer.
func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	files := 600 // ~600 names of 20+ bytes: several getdents calls
	if testing.Short() {
		// A quick inner loop: 250 names (48 bytes each in the 8 KB
		// getdents buffer: two calls); make test makes 600.
		files = 250
	}
	for i := range files {
		name := filepath.Join(dir, "package-with-a-long-name-"+string(rune('a'+i%26))+string(rune('a'+i/26)))
		if err := os.WriteFile(name, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"sub", ".git", "é ü"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("sub", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("missing", filepath.Join(dir, "broken")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _, _, err := readDir(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("readDir gave %d entries, os.ReadDir %d", len(got), len(want))
	}
	for i := range got {
		if got[i].name != want[i].Name() || got[i].typ != want[i].Type() {
			t.Errorf("entry %d: readDir gave %q %v, os.ReadDir %q %v", i, got[i].name, got[i].typ, want[i].Name(), want[i].Type())
		}
	}
	if !slices.IsSortedFunc(got, func(a, b dirEntry) int {
		switch {
		case a.name < b.name:
			return -1
		case a.name > b.name:
			return 1
		}
		return 0
	}) {
		t.Error("readDir's entries are not sorted by name")
	}
	if _, _, _, err := readDir(filepath.Join(dir, "missing"), nil); !os.IsNotExist(err) {
		t.Errorf("readDir of a missing folder: %v, want a not-exist error", err)
	}
	if _, _, _, err := readDir(filepath.Join(dir, "fifo"), nil); err == nil {
		t.Error("readDir of a FIFO: no error")
	}
}
