package patch

import (
	"bytes"
	"io"
)

// patchColor colours a unified diff as git does, line by line, as it is
// written: file headers bold, hunk headers cyan, removed lines red, added
// lines green (Options.Color on --format patch). The text is escaped
// already (plainText), so a line cannot carry codes of its own.
type patchColor struct {
	w    io.Writer
	line []byte // the start of a line whose colour is not known yet: fewer than kindBytes bytes
	open bool   // the line's colour and first bytes are written
	code string // the open line's colour, "" for none
	out  []byte
}

// kindBytes is how many bytes of a line tell its colour (patchCode):
// "--- " of a file header against "-" of a removed line.
const kindBytes = 4

// Write colours the lines of p (and of the line begun before) and
// writes them: a line's colour once its first kindBytes bytes (or the
// whole line) are known, its bytes as they come, and the reset at its
// end. Until then, the start of a line waits for the rest. Patch ends
// every line, so nothing is left at the end. A line is not held whole:
// a spec of 4M variants is a line of 32 MB, held twice over while it grew.
func (c *patchColor) Write(p []byte) (int, error) {
	n := len(p)
	c.out = c.out[:0]
	for len(p) > 0 {
		end := bytes.IndexByte(p, '\n')
		ended := end >= 0
		if !ended {
			end = len(p)
		}
		if !c.open {
			k := min(end, kindBytes-len(c.line))
			c.line = append(c.line, p[:k]...)
			p, end = p[k:], end-k
			if len(c.line) < kindBytes && !ended {
				break
			}
			c.code = patchCode(c.line)
			if c.code != "" {
				c.out = append(c.out, "\x1b["+c.code+"m"...)
			}
			c.out = append(c.out, c.line...)
			c.line, c.open = c.line[:0], true
		}
		c.out = append(c.out, p[:end]...)
		if !ended {
			break
		}
		if c.code != "" {
			c.out = append(c.out, "\x1b[0m"...)
		}
		c.out = append(c.out, '\n')
		c.open = false
		p = p[end+1:]
	}
	if _, err := c.w.Write(c.out); err != nil {
		return 0, err
	}
	return n, nil
}

// patchCode is the colour of a line by its first bytes (kindBytes, or
// the whole line when shorter): "" for a line left as it is.
func patchCode(line []byte) string {
	switch {
	case bytes.HasPrefix(line, []byte("--- ")), bytes.HasPrefix(line, []byte("+++ ")):
		return "1"
	case bytes.HasPrefix(line, []byte("@@")):
		return "36"
	case bytes.HasPrefix(line, []byte("-")):
		return "31"
	case bytes.HasPrefix(line, []byte("+")):
		return "32"
	}
	return ""
}
