package ordered

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestWriteInOrder: whatever the number of goroutines and however long
// each item takes, the items come out in their order, each whole.
func TestWriteInOrder(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		for _, n := range []int{0, 1, 2, 3, 100, 1000} {
			t.Run(fmt.Sprintf("procs=%d/n=%d", procs, n), func(t *testing.T) {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				var out, want bytes.Buffer
				err := Write(&out, n, func(i int, b *Buffer) error {
					if len(b.B) != 0 || len(b.full) != 0 {
						t.Errorf("item %d: given %d bytes and %d chunks already in its buffer", i, len(b.B), len(b.full))
					}
					// Items of uneven size: later ones may finish first.
					b.B = fmt.Appendf(b.B, "<%d:%s>", i, strings.Repeat("x", (n-i)%97*50))
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				for i := range n {
					fmt.Fprintf(&want, "<%d:%s>", i, strings.Repeat("x", (n-i)%97*50))
				}
				if out.String() != want.String() {
					t.Errorf("got %d bytes, want %d, in order", out.Len(), want.Len())
				}
			})
		}
	}
}

type failAfter struct {
	n   int
	err error
}

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n == 0 {
		return 0, f.err
	}
	f.n--
	return len(p), nil
}

// TestWriteStopsAtFirstError: an item's error, or the writer's, is
// returned, nothing after it is written, and Write returns (no goroutine
// is left blocked).
func TestWriteStopsAtFirstError(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		bad := errors.New("item 37")
		var out bytes.Buffer
		err := Write(&out, 1000, func(i int, b *Buffer) error {
			if i == 37 {
				return bad
			}
			b.B = fmt.Appendf(b.B, "%d,", i)
			return nil
		})
		if !errors.Is(err, bad) {
			t.Errorf("procs %d: got %v, want %v", procs, err, bad)
		}
		if !strings.HasSuffix(out.String(), "36,") || strings.Contains(out.String(), "38,") {
			t.Errorf("procs %d: wrote %q…, want items 0 to 36", procs, out.String()[max(0, out.Len()-20):])
		}
		full := errors.New("disk full")
		err = Write(&failAfter{n: 10, err: full}, 1000, func(i int, b *Buffer) error {
			b.B = append(b.B, 'x')
			return nil
		})
		if !errors.Is(err, full) {
			t.Errorf("procs %d: got %v, want %v", procs, err, full)
		}
		// A render that fails half-way leaves nothing for the next Write.
		Write(io.Discard, 3, func(i int, b *Buffer) error {
			b.B = append(b.B, "half"...)
			return bad
		})
		Write(io.Discard, 3, func(i int, b *Buffer) error {
			if len(b.B) != 0 || len(b.full) != 0 {
				t.Errorf("procs %d: item %d given %q and %d chunks after a failed Write", procs, i, b.B, len(b.full))
			}
			return nil
		})
	}
}

// TestSpill: items far larger than a chunk, spilled between their
// elements, are written whole and in order, and each is held in chunks
// of about ChunkSize, not in one buffer grown to its size.
func TestSpill(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			const n = 40
			elem := func(i, j int) string { return fmt.Sprintf("<%d.%d:%s>", i, j, strings.Repeat("y", (i*7+j)%300)) }
			var out, want bytes.Buffer
			var mu sync.Mutex
			most := 0 // the largest chunk an item held
			err := Write(&out, n, func(i int, b *Buffer) error {
				for j := range (i % 5) * 1000 { // up to ~600 KB an item
					b.Spill()
					b.B = append(b.B, elem(i, j)...)
				}
				mu.Lock()
				defer mu.Unlock()
				for _, c := range append(slices.Clone(b.full), b.B) {
					most = max(most, len(c))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for i := range n {
				for j := range (i % 5) * 1000 {
					want.WriteString(elem(i, j))
				}
			}
			if !bytes.Equal(out.Bytes(), want.Bytes()) {
				t.Errorf("got %d bytes, want %d, in order", out.Len(), want.Len())
			}
			if most == 0 || most > ChunkSize+400 {
				t.Errorf("an item held a chunk of %d bytes; want at most ChunkSize and one element (%d)", most, ChunkSize+400)
			}
		})
	}
}

