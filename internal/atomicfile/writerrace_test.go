package atomicfile

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// TestMkdirTempRemovedWhileWritten: a folder of MkdirTemp that another
// process is writing in by name when the signal comes (git update-index
// writes the temporary index of git check-attr as index.lock and renames
// it to index) is removed all the same. RemoveAll read the folder, and
// removed what it read, while the writer made a file in it: the folder
// was then not empty, and stayed in TMPDIR with git's index
// (cachediff git:HEAD~1:site git:HEAD:site over a tree with a
// .gitattributes, SIGTERM while git ran: 1 folder left in 150 runs).
func TestMkdirTempRemovedWhileWritten(t *testing.T) {
	t.Cleanup(func() {
		temporary.mu.Lock()
		temporary.removed = false
		temporary.mu.Unlock()
	})
	dir := t.TempDir()
	for round := range 200 {
		temporary.mu.Lock()
		temporary.removed = false
		temporary.mu.Unlock()
		tmp, err := MkdirTemp(dir, "cachediff-attr-*")
		if err != nil {
			t.Fatal(err)
		}
		// The writer, as git: a lock file made by name, then renamed
		// over the index, until the folder is gone or, once
		// RemoveTemporary has returned, a few times more (git goes on
		// after cachediff has died).
		var wg sync.WaitGroup
		var stop atomic.Bool
		start := make(chan struct{})
		wg.Go(func() {
			close(start)
			lock, index := filepath.Join(tmp, "index.lock"), filepath.Join(tmp, "index")
			for after := 0; after < 3; {
				if stop.Load() {
					after++
				}
				if err := os.WriteFile(lock, []byte("DIRC"), 0o600); err != nil {
					return
				}
				if err := os.Rename(lock, index); err != nil {
					return
				}
			}
		})
		<-start
		RemoveTemporary()
		stop.Store(true)
		wg.Wait()
		if _, err := os.Lstat(tmp); err == nil {
			entries, _ := os.ReadDir(tmp)
			t.Fatalf("round %d: RemoveTemporary left %s behind, holding %d files", round, tmp, len(entries))
		}
	}
	checkOnly(t, dir)
}
