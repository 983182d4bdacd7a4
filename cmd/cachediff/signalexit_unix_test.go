//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalWhileMainEnds (issue 35 class d): a signal's handler removes
// the temporary file of -o FILE, then kills the process by the signal;
// a run that ended between the two (its Close finding its temporary
// file gone) exited with its own status 2 first, "rename
// .FILE.tmp-NNN FILE: no such file or directory": a shell saw a failure,
// not the signal it sent, and the message named no cause. The process
// dies of the signal, and Close's error says the process is stopping.
// The seam is cachediff-waitexit, whose handler waits for main to end
// before it kills (script_test.go), and a --template that runs for a
// while after the temporary file is made.
func TestSignalWhileMainEnds(t *testing.T) {
	bin, err := exec.LookPath("cachediff-waitexit") // the test binary (TestMain)
	if err != nil {
		t.Skip("no cachediff-waitexit command:", err)
	}
	if signal.Ignored(syscall.SIGTERM) {
		t.Skip("SIGTERM is ignored in this process, and so in the command")
	}
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	cmd, dir, out, done, stderr := writingRun(t, bin, realDir, "{{ range until 4000 }}{{ range until 4000 }}{{ end }}{{ end }}done", time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatal("still running two minutes after SIGTERM")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("after SIGTERM: %v (stderr %q), want death by the signal", err, stderr.String())
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("after SIGTERM: %v (stderr %q), want death by the signal", err, stderr.String())
	}
	if msg := stderr.String(); msg != "" && !strings.Contains(msg, "the process is stopping") || strings.Contains(msg, "no such file") {
		t.Errorf("stderr %q: want nothing, or that the process is stopping", msg)
	}
	checkFiles(t, dir, "report.md", "slow.tmpl")
	if data, _ := os.ReadFile(out); string(data) != "old" {
		t.Errorf("%s holds %q, want the old file", out, data)
	}
}
