//go:build unix

package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSpackFileNotRegular: in a folder, a FIFO named index.json, or a
// spec file that is a link to /dev/zero, is an error: a file named as a
// Spack file is read or bad, never left out with a warning that -q does
// not show (its specs would be lost and a gate would pass).
func TestSpackFileNotRegular(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("..", "testdata", "spack-formats", "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		make func(p string) error
	}{
		{"index.json", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"zero.spec.json", func(p string) error { return os.Symlink("/dev/zero", p) }},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "libdwarf.spec.json"), spec, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := c.make(filepath.Join(dir, c.name)); err != nil {
			t.Skipf("%s: %v", c.name, err)
		}
		_, err := loadWithin(t, dir, Options{})
		if err == nil || !strings.Contains(err.Error(), c.name+": ") || !strings.Contains(err.Error(), "a Spack file ("+c.name+") is a regular file") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
