package markdown

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// rootsOverLeavesPair writes a pair of lockfiles of r roots that all
// need one hub, which needs k leaves; every leaf's version changes in
// new: each root is changed, because of the k leaves.
func rootsOverLeavesPair(t *testing.T, r, k int) (string, string) {
	t.Helper()
	write := func(side string, version string, salt int) string {
		hash := func(kind, i int) string { return gen.MixHash(uint64(salt)<<40 | uint64(kind)<<32 | uint64(i)) }
		var b strings.Builder
		b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
		for i := range r {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"hash":%q,"spec":"root%d"}`, hash(1, i), i)
		}
		b.WriteString(`],"concrete_specs":{`)
		// node writes a spec and its dependencies, each a name and a hash.
		node := func(h, name, version string, deps ...[2]string) {
			fmt.Fprintf(&b, "\n%q:{\"name\":%q,\"version\":%q,\"arch\":{\"platform\":\"linux\",\"platform_os\":\"rhel9\",\"target\":\"x86_64\"},\"parameters\":{},\"dependencies\":[", h, name, version)
			for i, d := range deps {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, d[0], d[1])
			}
			b.WriteString("]},")
		}
		var leaves [][2]string
		for i := range k {
			leaves = append(leaves, [2]string{fmt.Sprintf("leaf%d", i), hash(2, i)})
			node(hash(2, i), leaves[i][0], version)
		}
		node(hash(3, 0), "hub", "1.0", leaves...)
		for i := range r {
			node(hash(1, i), fmt.Sprintf("root%d", i), "1.0", [2]string{"hub", hash(3, 0)})
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
	return write("old", "1.0", 1), write("new", "2.0", 2)
}

// TestRootCausesCellBounded: a changed root's row in Environment roots
// names at most rootCauses root causes and counts the rest. Every row
// listed every cause with its path: R roots over K changed leaves wrote
// R·K causes (1,000 of each, a 0.8 MB lockfile: 42 MB of Markdown), and
// 4x the roots and leaves wrote about 16x the bytes. Now 4x writes at
// most 4.4x.
func TestRootCausesCellBounded(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 30
	}
	size := func(r, k int) int {
		old, nu := rootsOverLeavesPair(t, r, k)
		var b bytes.Buffer
		if err := Markdown(&b, reporttest.ComparePaths(t, old, nu), report.Options{}); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		// Each root's row names a few causes and counts the rest.
		rows := regexp.MustCompile("(?m)^\\| changed \\| root\\d+ \\|.*; and (\\d+) more root causes \\(`--format json`\\) \\|$").FindAllStringSubmatch(md, -1)
		if len(rows) != r {
			t.Fatalf("%d roots over %d leaves: %d rows count the causes they leave out, want every root's", r, k, len(rows))
		}
		for _, m := range rows {
			if more, _ := strconv.Atoi(m[1]); more < k-10 || more >= k {
				t.Fatalf("%d roots over %d leaves: a row leaves out %d causes, want it to name 1 to 10", r, k, more)
			}
		}
		if c := strings.Count(md, " → hub → leaf0)"); c != r {
			t.Fatalf("%d roots over %d leaves: %d rows name leaf0's path, want every root's (the first cause by name)", r, k, c)
		}
		return len(md)
	}
	a, b := size(n, n), size(4*n, 4*n)
	t.Logf("%d roots × %d leaves: %d bytes of Markdown; 4x each: %d bytes (%.2fx)", n, n, a, b, float64(b)/float64(a))
	if ratio := float64(b) / float64(a); ratio > 4.4 {
		t.Errorf("4x the roots and leaves write %.2fx the Markdown (%d → %d bytes), want at most 4.4x", ratio, a, b)
	}
}
