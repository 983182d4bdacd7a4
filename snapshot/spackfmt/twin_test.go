package spackfmt

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/shareddata"
)

// finishPlain is finish as it was before dependencies were kept with
// their hashes' refs (keepRefs) and the compiler found while they are
// resolved: every dependency resolved from its depRef, each compiler
// looked up by its dependency's hash, the nodes sorted by comparing
// their hashes. Decode's result must not depend on which one runs.
func finishPlain(d *decoder) {
	set := d.set
	for _, n := range d.nodes() {
		if n.Detail == nil {
			n.Detail = &bareDetail
			continue
		}
		if n.depHashes() != nil {
			panic("a node with its dependencies' refs while finishTwin is set")
		}
		n.Deps = d.depSlab(len(n.depRefs()))
		for _, r := range n.depRefs() {
			dep := Dep{Name: r.name, Types: r.types, Virtuals: r.virtuals}
			var target *Node
			for _, h := range r.refs {
				if h != nil && h.node != nil {
					target = h.node
					break
				}
			}
			if target != nil {
				if r.name != target.Name {
					d.otherName(n, r.name, target)
				}
				dep.Name, dep.Hash = target.Name, target.Hash
			} else {
				for _, h := range r.refs {
					if h != nil {
						dep.Hash = h.s
						break
					}
				}
				d.warnf(n.Line, "%s/%s: dependency %s/%s is not in the file", n.Name, n.Hash, r.name, dep.Hash)
			}
			n.Deps = append(n.Deps, dep)
		}
		n.pend = nil
	}
	if d.renamed > mostMissing {
		d.warnf(d.renamedLine, "%d more dependencies are named for another package than their spec's, the first of them at this line", d.renamed-mostMissing)
	}
	for _, n := range d.nodes() {
		if !n.ownCompiler {
			n.Compiler = depCompilerPlain(d, n)
		}
		if n.Compiler == "" {
			n.Compiler = "none"
		}
	}
	d.dagIdentity()
	d.markRoots()
	byHash := func(a, b *Node) int { return cmp.Compare(a.Hash, b.Hash) }
	slices.SortFunc(set.Nodes, byHash)
	slices.SortFunc(set.Others, byHash)
	slices.SortStableFunc(set.Warnings, func(a, b Warning) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), strings.Compare(a.Message, b.Message))
	})
}

func depCompilerPlain(d *decoder, n *Node) string {
	for _, lang := range []string{"c", "cxx", "fortran"} {
		for _, dep := range n.Deps {
			if !slices.Contains(dep.Types, "build") || !slices.Contains(dep.Virtuals, lang) {
				continue
			}
			if t := d.lookup(dep.Hash); t != nil && t.Version != "" {
				return d.s.internBytes([]byte(t.Name + "@" + t.Version))
			}
			return dep.Name
		}
	}
	return ""
}

// setText is everything a decoded set says, as text.
func setText(s *Set, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%v %d\n", s.Kind, s.Version)
	for i, l := range [2][]*Node{s.Nodes, s.Others} {
		for _, n := range l {
			var deps []string
			for _, d := range n.Deps {
				deps = append(deps, fmt.Sprintf("%s/%s:%q:%q", d.Name, d.Hash, d.Types, d.Virtuals))
			}
			fmt.Fprintf(&b, "%d %s %s@%s %%%s %s-%s-%s %q recipe=%s roots=%q line=%d format=%d root=%v deps=[%s]\n",
				i, n.Hash, n.Name, n.Version, n.Compiler, n.Platform, n.OS, n.Target, n.Variants, n.PackageHash,
				s.RootsOf(n), n.Line, n.SpecFormat, n.Root, strings.Join(deps, " "))
		}
	}
	for _, r := range s.Roots {
		fmt.Fprintf(&b, "root %s %s\n", r.Hash, r.Spec)
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(&b, "warning %s:%d %s\n", w.File, w.Line, w.Message)
	}
	return b.String()
}

// checkTwin decodes data with finish and with finishPlain and compares.
func checkTwin(t *testing.T, data []byte) {
	t.Helper()
	got := setText(Decode("f", data))
	finishTwin = finishPlain
	want := setText(Decode("f", data))
	finishTwin = nil
	if got != want {
		g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("line %d:\n got %s\nwant %s", i+1, g[i], w[i])
			}
		}
		t.Fatalf("%d lines, want %d", len(g), len(w))
	}
}

// twinSeeds are the fixtures, generated indexes and lockfiles, and
// hand-written files with every way of naming a dependency: several
// hashes, a build_hash alone, a missing node, an alias, two lists of
// dependencies in one node, a compiler that is a dependency.
func twinSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	files, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			seeds = append(seeds, data)
		}
	}
	// Real lockfiles of every version, when ../shared is beside the
	// checkout (the generated indexes are checked from package snapshot,
	// which spackgen imports).
	if dir := shareddata.Dir("lockfiles"); dir != "" {
		lockfiles, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*.lock"))
		for _, p := range lockfiles {
			if data, err := os.ReadFile(p); err == nil {
				seeds = append(seeds, data)
			}
		}
	}
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		c = "cccccccccccccccccccccccccccccccc"
		x = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	)
	gcc := `{"name":"gcc","version":"14.2.0","hash":"` + c + `"}`
	dep := func(name, fields string) string {
		return `{"name":"` + name + `",` + fields + `,"parameters":{"deptypes":["build","link"],"virtuals":["c","cxx"]}}`
	}
	rec := func(h, spec string) string { return `"` + h + `":{"spec":` + spec + `,"in_buildcache":true}` }
	index := func(recs ...string) []byte {
		return []byte(`{"database":{"version":"8","installs":{` + strings.Join(recs, ",") + `}}}`)
	}
	for _, deps := range []string{
		dep("gcc", `"hash":"`+c+`"`),
		dep("gcc", `"hash":"`+x+`"`),
		dep("gcc", `"hash":"`+x+`","build_hash":"`+c+`"`),
		dep("gcc", `"build_hash":"`+c+`"`),
		dep("gcc", `"hash":"","full_hash":"`+c+`"`),
		dep("gcc", `"hash":"`+c+`"`) + "," + dep("zlib", `"hash":"`+b+`"`),
	} {
		spec := `{"name":"a","version":"1","hash":"` + a + `","dependencies":[` + deps + `]}`
		seeds = append(seeds, index(rec(a, spec), rec(b, `{"name":"zlib","version":"1.3","hash":"`+b+`"}`), rec(c, gcc)))
		// Two lists of dependencies in one node.
		two := `{"name":"a","version":"1","hash":"` + a + `","dependencies":[` + deps + `],"dependencies":[` + dep("zlib", `"hash":"`+b+`"`) + `]}`
		seeds = append(seeds, index(rec(a, two), rec(b, `{"name":"zlib","version":"1.3","hash":"`+b+`"}`), rec(c, gcc)))
		// The compiler known by an alias (its full_hash).
		alias := `{"name":"gcc","version":"14.2.0","hash":"` + c + `","full_hash":"` + x + `"}`
		seeds = append(seeds, index(rec(a, spec), rec(c, alias)))
	}
	return seeds
}

// TestFinishTwin: finish (dependencies kept with their hashes' refs from
// the start, the compiler found while they are resolved, nodes sorted by
// their hashes' heads) decodes what finishPlain does.
func TestFinishTwin(t *testing.T) {
	for i, data := range twinSeeds(t) {
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkTwin(t, data) })
	}
}

func FuzzFinishTwin(f *testing.F) {
	for _, data := range twinSeeds(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkTwin(t, data) })
}
