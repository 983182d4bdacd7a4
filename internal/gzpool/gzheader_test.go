package gzpool

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"io"
	"strings"
	"testing"
)

// member is a gzip member of content with the header flags flg and the
// fields they call for; hcrc is its header CRC, when flg asks for one.
func member(t *testing.T, content string, flg byte, extra, name, comment string, hcrc uint16) []byte {
	t.Helper()
	h := []byte{0x1f, 0x8b, 8, flg, 0, 0, 0, 0, 0, 0xff}
	if flg&4 != 0 {
		h = binary.LittleEndian.AppendUint16(h, uint16(len(extra)))
		h = append(h, extra...)
	}
	if flg&8 != 0 {
		h = append(append(h, name...), 0)
	}
	if flg&16 != 0 {
		h = append(append(h, comment...), 0)
	}
	if flg&2 != 0 {
		h = binary.LittleEndian.AppendUint16(h, hcrc)
	}
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, 6)
	io.WriteString(w, content)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	h = append(h, b.Bytes()...)
	h = binary.LittleEndian.AppendUint32(h, crc32.ChecksumIEEE([]byte(content)))
	return binary.LittleEndian.AppendUint32(h, uint32(len(content)))
}

// TestHeaderAsPython (adversarial pass 102b): a member's header is read
// as Python's gzip.decompress (Spack's reader) reads it, checked against
// python3 byte for byte: a file name or comment of any length (Go's
// reader refused one of 512 bytes or more as "invalid header"), a header
// CRC read and not checked (Go's refused one that did not match: gzip(1)
// wrote none, and Python and zlib's gzip tools read past a wrong one),
// and an unknown method or a header cut short refused.
func TestHeaderAsPython(t *testing.T) {
	long := strings.Repeat("n", 600)
	for _, tc := range []struct {
		name string
		data []byte
		want string // content, or the error's text
		err  error
	}{
		{"a long file name", member(t, "spec", 8, "", long, "", 0), "spec", nil},
		{"a long comment", member(t, "spec", 16, "", "", long, 0), "spec", nil},
		{"a header CRC that does not match", member(t, "spec", 2, "", "", "", 0x1234), "spec", nil},
		{"every field", member(t, "spec", 30, "ab\x02\x00xy", "f.json", "hi", 0x1234), "spec", nil},
		{"a second member with a long name", append(member(t, "a", 0, "", "", "", 0), member(t, "b", 8, "", long, "", 0)...), "ab", nil},
		{"an unknown method", append([]byte{0x1f, 0x8b, 7}, member(t, "spec", 0, "", "", "", 0)[3:]...), "gzip: invalid header: the member at offset 0 has compression method 7, not deflate (8)", gzip.ErrHeader},
		{"a name cut short", member(t, "spec", 8, "", long, "", 0)[:300], io.ErrUnexpectedEOF.Error(), io.ErrUnexpectedEOF},
		{"an extra field cut short", member(t, "spec", 4, "abcdef", "", "", 0)[:14], io.ErrUnexpectedEOF.Error(), io.ErrUnexpectedEOF},
	} {
		checkRead(t, tc.name, tc.data, tc.want, tc.err)
	}
}
