package gitsrc

import (
	"errors"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestByContentSizedBeforeRead: a file the loader reads only to
// recognise it by content (other.json, and ln.json, a link to it) is
// streamed at most to snapshot.ByContentLimit, sized by git's answer
// before its bytes: one over it is not read (snapshot.ErrOverByContent),
// where REV:PATH of a folder beside a 200 MB big.json read it whole
// (0.43 GB peak) to leave it out with a warning, and the folder on disk
// read none of it. A file named as a Spack file's (index.json) is read
// whatever its size. The bound is lowered here to 10 bytes.
func TestByContentSizedBeforeRead(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		"cache/index.json": oneLineIndex,
		"cache/other.json": `{"x": "more than ten bytes"}`,
		"cache/small.json": `{}`,
	}, map[string]string{"cache/ln.json": "other.json"})
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	s := mustSource(t, r, "HEAD:cache")
	s.decoders = nil
	handles := map[string]*blob{}
	_, errs := s.Walk(func(f snapshot.File) {
		if b, ok := f.Handle.(*blob); ok && b.ready != nil {
			handles[f.Base] = b
		}
	})
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	limit := snapshot.ByContentLimit(snapshot.File{Name: "x/other.json", Base: "other.json", Size: -1}, nil)
	for name, want := range map[string]int64{"index.json": -1, "other.json": limit, "ln.json": limit, "small.json": limit} {
		b := handles[name]
		switch {
		case b == nil:
			t.Errorf("%s: not streamed", name)
			continue
		case b.most != want && !(want < 0 && b.most <= 0):
			t.Errorf("%s: streamed at most %d bytes; want %d", name, b.most, want)
		}
		<-b.ready // the walk's own stream, whose reads are not the loader's here
	}
	if limit <= 0 {
		t.Fatalf("snapshot.ByContentLimit of other.json: %d; want the loader's bound", limit)
	}
	// The stream again, the bound at 10 bytes.
	var blobs []*blob
	for _, name := range []string{"index.json", "other.json", "ln.json", "small.json"} {
		b := &blob{oid: handles[name].oid, ready: make(chan struct{}), most: 10}
		if name == "index.json" {
			b.most = -1
		}
		blobs = append(blobs, b)
	}
	s.stream(blobs, false)
	for i, name := range []string{"index.json", "other.json", "ln.json", "small.json"} {
		b := blobs[i]
		<-b.ready
		over := name == "other.json" || name == "ln.json"
		switch {
		case over && !errors.Is(b.err, snapshot.ErrOverByContent):
			t.Errorf("%s (over 10 bytes): read %d bytes, error %v; want it unread, snapshot.ErrOverByContent", name, len(b.data), b.err)
		case over && b.data != nil:
			t.Errorf("%s (over 10 bytes): %d bytes kept; want none", name, len(b.data))
		case !over && (b.err != nil || len(b.data) == 0):
			t.Errorf("%s: %d bytes, error %v; want it read", name, len(b.data), b.err)
		}
		if b.free != nil && b.data != nil {
			b.free <- b.data[:0]
		}
	}
}

// TestBigByContentNotAllocated: REV:PATH of a folder beside a file over
// 64 MB named unlike Spack's (big.json), which is left out with a
// warning, allocates a small part of it, as the folder on disk does: it
// was read whole first.
func TestBigByContentNotAllocated(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	if testing.Short() {
		t.Skip("a 64 MB blob")
	}
	r, err := OpenRepo(bigBlobRepo(t))
	if err != nil {
		t.Fatal(err)
	}
	var snap *snapshot.Snapshot
	n := allocated(t, func() error {
		var err error
		snap, err = snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		return err
	})
	if n > 16<<20 {
		t.Errorf("HEAD:cache allocated %d MB; want under 16 MB (big.json, over 64 MB, not read)", n>>20)
	}
	if len(snap.Warnings) != 1 || !strings.Contains(snap.Warnings[0].Message, "not read: over 64 MB") {
		t.Errorf("warnings %+v; want big.json's, not read: over 64 MB", snap.Warnings)
	}
}
