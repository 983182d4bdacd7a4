package gitsrc

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/cachediff/cachediff/snapshot"
)

// readAhead is how many pages the blob stream reads ahead of the
// loader's goroutines: enough to keep git busy, few enough that memory
// stays that of a few pages.
const readAhead = 256

// Source is a snapshot.Source of a resolved REV:PATH. Walk lists the tree
// (git ls-tree -r -z) and starts one git cat-file --batch that streams the
// blobs of the *.md files in the walk's order, read-ahead bounded; any
// other file the loader asks for is read on its own (git cat-file blob).
// The stream relies on the loader's rule that every regular *.md file is
// a candidate, read once: a loader that left some unread would stall it
// once the read-ahead is used up.
type Source struct {
	tree *Tree
}

// Source returns the snapshot source of a REV:PATH argument, resolved as
// Resolve does.
func (r *Repo) Source(spec string) (*Source, error) {
	t, err := r.Resolve(spec)
	if err != nil {
		return nil, err
	}
	return &Source{tree: t}, nil
}

// Tree returns the resolved REV:PATH.
func (s *Source) Tree() *Tree { return s.tree }

// Path is the argument as given: REV:PATH.
func (s *Source) Path() string { return s.tree.Spec }

// blob is a file whose content the stream fills.
type blob struct {
	oid   string
	ready chan struct{} // closed when data or err is set
	data  []byte
	err   error
	free  chan []byte // the stream's buffers: data goes back once read
}

// Walk yields the tree's files in git's order (sorted by path) and leaves
// out the contents of folders whose names start with a dot, as the walk
// of a folder on disk does. A symbolic link is yielded as one (the
// loader says it is not read: the object store has no file system to
// follow it in). A submodule is an error: its pages are in another
// repository, whose objects these are not, and leaving it out would lose
// its specs without a word (a folder on disk holds the checked-out pages).
func (s *Source) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	t := s.tree
	files, err := t.Files()
	if err != nil {
		return nil, []*snapshot.Error{{File: t.Spec, Msg: err.Error()}}
	}
	type entry struct {
		file snapshot.File
		blob *blob
	}
	var entries []entry
	var stream []*blob
	var errs []*snapshot.Error
	for _, f := range files {
		dir, base := path.Split(f.Path)
		if strings.HasPrefix(dir, ".") || strings.Contains(dir, "/.") || strings.HasPrefix(base, ".") && f.Kind == Submodule {
			continue
		}
		if f.Kind == Submodule {
			errs = append(errs, &snapshot.Error{File: t.Join(f.Path), Msg: fmt.Sprintf("a submodule (commit %s of another repository): its pages are not in this repository's objects, so REV:PATH cannot read them; give the checked-out folder instead", short(f.OID))})
			continue
		}
		if !t.IsTree {
			base = path.Base(t.Path)
		}
		file := snapshot.File{Name: t.Join(f.Path), Base: base, Size: -1, Root: !t.IsTree}
		var b *blob
		switch {
		case f.Kind == Symlink:
			file.Mode = fs.ModeSymlink
		case strings.HasSuffix(base, ".md") || file.Root:
			b = &blob{oid: f.OID, ready: make(chan struct{})}
			stream = append(stream, b)
		default:
			b = &blob{oid: f.OID} // read on demand
		}
		file.Handle = b
		entries = append(entries, entry{file, b})
	}
	if len(stream) > 0 {
		go s.stream(stream)
	}
	for _, e := range entries {
		yield(e.file)
	}
	return nil, errs
}

// stream reads the blobs through one git cat-file --batch, in order, into
// buffers of a pool of readAhead: the stream waits for Read to give one
// back when all hold a page not read yet, so that memory stays that of a
// few pages and no page is allocated twice.
func (s *Source) stream(blobs []*blob) {
	oids := make([]string, len(blobs))
	for i, b := range blobs {
		oids[i] = b.oid
	}
	free := make(chan []byte, readAhead)
	for range readAhead {
		free <- nil
	}
	for _, b := range blobs {
		b.free = free
	}
	next := 0
	err := s.tree.repo.readBlobs(oids, func(int) []byte { return <-free }, func(i int, data []byte) error {
		blobs[i].data = data
		close(blobs[i].ready)
		next = i + 1
		return nil
	})
	if err == nil && next < len(blobs) {
		err = errors.New("git cat-file: stopped early")
	}
	for _, b := range blobs[next:] {
		b.err = err
		close(b.ready)
	}
}

// Read returns the content of a file Walk yielded, in buf[:0]. Every
// *.md file is read once: the loader reads every one.
func (s *Source) Read(f snapshot.File, buf []byte) ([]byte, error) {
	b, ok := f.Handle.(*blob)
	if !ok || f.Mode.Type() != 0 {
		return nil, fmt.Errorf("not a regular file")
	}
	if b.ready == nil { // not streamed
		data, err := s.tree.repo.run(nil, "cat-file", "blob", b.oid)
		if err != nil {
			return nil, err
		}
		return append(buf[:0], data...), nil
	}
	<-b.ready
	if b.err != nil {
		return nil, b.err
	}
	buf = append(buf[:0], b.data...)
	b.free <- b.data[:0]
	b.data = nil
	return buf, nil
}

// Load loads the snapshot at REV:PATH, with its revision: Snapshot.Rev is
// the full commit id and Snapshot.Date its committer date (RFC 3339, in
// the commit's time zone).
func (r *Repo) Load(spec string, opt snapshot.Options) (*snapshot.Snapshot, error) {
	src, err := r.Source(spec)
	if err != nil {
		return nil, &snapshot.Error{File: spec, Msg: err.Error()}
	}
	return src.Load(opt)
}

// Load loads the source's snapshot, with its revision.
func (s *Source) Load(opt snapshot.Options) (*snapshot.Snapshot, error) {
	snap, err := snapshot.LoadFrom(s, opt)
	if err != nil {
		return nil, err
	}
	snap.Rev = s.tree.Commit
	snap.Date = s.tree.Date.Format(time.RFC3339)
	return snap, nil
}
