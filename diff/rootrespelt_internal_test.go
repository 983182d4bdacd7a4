package diff

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// respeltAloneLock writes and loads a lockfile of n roots all written
// foo@1, each a foo of an os of its own over a bar of its own over one
// hub; those of odd i are written foo@=1 when respelt.
func respeltAloneLock(t *testing.T, n int, respelt bool) *snapshot.Snapshot {
	t.Helper()
	h := func(kind byte, i int) string { // kind and i in base 26, a to z
		b := []byte(strings.Repeat("a", 32))
		b[0] = kind
		for k := 31; i > 0; k, i = k-1, i/26 {
			b[k] = byte('a' + i%26)
		}
		return string(b)
	}
	var roots, specs []string
	node := func(name, hash, osName, deps string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1","arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
			hash, name, osName, deps, hash)
	}
	dep := func(name, hash string) string {
		return fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, name, hash)
	}
	hub := h('h', 0)
	specs = append(specs, node("hub", hub, "os", ""))
	for i := range n {
		spelling := "foo@1"
		if respelt && i%2 == 1 {
			spelling = "foo@=1"
		}
		osName := fmt.Sprintf("os%d", i)
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h('f', i), spelling))
		specs = append(specs, node("foo", h('f', i), osName, dep("bar", h('b', i))), node("bar", h('b', i), osName, dep("hub", hub)))
	}
	return loadLock(t, roots, specs)
}

// loadLock loads one spack.lock of these roots and concrete specs (JSON
// members, written by the caller) from a temporary folder.
func loadLock(t *testing.T, roots, specs []string) *snapshot.Snapshot {
	t.Helper()
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
		strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(specs, ",") + `}}`
	path := filepath.Join(t.TempDir(), "spack.lock")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRespeltAloneLinear: of n roots of one spelling, each of its own
// environment (os), half respelt alone, respell gathers the roots left
// over by merging each spelling's two lists (sorted by hash) and files
// them once, and respellStacks walks each root's specs once: 4x the
// roots cost at most ~4.4x the allocations of each. Each respelt root is
// renamed alone (kept by the other half), and the stacks say so: a
// respelt root's specs in the new spelling's stack, the hub in both.
func TestRespeltAloneLinear(t *testing.T) {
	steps := 0
	respellProbe = func() { steps++ }
	defer func() { respellProbe = nil }()
	cost := func(n int) (float64, float64, int) {
		old, cur := respeltAloneLock(t, n, false), respeltAloneLock(t, n, true)
		og, ng := GraphOf(old), GraphOf(cur)
		o, nw := rootNodes(og), rootNodes(ng)
		var ren *respelling
		a := testing.AllocsPerRun(2, func() { ren = respell(o, nw) })
		if len(ren.part) != n/2 || ren.kept["foo@1"] != n-n/2 || len(ren.whole) != 0 {
			t.Fatalf("%d roots: %d respelt alone, kept %d, %d whole; want %d, %d, 0", n, len(ren.part), ren.kept["foo@1"], len(ren.whole), n/2, n-n/2)
		}
		var s *snapshot.Snapshot
		b := testing.AllocsPerRun(2, func() { s = respellStacks(old, og, ng, o, ren) })
		steps = 0
		respell(o, nw)
		respellStacks(old, og, ng, o, ren)
		took := steps
		for _, p := range s.Packages {
			for _, sp := range p.Specs {
				want := "foo@1"
				switch {
				case p.Name == "hub":
					want = "foo@1,foo@=1"
				case (sp.OS[len(sp.OS)-1]-'0')%2 == 1:
					want = "foo@=1"
				}
				if got := strings.Join(sp.Stacks, ","); got != want {
					t.Fatalf("%s of %s: stacks %s, want %s", p.Name, sp.OS, got, want)
				}
			}
		}
		return a, b, took
	}
	a1, b1, s1 := cost(500)
	a4, b4, s4 := cost(2000)
	t.Logf("respell: %.0f allocations of 500 roots, %.0f of 2,000 (%.2fx); respellStacks: %.0f, %.0f (%.2fx); steps %d, %d (%.2fx)", a1, a4, a4/a1, b1, b4, b4/b1, s1, s4, float64(s4)/float64(s1))
	if float64(s4) > 4.4*float64(s1) {
		t.Errorf("respell and respellStacks: %d steps of 500 roots, %d of 2,000 (%.2fx), want at most 4.4x", s1, s4, float64(s4)/float64(s1))
	}
	if a4 > 4.4*a1 {
		t.Errorf("respell: %.0f allocations of 500 roots, %.0f of 2,000 (%.2fx), want at most 4.4x", a1, a4, a4/a1)
	}
	if b4 > 4.4*b1 {
		t.Errorf("respellStacks: %.0f allocations of 500 roots, %.0f of 2,000 (%.2fx), want at most 4.4x", b1, b4, b4/b1)
	}
}
