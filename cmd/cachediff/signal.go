package main

import (
	"os"
	"os/signal"

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
		atomicfile.RemoveTemporary()
		signal.Reset(sigs...)
		dieOf(s)
	}()
}
