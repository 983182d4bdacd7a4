//go:build unix

package main

import (
	"os"
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
