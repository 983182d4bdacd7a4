package main

import (
	"os"
	"os/signal"
	"sync"
	"sync/atomic"

	"github.com/cachediff/cachediff/internal/atomicfile"
)

// removeOnSignal makes the process, on the signals that stop it (those
// of stopSignals it was not started to ignore, as nohup and a
// background job are), remove the temporary file of --output
// (atomicfile.RemoveTemporary) and then die of the signal as it would
// have without it (dieOf), so that neither a .FILE.tmp-NNN nor a
// half-written FILE is left behind.
func removeOnSignal() {
	var sigs []os.Signal
	for _, s := range stopSignals {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	if len(sigs) == 0 {
		return
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	go func() {
		s := <-ch
		stopping.Store(true)
		atomicfile.RemoveTemporary()
		if beforeDie != nil {
			beforeDie()
		}
		signal.Reset(sigs...)
		dieOf(s)
	}()
}

// stopping is set by removeOnSignal's handler when a signal comes,
// before it removes the temporary files.
var stopping atomic.Bool

// exiting is closed when main ends the process (exit).
var (
	exiting     = make(chan struct{})
	exitingOnce sync.Once
)

// beforeDie, when not nil, runs in removeOnSignal's handler between
// removing the temporary files and dying: a test's seam.
var beforeDie func()

// exit ends the process with code, as main does, but for one a signal is
// stopping: that one dies of the signal, in removeOnSignal's handler.
// main's run, ended by what the handler did (a Close whose temporary file
// it removed: "the process is stopping"), ended the process with its own
// exit status 2 first, when it came between the removal and the death: a
// shell saw a failure, not the signal it sent (an interrupted loop went
// on).
func exit(code int) {
	exitingOnce.Do(func() { close(exiting) })
	if stopping.Load() {
		select {} // the handler's dieOf ends the process
	}
	os.Exit(code)
}
