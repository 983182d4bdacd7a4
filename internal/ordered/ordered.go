// Package ordered renders the items of a list on every core and writes
// them in their order: the report's packages, which are independent of
// one another, for a format that writes them one after the other.
package ordered

import (
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// ChunkSize is the size from which Buffer.Spill starts a new chunk.
const ChunkSize = 32 << 10

// Buffer is where render appends an item: B, the chunk being filled, and
// the chunks Spill filled before it. An item of any size is held in
// chunks of about ChunkSize: a buffer that grew to the largest item,
// doubling as it went, made a real week's JSON (68 MB, packages up to
// 1.4 MB) allocate 48 MB for the ten or so items in flight, and a
// collection to reclaim it.
type Buffer struct {
	B    []byte
	full [][]byte
	// w, when not nil, is where Spill writes the item at once, from
	// when its turn has come: when written (Write's count of the items
	// written) is item, every item before it is written and Write waits
	// for this one, so that the goroutine rendering it is the only one
	// that writes to w. An item much larger than a chunk (the pair of a
	// spec of 1.28M variants: 100 MB of JSON) was held whole until
	// rendered (TestWriteStreamsItsTurn).
	w       io.Writer
	item    int64
	written *atomic.Int64
	err     error // what writing to w returned
}

// Spill starts a new chunk when B holds ChunkSize bytes or more. render
// calls it where its item may be cut (between two elements of a list):
// the bytes are written in order all the same. When the item's turn has
// come, its chunks are written at once instead, and B is reused.
func (b *Buffer) Spill() {
	if len(b.B) < ChunkSize {
		return
	}
	if b.w != nil && b.err == nil && b.written.Load() == b.item {
		for _, c := range b.full {
			if b.err == nil {
				_, b.err = b.w.Write(c)
			}
			putChunk(c)
		}
		clear(b.full)
		b.full = b.full[:0]
		if b.err == nil {
			_, b.err = b.w.Write(b.B)
		}
		b.B = b.B[:0]
		return
	}
	b.full = append(b.full, b.B)
	b.B = getChunk()
}

// streaming makes b write its item, item, to w once its turn has come
// (see Buffer.w), or not when w is nil.
func (b *Buffer) streaming(w io.Writer, item int64, written *atomic.Int64) {
	b.w, b.item, b.written, b.err = w, item, written, nil
}

// chunks are the chunks of every Write, returned once written. Only the
// chunk's memory is reused: putChunk allocates a slice header for each
// Put (a slice stored in an interface would be copied to the heap too).
var chunks = sync.Pool{New: func() any { b := make([]byte, 0, 2*ChunkSize); return &b }}

// buffers are the Buffers of every Write, each with a chunk.
var buffers = sync.Pool{New: func() any { return &Buffer{B: getChunk()} }}

func getChunk() []byte { return (*chunks.Get().(*[]byte))[:0] }

func putChunk(b []byte) {
	if cap(b) > 4*ChunkSize {
		return // an element larger than a chunk grew it: let go
	}
	chunks.Put(&b)
}

// writeTo writes the item in b to w and empties b, returning its full
// chunks to the pool.
func (b *Buffer) writeTo(w io.Writer) error {
	var err error
	for _, c := range b.full {
		if err == nil {
			_, err = w.Write(c)
		}
		putChunk(c)
	}
	clear(b.full)
	b.full = b.full[:0]
	if err == nil {
		_, err = w.Write(b.B)
	}
	b.B = b.B[:0]
	return err
}

// Write calls render for items 0 to n-1 on up to GOMAXPROCS goroutines,
// each appending its item to a Buffer of its own (given empty), and
// writes the items to w in item order, from where they were rendered.
// Items are rendered ahead of the one being written up to aheadBytes of
// chunks holding rendered items (and aheadItems items), so memory stays
// bounded whatever the output, and a large item being rendered does not
// leave the other goroutines idle. The first error, from render or from w,
// stops the work and is returned; render must not write to w itself.
func Write(w io.Writer, n int, render func(i int, b *Buffer) error) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	// written counts the items written: an item whose turn has come
	// (written is its number) streams (Buffer.w).
	var written atomic.Int64
	if workers <= 1 {
		b := buffers.Get().(*Buffer)
		defer func() {
			b.streaming(nil, 0, nil)
			b.writeTo(io.Discard) // what a failed render left: the next Write gets it empty
			buffers.Put(b)
		}()
		for i := range n {
			b.streaming(w, int64(i), &written)
			err := render(i, b)
			if err == nil {
				err = b.err
			}
			if err != nil {
				return err
			}
			if err := b.writeTo(w); err != nil {
				return err
			}
			written.Store(int64(i) + 1)
		}
		return nil
	}
	type result struct {
		buf  *Buffer
		size int
		err  error
	}
	slots := make([]chan result, n)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	// The next item to render, the items handed out and not written,
	// and the bytes of those rendered: a goroutine takes the next item
	// itself, in order, and waits while either count is at its bound.
	// (A goroutine that handed the items out on a channel had to be
	// scheduled between the items, beside the two that render and the
	// one that writes, and the renderers waited for it: go tool trace
	// -pprof=sync of a real week's JSON shows it.)
	var (
		mu       sync.Mutex
		room     = sync.NewCond(&mu)
		next     int
		inFlight int
		pending  int
		stopped  bool
	)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				mu.Lock()
				for !stopped && next < n && (inFlight >= aheadItems || pending >= aheadBytes) {
					room.Wait()
				}
				if stopped || next == n {
					mu.Unlock()
					return
				}
				i := next
				next++
				inFlight++
				mu.Unlock()
				b := buffers.Get().(*Buffer)
				b.streaming(w, int64(i), &written)
				err := render(i, b)
				if err == nil {
					err = b.err
				}
				b.streaming(nil, 0, nil)
				size := b.size()
				mu.Lock()
				pending += size
				mu.Unlock()
				slots[i] <- result{b, size, err}
			}
		})
	}
	var err error
	for i := range n {
		res := <-slots[i]
		if err == nil {
			err = res.err
		}
		if err == nil {
			err = res.buf.writeTo(w)
		} else {
			res.buf.writeTo(io.Discard) // empties it
		}
		buffers.Put(res.buf)
		if err == nil {
			written.Store(int64(i) + 1) // after the write: item i+1 may write from here
		}
		mu.Lock()
		inFlight--
		pending -= res.size
		stopped = err != nil
		room.Broadcast() // every goroutine waiting: there is room for more than one item
		mu.Unlock()
		if err != nil {
			break
		}
	}
	// Items handed out and not written finish rendering (their slots
	// have room); the goroutines waiting for room stop (every item is
	// handed out, or an error stopped the work).
	mu.Lock()
	stopped = true
	room.Broadcast()
	mu.Unlock()
	wg.Wait()
	return err
}

// aheadBytes and aheadItems bound what Write renders ahead of the item it
// is writing. With a bound of eight items, a real week's JSON left one
// core idle while the other rendered each of its largest packages (a
// quarter of its bytes). 2 MB of chunks rather than 8: at 15k specs per
// tree, where the memory limit is tight, the chunks held ahead made the
// collector run once more while rendering (less time and memory with 2);
// at 60k the two are within the noise.
const (
	aheadBytes = 2 << 20
	aheadItems = 256
)

// size is the memory holding the item in b: its chunks' capacity (a
// small item holds a whole chunk).
func (b *Buffer) size() int {
	n := cap(b.B)
	for _, c := range b.full {
		n += cap(c)
	}
	return n
}
