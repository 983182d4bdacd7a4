package ordered

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestWriteInOrder: whatever the number of goroutines and however long
// each item takes, the items come out in their order, each whole.
func TestWriteInOrder(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		for _, n := range []int{0, 1, 2, 3, 100, 1000} {
			t.Run(fmt.Sprintf("procs=%d/n=%d", procs, n), func(t *testing.T) {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				var out, want bytes.Buffer
				err := Write(&out, n, func(i int, buf []byte) ([]byte, error) {
					if len(buf) != 0 {
						t.Errorf("item %d: given %d bytes already in its buffer", i, len(buf))
					}
					// Items of uneven size: later ones may finish first.
					return fmt.Appendf(buf, "<%d:%s>", i, strings.Repeat("x", (n-i)%97*50)), nil
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
		err := Write(&out, 1000, func(i int, buf []byte) ([]byte, error) {
			if i == 37 {
				return buf, bad
			}
			return fmt.Appendf(buf, "%d,", i), nil
		})
		if !errors.Is(err, bad) {
			t.Errorf("procs %d: got %v, want %v", procs, err, bad)
		}
		if !strings.HasSuffix(out.String(), "36,") || strings.Contains(out.String(), "38,") {
			t.Errorf("procs %d: wrote %q…, want items 0 to 36", procs, out.String()[max(0, out.Len()-20):])
		}
		full := errors.New("disk full")
		err = Write(&failAfter{n: 10, err: full}, 1000, func(i int, buf []byte) ([]byte, error) {
			return append(buf, 'x'), nil
		})
		if !errors.Is(err, full) {
			t.Errorf("procs %d: got %v, want %v", procs, err, full)
		}
	}
}
