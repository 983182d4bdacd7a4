package markdown

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// sharedRootsPair writes a pair of lockfiles, old and new, of r roots
// (r+1 in new) that all need one chain of n shared specs: every shared
// spec is restacked, needed by one more root.
func sharedRootsPair(t *testing.T, r, n int) (string, string) {
	t.Helper()
	hash := func(kind byte, i int) string { // roots' and shared specs' distinct
		if kind == 'r' {
			i = ^i
		}
		return spackgen.TinyHash(i)
	}
	write := func(side string, r int) string {
		var b strings.Builder
		b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
		for i := range r {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"hash":%q,"spec":"root%d"}`, hash('r', i), i)
		}
		b.WriteString(`],"concrete_specs":{`)
		node := func(h, name string, deps ...string) {
			fmt.Fprintf(&b, "\n%q:{\"name\":%q,\"version\":\"1.0\",\"arch\":{\"platform\":\"linux\",\"platform_os\":\"rhel9\",\"target\":\"x86_64\"},\"parameters\":{},\"dependencies\":[", h, name)
			for k, d := range deps {
				if k > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"name":"core","hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, d)
			}
			b.WriteString("]},")
		}
		for j := range n {
			var deps []string
			if j+1 < n {
				deps = append(deps, hash('c', j+1))
			}
			node(hash('c', j), "core"+strconv.Itoa(j), deps...)
		}
		for i := range r {
			node(hash('r', i), "root"+strconv.Itoa(i), hash('c', 0))
		}
		p := filepath.Join(t.TempDir(), side, "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.TrimSuffix(b.String(), ",")+"\n}}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("old", r), write("new", r+1)
}

// TestStackCellsBounded: a spec's stacks cell names at most cellStacks
// stacks of each kind (kept, joined, left) and counts the rest. A
// lockfile's stacks are its roots, so with every root needing every
// shared spec the report grew with roots × specs: 600 roots over 2,500
// shared specs wrote 14 MB of Markdown for a 1.4 MB lockfile, 14x for a
// 4x input. Now 4x the roots and specs write at most 4.4x the bytes.
func TestStackCellsBounded(t *testing.T) {
	r, n := 60, 100
	if testing.Short() {
		r, n = 30, 50
	}
	size := func(r, n int) int {
		old, nu := sharedRootsPair(t, r, n)
		var b bytes.Buffer
		if err := Markdown(&b, reporttest.ComparePaths(t, old, nu), report.Options{}); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		names := make([]string, r)
		for i := range names {
			names[i] = "root" + strconv.Itoa(i)
		}
		slices.Sort(names)
		k := min(cellStacks, r)
		want := fmt.Sprintf(" | %s and %d more, +root%d |", strings.Join(names[:k], ", "), r-k, r)
		if c := strings.Count(md, want); c != n {
			t.Fatalf("%d roots over %d specs: %d rows end %q, want every shared spec's", r, n, c, want)
		}
		return len(md)
	}
	a, b := size(r, n), size(4*r, 4*n)
	t.Logf("%d roots × %d specs: %d bytes of Markdown; 4x each: %d bytes (%.2fx)", r, n, a, b, float64(b)/float64(a))
	if ratio := float64(b) / float64(a); ratio > 4.4 {
		t.Errorf("4x the roots and specs write %.2fx the Markdown (%d → %d bytes), want at most 4.4x", ratio, a, b)
	}
}
