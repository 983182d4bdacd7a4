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
// dump of the goroutines, which is what it asks for.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// dieOf ends the process by the signal s, its handler reset, so that the
// shell sees what it sent (an interrupted loop stops); should the signal
// not end it, the exit status is the shell's for it, 128 + its number.
func dieOf(s os.Signal) {
	sig := s.(syscall.Signal)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(time.Second)
	os.Exit(128 + int(sig))
}
