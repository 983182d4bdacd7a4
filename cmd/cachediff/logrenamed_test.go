package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// TestRenderLogOfRenamedRoots (67th adversarial pass, issue 35): a log
// over lockfiles whose root is renamed by its own version at each step
// (python@3.10 → python@3.10.16 → ...) files a snapshot's specs under the
// root's name of the step's new side (diff/rootrename.go), so the middle
// snapshot's stacks differ between the step it ends and the one it
// starts. render refused every such log cachediff wrote ("steps[1].facets
// .stack.counts: ... but steps[0] leaves the same snapshot 0"). It renders
// what log wrote. With --stack of the renamed root, by any of its names,
// each step selects the root's specs by its old name and its new one, as
// the pair of its snapshots does, and its neighbours select other specs
// of the snapshots they share (diff.RenameSelects): render refused such a
// log on its neighbouring steps' counts, and it renders it too.
func TestRenderLogOfRenamedRoots(t *testing.T) {
	a := spackgen.New(spackgen.Options{Seed: 4, Packages: 60, Envs: 1, Depth: 6})
	a.RootSpec = func(n *spackgen.Node) string { return n.Name + "@" + n.Version }
	top := a.Tops()[0]
	b := a.Clone()
	b.BumpVersion(top)
	c := b.Clone()
	c.BumpVersion(top)
	dir := t.TempDir()
	var paths []string
	flagSets := [][]string{nil, {"--package", "*"}}
	for i, d := range []*spackgen.DAG{a, b, c, a} {
		var buf bytes.Buffer
		if err := d.WriteLockfile(&buf); err != nil {
			t.Fatal(err)
		}
		var lock struct{ Roots []struct{ Spec string } }
		if err := json.Unmarshal(buf.Bytes(), &lock); err != nil {
			t.Fatal(err)
		}
		k := slices.IndexFunc(lock.Roots, func(r struct{ Spec string }) bool { return strings.HasPrefix(r.Spec, top+"@") })
		if k < 0 {
			t.Fatalf("lockfile %d has no root of %s", i, top)
		}
		if i < 3 {
			flagSets = append(flagSets, []string{"--stack", lock.Roots[k].Spec})
		}
		p := filepath.Join(dir, fmt.Sprintf("%d.lock", i))
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, flags := range flagSets {
		var saved, stderr bytes.Buffer
		if code := run(append(append([]string{"log", "-f", "json"}, flags...), paths...), &saved, &stderr); code != 1 {
			t.Fatalf("log %v: exit %d: %s", flags, code, stderr.String())
		}
		p := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		stderr.Reset()
		var rendered, direct bytes.Buffer
		if code := run([]string{"render", p}, &rendered, &stderr); code != 1 {
			t.Errorf("render of log %v: exit %d, %q; want 1", flags, code, stderr.String())
			continue
		}
		run(append([]string{"log"}, append(flags, paths...)...), &direct, io.Discard)
		if !bytes.Equal(rendered.Bytes(), direct.Bytes()) {
			t.Errorf("render of log %v is not what log wrote:\n%s\n---\n%s", flags, rendered.String(), direct.String())
		}
	}
}
