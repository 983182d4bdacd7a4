//go:build unix

package mirror_test

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/asnobody"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// hashIgnored is the message's tail of a .hash ignored (Open).
const hashIgnored = "; ignored, as Spack ignores an index.json.hash it cannot read, and build_cache/index.json read without it"

// checkHashIgnored checks that the v2 mirror src opened with (err) reads
// as want, with one warning of its index.json.hash, file ending in
// build_cache/index.json.hash, that says why.
func checkHashIgnored(t *testing.T, what string, src *mirror.Source, err error, want, why string) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v; want it read without the .hash", what, err)
		return
	}
	s, err := snapshot.LoadFrom(src, snapshot.Options{})
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if got := dump(t, s); got != want {
		t.Errorf("%s: read other specs than the mirror without its .hash", what)
	}
	var of []snapshot.Warning
	for _, w := range s.Warnings {
		if strings.Contains(w.File+w.Message, "index.json.hash") {
			of = append(of, w)
		}
	}
	// The file named once, as the warning's: its message begins with
	// what is wrong (an HTTP mirror's error began with the URL).
	if len(of) != 1 || !strings.HasSuffix(of[0].File, "build_cache/index.json.hash") || of[0].Message != why+hashIgnored {
		t.Errorf("%s: warnings of the .hash %v; want one, of …build_cache/index.json.hash, %q", what, of, why+hashIgnored)
	}
}

// TestHashUnreadIgnored (adversarial pass i28, class b): a v2 mirror's
// build_cache/index.json.hash that cannot be read refused the whole
// mirror, where Spack reads index.json without it (its fetcher's
// get_remote_hash gives None for any URLError): a folder ("not a
// regular file (a folder)"), a FIFO, a socket; and over HTTP a 500
// tried 4 times and a redirect loop. fed237cb read it so only where it
// was a broken link. Each is read, with one warning of the .hash (a
// FIFO was warned of twice: the listing of build_cache/ said it "not
// followed" too, as it said of an index.json linked inside the mirror,
// which was read).
func TestHashUnreadIgnored(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, index(t, "new")); err != nil {
		t.Fatal(err)
	}
	want := dump(t, load(t, openDir(t, dir, mirror.Options{})))
	hash := filepath.Join(dir, "build_cache", "index.json.hash")
	for _, c := range []struct {
		kind, why string
		put       func() error
	}{
		{"a folder", "not a regular file (a folder)", func() error { return os.Mkdir(hash, 0o755) }},
		{"a FIFO", "not a regular file (a FIFO)", func() error { return syscall.Mkfifo(hash, 0o644) }},
		{"a socket", "not a regular file (a socket)", func() error {
			l, err := net.Listen("unix", hash)
			if err == nil {
				l.(*net.UnixListener).SetUnlinkOnClose(false)
				l.Close()
			}
			return err
		}},
	} {
		if err := os.RemoveAll(hash); err != nil {
			t.Fatal(err)
		}
		if err := c.put(); err != nil {
			t.Skip(err)
		}
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		checkHashIgnored(t, c.kind+", a folder", src, err, want, c.why)
		src, err = (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
		checkHashIgnored(t, c.kind+", file://", src, err, want, c.why)
	}

	// An index.json linked inside the mirror, read: no word of a link
	// "not followed".
	if err := os.RemoveAll(hash); err != nil {
		t.Fatal(err)
	}
	idx := filepath.Join(dir, "build_cache", "index.json")
	if err := os.Rename(idx, filepath.Join(dir, "index.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../index.json", idx); err != nil {
		t.Fatal(err)
	}
	if s := load(t, openDir(t, dir, mirror.Options{})); len(s.Warnings) != 0 {
		t.Errorf("index.json linked inside the mirror: warnings %v; want none", s.Warnings)
	}

	// Over HTTP: a 500 (tried again, then given up) and a redirect loop.
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/500/build_cache/index.json.hash":
			http.Error(w, "down", http.StatusInternalServerError)
		case "/loop/build_cache/index.json.hash":
			http.Redirect(w, r, r.URL.Path, http.StatusFound)
		default:
			_, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
			r.URL.Path = "/" + rest
			files.ServeHTTP(w, r)
		}
	}))
	defer srv.Close()
	for pfx, why := range map[string]string{
		"500":  "HTTP 500 Internal Server Error",
		"loop": "too many redirects: stopped after 10",
	} {
		src, err := (&mirror.HTTP{NoCache: true, Backoff: time.Millisecond}).Open(srv.URL+"/"+pfx, mirror.Options{})
		checkHashIgnored(t, "HTTP, the .hash's "+pfx, src, err, want, why)
	}

	// A store of another package (a git tree) whose .hash is a broken
	// link: its own words, read so too.
	st := failingHash{mirror.Dir(dir), errors.New("build_cache/index.json.hash: a broken symbolic link (to \"gone\"), which leads to no file")}
	src, err := mirror.Open(st, mirror.Options{})
	checkHashIgnored(t, "a tree's broken link", src, err, want, "a broken symbolic link (to \"gone\"), which leads to no file")
}

