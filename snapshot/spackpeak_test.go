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
// while its nodes were mapped onto packages; a sixth of that was the
// file's bytes, which the loader's read buffer held though every decoder
// copies what it keeps. They are let go before the mapping's peak.
func TestTinyIndexInputFreedAtPeak(t *testing.T) {
	n := 20000
	if !testing.Short() {
		n = 80000
	}
	data := tinyIndex(n, n)
	path := filepath.Join(t.TempDir(), "index.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	size := len(data)
	data = nil
	var freed atomic.Bool
	var before, at runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	atPeak := false
	mappingPeak = func() {
		for range 3 {
			runtime.GC()
			time.Sleep(5 * time.Millisecond) // finalizers run on a goroutine of their own
		}
		runtime.ReadMemStats(&at)
		atPeak = freed.Load()
	}
	defer func() { mappingPeak = nil }()
	snap, err := LoadFrom(finalizedSource{path, &freed}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d records, %d bytes: %.2fx live at the mapping's peak", n, size, float64(at.HeapAlloc-before.HeapAlloc)/float64(size))
	if !atPeak {
		t.Errorf("the file's bytes are alive while its specs are built")
	}
	runtime.KeepAlive(snap)
}
