// Package reporttest generates the reports, series and snapshots the
// tests of package report and its format packages render.
package reporttest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
	_ "github.com/cachediff/cachediff/snapshot/catalog" // the page format: the tests load real weeks of pages
)

// GenReport diffs two generated snapshots of about pkgs packages: some
// packages only on one side, and per package specs kept, rebuilt,
// updated (version, compiler, variant, target), restacked, added and
// removed. Names sometimes hold multibyte and Markdown-hostile characters,
// so that every renderer meets them. The same seed gives the same report.
func GenReport(seed uint64, pkgs int) *diff.Report {
	rep, err := GenReportWith(seed, pkgs, diff.Filter{})
	if err != nil {
		panic(err) // the zero Filter cannot fail
	}
	return rep
}

// GenReportWith is GenReport compared under f (--ignore, ...).
func GenReportWith(seed uint64, pkgs int, f diff.Filter) (*diff.Report, error) {
	before, after := GenSnapshots(seed, pkgs)
	return diff.CompareWith(before, after, f)
}

// GenSnapshots are the two snapshots GenReport diffs.
func GenSnapshots(seed uint64, pkgs int) (before, after *snapshot.Snapshot) {
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
			Variants: sharedThenBuild(pick("+shared", "~shared"), pick("build_system=cmake", "build_system=python_pip")),
			Stacks:   stacks}
	}
	before = &snapshot.Snapshot{Path: "old", Tag: "develop-a"}
	after = &snapshot.Snapshot{Path: "new", Tag: "develop-b"}
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
			before.Packages = append(before.Packages, &snapshot.Package{Name: name, Specs: os, Origin: &snapshot.Origin{File: "old/" + name + "/specs.md", Tag: before.Tag}})
		}
		if side != 1 && len(ns) > 0 {
			after.Packages = append(after.Packages, &snapshot.Package{Name: name, Specs: ns, Origin: &snapshot.Origin{File: "new/" + name + "/specs.md", Tag: after.Tag}})
		}
		if r.IntN(50) == 0 {
			after.Warnings = append(after.Warnings, snapshot.Warning{File: "new/" + name + "/specs.md", Line: 7, Message: "meta says 3 specs, the page lists " + fmt.Sprint(len(ns))})
		}
	}
	byName := func(a, b *snapshot.Package) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(before.Packages, byName)
	slices.SortFunc(after.Packages, byName)
	return before, after
}

