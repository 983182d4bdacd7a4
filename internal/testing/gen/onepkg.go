package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// OnePackage returns the two pages (old, new) of one package of n specs
// each, every spec updated between them: the same version, variants,
// target and stacks, a new hash and a newer compiler. Each spec has a
// list of variants of its own (a patch of its own), the same on both
// sides. It is the shape on which issue 35's rule (a 4x input costs at
// most about 4.4x) failed past thresholds in absolute numbers: what the
// engine and the loader keep per distinct value of a package (the
// ranks' widths, the canonical forms and interned strings a loading
// state shares with the next Load) grows with the input here, not with
// the catalogue's few compilers and targets. The pages are written as
// today's develop pages are (Page, Current style), about 285 bytes a
// spec. OnePackageTruth is what cachediff reports.
func OnePackage(n int) (oldPage, newPage []byte) {
	olds, news := make([]Spec, n), make([]Spec, n)
	stacks := [][]string{
		{"e4s", "e4s-rocm-external", "radiuss", "root"},
		{"build_systems", "root", "tutorial"},
		{"developer-tools-x86_64_v3-linux-gnu", "hep", "root"},
	}
	for i := range n {
		// A patch of its own: the multiplier is odd, so i → patch is a
		// bijection on 28 bits, seven hex digits as Spack's patches are
		// named.
		patch := fmt.Sprintf("patches=%07x", uint32(i)*2654435761&(1<<28-1))
		s := Spec{Hash: MixHash(uint64(i)), Version: "1.2.0", Compiler: "gcc@13.2.0", OS: "ubuntu22.04",
			Platform: "linux", Target: "x86_64_v3", Variants: []string{"build_system=cmake", patch},
			Stacks: stacks[i%len(stacks)]}
		olds[i] = s
		s.Hash = MixHash(uint64(n + i))
		s.Compiler = "gcc@13.3.0"
		news[i] = s
	}
	// A page lists its specs by hash.
	byHash := func(a, b Spec) int { return strings.Compare(a.Hash, b.Hash) }
	slices.SortFunc(olds, byHash)
	slices.SortFunc(news, byHash)
	return Page(onePackageName, "develop-2026-01-01", olds, Current, true),
		Page(onePackageName, "develop-2026-01-02", news, Current, true)
}

// OnePackageTruth is what cachediff reports of OnePackage(n): one
// package changed, n specs a side, all updated by their compiler.
func OnePackageTruth(n int) Truth {
	t := Truth{
		Packages:  PackageCounts{Old: 1, New: 1, Changed: 1},
		Specs:     Counts{Old: n, New: n, Updated: n},
		UpdatedBy: map[string]int{},
	}
	for _, f := range facetNames {
		t.UpdatedBy[f] = 0
	}
	t.UpdatedBy["compiler"] = n
	return t
}

const onePackageName = "py-torch"

// WriteOnePackage writes OnePackage(n) as dir/old/<pkg>/specs.md and
// dir/new/<pkg>/specs.md, and returns the two trees and their bytes in
// all.
func WriteOnePackage(dir string, n int) (oldDir, newDir string, size int64, err error) {
	old, nw := OnePackage(n)
	for side, page := range [][]byte{old, nw} {
		path := filepath.Join(dir, []string{"old", "new"}[side], onePackageName, "specs.md")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", "", 0, err
		}
		if err := os.WriteFile(path, page, 0o644); err != nil {
			return "", "", 0, err
		}
		size += int64(len(page))
	}
	return filepath.Join(dir, "old"), filepath.Join(dir, "new"), size, nil
}

// MixHash is a hash of Spack's alphabet for i, distinct for each i: the
// first 13 characters are the 64 bits of a bijective mix of i
// (splitmix64's finalizer), the rest more of the same mix.
func MixHash(i uint64) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	mix := func(x uint64) uint64 {
		x ^= x >> 30
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 27
		x *= 0x94d049bb133111eb
		return x ^ x>>31
	}
	var h [32]byte
	x := mix(i)
	for k := range 13 {
		h[k] = alphabet[x>>(5*k)&31]
	}
	y := mix(x)
	for k := 13; k < 32; k++ {
		h[k] = alphabet[y&31]
		y = y>>5 | y<<59
	}
	return string(h[:])
}
