package gzpool

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func gz(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	io.WriteString(w, s)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReaderReused: a reader given back reads the next stream whole,
// with nothing of the one before (a cut stream, multistream reading), and
// a stream that does not start as gzip is an error, the pool unharmed.
func TestReaderReused(t *testing.T) {
	one, two := gz(t, "first"), gz(t, "second")
	r, err := Reader(one[:len(one)-3]) // cut short
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(r); err == nil {
		t.Error("a cut stream read whole")
	}
	Put(r)
	if _, err := Reader([]byte("not gzip")); err == nil {
		t.Error("not gzip: no error")
	}
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{two, "second"},
		{append(append([]byte{}, one...), two...), "firstsecond"},
	} {
		r, err := Reader(tc.data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || string(got) != tc.want {
			t.Errorf("read %q, %v; want %q", got, err, tc.want)
		}
		Put(r)
	}
}

// TestPaddingAndTrailing: a stream is read as Python's gzip.decompress,
// Spack's reader, reads it: zero bytes after a member are padding
// (before another member too), and anything else after a member is an
// error that says so, not a stream cut short.
func TestPaddingAndTrailing(t *testing.T) {
	one, two := gz(t, "first"), gz(t, "second")
	zeros := func(n int) []byte { return make([]byte, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	for _, tc := range []struct {
		name string
		data []byte
		want string // content, or the error's text
		err  error
	}{
		{"8 zero bytes after", cat(one, zeros(8)), "first", nil},
		{"16 zero bytes after", cat(one, zeros(16)), "first", nil},
		{"1 zero byte after", cat(one, zeros(1)), "first", nil},
		{"zeros between members", cat(one, zeros(512), two, zeros(3)), "firstsecond", nil},
		{"one byte after", cat(one, []byte("x")), "data after the gzip stream that is not gzip, from offset 29 of 30", ErrTrailing},
		{"text after padding", cat(one, zeros(4), []byte("trailer")), "data after the gzip stream that is not gzip, from offset 33 of 40", ErrTrailing},
		{"a second member cut short", cat(one, two[:12]), io.ErrUnexpectedEOF.Error(), io.ErrUnexpectedEOF},
	} {
		checkRead(t, tc.name, tc.data, tc.want, tc.err)
	}
}

// TestReadAfterEnd: a Stream read past its end says io.EOF again, as an
// io.Reader must, and an error again once it has failed: a read after
// the end looked for a second trailer and said io.ErrUnexpectedEOF.
func TestReadAfterEnd(t *testing.T) {
	one := gz(t, "first")
	bad := bytes.Clone(one)
	bad[len(bad)-8] ^= 1 // its CRC
	for _, tc := range []struct {
		name string
		data []byte
		err  error
	}{{"a good stream", one, io.EOF}, {"a bad CRC", bad, gzip.ErrChecksum}} {
		r, err := Reader(tc.data)
		if err != nil {
			t.Fatal(err)
		}
		io.ReadAll(r)
		for i := range 2 {
			if n, err := r.Read(make([]byte, 8)); n != 0 || !errors.Is(err, tc.err) {
				t.Errorf("%s: read %d after the end: %d, %v; want 0, %v", tc.name, i+1, n, err, tc.err)
			}
		}
		Put(r)
	}
}

// TestChecksumNamed: a member whose CRC or length does not match its
// content is named, with its offset, as Python names the two (its
// "CRC check failed", "Incorrect length of data produced").
func TestChecksumNamed(t *testing.T) {
	one, two := gz(t, "first"), gz(t, "second")
	badCRC := bytes.Clone(one)
	badCRC[len(badCRC)-8] ^= 1
	badLen := bytes.Clone(two)
	badLen[len(badLen)-1] ^= 1
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"the first member's CRC", append(badCRC, two...), "gzip: invalid checksum: the CRC of the member at offset 0 does not match its content"},
		{"the second member's length", append(bytes.Clone(one), badLen...), "gzip: invalid checksum: the length of the member at offset 29 does not match its content (6 bytes)"},
	} {
		r, err := Reader(tc.data)
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.ReadAll(r)
		Put(r)
		if !errors.Is(err, gzip.ErrChecksum) || err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v; want %q", tc.name, err, tc.want)
		}
	}
}

// TestCorruptOffsetInFile: flate counts the offset of corrupt deflate
// data from where the member's deflate data starts; a Stream says it as
// an offset in the file, where a reader of the message looks (a second
// member's bad block was put at byte 1 of the file).
func TestCorruptOffsetInFile(t *testing.T) {
	one := gz(t, "first")
	bad := gz(t, "second")
	bad[10] = 0xff // a block of type 3, reserved: corrupt at once
	data := append(append([]byte{}, one...), bad...)
	r, err := Reader(data)
	if err != nil {
		t.Fatal(err)
	}
	defer Put(r)
	_, err = io.ReadAll(r)
	var ce flate.CorruptInputError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a flate.CorruptInputError", err)
	}
	if want := int64(len(one) + 11); int64(ce) != want {
		t.Errorf("got %v: offset %d, want %d (the byte after the bad one, in the file)", err, int64(ce), want)
	}
}

// TestBadMethodNamed: a member whose compression method is not deflate
// is named with its offset and method, as Python names it ("Unknown
// compression method"), not only "invalid header"; still gzip.ErrHeader.
func TestBadMethodNamed(t *testing.T) {
	one := gz(t, "first")
	bad := gz(t, "second")
	bad[2] = 7
	data := append(append(append([]byte{}, one...), 0, 0), bad...)
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{bad, "the member at offset 0 has compression method 7, not deflate (8)"},
		{data, fmt.Sprintf("the member at offset %d has compression method 7, not deflate (8)", len(one)+2)},
	} {
		var err error
		if r, rerr := Reader(tc.data); rerr != nil {
			err = rerr
		} else {
			_, err = io.ReadAll(r)
			Put(r)
		}
		if !errors.Is(err, gzip.ErrHeader) || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v; want gzip.ErrHeader, saying %q", err, tc.want)
		}
	}
}

// checkRead reads data's stream whole and checks that it reads want, or,
// when wantErr is not nil, fails with an error that is wantErr and says
// want. name names the case.
func checkRead(t *testing.T, name string, data []byte, want string, wantErr error) {
	t.Helper()
	r, err := Reader(data)
	var got []byte
	if err == nil {
		got, err = io.ReadAll(r)
		Put(r)
	}
	if wantErr == nil {
		if err != nil || string(got) != want {
			t.Errorf("%s: read %q, %v; want %q", name, got, err, want)
		}
		return
	}
	if !errors.Is(err, wantErr) || err.Error() != want {
		t.Errorf("%s: error %v; want %q", name, err, want)
	}
}
