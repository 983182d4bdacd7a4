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
	for off := 0; ; {
		j := bytes.IndexByte(p[off:], '[')
		if j < 0 {
			break
		}
		i := off + j
		off = i + 1
		var b1, b2 byte // the two bytes before p[i]
		switch i {
		case 0:
			b1, b2 = c.last[0], c.last[1]
		case 1:
			b1, b2 = c.last[1], p[0]
		default:
			b1, b2 = p[i-2], p[i-1]
		}
		if b1 == '#' && b2 == '#' {
			if _, err := c.w.Write(p[start:i]); err != nil {
				return start, err
			}
			if _, err := io.WriteString(c.w, `\u005b`); err != nil {
				return i, err
			}
			start = i + 1
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
