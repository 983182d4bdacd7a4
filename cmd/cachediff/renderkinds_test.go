package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// TestRenderEveryInputKind: render accepts every report the engine
// writes, whatever the kinds of its two snapshots, and its Markdown is
// what the diff writes with --format md. Each input kind (catalogue
// tree, lockfile, index.json, spec.json file and folder, mirror of
// layout v2 and v3) against the catalogue tree and against the next
// kind, in both directions, each input without filters and with
// --ignore, --package and --stack (every pair under every filter, 12
// times the runs, failed on 0b0f71a9's parent only where these do: a
// lockfile against the catalogue, without --package and --stack). A
// lockfile diffed against a catalogue tree was refused:
// facets.stack.added[0]: "aws-pcluster-neoverse_v1", but
// causes.roots.added does not list that root (the catalogue's CI stacks
// are no roots); and a lockfile's root written as a catalogue's stack
// is named (root, hep): "the old side counts 5 specs in that stack". A
// log over them all renders too. The real lockfiles of ../shared join
// in when they are there, read in place.
func TestRenderEveryInputKind(t *testing.T) {
	if testing.Short() {
		t.Skip("a matrix of input kinds")
	}
	t.Chdir("../..")
	tmp := t.TempDir()
	index, err := os.ReadFile("testdata/spack-gen/old/build_cache/index.json")
	if err != nil {
		t.Fatal(err)
	}
	specs := filepath.Join(tmp, "specs")
	for _, p := range []string{"spec.v4-libdwarf-core2.spec.json", "spec.v5-libdwarf-m1.spec.json"} {
		data, err := os.ReadFile(filepath.Join("testdata/spack-formats", p))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(specs, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(specs, p), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	specFolder, v3 := filepath.Join(tmp, "specfolder"), filepath.Join(tmp, "v3")
	if err := mirrorgen.SpecFolder(specFolder, index); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(v3, index, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	// Lockfiles: the generated pair, and one whose roots are written as
	// the catalogue's stacks are named.
	before, after, _ := spackgen.DemoPair()
	clash := before.Clone()
	tops := clash.Tops()
	spelt := map[string]string{tops[0]: "root", tops[len(tops)-1]: "hep"}
	clash.RootSpec = func(n *spackgen.Node) string {
		if s, ok := spelt[n.Name]; ok {
			return s
		}
		return n.Name
	}
	locks := writeLockfiles(t, before, after, clash)
	inputs := []string{
		"testdata/real-series/develop-2025-02-16",
		"testdata/spack-formats/index.v7-layout2-unsigned.json",
		"testdata/spack-formats/spec.v5-libdwarf-m1.spec.json",
		specs,
		specFolder,
		"testdata/spack-gen/new",
		v3,
	}
	inputs = append(inputs, locks...)
	if dir := shareddata.Dir("lockfiles"); dir != "" {
		for _, p := range []string{"MiddelkoopT__spack-tutorial/6872a9c/spack.lock", "spack__all-pythons/536609d/spack.lock"} {
			inputs = append(inputs, filepath.Join(dir, p))
		}
	} else {
		t.Log("../shared/lockfiles is absent: only the inputs of testdata and generated ones")
	}
	filters := [][]string{nil, {"--ignore", "compiler"}, {"--package", "*l*"}, {"--stack", "root", "--stack", "hep", "--stack", tops[0]}}
	// Each input against the catalogue tree (inputs[0], whose stacks are
	// no roots) and against the next input (the last against the
	// catalogue tree), both ways: four runs, each under another of the
	// filters, the catalogue's without --package and --stack, under
	// which a lockfile against it was refused.
	var runs [][]string
	for i, a := range inputs {
		var pairs [][2]string
		if i > 0 {
			pairs = append(pairs, [2]string{a, inputs[0]}, [2]string{inputs[0], a})
		}
		b := inputs[(i+1)%len(inputs)]
		pairs = append(pairs, [2]string{a, b}, [2]string{b, a})
		for k, p := range pairs {
			f := filters[len(filters)-len(pairs)+k]
			runs = append(runs, append(append([]string{}, f...), p[0], p[1]))
		}
	}
	held, unmatched := 0, 0
	for _, args := range runs {
		var saved, stderr bytes.Buffer
		code := run(append([]string{"-f", "json"}, args...), &saved, &stderr)
		if code == 2 {
			if strings.Contains(stderr.String(), "matches no") {
				unmatched++
				continue
			}
			t.Errorf("cachediff -f json %v: exit 2: %s", args, stderr.String())
			continue
		}
		p := filepath.Join(tmp, "report.json")
		if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var rendered, rerr, direct, derr bytes.Buffer
		got := run([]string{"render", p}, &rendered, &rerr)
		want := run(append([]string{"-f", "md"}, args...), &direct, &derr)
		switch {
		case got != code || want != code:
			t.Errorf("cachediff %v: render of its JSON exits %d (%s), the JSON run %d, --format md %d", args, got, strings.TrimSpace(rerr.String()), code, want)
		case !bytes.Equal(rendered.Bytes(), direct.Bytes()):
			t.Errorf("cachediff %v: render of its JSON is not its --format md:\n%s", args, lineDiff(direct.Bytes(), rendered.Bytes()))
		default:
			held++
		}
	}
	// A log over them all, a step between each two kinds.
	var saved, stderr bytes.Buffer
	code := run(append([]string{"log", "-f", "json"}, inputs...), &saved, &stderr)
	p := filepath.Join(tmp, "log.json")
	if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var rendered, rerr, direct, derr bytes.Buffer
	got := run([]string{"render", p}, &rendered, &rerr)
	want := run(append([]string{"log", "-f", "md"}, inputs...), &direct, &derr)
	switch {
	case code == 2 || got != code || want != code:
		t.Errorf("log of every kind: render of its JSON exits %d (%s), the JSON run %d (%s), --format md %d", got, strings.TrimSpace(rerr.String()), code, strings.TrimSpace(stderr.String()), want)
	case !bytes.Equal(rendered.Bytes(), direct.Bytes()):
		t.Errorf("log of every kind: render of its JSON is not its --format md:\n%s", lineDiff(direct.Bytes(), rendered.Bytes()))
	}
	if held < len(runs)/2 {
		t.Errorf("%d reports rendered as written of %d runs, %d of which matched nothing", held, len(runs), unmatched)
	}
	t.Logf("%d reports rendered as written; %d filter runs matched nothing", held, unmatched)
}

// TestRenderCatalogueSideEdited: beside a catalogue tree, whose stacks
// are no roots, render still refuses a lockfile's roots edited: one of
// them deleted (the lockfile's side then counts a stack no root lists,
// so the catalogue's stacks are held to be roots again), or one renamed
// as a stack the catalogue counts.
func TestRenderCatalogueSideEdited(t *testing.T) {
	t.Chdir("../..")
	before, _, _ := spackgen.DemoPair()
	lock := writeLockfiles(t, before)[0]
	catalogue := "testdata/real-series/develop-2025-02-16"
	for _, c := range []struct {
		args       []string
		list, want string
		edit       func(roots []any)
	}{
		{[]string{lock, catalogue}, "removed", `causes.roots.added does not list that root`, nil},
		{[]string{catalogue, lock}, "added", `but causes.roots.added does not list that root`, nil},
		{[]string{catalogue, lock}, "added", `"e4s", but the new side counts no spec in that stack`, func(roots []any) { roots[0].(map[string]any)["root"] = "e4s" }},
	} {
		var saved, stderr bytes.Buffer
		if code := run(append([]string{"-f", "json"}, c.args...), &saved, &stderr); code != 1 {
			t.Fatalf("cachediff %v: exit %d: %s", c.args, code, stderr.String())
		}
		var r map[string]any
		if err := json.Unmarshal(saved.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		roots := r["causes"].(map[string]any)["roots"].(map[string]any)
		list := roots[c.list].([]any)
		if c.edit != nil {
			c.edit(list)
		} else {
			roots[c.list] = list[1:]
		}
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "report.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, rerr bytes.Buffer
		if code := run([]string{"render", p}, &out, &rerr); code != 2 || !strings.Contains(rerr.String(), c.want) {
			t.Errorf("render of cachediff %v with causes.roots.%s edited: exit %d, %q; want exit 2: %s", c.args, c.list, code, rerr.String(), c.want)
		}
	}
}
