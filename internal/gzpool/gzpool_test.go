package gzpool

import (
	"bytes"
	"compress/gzip"
	"io"
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
