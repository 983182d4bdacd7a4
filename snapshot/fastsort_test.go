package snapshot

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSortByHash: hashOrder and sortByHash give what sorting by hash
// gives, and hashOrder accepts exactly what checkHashes accepts.
func TestSortByHash(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 200 { // both sides of maxInsertion
		specs := make([]Spec, n)
		for i := range specs {
			h := hashN(r.IntN(max(1000, 40*n))) // the same first eight bytes
			if r.IntN(2) == 0 {
				b := []byte(h)
				for j := range b {
					b[j] = hashAlphabet[r.IntN(32)]
				}
				h = string(b)
			}
			specs[i] = Spec{Hash: h, Compiler: string(rune('a' + i%26))}
		}
		want := slices.Clone(specs)
		slices.SortStableFunc(want, func(a, b Spec) int { return strings.Compare(a.Hash, b.Hash) })
		keys, ok := hashOrder(specs, nil)
		if ok != (checkHashes("f", 1, "spec_details", specs) == nil) {
			t.Fatalf("n %d: hashOrder says %v, checkHashes %v", n, ok, checkHashes("f", 1, "spec_details", specs))
		}
		if !ok {
			continue
		}
		sortByHash(specs, keys)
		for i := range specs {
			if specs[i].Hash != want[i].Hash || specs[i].Compiler != want[i].Compiler {
				t.Fatalf("n %d: at %d %v, want %v", n, i, specs[i], want[i])
			}
		}
	}
	bad := []Spec{{Hash: hashN(1)}, {Hash: "x"}, {Hash: hashN(1)}}
	if _, ok := hashOrder(bad, nil); ok {
		t.Error("a malformed and a repeated hash accepted")
	}
}

func TestVariantName(t *testing.T) {
	for _, v := range []string{"", "+", "+~-x", "~cuda", "cuda_arch:=80", "a=b:c", "-x=:", "++shared", "x", "=y", "é=1"} {
		want := strings.TrimLeft(v, "+~-")
		if i := strings.IndexAny(want, ":="); i >= 0 {
			want = want[:i]
		}
		if got := variantName(v); got != want {
			t.Errorf("variantName(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestCompareHashKeys: comparing keys by their heads first orders any two
// strings as strings.Compare does: short ones, ones with a common
// prefix of eight bytes or more, and bytes over 0x7f.
func TestCompareHashKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	word := func() string {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = "ab\x00\xff"[r.IntN(4)]
		}
		return string(b)
	}
	sign := func(x int) int { return min(max(x, -1), 1) }
	for range 20000 {
		a, b := word(), word()
		if r.IntN(3) == 0 {
			b = a[:r.IntN(len(a)+1)] + word()
		}
		ka, kb := hashKey{hashHead(a), a, 0}, hashKey{hashHead(b), b, 0}
		if got, want := sign(compareHashKeys(ka, kb)), strings.Compare(a, b); got != want {
			t.Fatalf("compareHashKeys(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
}

// TestSharedHeads: the heads more than one hash of a snapshot has, as a
// map of every head finds them: hashes alike in their first eight bytes,
// equal hashes on two pages, short and empty hashes (a head of 0).
func TestSharedHeads(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for round := range 300 {
		s := &Snapshot{}
		for p := range 1 + r.IntN(5) {
			pkg := &Package{Name: fmt.Sprint(p)}
			for range r.IntN(40) {
				h := hashN(r.IntN(50)) // the same first eight bytes
				switch r.IntN(4) {
				case 0:
					b := []byte(h)
					for j := range 8 {
						b[j] = hashAlphabet[r.IntN(2)]
					}
					h = string(b)
				case 1:
					h = h[:r.IntN(3)]
				}
				pkg.Specs = append(pkg.Specs, Spec{Hash: h})
			}
			s.Packages = append(s.Packages, pkg)
		}
		count := map[uint64]int{}
		for _, p := range s.Packages {
			for _, sp := range p.Specs {
				count[hashHead(sp.Hash)]++
			}
		}
		want := map[uint64]bool{}
		for h, n := range count {
			if n > 1 {
				want[h] = true
			}
		}
		if got := s.sharedHeads(); !maps.Equal(got, want) {
			t.Fatalf("round %d: shared heads %v, want %v", round, got, want)
		}
	}
}
