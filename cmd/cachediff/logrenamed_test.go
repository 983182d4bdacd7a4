package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
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
	paths := writeLockfiles(t, a, b, c, a)
	flagSets := [][]string{nil, {"--package", "*"}}
	for i := range 3 {
		root := rootSpelling(t, paths[i], top)
		flagSets = append(flagSets, []string{"--stack", root}, []string{"--stack", root, "--package", "*"})
	}
	// Two spellings of the root at once: each step that renames it
	// selects as its neighbours do.
	flagSets = append(flagSets, []string{"--stack", flagSets[2][1], "--stack", flagSets[4][1]}, []string{"--stack", flagSets[4][1], "--stack", flagSets[6][1]})
	for _, flags := range flagSets {
		if code := renderRoundTrip(t, flags, paths); code != 1 {
			t.Errorf("log %v: exit %d, want 1", flags, code)
		}
	}
}

// TestRenderLogOfRootRespelt: a root written otherwise at one step
// (git@2.47.0 → git) but concretized the same, as pair diffs take it,
// is the same root unchanged; under --stack of its old spelling that
// step selects its specs by both names, and its neighbours by one.
// render takes what log wrote.
func TestRenderLogOfRootRespelt(t *testing.T) {
	a, b, top := respeltPair()
	c := b.Clone()
	c.BumpVersion(a.Leaves()[0])
	paths := writeLockfiles(t, a, b, c)
	stack := rootSpelling(t, paths[0], top)
	for _, flags := range [][]string{nil, {"--stack", stack}, {"--stack", top}} {
		renderRoundTrip(t, flags, paths)
	}
}

// TestRenderRefusesForgedRename (70th adversarial pass, issue 35): a
// root renamed by its version frees a step of the log's checks across
// it (diff.RenameSides), and render took the rename from the step's
// causes.roots as written. A rename written into a saved log by hand
// made render take a step of another pair of snapshots (steps[1] of
// A→C, relabelled B→C) as the log's, exit 1. A rename counts only when
// the step and its neighbours bear it out.
func TestRenderRefusesForgedRename(t *testing.T) {
	a := spackgen.New(spackgen.Options{Seed: 4, Packages: 60, Envs: 1, Depth: 6})
	top := a.Tops()[0]
	var deps []string // top's dependencies, nearest first
	for _, n := range a.Nodes {
		if n.Name == top {
			for _, d := range n.Deps {
				deps = append(deps, d.Node.Name)
			}
		}
	}
	if len(deps) < 2 {
		t.Fatalf("%s has %d dependencies", top, len(deps))
	}
	b := a.Clone()
	b.BumpVersion(deps[0])
	c := b.Clone()
	c.BumpVersion(deps[1])
	paths := writeLockfiles(t, a, b, c)
	logOf := func(paths ...string) map[string]json.RawMessage {
		var out, stderr bytes.Buffer
		if code := run(append([]string{"log", "-f", "json", "--stack", top}, paths...), &out, &stderr); code != 1 {
			t.Fatalf("log: exit %d: %s", code, stderr.String())
		}
		return decodeObject(t, out.Bytes())
	}
	honest := logOf(paths...)
	other := logOf(paths[0], paths[2]) // one step, A→C
	render := func(doc map[string]json.RawMessage) (int, string) {
		p := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(p, rawJSON(t, doc), 0o644); err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		code := run([]string{"render", "--fail-on", "any", p}, io.Discard, &stderr)
		return code, stderr.String()
	}
	if code, msg := render(honest); code != 1 {
		t.Fatalf("render of the honest log: exit %d, %s", code, msg)
	}
	// steps[1] of the forged log: A→C, relabelled B→C, with its root
	// top written top@<old version> on the old side.
	forge := func(rename bool) map[string]json.RawMessage {
		steps := decodeList(t, honest["steps"])
		step := decodeObject(t, decodeList(t, other["steps"])[0])
		step["old"] = decodeObject(t, steps[1])["old"]
		if rename {
			causes := decodeObject(t, step["causes"])
			roots := decodeObject(t, causes["roots"])
			changed := decodeList(t, roots["changed"])
			found := false
			for k, raw := range changed {
				rc := decodeObject(t, raw)
				var root string
				json.Unmarshal(rc["root"], &root)
				if root != top {
					continue
				}
				old := decodeObject(t, rc["old"])
				var version string
				json.Unmarshal(old["version"], &version)
				old["root"] = rawJSON(t, top+"@"+version)
				rc["old"] = rawJSON(t, old)
				changed[k] = rawJSON(t, rc)
				found = true
			}
			if !found {
				t.Fatalf("steps[0] of A→C does not change root %s", top)
			}
			roots["changed"] = rawJSON(t, changed)
			causes["roots"] = rawJSON(t, roots)
			step["causes"] = rawJSON(t, causes)
		}
		steps[1] = rawJSON(t, step)
		doc := maps.Clone(honest)
		doc["steps"] = rawJSON(t, steps)
		return doc
	}
	if code, msg := render(forge(false)); code != 2 {
		t.Fatalf("render of a log with a step of another pair: exit %d, %s; want 2", code, msg)
	}
	code, msg := render(forge(true))
	if code != 2 || !strings.Contains(msg, "steps[1].causes.roots") {
		t.Errorf("render of that log with a rename written in: exit %d, %q; want 2 naming steps[1].causes.roots", code, msg)
	}
}

