package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
// what log wrote. (With --stack of the renamed root, the log's steps
// select different specs of one snapshot, and render still refuses it:
// open in issue 35's closing note.)
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
	for i, d := range []*spackgen.DAG{a, b, c, a} {
		var buf bytes.Buffer
		if err := d.WriteLockfile(&buf); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("%d.lock", i))
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, flags := range [][]string{nil, {"--package", "*"}} {
		var saved, stderr bytes.Buffer
		if code := run(append(append([]string{"log", "-f", "json"}, flags...), paths...), &saved, &stderr); code != 1 {
			t.Fatalf("log %v: exit %d: %s", flags, code, stderr.String())
		}
		p := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		stderr.Reset()
		if code := run([]string{"render", "-q", p}, io.Discard, &stderr); code != 1 {
			t.Errorf("render of log %v: exit %d, %q; want 1", flags, code, stderr.String())
		}
	}
}
