package report

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// genReport diffs two generated snapshots of about pkgs packages: some
// packages only on one side, and per package specs kept, rebuilt,
// updated (version, compiler, variant, target), restacked, added and
// removed. Names sometimes hold multibyte and Markdown-hostile characters,
// so that every renderer meets them. The same seed gives the same report.
func genReport(seed uint64, pkgs int) *diff.Report {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	pick := func(l ...string) string { return l[r.IntN(len(l))] }
	hashSeq := 0
	hash := func() string {
		hashSeq++
		const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
		b := []byte(fmt.Sprintf("%032d", hashSeq))
		for i := range b {
			b[i] = alphabet[(int(b[i])+i*7+r.IntN(32))%32]
		}
		for i, k := 31, hashSeq; k > 0; i, k = i-1, k/32 {
			b[i] = alphabet[k%32]
		}
		return string(b)
	}
	spec := func() snapshot.Spec {
		stacks := []string{pick("e4s", "hep", "tutorial", "ml-linux-x86_64-cuda", "développement"), "root"}
		slices.Sort(stacks)
		return snapshot.Spec{Hash: hash(), Versions: []string{pick("1.0", "1.2.3", "2.0", "10.1", "develop")},
			Compiler: pick("gcc@13.2.0", "gcc@11.4.0", "none", "llvm@18.1.8"), OS: pick("ubuntu22.04", "ubuntu24.04", "sequoia"),
			Platform: pick("linux", "darwin"), Target: pick("x86_64_v3", "aarch64", "neoverse_v2"),
			Variants: []string{pick("+shared", "~shared"), pick("build_system=cmake", "build_system=python_pip")},
			Stacks:   stacks}
	}
	before := &snapshot.Snapshot{Path: "old", Tag: "develop-a"}
	after := &snapshot.Snapshot{Path: "new", Tag: "develop-b"}
	for i := range pkgs {
		name := fmt.Sprintf("py-pkg-%05d", i)
		switch r.IntN(40) {
		case 0:
			name += "-ünï|`x`"
		case 1:
			name = "@team-" + name
		}
		var os, ns []snapshot.Spec
		for range 1 + r.IntN(1+r.IntN(60)) {
			s := spec()
			os = append(os, s)
			n := s
			n.Hash = hash()
			switch r.IntN(8) {
			case 0: // unchanged
				n.Hash = s.Hash
			case 1: // restacked
				n.Hash = s.Hash
				n.Stacks = []string{"root", "tutorial"}
				if slices.Equal(n.Stacks, s.Stacks) {
					n.Stacks = []string{"e4s", "root"}
				}
			case 2: // updated version
				n.Versions = []string{"3.0"}
			case 3: // updated compiler
				n.Compiler = "gcc@14.2.0"
			case 4: // removed
				continue
			case 5: // added as well
				ns = append(ns, spec())
			}
			ns = append(ns, n)
		}
		byHash := func(a, b snapshot.Spec) int { return strings.Compare(a.Hash, b.Hash) }
		slices.SortFunc(os, byHash)
		slices.SortFunc(ns, byHash)
		side := r.IntN(30)
		if side != 0 {
			before.Packages = append(before.Packages, &snapshot.Package{Name: name, File: "old/" + name + "/specs.md", Tag: before.Tag, Specs: os})
		}
		if side != 1 && len(ns) > 0 {
			after.Packages = append(after.Packages, &snapshot.Package{Name: name, File: "new/" + name + "/specs.md", Tag: after.Tag, Specs: ns})
		}
		if r.IntN(50) == 0 {
			after.Warnings = append(after.Warnings, snapshot.Warning{File: "new/" + name + "/specs.md", Line: 7, Message: "meta says 3 specs, the page lists " + fmt.Sprint(len(ns))})
		}
	}
	byName := func(a, b *snapshot.Package) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(before.Packages, byName)
	slices.SortFunc(after.Packages, byName)
	rep, _ := diff.CompareWith(before, after, diff.Filter{}) // the zero Filter cannot fail
	return rep
}

// genSkipped adds n skipped pages to r, spread over both sides and sorted
// the way the loader sorts them, with reasons that sometimes hold
// Markdown- and HTML-hostile characters or are long.
func genSkipped(r *diff.Report, seed uint64, n int) {
	rnd := rand.New(rand.NewPCG(seed, seed^0x5c1b))
	for i := range n {
		side, dir := &r.New, "new"
		if rnd.IntN(3) == 0 {
			side, dir = &r.Old, "old"
		}
		reason := []string{
			"no spec_details in the front matter",
			"spec_details: invalid character '}' looking for beginning of object key string",
			"spec_details: spec 3 has a malformed hash \"<b>x|y`z</b>\" (want 32 characters of a-z and 2-7)",
			"meta: " + strings.Repeat("very long reason ", 20),
		}[rnd.IntN(4)]
		side.Skipped = append(side.Skipped, snapshot.Skipped{
			File: fmt.Sprintf("%s/broken-%05d/specs.md", dir, i), Line: 1 + rnd.IntN(9), Column: rnd.IntN(40), Reason: reason})
	}
}
