// Package ordered renders the items of a list on every core and writes
// them in their order: the report's packages, which are independent of
// one another, for a format that writes them one after the other.
package ordered

import (
	"io"
	"runtime"
	"sync"
)

// Write calls render for items 0 to n-1 on up to GOMAXPROCS goroutines,
// each appending its item to a buffer of its own (given empty, with room
// a buffer of an item before left), and writes the buffers to w in item
// order. render returns the buffer it appended to, which Write keeps
// from then on: the bytes are written from where they were rendered, not
// copied again (a real week's JSON is tens of MB). At most a few items
// per goroutine are rendered ahead of the one being written, so memory
// stays bounded by the largest items, not by the whole output. The first
// error, from render or from w, stops the work and is returned; render
// must not write to w itself.
func Write(w io.Writer, n int, render func(i int, buf []byte) ([]byte, error)) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		var buf []byte
		for i := range n {
			var err error
			if buf, err = render(i, buf[:0]); err != nil {
				return err
			}
			if _, err := w.Write(buf); err != nil {
				return err
			}
		}
		return nil
	}
	type result struct {
		buf *[]byte
		err error
	}
	window := 4 * workers
	slots := make([]chan result, n)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	pool := sync.Pool{New: func() any { return new([]byte) }}
	next := make(chan int)               // items to render, in order
	ahead := make(chan struct{}, window) // one token per item rendered and not yet written
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				buf := pool.Get().(*[]byte)
				var err error
				*buf, err = render(i, (*buf)[:0])
				slots[i] <- result{buf, err}
			}
		})
	}
	go func() {
		defer close(next)
		for i := range n {
			select {
			case ahead <- struct{}{}:
			case <-done:
				return
			}
			select {
			case next <- i:
			case <-done:
				return
			}
		}
	}()
	var err error
	for i := range n {
		res := <-slots[i]
		<-ahead
		if err == nil {
			err = res.err
		}
		if err == nil {
			_, err = w.Write(*res.buf)
		}
		pool.Put(res.buf)
		if err != nil {
			break
		}
	}
	close(done)
	wg.Wait()
	return err
}
