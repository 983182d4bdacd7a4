//go:build unix

package main

import (
	"os"
	"syscall"
	"time"
)

// stopSignals are the signals that stop the command (removeOnSignal).
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// dieOf ends the process by the signal s, its handler reset, so that the
// shell sees what it sent (an interrupted loop stops); should the signal
// not end it, the exit status is the shell's for it, 128 + its number.
func dieOf(s os.Signal) {
	sig := s.(syscall.Signal)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(time.Second)
	os.Exit(128 + int(sig))
}
