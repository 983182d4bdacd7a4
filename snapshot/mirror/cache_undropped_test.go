package mirror_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// readOnly has the cache's removals under cache fail as the kernel's do
// on a read-only file system, for a name that is not there too (EROFS,
// not ENOENT), until the returned func is called.
func readOnly(cache string) (restore func()) {
	return mirror.SetRemove(func(p string) error {
		if strings.HasPrefix(p, cache) {
			return &fs.PathError{Op: "remove", Path: p, Err: syscall.EROFS}
		}
		return os.Remove(p)
	})
}

// undropped runs a mirror whose manifest is gone into a new cache, so
// that the cache keeps its 404s; calls between (the marks), and runs it
// again with the manifest back, returning that run's warnings.
func undropped(t *testing.T, between func(cache string, marks []string)) (string, []string) {
	root := t.TempDir()
	if err := mirrorgen.V3(root, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(root, "v3", "manifests", "index", "index.manifest.json")
	if err := os.Rename(manifest, manifest+".away"); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	cache := t.TempDir()
	var quiet warnings
	h := &mirror.HTTP{CacheDir: cache, Warn: quiet.warn}
	fetch(h, srv.URL) // the manifest gone: its 404 kept
	marks, err := filepath.Glob(filepath.Join(cache, "etag", "*.404"))
	if err != nil || len(marks) == 0 {
		t.Fatalf("no 404 marks in the cache (%v)", err)
	}
	if err := os.Rename(manifest+".away", manifest); err != nil {
		t.Fatal(err)
	}
	between(cache, marks)
	var w warnings
	h = &mirror.HTTP{CacheDir: cache, Warn: w.warn}
	if _, _, err := fetch(h, srv.URL); err != nil {
		t.Fatal(err)
	}
	return cache, w.all()
}

// TestCacheMarkUndropped (pass 98b's lead): what a run finds replaces
// what an older run left in the download cache (a file found gone, too
// big, kept by its ETag); a mark that cannot be removed stays, and a
// later --offline run tells what that older run found. Its removal
// failed without a word; it is warned of, as a file that cannot be
// kept is.
func TestCacheMarkUndropped(t *testing.T) {
	var restore func()
	cache, got := undropped(t, func(cache string, _ []string) { restore = readOnly(cache) })
	restore()
	if len(got) != 1 || !strings.Contains(got[0], "the download cache "+cache+" cannot be written") || !strings.Contains(got[0], "cannot be dropped") {
		t.Errorf("warnings %q; want one: the 404 an older run kept cannot be dropped", got)
	}
}

// TestCacheMarkUndroppedOnlyWhenThere (adversarial pass 100b): a cache
// on a read-only file system fails every removal, of a mark that is not
// there too; a run that read all it needed from such a cache was warned
// of an older run's mark that cannot be dropped, though there was none.
// And a folder where a mark would be (ENOTEMPTY), in a cache that can be
// written, was warned of as a cache that cannot be written, whose mark
// --offline may read: --offline reads no folder. Neither is warned of.
func TestCacheMarkUndroppedOnlyWhenThere(t *testing.T) {
	_, got := undropped(t, func(_ string, marks []string) {
		for _, m := range marks {
			if err := os.Remove(m); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(m, "x"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	})
	if len(got) != 0 {
		t.Errorf("a folder where a mark would be: warnings %q; want none", got)
	}
	root := t.TempDir()
	if err := mirrorgen.V3(root, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	cache := t.TempDir()
	var first warnings
	if _, _, err := fetch(&mirror.HTTP{CacheDir: cache, Warn: first.warn}, srv.URL); err != nil {
		t.Fatal(err)
	}
	restore := readOnly(cache)
	var w warnings
	_, _, err := fetch(&mirror.HTTP{CacheDir: cache, Warn: w.warn}, srv.URL)
	restore()
	if err != nil {
		t.Fatal(err)
	}
	if got := w.all(); len(got) != 0 {
		t.Errorf("a read-only cache with no marks: warnings %q; want none", got)
	}
}

// TestCacheMarkUndroppedNotKeptEither (adversarial pass 100b): on a
// cache that cannot be written, what this run found is not kept either,
// and that was told first ("--offline will not find it"), once, for
// both: the older run's mark that stays, which --offline then reads (a
// manifest gone, where this run found it), was not told. Both are.
func TestCacheMarkUndroppedNotKeptEither(t *testing.T) {
	var restore, restoreCreate func()
	cache, got := undropped(t, func(cache string, _ []string) {
		restore = readOnly(cache)
		restoreCreate = mirror.SetCreateTemp(func(dir, _ string) (*os.File, error) {
			if strings.HasPrefix(dir, cache) {
				return nil, &fs.PathError{Op: "open", Path: dir, Err: syscall.EROFS}
			}
			return os.CreateTemp(dir, "*")
		})
	})
	restore()
	restoreCreate()
	if len(got) != 2 || !strings.Contains(got[0]+got[1], "the download cache "+cache+" cannot be written (read-only file system): what an older run kept there cannot be dropped") {
		t.Errorf("warnings %q; want two: not kept, and the 404 an older run kept cannot be dropped", got)
	}
}

// TestCacheMarkUndroppedSymlink (adversarial pass 101b): a symbolic
// link to a file in the cache, in a mark's place, is read by --offline
// as the mark (Dir.Get follows a link inside the folder), so one that
// cannot be removed tells --offline the older run's answer; it was not
// warned of, its Lstat being no regular file.
func TestCacheMarkUndroppedSymlink(t *testing.T) {
	var restore func()
	_, got := undropped(t, func(cache string, marks []string) {
		for _, m := range marks {
			if err := os.Rename(m, m+".kept"); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Base(m)+".kept", m); err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(cache, m)
			if _, err := mirror.Dir(cache).Get(filepath.ToSlash(rel), 0); err != nil {
				t.Fatalf("--offline does not read the link as the mark: %v", err)
			}
		}
		restore = readOnly(cache)
	})
	restore()
	if len(got) != 1 || !strings.Contains(got[0], "cannot be dropped") {
		t.Errorf("warnings %q; want one: the 404 an older run kept, through a link, cannot be dropped", got)
	}
}
