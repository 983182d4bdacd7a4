//go:build unix

package main

import (
	"errors"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cachediff/cachediff/internal/atomicfile"
)

// stopSignals are the signals that stop the command (removeOnSignal).
// SIGQUIT (a terminal's Ctrl-\) too: it left the temporary file of
// --output behind, half written; it still ends in the Go runtime's
// dump of the goroutines, which is what it asks for. So do SIGTRAP,
// SIGABRT and SIGSYS sent by another process (kill -TRAP), the other
// signals a Go program dies of when it does not catch them; a fault
// of the program's own (a SIGSEGV, a SIGABRT of its own) is not
// caught by signal.Notify and stays the runtime's. SIGILL, SIGBUS,
// SIGFPE and SIGSEGV sent by kill (not a fault of the program's own,
// which signal.Notify does not catch) end it in the same dump, and left
// the temporary file too; so does Linux's SIGSTKFLT (signal_stkflt.go).
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGTRAP, syscall.SIGABRT, syscall.SIGSYS,
	syscall.SIGILL, syscall.SIGBUS, syscall.SIGFPE, syscall.SIGSEGV}

// dieOf ends the process by the signal s, its handler reset, so that the
// shell sees what it sent (an interrupted loop stops); should the signal
// not end it, the exit status is the shell's for it, 128 + its number.
func dieOf(s os.Signal) {
	sig := s.(syscall.Signal)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(time.Second)
	os.Exit(128 + int(sig))
}

// processStderr is the process's standard error, as the command writes
// its messages to it. A write to a closed pipe on standard error (2>&1 |
// head -1, and a warning after the first line) makes the Go runtime end
// the process by SIGPIPE, which no handler sees: --output's temporary
// file was left behind. The messages go through a copy of the
// descriptor, whose writes fail with EPIPE instead; the temporary files
// are removed, and the write is made again to os.Stderr, whose failure
// ends the process by SIGPIPE as before. A process started with SIGPIPE
// ignored writes to os.Stderr: its writes fail, and it goes on.
func processStderr() io.Writer {
	if signal.Ignored(syscall.SIGPIPE) {
		return os.Stderr
	}
	fd, err := syscall.Dup(2)
	if err != nil {
		return os.Stderr
	}
	syscall.CloseOnExec(fd)
	return &pipeStderr{os.NewFile(uintptr(fd), "/dev/stderr")}
}

// pipeStderr is standard error through a copy of its descriptor
// (processStderr). Its Fd is the copy's, for isTerminal.
type pipeStderr struct{ *os.File }

func (w *pipeStderr) Write(p []byte) (int, error) {
	n, err := w.File.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		atomicfile.RemoveTemporary()
		m, err := os.Stderr.Write(p[n:]) // ends the process by SIGPIPE
		return n + m, err
	}
	return n, err
}
