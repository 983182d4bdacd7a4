package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// writeRootsLock writes the lockfile of snapshot s of a series of n
// roots, each needing one dependency of its own: a quarter renamed by
// their version at each snapshot (the hash kept), a quarter renamed so
// with their own version changed under the hash (a hash that names two
// builds, with a warning), a quarter changed (rehashed and respelt), and
// a quarter there at even snapshots alone (added, removed).
func writeRootsLock(t *testing.T, path string, n, s int) {
	hash := func(i int) string {
		const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
		h := []byte(strings.Repeat("a", 32))
		for k, x := 31, i; x > 0; k, x = k-1, x/32 {
			h[k] = alphabet[x%32]
		}
		return string(h)
	}
	var roots, nodes []string
	for i := range n {
		name, version, h := fmt.Sprintf("p%d", i), 1, hash(i*8+1)
		spelt := fmt.Sprintf("%s@%d", name, s%3)
		switch i % 4 {
		case 1:
			version = 1 + s%2
		case 2:
			spelt, h, version = fmt.Sprintf("%s@%d", name, s%2), hash(i*8+2+s%2), 1+s%2
		case 3:
			if s%2 == 1 {
				continue
			}
			spelt = name
		}
		dep := hash(i*8 + 7)
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, spelt))
		nodes = append(nodes,
			fmt.Sprintf(`%q:{"name":%q,"version":"%d","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":%q,"dependencies":[{"name":"d%d","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}]}`, h, name, version, h, i, dep),
			fmt.Sprintf(`%q:{"name":"d%d","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":%q}`, dep, i, dep))
	}
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[` + strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(nodes, ",") + `}}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRenderLockfileRootsAllocsLinear: render checks the laws of a
// lockfile report's roots (renamed, rehashed, a warning of a hash that
// names two builds, filtered by --package or --stack) and of a log's
// steps across renamed roots in allocations linear in the report: 4x
// the roots of a pair or of a log, or 4x a log's steps, allocates at
// most about 4.4x, in JSON and in Markdown. The pass that wrote it
// measured 3.2x to 4.0x the bytes allocated for 3.7x to 4.0x the report
// (100 and 400 roots, 4 and 16 steps), and 3.99x to 4.29x the mallocs
// at 500 and 2,000 roots.
func TestRenderLockfileRootsAllocsLinear(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // what goroutines allocate besides varies
	n := 100
	for _, shape := range []struct {
		name         string
		opts         []string
		log          bool
		roots, steps func(m int) int
	}{
		{"pair", nil, false, func(m int) int { return m * n }, func(int) int { return 2 }},
		{"pair --package", []string{"--package", "p1", "--package", "p2", "--package", "p5"}, false, func(m int) int { return m * n }, func(int) int { return 2 }},
		{"log, roots", nil, true, func(m int) int { return m * n / 2 }, func(int) int { return 5 }},
		{"log, steps", nil, true, func(int) int { return 40 }, func(m int) int { return 4*m + 1 }},
		{"log, steps --stack", []string{"--stack", "p0@1", "--stack", "p4@2", "--stack", "p2@1"}, true, func(int) int { return 40 }, func(m int) int { return 4*m + 1 }},
	} {
		var alloc [2][2]uint64
		var size [2]int64
		for i, m := range []int{1, 4} {
			dir := t.TempDir()
			var args []string
			if shape.log {
				args = append(args, "log")
			}
			args = append(args, shape.opts...)
			for s := range shape.steps(m) {
				p := filepath.Join(dir, fmt.Sprintf("s%d.lock", s))
				writeRootsLock(t, p, shape.roots(m), s)
				args = append(args, p)
			}
			saved := filepath.Join(dir, "r.json")
			var stderr bytes.Buffer
			if code := run(append(args, "-f", "json", "-o", saved), &bytes.Buffer{}, &stderr); code != 1 {
				t.Fatalf("%s, %dx: exit %d, want 1 (%s)", shape.name, m, code, stderr.String())
			}
			st, err := os.Stat(saved)
			if err != nil {
				t.Fatal(err)
			}
			size[i] = st.Size()
			for j, f := range []string{"json", "md"} {
				code, _, a := runAlloc([]string{"render", "-f", f, saved})
				if code != 1 {
					t.Fatalf("%s, %dx: render -f %s: exit %d, want 1", shape.name, m, f, code)
				}
				alloc[j][i] = a
			}
		}
		for j, f := range []string{"json", "md"} {
			r := float64(alloc[j][1]) / float64(alloc[j][0])
			t.Logf("%s: report %d → %d bytes (%.2fx): render -f %s allocates %.2fx", shape.name, size[0], size[1], float64(size[1])/float64(size[0]), f, r)
			if r > allocBound {
				t.Errorf("%s, 4x: render -f %s allocates %.2fx (%d → %d bytes), want at most %.2fx", shape.name, f, r, alloc[j][0], alloc[j][1], allocBound)
			}
		}
	}
}

// rootsLockPair writes the lockfiles of snapshots 0 and 1 of
// writeRootsLock's series of n roots, and returns them and their bytes
// in all.
func rootsLockPair(t *testing.T, n int) (paths []string, size int64) {
	t.Helper()
	dir := t.TempDir()
	for s := range 2 {
		p := filepath.Join(dir, fmt.Sprintf("s%d.lock", s))
		writeRootsLock(t, p, n, s)
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		paths, size = append(paths, p), size+st.Size()
	}
	return paths, size
}

// TestRootsLockAllocates (issue 35, class d): a lockfile pair of many
// roots, each renamed, respelt with its version changed, rehashed or
// removed (writeRootsLock), allocated 22-25x its bytes, and under the
// memory limit's 24 MiB floor the collections are what a diff allocates
// over the room the limit leaves above the live heap: 2,000 → 8,000
// roots collected 4 → 22-29 times, 5.5-6.5x the CPU. The roots' pairing
// made its maps over every root twice (compareSnapshots and Explain
// each respelt them), three passes' maps at once, and lists grown by
// append; it now allocates 16.4x at 4,000 roots (20x at 1,000, a
// run's fixed costs), and the live heap at its peak stays within 4x the
// input (3.1x). 4x the roots allocates at most allocBound times the
// bytes. Over rootsLockAllocBound at 4,000 roots, it fails on the
// code before (21.9x, and 17.8-17.9x before fbfe21e5).
func TestRootsLockAllocates(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	const n = 1000
	if r := checkLargerShape(t, "roots lockfile", n, rootsLockPair, 4.0)[1]; r > rootsLockAllocBound {
		t.Errorf("roots lockfile %d: allocated %.1fx the input, want at most %.1fx (the roots' pairing making its maps over every root again?)", 4*n, r, rootsLockAllocBound)
	}
}

// rootsLockAllocBound is what TestRootsLockAllocates' pair of 4,000
// roots may allocate over its bytes: 21.9-22.1x before the roots'
// pairing was made once, 17.8-17.9x after, 16.9-17.0x once the new
// roots of a pass were filed by their environment's hash and the roots
// removed and added listed at their bound, 16.4x since the JSON writer
// writes the causes' roots a root at a time (tailRoots).
const rootsLockAllocBound = 17.0
