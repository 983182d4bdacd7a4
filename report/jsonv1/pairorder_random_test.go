package jsonv1

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestAdversarialValuesRender (issue 35, pass 83): the order laws
// (checkSpecOrder) compare a report's lists as the engine's ranks do.
// Random snapshots of values that stress that agreement — lists of
// different lengths sharing prefixes, elements with bytes below ',' or
// with ',' itself, empty lists and empty elements, versions Spack takes
// for equal but written otherwise, unicode — are compared and written
// as --format json writes them: render must take back every one. Half
// the seeds are --no-canonicalize snapshots, whose lists stay as drawn;
// the others' values canonical and their lists sorted, each value once,
// as the loader leaves them (snapshot.Canonical, snapshot.ListOrder).
func TestAdversarialValuesRender(t *testing.T) {
	seeds := uint64(400)
	if testing.Short() {
		seeds = 60
	}
	lists := [][]string{nil, {}, {""}, {"a"}, {"a", ""}, {"a", "b"}, {"a,b"}, {"a", "b", "c"}, {"a\tb"}, {"a b"}, {"a!"}, {"a", "!"}, {"é"}, {"a", "é"}, {"ab"}, {"", "a"}, {"a\x1fb"}}
	versions := [][]string{nil, {}, {"1.0"}, {"1.00"}, {"1-0"}, {"1.0", "2"}, {"1.0,2"}, {"develop"}, {"1.0a"}, {"1.0rc1"}, {""}, {"01.0"}, {"1.0", ""}}
	scalars := []string{"", "gcc@1.0", "gcc@1.00", "gcc@01.0", "a", "a!", "é", "develop", "x86_64", "x86-64"}
	pairs := 0
	defer func() { t.Logf("%d pairs", pairs) }()
	for seed := range seeds {
		r := rand.New(rand.NewPCG(seed, 83))
		pick := func(l []string) string { return l[r.IntN(len(l))] }
		raw := seed%2 == 1
		compiler := func(v string) string {
			if raw {
				return v
			}
			return snapshot.Canonical("compiler", v)
		}
		pickL := func(facet string, l [][]string) []string {
			out := slices.Clone(l[r.IntN(len(l))])
			if !raw {
				if facet != "stack" {
					for i, v := range out {
						out[i] = snapshot.Canonical(facet, v)
					}
				}
				slices.SortFunc(out, snapshot.ListOrder(facet))
				out = slices.Compact(out)
			}
			return out
		}
		hashSeq := 0
		hash := func() string {
			hashSeq++
			const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
			b := []byte(strings.Repeat("a", 32))
			for i, k := 31, hashSeq*7919%100003; k > 0; i, k = i-1, k/32 {
				b[i] = alphabet[k%32]
			}
			return string(b)
		}
		spec := func() snapshot.Spec {
			return snapshot.Spec{Hash: hash(), Versions: pickL("version", versions), Compiler: compiler(pick(scalars)), OS: pick(scalars),
				Platform: pick(scalars), Target: pick(scalars), Variants: pickL("variant", lists), Stacks: pickL("stack", lists)}
		}
		before := &snapshot.Snapshot{Path: "old", Raw: raw}
		after := &snapshot.Snapshot{Path: "new", Raw: raw}
		for i := range 1 + r.IntN(4) {
			name := fmt.Sprintf("p%d", i)
			var olds, ns []snapshot.Spec
			for range 1 + r.IntN(30) {
				s := spec()
				olds = append(olds, s)
				n := s
				n.Hash = hash()
				switch r.IntN(6) {
				case 0:
					n.Hash = s.Hash
				case 1:
					n.Hash = s.Hash
					n.Stacks = pickL("stack", lists)
				case 2:
					n = spec()
				case 3:
					n.Versions = pickL("version", versions)
				case 4:
					continue
				}
				ns = append(ns, n)
			}
			byHash := func(a, b snapshot.Spec) int { return strings.Compare(a.Hash, b.Hash) }
			slices.SortFunc(olds, byHash)
			slices.SortFunc(ns, byHash)
			olds = slices.CompactFunc(olds, func(a, b snapshot.Spec) bool { return a.Hash == b.Hash })
			ns = slices.CompactFunc(ns, func(a, b snapshot.Spec) bool { return a.Hash == b.Hash })
			before.Packages = append(before.Packages, &snapshot.Package{Name: name, Specs: olds, Origin: &snapshot.Origin{File: "old/" + name}})
			if len(ns) > 0 {
				after.Packages = append(after.Packages, &snapshot.Package{Name: name, Specs: ns, Origin: &snapshot.Origin{File: "new/" + name}})
			}
		}
		var f diff.Filter
		if r.IntN(3) == 0 {
			f.Ignore = []string{pick([]string{"version", "compiler", "variants", "target", "os", "platform"})}
		}
		rep, err := diff.CompareWith(before, after, f)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, p := range rep.Packages {
			pairs += len(p.Specs.Rebuilt) + len(p.Specs.Updated) + len(p.Specs.Restacked)
		}
		rep.Highlights = diff.News(rep)
		var buf bytes.Buffer
		if err := JSON(&buf, rep); err != nil {
			t.Fatal(err)
		}
		back, err := DecodeBytes(buf.Bytes())
		if err != nil {
			t.Fatalf("seed %d: render refused a report cachediff wrote: %v", seed, err)
		}
		var again bytes.Buffer
		if err := JSON(&again, back); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), again.Bytes()) {
			t.Fatalf("seed %d: the report render read writes otherwise than the direct command", seed)
		}
	}
}
