package input

import (
	"io"
	"runtime"
	"runtime/debug"
	"testing"
)

// lines is a reader of n bytes of YAML lines, made as they are read, so
// that the test holds no copy of the input.
type lines struct{ n int }

func (l *lines) Read(p []byte) (int, error) {
	if l.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), l.n)
	for i := range p[:k] {
		p[i] = "a: b\n"[i%5]
	}
	l.n -= k
	return k, nil
}

// TestStdinPipeChunksFreed: standard input from a pipe is read in chunks
// and copied into one slice; the chunks, as many bytes again, were left
// to the collector's pace and stayed through the decode (a 400 MB page
// piped in peaked at 4.6x its size, against 3.6x from a file). Once read,
// the heap in use is the input, not twice it.
func TestStdinPipeChunksFreed(t *testing.T) {
	const size = 64 << 20
	// The collector's default pace, as a user's run has it (make test
	// runs the tests at GOGC=400): the chunks are freed as it goes.
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, err := readPage(&lines{size}, MaxStdin)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if len(data) != size {
		t.Fatalf("read %d bytes, want %d", len(data), size)
	}
	if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > size+size/2 {
		t.Errorf("the heap in use grew by %d MB reading %d MB from a pipe, want at most %d", grew>>20, size>>20, (size+size/2)>>20)
	}
	runtime.KeepAlive(data)
}
