//go:build unix

package main

import "golang.org/x/sys/unix"

// mayWrite is nil when the user may write the file path, or make a file
// in the folder path when folder (write and search it), as the system
// judges it (access(2): permission bits, owner, ACLs, a read-only
// mount, root); else the system's error (permission denied, read-only
// file system).
func mayWrite(path string, folder bool) error {
	mode := uint32(unix.W_OK)
	if folder {
		mode |= unix.X_OK
	}
	return unix.Access(path, mode)
}
