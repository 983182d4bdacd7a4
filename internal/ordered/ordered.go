// Package ordered renders the items of a list on every core and writes
// them in their order: the report's packages, which are independent of
// one another, for a format that writes them one after the other.
package ordered

import (
	"bytes"
	"io"
	"runtime"
	"sync"
)

// Write calls render for items 0 to n-1, each into a buffer of its own,
// on up to GOMAXPROCS goroutines, and writes the buffers to w in item
// order. At most a few items per goroutine are rendered ahead of the one
// being written, so memory stays bounded by the largest items, not by
// the whole output. The first error, from render or from w, stops the
// work and is returned; render must not write to w itself.
func Write(w io.Writer, n int, render func(i int, buf *bytes.Buffer) error) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		var buf bytes.Buffer
		for i := range n {
			buf.Reset()
			if err := render(i, &buf); err != nil {
				return err
			}
			if _, err := w.Write(buf.Bytes()); err != nil {
				return err
			}
		}
		return nil
	}
	type result struct {
		buf *bytes.Buffer
		err error
	}
	window := 4 * workers
	slots := make([]chan result, n)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	pool := sync.Pool{New: func() any { return new(bytes.Buffer) }}
	next := make(chan int)               // items to render, in order
	ahead := make(chan struct{}, window) // one token per item rendered and not yet written
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				buf := pool.Get().(*bytes.Buffer)
				buf.Reset()
				err := render(i, buf)
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
			_, err = w.Write(res.buf.Bytes())
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
