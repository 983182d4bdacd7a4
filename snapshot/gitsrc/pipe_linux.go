package gitsrc

import (
	"os"

	"golang.org/x/sys/unix"
)

// pipeSize is the size asked of the kernel for the pipe git cat-file
// streams the blobs through: 1 MB, the most an unprivileged process may
// ask under the default pipe-max-size. The default pipe of 64 KB holds
// about ten pages: git blocked, and woke the reader, every few pages.
const pipeSize = 1 << 20

// growPipe asks for a pipe of pipeSize; the default is kept when the
// kernel refuses (a lower pipe-max-size, or the user's pipe quota spent).
func growPipe(f *os.File) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	rc.Control(func(fd uintptr) {
		_, _ = unix.FcntlInt(fd, unix.F_SETPIPE_SZ, pipeSize) // refused: the default size
	})
}
