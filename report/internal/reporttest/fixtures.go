package reporttest

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/snapshot"
)

// ComparePaths is the report of the snapshots at oldPath and newPath,
// as cachediff makes it without flags.
func ComparePaths(t testing.TB, oldPath, newPath string) *diff.Report {
	t.Helper()
	var snaps [2]*snapshot.Snapshot
	for i, p := range []string{oldPath, newPath} {
		s, err := snapshot.Load(p, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		snaps[i] = s
	}
	r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// RootRecipeChanged is the report of two lockfiles of one root, spec as
// written, of the package name at version 1, whose recipe changed
// (hash aaaaaaa… → bbbbbbb…): a changed root whose own change is its
// recipe.
func RootRecipeChanged(t testing.TB, name, spec string) *diff.Report {
	t.Helper()
	var paths [2]string
	for i, side := range []struct{ hash, recipe string }{{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "pold"}, {"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "pnew"}} {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + side.hash + `","spec":` + strconv.Quote(spec) + `}],"concrete_specs":{
"` + side.hash + `":{"name":` + strconv.Quote(name) + `,"version":"1","package_hash":"` + side.recipe + `","dependencies":[],"hash":"` + side.hash + `"}}}`
		paths[i] = filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(paths[i], []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ComparePaths(t, paths[0], paths[1])
}

// RootChanged is the root root (of the package root) changed from the
// version from, of one hash, to the version to, of another.
func RootChanged(root, from, to string) diff.RootChange {
	return diff.RootChange{Root: root, Old: diff.RootSpec{Root: root, Name: root, Version: from, Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
		New: diff.RootSpec{Root: root, Name: root, Version: to, Hash: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"}}
}

// OnePackage is a report of one changed package, name, whose one spec
// was rebuilt, with name as its compiler, variant and stack too.
func OnePackage(name string) *diff.Report {
	spec := func(h string) diff.Spec {
		return diff.Spec{Hash: h, Versions: []string{"1.0"}, Compiler: name, OS: "ubuntu22.04", Platform: "linux",
			Target: "x86_64", Variants: []string{name}, Stacks: []string{name}} // the stacks facets and the rows count
	}
	c := diff.Counts{Old: 1, New: 1, Rebuilt: 1}
	rollup := func(v string) diff.Rollup {
		return diff.Rollup{Added: []string{}, Removed: []string{}, Counts: diff.ValueCounts{{Value: v, OldToNew: diff.OldToNew{Old: 1, New: 1}}}}
	}
	return &diff.Report{
		Old:      diff.Side{Path: "old", Tag: "a", Packages: 1, Specs: 1, Skipped: []snapshot.Skipped{}},
		New:      diff.Side{Path: "new", Tag: "b", Packages: 1, Specs: 1, Skipped: []snapshot.Skipped{}},
		Facets:   diff.Facets{Compiler: rollup(name), OS: rollup("ubuntu22.04"), Platform: rollup("linux"), Target: rollup("x86_64"), Stack: rollup(name)},
		Warnings: []snapshot.Warning{},
		Options:  diff.Options{Canonicalize: true, Packages: []string{}, Stacks: []string{}, Ignore: []string{}},
		Summary:  diff.Summary{Packages: diff.PackageCounts{Old: 1, New: 1, Changed: 1}, Specs: c},
		Packages: []diff.Package{{Name: name, Status: diff.Changed,
			Versions:       diff.VersionChange{Old: []string{"1.0"}, New: []string{"1.0"}, Added: []string{}, Removed: []string{}, Direction: diff.NoChange},
			SharedVariants: []string{name}, Counts: c, // every spec's, as the engine lists it
			Specs: diff.SpecChanges{Added: []diff.Spec{}, Removed: []diff.Spec{}, Updated: []diff.Pair{}, Restacked: []diff.Pair{},
				Rebuilt: []diff.Pair{{Old: new(spec("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")), New: new(spec("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"))}}}}},
		Updates: []diff.UpdateGroup{},
		Stacks:  []diff.StackRow{{Name: name, Specs: diff.OldToNew{Old: 1, New: 1}, Packages: diff.OldToNew{Old: 1, New: 1}}},
		Causes:  &diff.Causes{Pairs: 1, Groups: []diff.CauseGroup{}}, // pages: the cause unknown
	}
}

// CheckTableRows fails t unless every row of every Markdown table in md
// has as many unescaped cell separators as the table's header.
func CheckTableRows(t *testing.T, md string) {
	t.Helper()
	var cells int
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			cells = 0
			continue
		}
		n := strings.Count(line, "|") - strings.Count(line, `\|`)
		if cells == 0 {
			cells = n
		} else if n != cells {
			t.Errorf("table row has %d separators, header %d: %s", n, cells, line)
		}
	}
}

// BenchReport is the report of the 60k-spec benchmark pair (generated
// under testdata/bench on first use), which the report benchmarks render
// and decode.
func BenchReport(b *testing.B) *diff.Report {
	b.Helper()
	dir, _, err := gen.BenchPair(gen.RepoRoot(), 60000, false)
	if err != nil {
		b.Fatal(err)
	}
	return LoadReport(b, dir)
}

// LoadReport is the report of the pair in dir (dir/old, dir/new).
func LoadReport(b *testing.B, dir string) *diff.Report {
	b.Helper()
	before, err := snapshot.Load(filepath.Join(dir, "old"), snapshot.Options{})
	if err != nil {
		b.Fatal(err)
	}
	after, err := snapshot.Load(filepath.Join(dir, "new"), snapshot.Options{})
	if err != nil {
		b.Fatal(err)
	}
	r, _ := diff.CompareWith(before, after, diff.Filter{}) // the zero Filter cannot fail
	return r
}

// DeepCopy copies a value decoded by encoding/json into any: its maps
// and lists, each level.
func DeepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(v))
		for k, e := range v {
			c[k] = DeepCopy(e)
		}
		return c
	case []any:
		c := make([]any, len(v))
		for i, e := range v {
			c[i] = DeepCopy(e)
		}
		return c
	}
	return v
}

// RenderAll renders r in every format (render: "json", "md", "md cut"
// under a --max-bytes cut, "text" in colour, "patch"), and again from its
// JSON through decode; it fails the test on any error, and unless the
// decoded report's JSON, Markdown, text and patch are the direct ones. It
// returns the outputs by name.
func RenderAll(t testing.TB, r *diff.Report, render func(b *bytes.Buffer, name string, r *diff.Report) error, decode func([]byte) (*diff.Report, error)) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range []string{"json", "md", "md cut", "text", "patch"} {
		var buf bytes.Buffer
		if err := render(&buf, name, r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = buf.String()
	}
	back, err := decode([]byte(out["json"]))
	if err != nil {
		t.Fatalf("Decode of the JSON report: %v\n%s", err, out["json"])
	}
	for _, name := range []string{"json", "md", "text", "patch"} {
		var buf bytes.Buffer
		if err := render(&buf, name, back); err != nil {
			t.Fatalf("%s of the decoded report: %v", name, err)
		}
		if buf.String() != out[name] {
			if name == "json" {
				t.Fatalf("JSON → Decode → JSON differs:\n%s\nfrom\n%s", buf.String(), out["json"])
			}
			t.Fatalf("%s of the decoded report differs from the direct one", name)
		}
	}
	return out
}

// Hostile is a report whose every string tries to break the Markdown.
func Hostile() *diff.Report {
	evil := "x|y`z<script>alert(1)</script>@someone\n| injected | row |"
	spec := func(hash string) diff.Spec {
		return diff.Spec{Hash: hash, Versions: []string{evil}, Compiler: evil, OS: evil, Platform: evil,
			Target: evil, Variants: []string{evil}, Stacks: []string{evil, "root"}}
	}
	return &diff.Report{
		Old: diff.Side{Path: "old", Tag: evil, Packages: 1, Specs: 1},
		New: diff.Side{Path: "new", Tag: "b", Packages: 1, Specs: 1},
		Summary: diff.Summary{Packages: diff.PackageCounts{Old: 1, New: 1, Changed: 1},
			Specs: diff.Counts{Old: 1, New: 1, Added: 1, Removed: 1}},
		Packages: []diff.Package{{Name: evil, Status: diff.Changed,
			Versions: diff.VersionChange{Old: []string{evil}, New: []string{"1"}, Added: []string{"1"}, Removed: []string{evil}, Direction: diff.Other},
			Counts:   diff.Counts{Old: 1, New: 1, Added: 1, Removed: 1},
			Specs:    diff.SpecChanges{Added: []diff.Spec{spec("a")}, Removed: []diff.Spec{spec("b")}}}},
		Facets:   diff.Facets{Compiler: diff.Rollup{Counts: diff.ValueCounts{{Value: evil, OldToNew: diff.OldToNew{Old: 1}}}}},
		Stacks:   []diff.StackRow{{Name: evil, Specs: diff.OldToNew{Old: 1}, Packages: diff.OldToNew{Old: 1}}},
		Warnings: []snapshot.Warning{{File: evil, Line: 3, Message: evil}},
	}
}
