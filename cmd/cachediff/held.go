package main

import (
	"io"

	"github.com/cachediff/cachediff/internal/spill"
)

// heldInMemory is how much of a template's output held keeps in memory
// before the rest goes to a temporary file.
const heldInMemory = spill.DefaultAt

// heldKind names held's temporary file and what its errors read back.
var heldKind = spill.Kind{Pattern: "cachediff-template-*", What: "the template's output", It: "it"}

// held keeps what a --template writes to standard output (or to an
// --output written in place: a device, a pipe) until it has
// run whole, then writes it (writeTo), or lets it go (discard): a
// template stopped by a limit (--template-timeout, its output or its
// memory) or by an error of its own after its first 64 KiB left them on
// standard output, exit status 2, a report cut short that a CI step's
// `> notes.md` kept. Past heldInMemory it goes to a temporary file,
// removed at once where the system allows (else when it is let go); in
// memory where none can be made, or where a write to it fails later (a
// full disk: what the file holds is read back): a spill, as a log's.
// The template's output limit bounds it, and in memory its memory limit,
// whose stop then says so (output.heldMemory).
type held struct{ *spill.Spill }

func newHeld() *held { return &held{spill.NewKind(heldInMemory, heldKind)} }

// writeTo writes what is held to w, and lets it go.
func (h *held) writeTo(w io.Writer) error {
	defer h.Close()
	_, err := h.WriteTo(w)
	return err
}

// discard lets what is held go.
func (h *held) discard() { h.Close() }