func decodeObject(t *testing.T, data []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func decodeList(t *testing.T, data []byte) []json.RawMessage {
	t.Helper()
	var l []json.RawMessage
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

func rawJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeLockfiles writes each DAG as a lockfile, in order, and returns
// their paths.
func writeLockfiles(t *testing.T, dags ...*spackgen.DAG) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i, d := range dags {
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
	return paths
}

// rootSpelling returns the root of package name as the lockfile at path
// writes it, with its version (name@...).
func rootSpelling(t *testing.T, path, name string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lock struct{ Roots []struct{ Spec string } }
	if err := json.Unmarshal(data, &lock); err != nil {
		t.Fatal(err)
	}
	for _, r := range lock.Roots {
		if strings.HasPrefix(r.Spec, name+"@") {
			return r.Spec
		}
	}
	t.Fatalf("%s has no root of %s", path, name)
	return ""
}

// renderRoundTrip runs log -f json with flags over paths, renders what
// it wrote, and checks that render exits as log did and writes what log
// writes without -f json. It returns log's exit code.
func renderRoundTrip(t *testing.T, flags, paths []string) int {
	t.Helper()
	var saved, stderr bytes.Buffer
	code := run(append(append([]string{"log", "-f", "json"}, flags...), paths...), &saved, &stderr)
	if code == 2 {
		t.Fatalf("log %v: exit 2: %s", flags, stderr.String())
	}
	p := filepath.Join(t.TempDir(), "log.json")
	if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	var rendered, direct bytes.Buffer
	if got := run([]string{"render", p}, &rendered, &stderr); got != code {
		t.Errorf("render of log %v: exit %d, %q; want %d", flags, got, stderr.String(), code)
		return code
	}
	run(append([]string{"log"}, append(flags, paths...)...), &direct, io.Discard)
	if !bytes.Equal(rendered.Bytes(), direct.Bytes()) {
		t.Errorf("render of log %v is not what log wrote:\n%s\n---\n%s", flags, rendered.String(), direct.String())
	}
	return code
}

// TestRenderLockfileStackLogHoldsStacks (68th adversarial pass, left
// open): under --stack, a lockfile log's neighbouring steps were not
// held to each other on their stacks at all, since a renamed root made
// them select different specs of the snapshot they share. A rename now
// frees the steps it concerns (diff.RenameSides), and otherwise both
// steps select the same specs of it: a stack's count raised on both
// sides of steps[1] (an unchanged spec moved into it, which the step's
// own laws allow) rendered, and now names the count steps[0] leaves.
func TestRenderLockfileStackLogHoldsStacks(t *testing.T) {
	a := spackgen.New(spackgen.Options{Seed: 4, Packages: 60, Envs: 1, Depth: 6})
	a.RootSpec = func(n *spackgen.Node) string { return n.Name + "@" + n.Version }
	top := a.Tops()[0]
	b := a.Clone()
	b.BumpVersion(a.Leaves()[0])
	c := b.Clone()
	c.BumpVersion(a.Leaves()[1])
	paths := writeLockfiles(t, a, b, c)
	stack := rootSpelling(t, paths[0], top)
	var saved, stderr bytes.Buffer
	code := run(append([]string{"log", "-f", "json", "--stack", stack}, paths...), &saved, &stderr)
	if code == 2 {
		t.Fatalf("log: exit 2: %s", stderr.String())
	}
	render := func(doc []byte) (int, string) {
		p := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(p, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		got := run([]string{"render", "-q", p}, io.Discard, &errb)
		return got, errb.String()
	}
	if got, msg := render(saved.Bytes()); got != code {
		t.Fatalf("render of the honest log: exit %d, %q; want %d", got, msg, code)
	}
	// steps[1]: another root's stack, counted on both sides, one more.
	steps := decodeList(t, decodeObject(t, saved.Bytes())["steps"])
	step := decodeObject(t, steps[1])
	facets := decodeObject(t, step["facets"])
	st := decodeObject(t, facets["stack"])
	var counts diff.ValueCounts
	if err := json.Unmarshal(st["counts"], &counts); err != nil {
		t.Fatal(err)
	}
	other := ""
	for k := range counts {
		if c := &counts[k]; c.Value != stack && c.Old > 0 && c.New > 0 {
			other = c.Value
			c.Old++
			c.New++
			break
		}
	}
	if other == "" {
		t.Fatalf("steps[1] counts no other root on both sides: %v", counts)
	}
	st["counts"] = rawJSON(t, counts)
	facets["stack"] = rawJSON(t, st)
	step["facets"] = rawJSON(t, facets)
	var rows []map[string]json.RawMessage
	if err := json.Unmarshal(step["stacks"], &rows); err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		var name string
		json.Unmarshal(row["name"], &name)
		if name == other {
			var specs diff.OldToNew
			json.Unmarshal(row["specs"], &specs)
			specs.Old++
			specs.New++
			row["specs"] = rawJSON(t, specs)
		}
	}
	step["stacks"] = rawJSON(t, rows)
	steps[1] = rawJSON(t, step)
	doc := decodeObject(t, saved.Bytes())
	doc["steps"] = rawJSON(t, steps)
	got, msg := render(rawJSON(t, doc))
	if want := "steps[1].facets.stack.counts"; got != 2 || !strings.Contains(msg, want) {
		t.Errorf("render with %q raised in steps[1]: exit %d, %q; want 2 naming %s", other, got, msg, want)
	}
}

// respeltPair returns two generated DAGs whose lockfiles write the top
// root top@version, then top alone, concretized the same.
func respeltPair() (a, b *spackgen.DAG, top string) {
	a = spackgen.New(spackgen.Options{Seed: 4, Packages: 60, Envs: 1, Depth: 6})
	top = a.Tops()[0]
	a.RootSpec = func(n *spackgen.Node) string { return n.Name + "@" + n.Version }
	b = a.Clone()
	b.RootSpec = func(n *spackgen.Node) string {
		if n.Name == top {
			return n.Name
		}
		return n.Name + "@" + n.Version
	}
	return a, b, top
}

// TestRenderLogRegated (75th adversarial pass): render --fail-on KIND of
// a log saved without a gate wrote each step's gate, but the series'
// news, made as the log was read, had none of their lines: "gate
// tripped: added-package (1 package) in actsvg" was left out of the
// Highlights that log --fail-on added-package writes (a whole Highlights
// section under --package, where the gate lines were its only news).
// Render writes what log writes, in every log format.
func TestRenderLogRegated(t *testing.T) {
	weeks, err := filepath.Glob("../../testdata/real-series/develop-*")
	if err != nil || len(weeks) < 3 {
		t.Fatalf("the real series: %v, %d weeks", err, len(weeks))
	}
	for _, filters := range [][]string{nil, {"--package", "adept-utils"}} {
		var saved, stderr bytes.Buffer
		if code := run(append(append([]string{"log", "-f", "json"}, filters...), weeks...), &saved, &stderr); code == 2 {
			t.Fatalf("log %v: %s", filters, stderr.String())
		}
		p := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"md", "text", "html", "atom"} {
			for _, kind := range []string{"added-package", "removed-spec", "any"} {
				flags := []string{"-f", format, "--fail-on", kind}
				var rendered, direct bytes.Buffer
				stderr.Reset()
				got := run(append([]string{"render", p}, flags...), &rendered, &stderr)
				want := run(append(append(append([]string{"log"}, filters...), flags...), weeks...), &direct, io.Discard)
				if got != want {
					t.Errorf("render %v of log %v: exit %d (%s), log exits %d", flags, filters, got, stderr.String(), want)
				}
				if !bytes.Equal(rendered.Bytes(), direct.Bytes()) {
					t.Errorf("render %v of log %v is not what log %v writes:\n%s", flags, filters, flags, lineDiff(direct.Bytes(), rendered.Bytes()))
				}
			}
		}
	}
}
