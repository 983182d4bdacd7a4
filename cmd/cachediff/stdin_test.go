package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// binaryStdin serves a binary head and then n bytes more, counting what
// is read.
type binaryStdin struct {
	head []byte
	n    int64
	read int64
}

func (b *binaryStdin) Read(p []byte) (int, error) {
	total := int64(len(b.head)) + b.n
	if b.read >= total {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), total-b.read))
	for i := range k {
		if at := b.read + int64(i); at < int64(len(b.head)) {
			p[i] = b.head[at]
		} else {
			p[i] = 0
		}
	}
	b.read += int64(k)
	return k, nil
}

// TestStdinBinaryRefusedEarly (issue 35, adversarial round 3): binary
// input on standard input, as the report render reads or as --template -,
// was read whole (up to 1 GiB, taking twice its size) before it was
// refused. Its head gives it away: it is refused after the head.
func TestStdinBinaryRefusedEarly(t *testing.T) {
	const seeds = "../../testdata/seeds/"
	for _, args := range [][]string{
		{"render", "-"},
		{"--template", "-", seeds + "py-safetensors-old.txt", seeds + "py-safetensors-new.txt"},
		{"-", seeds + "py-safetensors-new.txt"},
	} {
		in := &binaryStdin{head: []byte("\x7fELF\x02\x01\x01\x00\x00"), n: 64 << 20}
		var stderr bytes.Buffer
		c := &cli{stdin: in, stdout: io.Discard, stderr: &stderr}
		if code := c.run(args); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
		if in.read > 1<<20 {
			t.Errorf("%q: %d bytes read before the input was refused; want its head", args, in.read)
		}
		if msg := stderr.String(); !strings.Contains(msg, "a NUL byte") || !strings.Contains(msg, "line 1, column 8") {
			t.Errorf("%q: %s; want the NUL byte and where it is", args, msg)
		}
	}
}
