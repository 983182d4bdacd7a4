//go:build unix

package main

import (
	"errors"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
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
// the process by SIGPIPE (os/signal: a write to a broken pipe on
// descriptor 1 or 2, SIGPIPE not asked for with signal.Notify), which
// no handler sees: the run died with exit status 141 where its report
// was written whole (to standard output or --output) and its gate
// result was 0 or 1, and --output's temporary file was left behind. The
// messages go through a copy of the descriptor, whose writes fail with
// EPIPE instead: the messages that no one reads are dropped and the run
// goes on, to its own exit status. Standard output is left as Go has
// it: a closed pipe there (cachediff ... | head -1) ends the process by
// SIGPIPE, as it does any filter's. A process started with SIGPIPE
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
	return &pipeStderr{File: os.NewFile(uintptr(fd), "/dev/stderr")}
}

// pipeStderr is standard error through a copy of its descriptor
// (processStderr). Its Fd is the copy's, for isTerminal. Once a write
// finds the pipe closed, the rest are dropped.
type pipeStderr struct {
	*os.File
	closed atomic.Bool
}

func (w *pipeStderr) Write(p []byte) (int, error) {
	if w.closed.Load() {
		return len(p), nil
	}
	n, err := w.File.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		w.closed.Store(true)
		return len(p), nil
	}
	return n, err
}
