package report

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestPrefixKeyLoad: prefixKey's one load for strings of eight bytes or
// more gives what its byte loop gives.
func TestPrefixKeyLoad(t *testing.T) {
	loop := func(h string) uint64 {
		n := min(len(h), shortLen)
		k := uint64(n)
		for i := range n {
			k |= uint64(h[i]) << (8 * (i + 1))
		}
		return k
	}
	for _, h := range []string{"", "a", "abcdefg", "abcdefgh", "abcdefghi", "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7", "q5xl3h77ochzhs4f5ebpjdsnetuvze55", "q5xl3h7Xochzhs4f5ebpjdsnetuvze55"} {
		if got, want := prefixKey(h), loop(h); got != want {
			t.Errorf("prefixKey(%q) = %#x, want %#x", h, got, want)
		}
	}
}

// TestAbbreviateReference: Abbreviate gives each hash of a report the
// shortest prefix, at least shortLen long, that no other distinct hash of
// the report starts with, on random reports whose hashes share prefixes
// of every length and repeat (restacked pairs, a hash in two places).
func TestAbbreviateReference(t *testing.T) {
	t.Run("bits", testAbbreviateReference)
	// Bits shared by every key: the set after the bits decides alone.
	defer func(per int, least uint) { flagBitsPerKey, minFlagBits = per, least }(flagBitsPerKey, minFlagBits)
	flagBitsPerKey, minFlagBits = 0, 6
	t.Run("shared bits", testAbbreviateReference)
}

func testAbbreviateReference(t *testing.T) {
	next := rand.New(rand.NewPCG(7, 0)).IntN
	for round := range 300 {
		var pool []string
		hash := func() string {
			if len(pool) > 0 && next(6) == 0 {
				return pool[next(len(pool))] // a hash the report already holds
			}
			b := []byte("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")
			for i := next(12); i < len(b); i++ { // a shared prefix of 0 to 11 bytes
				b[i] = "ab"[next(2)]
			}
			pool = append(pool, string(b))
			return string(b)
		}
		r := reporttest.OnePackage("p")
		s := &r.Packages[0].Specs
		s.Added, s.Removed, s.Rebuilt, s.Restacked, s.Updated = nil, nil, nil, nil, nil
		for range next(40) {
			switch next(4) {
			case 0:
				s.Added = append(s.Added, diff.Spec{Hash: hash()})
			case 1:
				s.Rebuilt = append(s.Rebuilt, diff.Pair{Old: &diff.Spec{Hash: hash()}, New: &diff.Spec{Hash: hash()}})
			case 2:
				h := hash()
				s.Restacked = append(s.Restacked, diff.Pair{Old: &diff.Spec{Hash: h}, New: &diff.Spec{Hash: h}})
			default:
				s.Updated = append(s.Updated, diff.Pair{Old: &diff.Spec{Hash: hash()}, New: &diff.Spec{Hash: hash()}})
			}
		}
		a := Abbreviate(r)
		distinct := slices.Compact(slices.Sorted(slices.Values(pool)))
		for _, h := range distinct {
			want := shortLen
			for _, o := range distinct {
				if o != h {
					want = max(want, min(commonPrefix(h, o)+1, len(h)))
				}
			}
			if got := len(a.Short(h)); got != want {
				t.Fatalf("round %d: %s shown with %d characters, want %d (hashes %q)", round, h, got, want, distinct)
			}
		}
	}
}

// TestRebuiltStacks: rebuiltStacks lists the stacks (root left out) of a
// package's plain rebuilt pairs, sorted, once each, whether the pairs
// share their lists of stacks (one array, as the loader shares them),
// hold equal lists in other arrays, or lists that overlap; and with more
// distinct lists than it remembers.
func TestRebuiltStacks(t *testing.T) {
	next := rand.New(rand.NewPCG(11, 0)).IntN
	names := []string{"root", "a", "b", "c", "d", "e"}
	for round := range 500 {
		var shared [][]string
		for range 1 + next(4) {
			var l []string
			for _, n := range names {
				if next(2) == 0 {
					l = append(l, n)
				}
			}
			shared = append(shared, l)
		}
		p := &diff.Package{}
		want := map[string]bool{}
		for range next(120) {
			l := shared[next(len(shared))]
			switch next(3) {
			case 0:
				l = slices.Clone(l) // equal, elsewhere
			case 1:
				l = l[:len(l)/2] // a prefix of a shared array
			}
			stacks := l
			if next(5) == 0 { // not plain: its stacks are left out
				stacks = append(slices.Clone(l), "zzz")
				p.Specs.Rebuilt = append(p.Specs.Rebuilt, diff.Pair{Old: &diff.Spec{Stacks: l}, New: &diff.Spec{Stacks: stacks}, StacksJoined: []string{"zzz"}})
				continue
			}
			p.Specs.Rebuilt = append(p.Specs.Rebuilt, diff.Pair{Old: &diff.Spec{Stacks: l}, New: &diff.Spec{Stacks: l}})
			for _, s := range l {
				if s != "root" {
					want[s] = true
				}
			}
		}
		got := RebuiltStacks(p, false)
		if w := slices.Sorted(maps.Keys(want)); !slices.Equal(got, w) && len(got)+len(w) > 0 {
			t.Fatalf("round %d: rebuiltStacks = %q, want %q", round, got, w)
		}
	}
}

// TestFlagBitsBound: the keys whose bit flagBits flags are at most twice
// as many as the flags counted (Abbreviate sizes its second set by it),
// and every key given twice has its bit flagged; from bitmaps that every
// key shares to bitmaps of 16 bits a key.
func TestFlagBitsBound(t *testing.T) {
	defer func(per int, least uint) { flagBitsPerKey, minFlagBits = per, least }(flagBitsPerKey, minFlagBits)
	next := rand.New(rand.NewPCG(11, 0)).Uint64N
	for round := range 200 {
		flagBitsPerKey, minFlagBits = []int{0, 1, 4, 16}[round%4], 6
		n := 1 + int(next(3000))
		keys := make([]uint64, n)
		for i := range keys {
			if i > 0 && next(8) == 0 {
				keys[i] = keys[next(uint64(i))] // a key given twice
			} else {
				keys[i] = next(1<<40)<<8 | shortLen
			}
		}
		f := newFlagBits(n)
		flagged := 0
		for _, k := range keys {
			if f.add(k) {
				flagged++
			}
		}
		withFlag, count := 0, map[uint64]int{}
		for _, k := range keys {
			count[k]++
			if f.flagged(k) {
				withFlag++
			}
		}
		if withFlag > 2*flagged {
			t.Fatalf("round %d: %d keys with flagged bits, more than twice the %d flags", round, withFlag, flagged)
		}
		for k, c := range count {
			if c > 1 && !f.flagged(k) {
				t.Fatalf("round %d: key %#x given %d times, its bit not flagged", round, k, c)
			}
		}
	}
}