// failingHash is a folder's store whose index.json.hash fails with err.
type failingHash struct {
	mirror.Dir
	err error
}

func (f failingHash) Get(rel string, limit int64) ([]byte, error) {
	if rel == "build_cache/index.json.hash" {
		return nil, f.err
	}
	return f.Dir.Get(rel, limit)
}

// TestHashAbsentUnderLink (adversarial pass i28, class c): a v2
// mirror whose build_cache/ is a symbolic link to a folder, without an
// index.json.hash, is read without a word of it: a link on the path that leads
// somewhere is not a broken one (a5381d61's linkAstray, which undone
// alone failed no test, said "build_cache: a broken symbolic link").
func TestHashAbsentUnderLink(t *testing.T) {
	m := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(m, "real"), zlibIndex); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real/build_cache", filepath.Join(m, "build_cache")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(m, "real", "build_cache", "index.json.hash")); err != nil {
		t.Fatal(err)
	}
	// (The listing's warning that build_cache/ is linked, and its spec
	// files not judged, stays.)
	for _, w := range load(t, openDir(t, m, mirror.Options{})).Warnings {
		if strings.Contains(w.Message, "broken") || strings.Contains(w.File+w.Message, "index.json.hash") {
			t.Errorf("build_cache/ linked, no .hash: warning %s: %s; want none of a broken link or the .hash", w.File, w.Message)
		}
	}
}

// TestHashDeniedIgnored (adversarial pass i28, class b): a v2 mirror's
// index.json.hash the user may not read refused the whole mirror
// ("permission denied: …; the mirror is not read without it"), where
// Spack reads index.json without it. Run as root, it runs again as
// nobody.
func TestHashDeniedIgnored(t *testing.T) {
	if !asnobody.Run(t) {
		return
	}
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, zlibIndex); err != nil {
		t.Fatal(err)
	}
	want := dump(t, load(t, openDir(t, dir, mirror.Options{})))
	if err := os.Chmod(filepath.Join(dir, "build_cache", "index.json.hash"), 0); err != nil {
		t.Fatal(err)
	}
	src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
	checkHashIgnored(t, "a mode-000 .hash", src, err, want, "permission denied: the user cachediff runs as may not read it, or search a folder on its path")
}

// TestHashLinkOutIgnored (adversarial pass i29, class b, the lead's
// decision on i28's question): a v2 mirror's index.json.hash that is a
// symbolic link out of the mirror, or into its git folder, is not
// followed, as no link out of a mirror is (the file it leads to, which
// holds another index's sha256 here, is not read), and, as another
// .hash that cannot be read, it is ignored with one warning naming the
// link: the mirror is read, not refused, from a folder, as file://, and
// from a tree in its own words.
func TestHashLinkOutIgnored(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "m")
	if err := mirrorgen.V2(dir, zlibIndex); err != nil {
		t.Fatal(err)
	}
	want := dump(t, load(t, openDir(t, dir, mirror.Options{})))
	other := strings.Repeat("0", 64) + "\n"
	out := filepath.Join(top, "out.hash")
	git := filepath.Join(dir, ".git", "hash")
	for _, p := range []string{out, git} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(other), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hash := filepath.Join(dir, "build_cache", "index.json.hash")
	for _, c := range []struct{ to, target, why string }{
		{"../../out.hash", out, "a symbolic link out of the mirror (to %s): not followed, as it would stand in for the mirror's own file"},
		{"../.git/hash", git, "a symbolic link into the mirror's git folder (to %s): not followed, as it would stand in for the mirror's own file"},
	} {
		if err := os.Remove(hash); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(c.to, hash); err != nil {
			t.Fatal(err)
		}
		resolved, err := filepath.EvalSymlinks(c.target)
		if err != nil {
			t.Fatal(err)
		}
		why := fmt.Sprintf(c.why, resolved)
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		checkHashIgnored(t, "a link to "+c.to+", a folder", src, err, want, why)
		if err == nil && src.Checksum != "" {
			t.Errorf("a link to %s, a folder: checksum %s, read through the link; want none", c.to, src.Checksum)
		}
		src, err = (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
		checkHashIgnored(t, "a link to "+c.to+", file://", src, err, want, why)
	}
	tree := `a symbolic link out of the mirror (to "../../out.hash"): not followed, as it would stand in for the mirror's own file`
	src, err := mirror.Open(failingHash{mirror.Dir(dir), errors.New("build_cache/index.json.hash: " + tree)}, mirror.Options{})
	checkHashIgnored(t, "a tree's link out", src, err, want, tree)
}
