//go:build !unix

package main

import (
	"io"
	"os"
)

// stopSignals are the signals that stop the command (removeOnSignal).
var stopSignals = []os.Signal{os.Interrupt}

// dieOf ends the process after the signal s with the exit status a shell
// gives an interrupted command, 130.
func dieOf(os.Signal) { os.Exit(130) }

// processStderr is the process's standard error.
func processStderr() io.Writer { return os.Stderr }
