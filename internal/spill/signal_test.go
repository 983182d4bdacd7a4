package spill

import (
	"os"
	"os/exec"
	"testing"

	"github.com/cachediff/cachediff/internal/atomicfile"
)

// TestCreatedFileRemovedOnSignal: the spill's temporary file, made and
// not yet removed from its folder (toFile removes it right after
// CreateFile), is removed by a signal that comes in between
// (atomicfile.RemoveTemporary): made by os.CreateTemp, which no signal
// handler knew of, it was left in TMPDIR as cachediff-log-NNN. Run in a
// child process: RemoveTemporary refuses every temporary file after it.
func TestCreatedFileRemovedOnSignal(t *testing.T) {
	if os.Getenv("SPILL_SIGNAL_CHILD") == "1" {
		f, name, err := CreateFile(logSteps.Pattern)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		atomicfile.RemoveTemporary() // the signal, before toFile's os.Remove
		if _, err := os.Lstat(name); err == nil {
			t.Fatalf("%s is left behind after the signal", name)
		}
		return
	}
	tmp := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCreatedFileRemovedOnSignal$", "-test.count=1")
	cmd.Env = append(os.Environ(), "SPILL_SIGNAL_CHILD=1", "TMPDIR="+tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("TMPDIR holds %d files after the signal, want none", len(left))
	}
}
