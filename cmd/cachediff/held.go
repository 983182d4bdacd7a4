package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/cachediff/cachediff/internal/atomicfile"
)

// heldInMemory is how much of a template's output held keeps in memory
// before the rest goes to a temporary file.
const heldInMemory = 8 << 20

// heldTemp makes held's temporary file (a test's hook: one that takes
// no write, as a full disk).
var heldTemp = atomicfile.CreateTemp

// held keeps what a --template writes to standard output (or to an
// --output written in place: a device, a pipe) until it has
// run whole, then writes it (writeTo), or lets it go (discard): a
// template stopped by a limit (--template-timeout, its output or its
// memory) or by an error of its own after its first 64 KiB left them on
// standard output, exit status 2, a report cut short that a CI step's
// `> notes.md` kept. Past heldInMemory it goes to a temporary file,
// removed at once where the system allows (else when it is let go); in
// memory where none can be made, or where a write to it fails later (a
// full disk: what the file holds is read back), as a log's spill does.
// The template's output limit bounds it.
type held struct {
	mem    []byte
	file   *os.File
	name   string // the temporary file, where it could not be removed at once
	size   int64  // what file holds, written whole
	noFile bool   // none could be made, or a write to it failed
}

func (h *held) Write(p []byte) (int, error) {
	if h.file == nil && !h.noFile && len(h.mem)+len(p) > heldInMemory {
		h.toFile()
	}
	if h.file != nil {
		if _, err := h.file.Write(p); err == nil {
			h.size += int64(len(p))
			return len(p), nil
		}
		if err := h.toMemory(); err != nil {
			return 0, err
		}
	}
	h.mem = append(h.mem, p...)
	return len(p), nil
}

// toFile moves what is held to a temporary file; where none can be
// made, or written, it stays in memory.
func (h *held) toFile() {
	// Removed by a signal until it is removed here (atomicfile).
	f, err := heldTemp("", "cachediff-template-*")
	if err != nil {
		h.noFile = true
		return
	}
	h.file = f
	if os.Remove(f.Name()) != nil {
		h.name = f.Name() // open files stay (Windows): removed when let go
	} else {
		atomicfile.Release(f.Name())
	}
	if _, err := f.Write(h.mem); err != nil {
		h.letFileGo()
		h.noFile = true
		return
	}
	h.size, h.mem = int64(len(h.mem)), nil
}

// toMemory reads what the temporary file holds back into memory, and
// lets the file go: a write to it failed.
func (h *held) toMemory() error {
	defer h.letFileGo()
	h.noFile = true
	mem := make([]byte, h.size)
	if _, err := h.file.ReadAt(mem, 0); err != nil {
		return fmt.Errorf("reading the template's output back from a temporary file: %w", err)
	}
	h.mem = mem
	return nil
}

// writeTo writes what is held to w, and lets it go.
func (h *held) writeTo(w io.Writer) error {
	defer h.discard()
	if h.file == nil {
		_, err := w.Write(h.mem)
		return err
	}
	buf := make([]byte, 1<<20)
	for off := int64(0); off < h.size; {
		n, err := h.file.ReadAt(buf[:min(int64(len(buf)), h.size-off)], off)
		if n == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return fmt.Errorf("reading the template's output back from a temporary file: %w", err)
		}
		if _, err := w.Write(buf[:n]); err != nil {
			return err
		}
		off += int64(n)
	}
	return nil
}

// discard lets what is held go.
func (h *held) discard() {
	h.mem = nil
	h.letFileGo()
}

// letFileGo closes the temporary file, and removes it where it could not
// be removed at once.
func (h *held) letFileGo() {
	if h.file != nil {
		h.file.Close()
		if h.name != "" {
			os.Remove(h.name)
			atomicfile.Release(h.name)
		}
		h.file, h.name, h.size = nil, "", 0
	}
}
