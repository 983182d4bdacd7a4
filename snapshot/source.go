package snapshot

import (
	"errors"
	"io/fs"
)

// Source is where the files of a snapshot come from: a folder on disk
// (Open), a tree at a git revision, or any other store. The loader
// (LoadFrom) walks it once for candidate files and reads each candidate
// once, from several goroutines, while the walk goes on.
type Source interface {
	// Path is the snapshot as the user named it (a folder, a page file,
	// REV:PATH): Snapshot.Path, and the name in messages about the
	// snapshot as a whole.
	Path() string
	// Walk calls yield with every file of the snapshot, in an order that
	// does not depend on the store (sorted by name, as a directory
	// listing is), from one goroutine, and returns the warnings and the
	// errors of the walk itself (an unreadable folder, a broken link).
	// A source of a single file yields it alone, with File.Root set.
	// The loader decides which files are candidates (by name, as a page
	// decoder or another decoder claims them) and reports the files that
	// are not regular files; a source yields what it has and needs no
	// filter of its own, but may leave out what can be no page (a
	// folder's contents whose name starts with a dot).
	Walk(yield func(File)) (warnings []Warning, errs []*Error)
	// Read returns the bytes of f in buf[:0], growing buf as needed; the
	// loader reuses buf for the next file. It reads at most the file's
	// size (File.Size when known, else the size the store gives when the
	// file is opened), and fails for a file that is not a regular file,
	// so that a link to /dev/zero or a FIFO cannot make it read for ever
	// or block. Read is called from several goroutines at once.
	Read(f File, buf []byte) ([]byte, error)
}

// Whole is a Source that is one snapshot whatever the files it yields (a
// Spack mirror, read through its index or its spec manifests): no
// folder below its path is a snapshot of its own to suggest when it
// fails to load (LoadError.Near), nor is it in question whether it is a
// snapshot (LoadError.Whole).
type Whole interface {
	Source
	WholeSnapshot()
}

// File is one file of a Source.
type File struct {
	// Name is the file's name in messages and in Package.File: the
	// source's Path joined with the file's path inside the snapshot
	// (old/zlib/specs.md, HEAD~1:_cache/develop/zlib/specs.md).
	Name string
	// Base is the last element of the name (specs.md), which decides
	// whether the file is a candidate.
	Base string
	// Mode holds the file's type bits (fs.ModeType): 0 for a regular
	// file, fs.ModeDir, fs.ModeNamedPipe, fs.ModeDevice... as it was
	// found by the walk (a symbolic link followed). A source that does
	// not know yet says 0 and lets Read check.
	Mode fs.FileMode
	// Size is the file's size in bytes, or -1 when the walk does not know
	// it (Read finds it).
	Size int64
	// Root says the file is the snapshot itself (a page file named on the
	// command line): it must be a page, whatever its name.
	Root bool
	// Handle is the source's own reference for Read (a path on disk, a
	// blob id): the loader only passes it back.
	Handle any
}

// Candidate reports whether the loader reads f, a file a walk yields,
// with decoders (Options.Decoders) besides those registered: a regular
// file a Fallback takes by its name (a page), the file named on the
// command line, or a file a decoder claims by its name; Read is then
// called for it once. A source
// that reads contents ahead of the loader (a tree at a git revision,
// through one stream) reads these.
func Candidate(f File, decoders []Decoder) bool {
	_, ok, _, _ := classify(f, append(registered[:len(registered):len(registered)], decoders...))
	return ok
}

// ByContentLimit is the size in bytes past which the loader leaves the
// candidate f out unread, with a warning, where it reads f only to
// recognise it by content (a name no decoder claims: index.v7.json,
// big.json); -1 where it reads f whatever its size. A source that
// learns a file's size before its bytes (git cat-file's header) answers
// Read of a larger one with ErrOverByContent, not reading it: REV:PATH
// of a folder beside a 200 MB big.json read it whole (0.43 GB) to leave
// it out, where the folder on disk read none of it.
func ByContentLimit(f File, decoders []Decoder) int64 {
	c, ok, _, _ := classify(f, append(registered[:len(registered):len(registered)], decoders...))
	if !ok || !c.byContent {
		return -1
	}
	return maxByContent
}

// ErrOverByContent is Read's error for a file over ByContentLimit, which
// the loader leaves out with the warning of a folder's file of that size.
var ErrOverByContent = errors.New("over the size read to recognise a file by content")

// LinkRefused reports whether a symbolic link named as f is an error
// whatever it leads to: a page that must be one (specs.md), or a file
// named as a Spack file is (index.json, spack.lock, *.spec.json), must be
// a regular file. A source that cannot follow a link (git's object store)
// follows the others to judge what they lead to, as a folder on disk
// does.
func LinkRefused(f File, decoders []Decoder) bool {
	f.Mode = fs.ModeSymlink
	_, _, _, err := classify(f, append(registered[:len(registered):len(registered)], decoders...))
	return err != nil
}
