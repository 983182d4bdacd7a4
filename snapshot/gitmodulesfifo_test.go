//go:build unix

package snapshot

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestGitmodulesFIFO: a FIFO named .gitmodules (or .git) above a
// snapshot was opened to be read, which waits for a writer: a gate on
// disk, and from git (which asks the same of the work tree above), hung
// for ever. It is no file git's submodules are read from; a writer here
// would have it read as one.
func TestGitmodulesFIFO(t *testing.T) {
	name := filepath.Join(t.TempDir(), ".gitmodules")
	if err := syscall.Mkfifo(name, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString("[submodule \"c\"]\n\tpath = _cache\n")
		f.Close()
	}()
	listed := listsSubmodule(name, "_cache")
	// Release the writer if nothing read the FIFO.
	if r, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
		<-done
		r.Close()
	} else {
		<-done
	}
	if listed {
		t.Error("a FIFO named .gitmodules was read")
	}
}
