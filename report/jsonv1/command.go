package jsonv1

import (
	"bytes"
	"io"
)

// commandSafe writes what is written to it to w, with the [ of each
// "##[" written \u005b. GitHub Actions' runner reads the legacy form of
// its workflow commands ("##[error]…", "##[add-mask]…") anywhere in a
// line of a job's output, where a JSON document printed in a job would
// carry one from a name. JSON has no '#' outside its strings, so every
// "##[" of a document is in a string, where \u005b reads back as [.
// The document is otherwise encoding/json's, byte for byte.
type commandSafe struct {
	w    io.Writer
	last [2]byte // the last two bytes written, across writes
}

func (c *commandSafe) Write(p []byte) (int, error) {
	start := 0
	// "##[" is found by its "#[", whose '#' is rare in JSON (IndexByte
	// stops at each), where '[' opens every list; the "##[" that a write
	// begins inside is found from the bytes before it.
	escape := func(i int) error { // p[i] is the '[' of a "##["
		if _, err := c.w.Write(p[start:i]); err != nil {
			return err
		}
		start = i + 1
		_, err := io.WriteString(c.w, `\u005b`)
		return err
	}
	if len(p) > 0 && p[0] == '[' && c.last == [2]byte{'#', '#'} {
		if err := escape(0); err != nil {
			return 0, err
		}
	}
	for off := 0; ; {
		j := bytes.Index(p[off:], []byte("#["))
		if j < 0 {
			break
		}
		k := off + j // p[k] == '#', p[k+1] == '['
		off = k + 1
		before := c.last[1]
		if k > 0 {
			before = p[k-1]
		}
		if before == '#' {
			if err := escape(k + 1); err != nil {
				return k, err
			}
		}
	}
	if _, err := c.w.Write(p[start:]); err != nil {
		return start, err
	}
	switch n := len(p); n {
	case 0:
	case 1:
		c.last = [2]byte{c.last[1], p[0]}
	default:
		c.last = [2]byte{p[n-2], p[n-1]}
	}
	return len(p), nil
}
