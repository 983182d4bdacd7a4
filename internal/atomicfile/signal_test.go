package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRemoveTemporary (issue 35 item 22): RemoveTemporary removes the
// temporary file of each File still open, whatever its target, keeps the
// files already put in place and the targets as they were, and refuses
// every Create after it.
func TestRemoveTemporary(t *testing.T) {
	t.Cleanup(func() {
		temporary.mu.Lock()
		temporary.removed = false
		temporary.mu.Unlock()
	})
	dir := t.TempDir()
	old := filepath.Join(dir, "old.md")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var open []*File
	for _, name := range []string{"old.md", "new.md"} {
		f, err := Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("half a report"))
		open = append(open, f)
	}
	done, err := Create(filepath.Join(dir, "done.md"))
	if err != nil {
		t.Fatal(err)
	}
	done.Write([]byte("whole"))
	if err := done.Close(); err != nil {
		t.Fatal(err)
	}
	aborted, err := Create(filepath.Join(dir, "aborted.md"))
	if err != nil {
		t.Fatal(err)
	}
	aborted.Abort()
	if n := len(temporary.names); n != 2 {
		t.Errorf("%d temporary files pending, want the 2 open", n)
	}

	RemoveTemporary()
	RemoveTemporary() // twice: nothing more
	checkOnly(t, dir, "done.md", "old.md")
	if data, _ := os.ReadFile(old); string(data) != "old" {
		t.Errorf("old.md holds %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "done.md")); string(data) != "whole" {
		t.Errorf("done.md holds %q", data)
	}
	// A File whose temporary file is gone fails to close, and leaves the
	// target alone.
	if err := open[0].Close(); err == nil {
		t.Error("Close after RemoveTemporary: no error")
	}
	open[1].Abort()
	checkOnly(t, dir, "done.md", "old.md")
	if f, err := Create(filepath.Join(dir, "late.md")); !errors.Is(err, errRemoved) {
		t.Errorf("Create after RemoveTemporary: %v, %v; want %v", f, err, errRemoved)
	}
	checkOnly(t, dir, "done.md", "old.md")
}

// TestCreateTempRemoved (pass 87a): a file of CreateTemp is removed by
// RemoveTemporary until it is released (renamed into place), and none is
// created after it.
func TestCreateTempRemoved(t *testing.T) {
	t.Cleanup(func() {
		temporary.mu.Lock()
		temporary.removed = false
		temporary.mu.Unlock()
	})
	dir := t.TempDir()
	kept, err := CreateTemp(dir, ".tmp-*.x")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(kept.Name()), ".tmp-") || !strings.HasSuffix(kept.Name(), ".x") {
		t.Errorf("named %s, want .tmp-N.x", kept.Name())
	}
	kept.Close()
	if err := os.Rename(kept.Name(), filepath.Join(dir, "kept")); err != nil {
		t.Fatal(err)
	}
	Release(kept.Name())
	half, err := CreateTemp(dir, ".tmp-*")
	if err != nil {
		t.Fatal(err)
	}
	half.Close()
	RemoveTemporary()
	checkOnly(t, dir, "kept")
	if f, err := CreateTemp(dir, ".tmp-*"); !errors.Is(err, errRemoved) {
		t.Errorf("CreateTemp after RemoveTemporary: %v, %v; want %v", f, err, errRemoved)
	}
	checkOnly(t, dir, "kept")
}

// TestMkdirTempRemoved: a folder of MkdirTemp, with what another
// program wrote in it (git's temporary index), is removed by
// RemoveTemporary until it is released, and none is made after it.
func TestMkdirTempRemoved(t *testing.T) {
	t.Cleanup(func() {
		temporary.mu.Lock()
		temporary.removed = false
		temporary.mu.Unlock()
	})
	dir := t.TempDir()
	kept, err := MkdirTemp(dir, "kept-*")
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(kept); err != nil || info.Mode().Perm() != 0o700 || !strings.HasPrefix(filepath.Base(kept), "kept-") {
		t.Errorf("MkdirTemp made %s: %v, %v; want a folder kept-N of mode 0700", kept, info, err)
	}
	Release(kept)
	half, err := MkdirTemp(dir, "half-*")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(half, "index"), []byte("DIRC"), 0o600); err != nil {
		t.Fatal(err)
	}
	RemoveTemporary()
	checkOnly(t, dir, filepath.Base(kept))
	if name, err := MkdirTemp(dir, "late-*"); !errors.Is(err, errRemoved) {
		t.Errorf("MkdirTemp after RemoveTemporary: %q, %v; want %v", name, err, errRemoved)
	}
	checkOnly(t, dir, filepath.Base(kept))
}

// TestMkdirTempDefaultDir: MkdirTemp("", ...) makes its folder in the
// temporary folder, as os.MkdirTemp does, not in the current one: git's
// temporary index (gitsrc) was made in the folder cachediff ran in, most
// often the user's work tree, and where that is read-only a snapshot
// was refused.
func TestMkdirTempDefaultDir(t *testing.T) {
	tmp, here := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Chdir(here)
	name, err := MkdirTemp("", "default-*")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		os.Remove(name)
		Release(name)
	}()
	if !filepath.IsAbs(name) || filepath.Dir(name) != tmp {
		t.Errorf("MkdirTemp(\"\") made %s; want a folder of %s", name, tmp)
	}
	checkOnly(t, here)
}
