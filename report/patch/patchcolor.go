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
	line []byte // the start of a line not ended yet
	out  []byte
}

// Write colours the complete lines of p (and of the line begun before)
// and writes them; an unfinished line waits for the rest. Patch ends
// every line, so nothing is left at the end.
func (c *patchColor) Write(p []byte) (int, error) {
	n := len(p)
	c.out = c.out[:0]
	for {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			c.line = append(c.line, p...)
			break
		}
		c.line = append(c.line, p[:i]...)
		c.out = appendPatchLine(c.out, c.line)
		c.line = c.line[:0]
		p = p[i+1:]
	}
	if _, err := c.w.Write(c.out); err != nil {
		return 0, err
	}
	return n, nil
}

// appendPatchLine appends line, coloured by its kind, and a newline.
func appendPatchLine(out, line []byte) []byte {
	code := ""
	switch {
	case bytes.HasPrefix(line, []byte("--- ")), bytes.HasPrefix(line, []byte("+++ ")):
		code = "1"
	case bytes.HasPrefix(line, []byte("@@")):
		code = "36"
	case bytes.HasPrefix(line, []byte("-")):
		code = "31"
	case bytes.HasPrefix(line, []byte("+")):
		code = "32"
	}
	if code == "" {
		return append(append(out, line...), '\n')
	}
	out = append(out, "\x1b["+code+"m"...)
	out = append(out, line...)
	return append(out, "\x1b[0m\n"...)
}
