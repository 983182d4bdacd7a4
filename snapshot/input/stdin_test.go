package input

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// countingReader serves n bytes of fill after head, counting what is read.
type countingReader struct {
	head []byte
	fill byte
	n    int64
	read int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.read >= int64(len(c.head))+c.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && c.read < int64(len(c.head))+c.n {
		if c.read < int64(len(c.head)) {
			p[k] = c.head[c.read]
		} else {
			p[k] = c.fill
		}
		k++
		c.read++
	}
	return k, nil
}

// TestStdinBinaryEarly (issue 35, adversarial round 3): binary input on
// standard input was read whole (up to 1 GiB, taking some 3 times its
// size) before the decoder refused its first byte. Input whose head has
// a NUL byte, and is neither gzip'd nor UTF-16, is refused after the
// head, with the message the whole input would get.
func TestStdinBinaryEarly(t *testing.T) {
	const big = 32 << 20
	whole := func(head []byte) string {
		data := append(append([]byte(nil), head...), bytes.Repeat([]byte{0}, 4096)...)
		_, err := Load("", StdinName, Options{Stdin: bytes.NewReader(data)}, snapshot.Options{})
		if err == nil {
			t.Fatal("binary input loaded")
		}
		return err.Error()
	}
	for _, head := range []string{"\x7fELF\x02\x01\x01\x00", "\x89PNG\r\n\x1a\n\x00", "---\ntitle: \"x\"\n\x00", `{"database": {"version": "8", "installs": {` + "\x00"} {
		r := &countingReader{head: []byte(head), n: big}
		_, err := Load("", StdinName, Options{Stdin: r}, snapshot.Options{})
		if err == nil {
			t.Fatalf("%q: binary input loaded", head)
		}
		if r.read > 1<<20 {
			t.Errorf("%q: %d bytes read before the input was refused; want the head alone", head, r.read)
		}
		if want := whole([]byte(head)); err.Error() != want {
			t.Errorf("%q: refused early with\n%v\nwant the message of the whole input\n%s", head, err, want)
		}
	}
	// gzip and UTF-16 hold NUL bytes, and are read whole: their decoders
	// say what they are.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`{"database": {"version": "8", "installs": {}}}`))
	zw.Close()
	for name, data := range map[string][]byte{
		"gzip":   gz.Bytes(),
		"UTF-16": []byte("\xff\xfe{\x00\"\x00"),
	} {
		r := &countingReader{head: data, fill: ' ', n: 2 << 20}
		Load("", StdinName, Options{Stdin: r}, snapshot.Options{})
		if r.read != int64(len(data))+r.n {
			t.Errorf("%s: %d bytes read of %d", name, r.read, int64(len(data))+r.n)
		}
	}
	// Text is read whole, however long.
	text := strings.Repeat("x", 3<<20)
	r := &countingReader{head: []byte(text)}
	Load("", StdinName, Options{Stdin: r}, snapshot.Options{})
	if r.read != int64(len(text)) {
		t.Errorf("text: %d bytes read of %d", r.read, len(text))
	}
}

// TestStdinMemory: text on standard input from a pipe costs at most twice
// its size in bytes allocated while it is read, whatever its size (a
// buffer that grows by copying cost several times), and once from a file.
func TestStdinMemory(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	for _, n := range []int64{2 << 20, 8 << 20} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		data, err := (&stdinSource{r: &countingReader{head: []byte("---\n"), fill: 'x', n: n}}).Read(snapshot.File{}, nil)
		runtime.ReadMemStats(&after)
		if err != nil || int64(len(data)) != n+4 {
			t.Fatalf("%d bytes: %d read, %v", n, len(data), err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > uint64(2.2*float64(n)) {
			t.Errorf("%d bytes from a pipe: %d bytes allocated (%.1f times)", n, got, float64(got)/float64(n))
		}
	}
	p := filepath.Join(t.TempDir(), "page")
	if err := os.WriteFile(p, bytes.Repeat([]byte("x"), 8<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, err := (&stdinSource{r: f}).Read(snapshot.File{}, nil)
	runtime.ReadMemStats(&after)
	if err != nil || len(data) != 8<<20 {
		t.Fatalf("a file: %d read, %v", len(data), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 12*(8<<20)/10 {
		t.Errorf("8 MiB from a file: %d bytes allocated (%.1f times)", got, float64(got)/float64(8<<20))
	}
}
