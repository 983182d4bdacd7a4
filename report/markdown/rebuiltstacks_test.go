package markdown

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// hubOfRebuildsPair writes a pair of lockfiles of n roots r0… that each
// need one hub, which needs n packages p0…, which each need one leaf z:
// z's version moves (1, then 2), so every root, the hub and every p is
// rebuilt and nothing else, and every p is in the stacks of every root,
// one list of n roots that the loader shares.
func hubOfRebuildsPair(t *testing.T, n int) (string, string) {
	t.Helper()
	write := func(side int) string {
		hash := func(i int) string { return spackgen.TinyHash(side*(2*n+2) + i) }
		var b strings.Builder
		b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"hash":%q,"spec":"r%d"}`, hash(i), i)
		}
		b.WriteString(`],"concrete_specs":{`)
		node := func(h, name, version string, deps ...[2]string) {
			fmt.Fprintf(&b, "\n%q:{\"name\":%q,\"version\":%q,\"arch\":{\"platform\":\"linux\",\"platform_os\":\"rhel9\",\"target\":\"x86_64\"},\"parameters\":{},\"dependencies\":[", h, name, version)
			for k, d := range deps {
				if k > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, d[0], d[1])
			}
			b.WriteString("]},")
		}
		hub, z := hash(2*n), hash(2*n+1)
		for i := range n {
			node(hash(i), fmt.Sprintf("r%d", i), "1", [2]string{"hub", hub})
		}
		ps := make([][2]string, n)
		for j := range n {
			ps[j] = [2]string{fmt.Sprintf("p%d", j), hash(n + j)}
			node(ps[j][1], ps[j][0], "1", [2]string{"z", z})
		}
		node(hub, "hub", "1", ps...)
		node(z, "z", fmt.Sprint(side+1))
		p := filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(p, []byte(strings.TrimSuffix(b.String(), ",")+"\n}}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write(0), write(1)
}

// TestRebuiltOnlyStacksOncePerList (209th adversarial pass): the
// rebuilt-only rows name each package's stacks, and a lockfile's stacks
// are its roots. n packages rebuilt under the same n roots hold one
// list, and each row read, sorted and joined its n roots again: n²,
// 18x the bytes allocated (and the CPU: a lockfile of 4,000 roots over
// 4,000 such packages cost 16x the time of 1,000) for 4x the nodes. A row's cell is kept by the lists it reads: 4x the nodes
// allocate at most 4.4x the bytes, and write the same rows.
func TestRebuiltOnlyStacksOncePerList(t *testing.T) {
	// 400 roots make a cell longer than Shorten keeps: the rows written
	// grow as the packages do, and only the work behind them could not.
	const n = 400
	alloc := func(n int) uint64 {
		old, nu := hubOfRebuildsPair(t, n)
		r := reporttest.ComparePaths(t, old, nu)
		var b strings.Builder
		if err := Markdown(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		if want := fmt.Sprintf("### Rebuilt only (%d packages, %d specs)", 2*n+1, 2*n+1); !strings.Contains(md, want) {
			t.Fatalf("%d roots: no %q in the report", n, want)
		}
		if want := "| p0 | 1 | r0, r1, "; !strings.Contains(md, want) {
			t.Fatalf("%d roots: no %q in the report", n, want)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := Markdown(io.Discard, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	a, b := alloc(n), alloc(4*n)
	t.Logf("%d roots over %d packages: %d bytes allocated; 4x: %d (%.2fx)", n, n, a, b, float64(b)/float64(a))
	if ratio := float64(b) / float64(a); ratio > 4.4 {
		t.Errorf("4x the roots and rebuilt packages allocate %.2fx the bytes to write the Markdown (%d → %d), want at most 4.4x", ratio, a, b)
	}
}

// restackedHubPair writes a pair of lockfiles of one hub that needs n
// packages p0…: one root r0 needs the hub in old, n roots r0… in new,
// so every p is restacked, from one list of one root to one of n.
func restackedHubPair(t *testing.T, n int) (string, string) {
	t.Helper()
	write := func(roots int) string {
		hash := func(i int) string { return spackgen.TinyHash(i) }
		var b strings.Builder
		b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
		for i := range roots {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"hash":%q,"spec":"r%d"}`, hash(i), i)
		}
		b.WriteString(`],"concrete_specs":{`)
		node := func(h, name string, deps ...[2]string) {
			fmt.Fprintf(&b, "\n%q:{\"name\":%q,\"version\":\"1\",\"arch\":{\"platform\":\"linux\",\"platform_os\":\"rhel9\",\"target\":\"x86_64\"},\"parameters\":{},\"dependencies\":[", h, name)
			for k, d := range deps {
				if k > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, d[0], d[1])
			}
			b.WriteString("]},")
		}
		hub := hash(2 * n)
		for i := range roots {
			node(hash(i), fmt.Sprintf("r%d", i), [2]string{"hub", hub})
		}
		ps := make([][2]string, n)
		for j := range n {
			ps[j] = [2]string{fmt.Sprintf("p%d", j), hash(n + j)}
			node(ps[j][1], ps[j][0])
		}
		node(hub, "hub", ps...)
		p := filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(p, []byte(strings.TrimSuffix(b.String(), ",")+"\n}}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write(1), write(n)
}

// TestRestackedCellsOncePerList (209th adversarial pass): a restacked
// spec's stacks cell names the stacks it kept, which it worked out from
// its whole new list. K packages restacked from one root to the same M
// read the M roots K times: the Markdown of a lockfile of 8,000 nodes
// so restacked cost 12x the CPU of 2,000. The cell is kept by its lists,
// and a list read once: 4x the packages and roots read at most 4.4x the
// stacks, and write the same rows.
func TestRestackedCellsOncePerList(t *testing.T) {
	// One goroutine compares: the pairs it makes of two lists share
	// their joined stacks (each goroutine's pairs share its own).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	read := func(n int) int {
		old, nu := restackedHubPair(t, n)
		r := reporttest.ComparePaths(t, old, nu)
		// Counted atomically: the packages' rows are built on goroutines
		// of their own, which run one at a time here but may be preempted
		// mid-update (go test -race found it).
		var strs atomic.Int64
		stackCellReads = func(l int) { strs.Add(int64(l)) }
		defer func() { stackCellReads = nil }()
		var b strings.Builder
		if err := Markdown(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		// Every p and the hub: r0 kept, the first joined named, the rest
		// counted.
		if want, c := " | r0, +r1, +r10, +r100, ", fmt.Sprintf(" and %d more joined |", n-11); strings.Count(b.String(), want) != n+1 || strings.Count(b.String(), c) != n+1 {
			t.Fatalf("%d roots: %d rows hold %q and %d end %q, want %d", n, strings.Count(b.String(), want), want, strings.Count(b.String(), c), c, n+1)
		}
		return int(strs.Load())
	}
	const n = 300
	small, large := read(n), read(4*n)
	t.Logf("stacks read: %d for %d packages restacked to %d roots, %d for %d", small, n, n, large, 4*n)
	if float64(large) > 4.4*float64(small) {
		t.Errorf("%d packages restacked to %d roots read %d stacks, %d to %d read %d: want at most 4.4x", n, n, small, 4*n, 4*n, large)
	}
}
