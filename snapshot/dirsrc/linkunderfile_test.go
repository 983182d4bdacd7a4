package dirsrc

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBrokenLinkUnderFile (class e): a folder's link that leads under a
// file (nd.json -> file/x) or to a name longer than the system takes
// leads to nothing, as a path given so is said (snapshot.BrokenLinkOn),
// and as a git tree's link is said: it was "broken symbolic link: not a
// directory" (or "file name too long"), naming no target.
func TestBrokenLinkUnderFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("n", 300)
	for link, to := range map[string]string{"nd.json": "file/x", "long.json": long} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skip(err)
		}
	}
	warnings, errs := NewFolder(dir).Walk(func(File) {})
	got := map[string]string{}
	for _, p := range slices.Concat(warnings, errs) {
		got[filepath.Base(p.File)] = p.Msg
	}
	for name, want := range map[string]string{
		"nd.json":   `broken symbolic link (to file/x), which leads to nothing`,
		"long.json": `broken symbolic link (to ` + long + `), which leads to nothing`,
	} {
		if got[name] != want {
			t.Errorf("%s: %q; want %q", name, got[name], want)
		}
	}
}

// TestBrokenLinkShownByDefault (class a): a folder walked without the
// caller's way of naming paths named a broken link's target raw: a newline and an escape in it
// reached the message as they are. Quoted in ASCII now, a plain target
// as it is.
func TestBrokenLinkShownByDefault(t *testing.T) {
	dir := t.TempDir()
	for link, to := range map[string]string{"odd.json": "g\u043ene\n\x1b[31m", "plain.json": "gone"} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skip(err)
		}
	}
	warnings, errs := NewFolder(dir).Walk(func(File) {})
	got := map[string]string{}
	for _, p := range slices.Concat(warnings, errs) {
		got[filepath.Base(p.File)] = p.Msg
	}
	for name, want := range map[string]string{
		"odd.json":   `broken symbolic link (to "g\u043ene\n\x1b[31m"), which leads to nothing`,
		"plain.json": `broken symbolic link (to gone), which leads to nothing`,
	} {
		if got[name] != want {
			t.Errorf("%s: %q; want %q", name, got[name], want)
		}
	}
}
