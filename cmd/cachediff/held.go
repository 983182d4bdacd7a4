package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// heldInMemory is how much of a template's output held is kept in
// memory before the rest goes to a temporary file.
const heldInMemory = 8 << 20

// held keeps what a --template writes to standard output until it has
// run whole, then writes it (writeTo), or drops it (discard): a template
// stopped by a limit (--template-timeout, its output or its memory) or
// an error of its own after its first 64 KiB left them on standard
// output, exit status 2, a report cut short that a CI step's
// `> notes.md` kept. Past heldInMemory it goes to a temporary file,
// removed at once where the system allows (else when it is done with),
// kept in memory where none can be made: the template's output limit
// bounds it.
type held struct {
	mem  []byte
	file *os.File
	name string // the temporary file, where it could not be removed at once
}

func (h *held) Write(p []byte) (int, error) {
	if h.file == nil && len(h.mem)+len(p) > heldInMemory {
		if f, err := os.CreateTemp("", "cachediff-template-*"); err == nil {
			if os.Remove(f.Name()) != nil {
				h.name = f.Name()
			}
			h.file = f
			if _, err := f.Write(h.mem); err != nil {
				return 0, fmt.Errorf("holding the template's output in a temporary file: %w", err)
			}
			h.mem = nil
		}
	}
	if h.file != nil {
		n, err := h.file.Write(p)
		if err != nil {
			err = fmt.Errorf("holding the template's output in a temporary file: %w", err)
		}
		return n, err
	}
	h.mem = append(h.mem, p...)
	return len(p), nil
}

// writeTo writes what is held to w, and lets it go.
func (h *held) writeTo(w io.Writer) error {
	defer h.discard()
	if h.file == nil {
		_, err := w.Write(h.mem)
		return err
	}
	if _, err := h.file.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("reading the template's output back: %w", err)
	}
	_, err := io.Copy(writerOnly{w}, h.file)
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == h.file.Name() {
		return fmt.Errorf("reading the template's output back: %w", err)
	}
	return err
}

// discard lets what is held go.
func (h *held) discard() {
	h.mem = nil
	if h.file != nil {
		h.file.Close()
		if h.name != "" {
			os.Remove(h.name)
		}
		h.file, h.name = nil, ""
	}
}

// writerOnly hides a writer's ReadFrom, so that io.Copy writes through
// Write, whose errors are the destination's.
type writerOnly struct{ io.Writer }
