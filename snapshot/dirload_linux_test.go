package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLoadRootSpellings loads one folder by several spellings of its path
// (the walk opens the root once and its files by their names in it): each
// gives the same packages, from files named as the path spells them, and
// every folder the walk opened is closed again.
func TestLoadRootSpellings(t *testing.T) {
	abs, err := filepath.Abs("../testdata/real/develop-2025-03-30")
	if err != nil {
		t.Fatal(err)
	}
	fds := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd:", err)
		}
		return len(ents)
	}
	before := fds()
	var first []string
	for _, path := range []string{"../testdata/real/develop-2025-03-30", "../testdata/real/develop-2025-03-30/", "../testdata/../testdata/real/./develop-2025-03-30", abs, abs + "//"} {
		snap, err := Load(path, Options{})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var got []string
		prefix := filepath.Clean(path) + string(filepath.Separator)
		for _, p := range snap.Packages {
			if !strings.HasPrefix(p.File(), prefix) {
				t.Errorf("%s: package file %s, want it under %s", path, p.File(), prefix)
			}
			got = append(got, strings.TrimPrefix(p.File(), prefix)+fmt.Sprint(len(p.Specs)))
		}
		if first == nil {
			first = got
			if len(got) == 0 {
				t.Fatalf("%s: no packages", path)
			}
		} else if !slices.Equal(got, first) {
			t.Errorf("%s: packages %v, want %v", path, got, first)
		}
	}
	if after := fds(); after != before {
		t.Errorf("open files: %d before the loads, %d after", before, after)
	}
}

// TestLoadDot loads the current folder as ".": its files are named
// without a prefix.
func TestLoadDot(t *testing.T) {
	t.Chdir("../testdata/real/develop-2025-03-30")
	snap, err := Load(".", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Packages) == 0 {
		t.Fatal("no packages")
	}
	for _, p := range snap.Packages {
		if filepath.Dir(filepath.Dir(p.File())) != "." || len(p.Specs) == 0 {
			t.Errorf("package file %s with %d specs, want <package>/specs.md with specs", p.File(), len(p.Specs))
		}
	}
}
