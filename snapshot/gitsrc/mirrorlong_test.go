package gitsrc

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorBlobTooLongFromGit: a mirror's blob longer than its manifest
// says is refused from git as from its folder, with the same message, and
// by the size git's answer gives, before its bytes are read.
func TestMirrorBlobTooLongFromGit(t *testing.T) {
	index := genIndex(t)
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	blob, err := mirrorgen.BlobOf(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.FromSlash(blob))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, bytes.Repeat([]byte(" "), 4<<20)...)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			b, _ := os.ReadFile(p)
			files["m/"+filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	repo := commitFiles(t, files, nil)
	_, diskErr := loadMirror(mirror.Dir(dir))
	if diskErr == nil {
		t.Fatal("the folder: no error")
	}
	_, gitErr := loadArg(repo, "HEAD:m", snapshot.Options{})
	if gitErr == nil {
		t.Fatal("from git: no error")
	}
	// The messages differ in the mirror's name only.
	want := strings.ReplaceAll(diskErr.Error(), dir, "HEAD:m")
	if gitErr.Error() != want {
		t.Errorf("from git:\n%v\nwant, as the folder says:\n%v", gitErr, want)
	}

	// ReadBlobsAtMost refuses the blob by its header: its bytes are
	// never read into memory.
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Source("HEAD:m")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := s.Tree().Files()
	if err != nil {
		t.Fatal(err)
	}
	oid := ""
	for _, f := range fs {
		if f.Path == blob {
			oid = f.OID
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err = r.ReadBlobsAtMost([]string{oid}, 1000, func(int, []byte) error { return nil })
	runtime.ReadMemStats(&after)
	var tb *TooBigError
	if !errors.As(err, &tb) || tb.Size != int64(len(data)) || tb.I != 0 {
		t.Errorf("ReadBlobsAtMost: %v; want a TooBigError of %d bytes", err, len(data))
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("ReadBlobsAtMost allocated %d bytes to refuse a blob of %d", got, len(data))
	}
}

// loadMirror loads the mirror in st as loadArg loads one from git.
func loadMirror(st mirror.Store) (*snapshot.Snapshot, error) {
	m, err := mirror.Open(st, mirror.Options{})
	if err != nil {
		return nil, &snapshot.Error{File: st.Name(), Msg: err.Error()}
	}
	return snapshot.LoadFrom(m, snapshot.Options{})
}
