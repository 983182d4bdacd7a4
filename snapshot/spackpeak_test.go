package snapshot

import (
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// finalizedSource is the single file path, whose bytes Read returns in a
// buffer of its own with a finalizer that sets freed: the test holds no
// reference to it.
type finalizedSource struct {
	path  string
	freed *atomic.Bool
}

func (s finalizedSource) Path() string { return s.path }

func (s finalizedSource) Walk(yield func(File)) ([]Warning, []*Error) {
	yield(File{Name: s.path, Base: filepath.Base(s.path), Size: -1, Root: true})
	return nil, nil
}

func (s finalizedSource) Read(f File, buf []byte) ([]byte, error) {
	data, err := os.ReadFile(s.path)
	if err != nil {
		return nil, err
	}
	runtime.SetFinalizer(&data[0], func(*byte) { s.freed.Store(true) })
	return data, nil
}

// Issue 35 item 19: an index of tiny records peaked at 6.1x its bytes
// while its nodes were mapped onto packages: the file's bytes, which the
// loader's read buffer held though every decoder copies what it keeps,
// every node decoded, and every block of the packages and specs, all
// alive at once. The bytes are let go before the mapping, and the nodes
// as it goes (spackfmt.Set.Drain): at every block the mapping allocates,
// the heap holds at most 4x the bytes, at two sizes, plus a fixed
// allowance (slack) for what does not grow with the input: the loader's
// tables start at a size of their own, which at 2 MB is a measurable
// fraction of a percent.
func TestTinyIndexPeakWhileMapped(t *testing.T) {
	n := 20000
	if !testing.Short() {
		n = 40000
	}
	for _, tc := range []struct{ records, names int }{{n, n}, {n, n / 4}, {4 * n, 4 * n}} {
		data := tinyIndex(tc.records, tc.names)
		path := filepath.Join(t.TempDir(), "index.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		size := uint64(len(data))
		data = nil
		var freed atomic.Bool
		var before, at runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&before)
		var peak uint64
		calls := 0
		mappingPeak = func() {
			runtime.GC()
			runtime.ReadMemStats(&at)
			if at.HeapAlloc > before.HeapAlloc {
				peak = max(peak, at.HeapAlloc-before.HeapAlloc)
			}
			calls++
		}
		snap, err := LoadFrom(finalizedSource{path, &freed}, Options{})
		mappingPeak = nil
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			runtime.GC()
			time.Sleep(5 * time.Millisecond) // finalizers run on a goroutine of their own
		}
		t.Logf("%d records of %d packages, %d bytes: at most %.2fx live while mapped (%d blocks)", tc.records, tc.names, size, float64(peak)/float64(size), calls)
		const slack = 64 << 10
		if peak > 4*size+slack {
			t.Errorf("%d records of %d packages (%d bytes): %d bytes live while mapped, over 4x + 64 KiB", tc.records, tc.names, size, peak)
		}
		if !freed.Load() {
			t.Errorf("%d records: the file's bytes are kept", tc.records)
		}
		runtime.KeepAlive(snap)
	}
}
