// Package lfs recognises a Git LFS pointer: the small text file that git
// holds in place of a file kept in Git LFS, which a checkout without LFS
// (or REV:PATH, reading the object store) gives instead of the content.
package lfs

import "bytes"

// prefix begins every pointer (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md).
var prefix = []byte("version https://git-lfs.github.com/spec/")

// Message says what to do about data when it is a Git LFS pointer, and is
// "" when it is not one.
func Message(data []byte) string {
	if !bytes.HasPrefix(data, prefix) {
		return ""
	}
	return "a Git LFS pointer, not the file's content: fetch the content with `git lfs pull` and give the checked-out file (REV:PATH reads the pointer as committed)"
}
