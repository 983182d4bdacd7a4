package gitsrc

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestGrowPipe checks that growPipe sizes the pipe: a call that failed
// would leave git's stream at the default 64 KB without a word.
func TestGrowPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	growPipe(r)
	size, err := unix.FcntlInt(r.Fd(), unix.F_GETPIPE_SZ, 0)
	if err != nil {
		t.Fatal(err)
	}
	if size < pipeSize {
		// A kernel set to a lower pipe-max-size refuses (and the product
		// keeps the default then): only that is not a failure.
		if b, err := os.ReadFile("/proc/sys/fs/pipe-max-size"); err == nil {
			if limit, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && limit < pipeSize {
				t.Skipf("pipe-max-size is %d, under %d", limit, pipeSize)
			}
		}
		t.Fatalf("pipe of %d bytes after growPipe, want %d", size, pipeSize)
	}
}
