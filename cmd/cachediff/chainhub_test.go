package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// writeChainOverHub writes spackgen's chain of n specs over a hub with k
// leaves, before and after the leaves' versions changed, and returns the
// two lockfiles' paths and their size.
func writeChainOverHub(t *testing.T, n, k int) (string, string, int) {
	t.Helper()
	dir := t.TempDir()
	size := 0
	var paths [2]string
	for i, bumped := range []bool{false, true} {
		var b bytes.Buffer
		if err := spackgen.WriteChainOverHubLockfile(&b, n, k, bumped); err != nil {
			t.Fatal(err)
		}
		paths[i] = filepath.Join(dir, []string{"old.lock", "new.lock"}[i])
		if err := os.WriteFile(paths[i], b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		size += b.Len()
	}
	return paths[0], paths[1], size
}

// runAlloc runs cachediff in this process and returns its exit, its
// output and the bytes it allocated.
func runAlloc(args []string) (int, []byte, uint64) {
	var out bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	code := c.run(args)
	runtime.ReadMemStats(&after)
	return code, out.Bytes(), after.TotalAlloc - before.TotalAlloc
}

// Items 9 and 10 of issue 35 together (the 15th adversarial pass): a
// chain of N specs over a hub with K changed leaves wrote each spec's K
// paths out, N·K references and links: N = K = 2,000 (a 1 MB lockfile)
// took 12 s and 712 MB for Markdown, and wrote 555 MB of JSON. The
// chain's specs share the hub's set, each with a via: 4x N and K costs
// at most about 4.4x, in the bytes a diff and a render allocate and in
// the JSON written; and the JSON renders back to the very Markdown of
// the diff. HTML resolved every cause of the root, each by a path of N
// names (N = K = 4,000: 5.9 s and 658 MB for a page of 642 KB), for a
// cell the page shortens to a few hundred characters: it now resolves
// the first few, as Markdown does.
func TestChainOverHubLinear(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // what goroutines allocate besides varies
	n := 150
	var allocJSON, allocRender, allocHTML, sizes [2]uint64
	for i, n := range []int{n, 4 * n} {
		oldPath, newPath, input := writeChainOverHub(t, n, n)
		code, md, _ := runAlloc([]string{oldPath, newPath})
		if code != 1 {
			t.Fatalf("n = k = %d: md exit %d, want 1", n, code)
		}
		code, js, a := runAlloc([]string{"--format", "json", oldPath, newPath})
		if code != 1 {
			t.Fatalf("n = k = %d: json exit %d, want 1", n, code)
		}
		allocJSON[i], sizes[i] = a, uint64(len(js))
		// HTML names the root's first causes (its cell is shortened).
		code, page, a := runAlloc([]string{"--format", "html", oldPath, newPath})
		if want := fmt.Sprintf("l0 1 → 2 (via c%d → c%d", n-1, n-2); code != 1 || !bytes.Contains(page, []byte(want)) {
			t.Fatalf("n = k = %d: html exit %d, or the root's row does not name %q", n, code, want)
		}
		allocHTML[i] = a
		if !bytes.Contains(js, []byte(`"via": `)) {
			t.Fatalf("n = k = %d: no pair of the JSON has a via", n)
		}
		saved := filepath.Join(t.TempDir(), "report.json")
		if err := os.WriteFile(saved, js, 0o644); err != nil {
			t.Fatal(err)
		}
		code, back, a := runAlloc([]string{"render", "--format", "md", saved})
		if code != 1 {
			t.Fatalf("n = k = %d: render exit %d, want 1", n, code)
		}
		allocRender[i] = a
		// The title names the inputs, the report file when rendered.
		title := regexp.MustCompile("(?m)^# .*\n")
		if !bytes.Equal(title.ReplaceAll(back, nil), title.ReplaceAll(md, nil)) {
			t.Errorf("n = k = %d: the JSON renders another Markdown than the diff's", n)
		}
		t.Logf("n = k = %d: input %d bytes; json: allocated %d, wrote %d; render allocated %d; html allocated %d", n, input, allocJSON[i], sizes[i], allocRender[i], allocHTML[i])
	}
	for _, x := range []struct {
		what  string
		v     [2]uint64
		bound float64
	}{{"the diff (json) allocates", allocJSON, allocBound}, {"render allocates", allocRender, allocBound}, {"the diff (html) allocates", allocHTML, allocBound}, {"the JSON written is", sizes, 4.4}} {
		if r := float64(x.v[1]) / float64(x.v[0]); r > x.bound {
			t.Errorf("4x N and K: %s %.2fx (%d → %d bytes), want at most %.2fx", x.what, r, x.v[0], x.v[1], x.bound)
		}
	}
}

// fakeHash is the i-th of a series of hashes that begin with c, in
// order (32 characters of a-z).
func fakeHash(c byte, i int) string {
	h := bytes.Repeat([]byte{'a'}, 32)
	h[0] = c
	for k := 31; i > 0; k-- {
		h[k] = byte('a' + i%26)
		i /= 26
	}
	return string(h)
}

// forgedRootVias writes the JSON report of a chain over a hub (3 leaves),
// of the root's package alone (--package c4), edited so that r changed
// roots each go through a via of d names (the first the root's changed
// dependency, then z000001 …), and returns its path and size.
func forgedRootVias(t *testing.T, r, d int) (string, int) {
	t.Helper()
	oldPath, newPath, _ := writeChainOverHub(t, 5, 3)
	code, js, _ := runAlloc([]string{"--format", "json", "--package", "c4", oldPath, newPath})
	if code != 1 {
		t.Fatalf("the chain over a hub: exit %d, want 1", code)
	}
	rep, err := jsonv1.DecodeBytes(js)
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Causes
	if c == nil || c.Roots == nil || len(c.Roots.Changed) != 1 || c.Roots.Changed[0].Why == nil || c.Roots.Changed[0].Why.Via == nil {
		t.Fatal("the chain over a hub has no changed root with a via")
	}
	base := len(c.Paths)
	for i := range d {
		l := diff.PathLink{Name: fmt.Sprintf("z%06d", i)}
		if i == 0 {
			// A pair's paths go first to a changed dependency
			// (render refuses one that does not).
			l.Name = c.Roots.Changed[0].Why.Changed[0].Name
		}
		if i < d-1 {
			next := base + i + 1
			l.Next = &next
		}
		c.Paths = append(c.Paths, l)
	}
	root := c.Roots.Changed[0]
	c.Roots.Changed = nil
	for i := range r {
		// The same root, r times (a root's stacks are counted), each of
		// its own hashes, in order: a root has a node per hash.
		x := root
		x.Old.Hash, x.New.Hash = fakeHash('o', i), fakeHash('n', i)
		w := *root.Why
		via := base
		w.Via = &via
		// The via's first name, c3, a dependency the report does not
		// list (--package c4), of its own hashes: render follows a path
		// through the listed pairs' changed dependencies, by hash, and
		// no further than a spec the report does not list (z000001 is
		// no dependency of c3). Hashes made up there are refused where
		// the report lists the package whole.
		x.Why = &w
		c.Roots.Changed = append(c.Roots.Changed, x)
	}
	var b bytes.Buffer
	if err := jsonv1.JSON(&b, rep); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "forged.json")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, b.Len()
}

