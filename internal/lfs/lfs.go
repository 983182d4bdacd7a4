// Package lfs recognises a Git LFS pointer: the small text file that git
// holds in place of a file kept in Git LFS, which a checkout without LFS
// (or REV:PATH, reading the object store) gives instead of the content.
package lfs

import (
	"bytes"
	"slices"
)

// prefixes begin every pointer
// (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md): its
// version, or one of the two earlier ones that git-lfs still reads as
// v1 (Hawser's, Git Media's), whose pointers a checkout with LFS
// replaces by the content too. git-lfs reads a pointer after leading
// white space (bytes.TrimSpace): such a Spack file was told as JSON
// that starts with 'v'.
var prefixes = [][]byte{
	[]byte("version https://git-lfs.github.com/spec/"),
	[]byte("version https://hawser.github.com/spec/v1"),
	[]byte("version http://git-media.io/v/2"),
}

// Message says what to do about data when it is a Git LFS pointer, and is
// "" when it is not one.
func Message(data []byte) string {
	data = bytes.TrimLeft(data, " \t\n\v\f\r")
	if !slices.ContainsFunc(prefixes, func(p []byte) bool { return bytes.HasPrefix(data, p) }) {
		return ""
	}
	return "a Git LFS pointer, not the file's content: fetch the content with `git lfs pull` and give the checked-out file (REV:PATH reads the pointer as committed)"
}