// TestAhead: with a slow writer, items are rendered ahead of the one
// being written only up to aheadBytes of chunks (and aheadItems items).
func TestAhead(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	// Items of 40 KB: two chunks, 4*ChunkSize of capacity, each.
	const n, item = 300, 40 << 10
	limit := int64(aheadBytes/(4*ChunkSize) + 4) // the pending ones, those in render and the one written
	var writing atomic.Int64                     // the item being written
	most := int64(0)
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) {
		if len(p) >= 5 && p[0] == 'I' {
			writing.Store(int64(binary.BigEndian.Uint32(p[1:5])))
		}
		time.Sleep(50 * time.Microsecond)
		return len(p), nil
	})
	err := Write(w, n, func(i int, b *Buffer) error {
		lag := int64(i) - writing.Load()
		mu.Lock()
		most = max(most, lag)
		mu.Unlock()
		b.B = binary.BigEndian.AppendUint32(append(b.B, 'I'), uint32(i))
		for range item / 1024 {
			b.Spill()
			b.B = append(b.B, make([]byte, 1024)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if most > limit {
		t.Errorf("rendered item %d ahead of the one being written; want at most %d (aheadBytes)", most, limit)
	}
	if most < limit/2 {
		t.Errorf("rendered at most %d items ahead of a slow writer; want near %d: the test needs the bound reached", most, limit)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestWriteEndsWhileWaiting: a Write whose items are large enough that
// the goroutines wait for room while the last items are written ends,
// many times over (every waiting goroutine must be woken once the items
// run out: a version that woke only one hung here, at GOMAXPROCS 8 in
// the first round).
func TestWriteEndsWhileWaiting(t *testing.T) {
	for _, procs := range []int{2, 8} {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		for round := range 200 {
			done := make(chan error, 1)
			go func() {
				done <- Write(io.Discard, 12, func(i int, b *Buffer) error {
					for range (i % 4) * 40 { // up to ~1.3 MB an item, 32 KB at a time
						b.Spill()
						b.B = append(b.B, make([]byte, 10<<10)...)
					}
					return nil
				})
			}()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("procs %d, round %d: Write did not end", procs, round)
			}
		}
	}
}

// TestWriteStreamsItsTurn: an item whose turn has come (every item
// before it written) is written as it is rendered, at each Spill,
// instead of held whole: the pair of a spec of 1.28M variants is 100 MB
// of JSON, and was held until rendered. Items of several chunks each, on
// any number of goroutines, still come out whole and in order, and the
// first item holds no full chunk after a Spill.
func TestWriteStreamsItsTurn(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			const n, pieces = 12, 40
			piece := func(i, k int) string { return fmt.Sprintf("<%d.%d:%s>", i, k, strings.Repeat("y", ChunkSize/4+i*7)) }
			var out lockedBuffer
			var held atomic.Int64
			err := Write(&out, n, func(i int, b *Buffer) error {
				for k := range pieces {
					b.B = append(b.B, piece(i, k)...)
					b.Spill()
					if i == 0 && len(b.full) > 0 {
						held.Store(int64(len(b.full)))
					}
				}
				if i == 0 && out.Len() < (pieces-4)*ChunkSize/4 {
					t.Errorf("item 0: %d bytes written while it rendered, want most of its %d", out.Len(), pieces*ChunkSize/4)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if h := held.Load(); h > 0 {
				t.Errorf("item 0, whose turn it was, held %d full chunks after a Spill, want none", h)
			}
			var want strings.Builder
			for i := range n {
				for k := range pieces {
					want.WriteString(piece(i, k))
				}
			}
			if out.String() != want.String() {
				t.Errorf("got %d bytes, want %d, in order", out.Len(), want.Len())
			}
		})
	}
}

// lockedBuffer is a bytes.Buffer whose length may be read while another
// goroutine writes to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Len()
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
