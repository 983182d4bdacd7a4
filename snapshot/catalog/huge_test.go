package catalog

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/cputime"
	. "github.com/cachediff/cachediff/snapshot"
)

// hugePage returns a page whose spec_details line holds specs until the
// page is at least size bytes, on one line, and the number of specs. Each
// spec is a real one (about 250 bytes) with, when pad > 0, an unknown
// field of pad bytes, which is kept.
func hugePage(size, pad int) ([]byte, int) {
	padding := ""
	if pad > 0 {
		padding = `, "notes": "` + strings.Repeat("x", pad) + `"`
	}
	var b bytes.Buffer
	b.Grow(size + 1024)
	b.WriteString("---\ntitle: \"huge\"\nlayout: cache\ncategories: [package, develop]\nspec_details: [")
	n := 0
	for b.Len() < size {
		if n > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"compiler": "gcc@=13.2.0", "hash": "%s", "os": "ubuntu22.04", "platform": "linux", "size": "-", "stacks": ["root", "e4s"], "target": "x86_64_v3", "variants": ["+shared", "build_system=cmake", "cuda_arch:=80"], "versions": ["1.%d"]%s}`,
			hashN(n), n%100, padding)
		n++
	}
	fmt.Fprintf(&b, "]\nmeta: {\"num_specs\": %d}\n---\n", n) // after spec_details, on no line a test checks
	return b.Bytes(), n
}

// TestHugeLine: a page of 100 MB on one line loads: no line-length limit
// anywhere, and every spec is kept, with its unknown fields. Its specs are
// padded to 4 KB to keep the test to a few seconds; BenchmarkHugeLine
// measures 100 MB of plain specs, and how the time grows with the size.
func TestHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads 100 MB")
	}
	data, n := hugePage(100<<20, 4<<10)
	file := filepath.Join(memTempDir(t), "specs.md")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	data = nil
	snap, err := Load(file, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if snap.Specs() != n || len(snap.Packages) != 1 || snap.Packages[0].Line != 5 {
		t.Fatalf("%d specs on line %d, want %d on line 5", snap.Specs(), snap.Packages[0].Line, n)
	}
	for _, s := range snap.Packages[0].Specs {
		if len(s.Extra()["notes"]) != 4<<10+2 {
			t.Fatalf("spec %s lost its notes: %d bytes", s.Hash, len(s.Extra()["notes"]))
		}
	}
	// Canonicalized like any page: every compiler respelled, every
	// cuda_arch:= rewritten.
	if snap.Canon["compiler-exact-version"] != n || snap.Canon["variant-propagation"] != n {
		t.Errorf("counts %v, want %d of each", snap.Canon, n)
	}
}

// TestHugeLineError: an error at the end of a 100 MB line is reported at
// its column.
func TestHugeLineError(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	data, _ := hugePage(100<<20, 4<<10)
	end := bytes.LastIndex(data, []byte("]\nmeta: "))
	data[end] = '}' // the list closed by the wrong bracket
	_, _, _, err := parsePage("huge.md", data, false)
	col := end - bytes.LastIndexByte(data[:end], '\n')
	e, ok := err.(*Error)
	if !ok || e.Line != 5 || e.Col != col {
		t.Fatalf("error %v, want one at line 5, column %d", err, col)
	}
}

// BenchmarkHugeLine: parsing a one-line page takes time linear in its size
// (constant MB/s, and constant CPU time per byte, from 1 to 100 MB), where
// a scanner would fail and a quadratic step would show. cpu-ns/B is the
// process's CPU time per byte parsed: on a shared machine it is steadier
// than wall time.
func BenchmarkHugeLine(b *testing.B) {
	for _, mb := range []int{1, 10, 100} {
		data, n := hugePage(mb<<20, 0)
		b.Run(strconv.Itoa(mb)+"MB", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu0, ok := cputime.Process()
			for b.Loop() {
				pkg, _, _, err := parsePage("huge.md", data, false)
				if err != nil || len(pkg.Specs) != n {
					b.Fatal(err)
				}
			}
			if cpu1, ok1 := cputime.Process(); ok && ok1 {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N)/float64(len(data)), "cpu-ns/B")
			}
		})
	}
}

// TestManyPages: a tree of 50,000 package pages, <package>/specs.md, loads
// with every page and every spec.
func TestManyPages(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 50,000 files")
	}
	const n = 50_000
	dir := memTempDir(t)
	for i := range n {
		name := fmt.Sprintf("pkg-%05d", i)
		sub := filepath.Join(dir, name)
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		page := testPage(name, "develop", simpleMeta(1), simpleSpec(2*i), simpleSpec(2*i+1))
		if err := os.WriteFile(filepath.Join(sub, "specs.md"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Packages) != n || snap.Specs() != 2*n {
		t.Fatalf("%d packages, %d specs; want %d, %d", len(snap.Packages), snap.Specs(), n, 2*n)
	}
	for i, p := range snap.Packages {
		if want := fmt.Sprintf("pkg-%05d", i); p.Name != want || p.Specs[0].Hash != hashN(2*i) {
			t.Fatalf("package %d is %s with %s, want %s with %s", i, p.Name, p.Specs[0].Hash, want, hashN(2*i))
		}
	}
	// Every page's meta counts one spec of its two (num_specs and
	// num_specs_by_stack), and gives its two warnings: none is lost either.
	if len(snap.Warnings) != 2*n {
		t.Errorf("%d warnings, want %d", len(snap.Warnings), 2*n)
	}
}

// memTempDir returns a new temporary directory in memory (/dev/shm) where
// there is one: creating and removing 50,000 files on a disk file system
// with discard takes a minute, in memory a few seconds.
func memTempDir(t *testing.T) string {
	if info, err := os.Stat("/dev/shm"); err == nil && info.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "cachediff-test-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}