// GenSkipped adds n skipped pages to r, spread over both sides and sorted
// the way the loader sorts them, with reasons that sometimes hold
// Markdown- and HTML-hostile characters or are long.
func GenSkipped(r *diff.Report, seed uint64, n int) {
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

// GenWeek diffs two generated snapshots shaped like a real week: most
// specs rebuilt (a new hash, nothing else), most packages changed by
// rebuilds alone, and a few specs added, removed, updated or moved
// between stacks.
func GenWeek(seed uint64, pkgs int) *diff.Report {
	r := rand.New(rand.NewPCG(seed, seed^0x3eec))
	hashSeq := 0
	hash := func() string {
		hashSeq++
		return fmt.Sprintf("%032d", hashSeq)[:0] + strings.Repeat("a", 24) + fmt.Sprintf("%08d", hashSeq)
	}
	stacks := []string{"e4s", "hep", "tutorial", "ml-linux-x86_64-cuda"}
	before := &snapshot.Snapshot{Path: "old", Tag: "develop-2025-02-16"}
	after := &snapshot.Snapshot{Path: "new", Tag: "develop-2025-02-23"}
	for i := range pkgs {
		name := fmt.Sprintf("pkg-%04d", i)
		if i%17 == 3 {
			name += "_|`x`@y"
		}
		var os, ns []snapshot.Spec
		for k := range 1 + r.IntN(1+r.IntN(30)) {
			st := []string{stacks[r.IntN(len(stacks))], "root"}
			slices.Sort(st)
			s := snapshot.Spec{Hash: hash(), Versions: []string{fmt.Sprintf("1.%d", k)}, Compiler: "gcc@11.4.0", OS: "ubuntu22.04",
				Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared", "build_system=cmake"}, Stacks: st}
			os = append(os, s)
			n := s
			n.Hash = hash()
			switch x := r.IntN(100); {
			case x < 2: // unchanged
				n.Hash = s.Hash
			case x < 3: // updated
				n.Versions = []string{"9.9"}
			case x < 4: // removed
				continue
			case x < 5: // rebuilt into another stack
				n.Stacks = []string{"root", "zz-new-stack"}
			case x < 6: // and one more
				a := n
				a.Hash, a.Versions = hash(), []string{"7.7"}
				ns = append(ns, a)
			}
			ns = append(ns, n)
		}
		byHash := func(a, b snapshot.Spec) int { return strings.Compare(a.Hash, b.Hash) }
		slices.SortFunc(os, byHash)
		slices.SortFunc(ns, byHash)
		before.Packages = append(before.Packages, &snapshot.Package{Name: name, Specs: os, Origin: &snapshot.Origin{File: "old/" + name + "/specs.md", Tag: before.Tag}})
		if len(ns) > 0 {
			after.Packages = append(after.Packages, &snapshot.Package{Name: name, Specs: ns, Origin: &snapshot.Origin{File: "new/" + name + "/specs.md", Tag: after.Tag}})
		}
	}
	rep, _ := diff.CompareWith(before, after, diff.Filter{}) // the zero Filter cannot fail
	return rep
}

// RealWeeks are the five real weekly tags of the repository's
// testdata/real-series, oldest first, as paths from the module's root.
var RealWeeks = []string{
	"testdata/real-series/develop-2025-02-16",
	"testdata/real-series/develop-2025-02-23",
	"testdata/real-series/develop-2025-03-02",
	"testdata/real-series/develop-2025-03-09",
	"testdata/real-series/develop-2025-03-16",
}

// Root is the module's root directory (three folders above this file).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// LoadRealWeeks loads RealWeeks, each by its path from the working
// directory (a test's package folder), as a user names it.
func LoadRealWeeks(t testing.TB) []*snapshot.Snapshot {
	t.Helper()
	weeks := make([]*snapshot.Snapshot, len(RealWeeks))
	for i, p := range RealWeeks {
		s, err := snapshot.Load(Path(t, p), snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		weeks[i] = s
	}
	return weeks
}

// GenSeries makes n generated snapshots of about pkgs packages, each the
// one before with some specs rebuilt, updated, added or removed, and now
// and then a package added or removed. The same seed gives the same
// series.
func GenSeries(seed uint64, pkgs, n int) []*snapshot.Snapshot {
	r := rand.New(rand.NewPCG(seed, seed^0x5e1e))
	hashSeq := 0
	hash := func() string {
		hashSeq++
		const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
		b := []byte(strings.Repeat("a", 32))
		for i, k := 31, hashSeq; k > 0; i, k = i-1, k/32 {
			b[i] = alphabet[k%32]
		}
		return string(b)
	}
	spec := func() snapshot.Spec {
		return snapshot.Spec{Hash: hash(), Versions: []string{fmt.Sprintf("1.%d", r.IntN(5))}, Compiler: "gcc@13.2.0",
			OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3", Variants: []string{"+shared"}, Stacks: []string{"e4s", "root"}}
	}
	pkg := func(tag, name string, specs []snapshot.Spec) *snapshot.Package {
		slices.SortFunc(specs, func(a, b snapshot.Spec) int { return strings.Compare(a.Hash, b.Hash) })
		return &snapshot.Package{Name: name, Specs: specs, Origin: &snapshot.Origin{File: tag + "/" + name + "/specs.md", Tag: tag}}
	}
	var out []*snapshot.Snapshot
	cur := &snapshot.Snapshot{Path: "week-0", Tag: "develop-w00"}
	for i := range pkgs {
		var specs []snapshot.Spec
		for range 1 + r.IntN(1+r.IntN(8)) {
			specs = append(specs, spec())
		}
		cur.Packages = append(cur.Packages, pkg(cur.Tag, fmt.Sprintf("py-pkg-%04d", i), specs))
	}
	out = append(out, cur)
	for w := 1; w < n; w++ {
		next := &snapshot.Snapshot{Path: fmt.Sprintf("week-%d", w), Tag: fmt.Sprintf("develop-w%02d", w)}
		for _, p := range cur.Packages {
			if r.IntN(25) == 0 {
				continue // removed
			}
			var specs []snapshot.Spec
			for _, s := range p.Specs {
				switch r.IntN(6) {
				case 0: // unchanged
				case 1: // updated
					s.Hash, s.Versions = hash(), []string{"2.0"}
				case 2: // removed
					continue
				case 3: // added as well
					specs = append(specs, spec())
					s.Hash = hash()
				default: // rebuilt
					s.Hash = hash()
				}
				specs = append(specs, s)
			}
			if len(specs) > 0 {
				next.Packages = append(next.Packages, pkg(next.Tag, p.Name, specs))
			}
		}
		if r.IntN(2) == 0 {
			next.Packages = append(next.Packages, pkg(next.Tag, fmt.Sprintf("py-new-%02d", w), []snapshot.Spec{spec(), spec()}))
		}
		slices.SortFunc(next.Packages, func(a, b *snapshot.Package) int { return strings.Compare(a.Name, b.Name) })
		out = append(out, next)
		cur = next
	}
	return out
}

// Path is p, a path from the module's root, from the working directory.
func Path(t testing.TB, p string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, filepath.Join(Root(), p))
	if err != nil {
		t.Fatal(err)
	}
	return rel
}

// WriteSeries streams the series of snaps, filtered by f, through w step
// by step, and finishes it with the series.
func WriteSeries(t testing.TB, w interface {
	Step(r *diff.Report) error
	Finish(s *diff.Series) error
}, snaps []*snapshot.Snapshot, f diff.Filter) {
	t.Helper()
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, f,
		func(_ int, r *diff.Report) error { return w.Step(r) })
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(s); err != nil {
		t.Fatal(err)
	}
}

// sharedThenBuild is a spec's variants, drawn shared first, as the
// loader sorts them (by name: build_system before shared), which a
// report read back is held to.
func sharedThenBuild(shared, build string) []string {
	return []string{build, shared}
}