// A changed root's row in Environment roots (Markdown and HTML) wrote out
// each cause's path whole, to shorten it to a few thousand characters
// after: a report edited so that R roots each go through a via of D
// names wrote R·D names (R = D = 10,000, a 4.4 MB report: 29 s and 567
// MB for Markdown, 72 s for HTML). Now 4x R and D allocates at most
// about 4.4x, and the row reads as before.
//
// R is a quarter of D: 4x both still writes 16x the names where each
// row's path is written whole (R·D), and 4x where it stops at the names
// a row can show; R stays over the rows the page lists (htmlMaxCauses),
// whose causes alone HTML resolves. R = D wrote 4x the Markdown rows
// for the same check (6.4 → 2.0 s of CPU).
func TestRenderRootViasLinear(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	n := report.MaxPathNames + 50 // past the names a row can show, at n and 4n
	var alloc [2][2]uint64
	for i, n := range []int{n, 4 * n} {
		r := n / 4
		path, size := forgedRootVias(t, r, n)
		for j, format := range []string{"md", "html"} {
			code, out, a := runAlloc([]string{"render", "--format", format, path})
			if code != 1 {
				t.Fatalf("r = %d, d = %d: render --format %s exit %d, want 1", r, n, format, code)
			}
			if want := "l0 1 → 2 (via c4 → c3 → z000001"; !bytes.Contains(out, []byte(want)) {
				t.Fatalf("r = %d, d = %d: render --format %s does not name %q", r, n, format, want)
			}
			alloc[j][i] = a
			t.Logf("r = %d, d = %d: report %d bytes; %s allocated %d, wrote %d", r, n, size, format, a, len(out))
		}
	}
	for j, format := range []string{"md", "html"} {
		if r := float64(alloc[j][1]) / float64(alloc[j][0]); r > allocBound {
			t.Errorf("4x R and D: render --format %s allocates %.2fx (%d → %d bytes), want at most %.2fx", format, r, alloc[j][0], alloc[j][1], allocBound)
		}
	}
}
