package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRenderLockfileShapesRandom: render takes every report and log
// cachediff writes over random snapshots of lockfiles in shapes the
// other random passes (TestRenderLockfilePairRandom,
// TestRenderLockfileLogRandom) do not make, and writes it as the direct
// run does, in JSON, Markdown and text: two to six snapshots; roots
// carried from one snapshot to the next kept, renamed by their version,
// rehashed, or both in one step; spellings with spaces, compilers,
// variants, ranges and dependencies (`curl +x`, `curl@1:2`, `curl
// ^zlib`); a snapshot whose hashes name other builds than its
// predecessor's, or whose lockfiles disagree (under --skip-invalid);
// a snapshot given as a folder of spec files instead (no roots); and
// --stack, --package, --ignore and --no-canonicalize together at random.
// The pass that wrote it ran 9,000 seeds (5,900 that cachediff took, in
// pairs and logs): render refused none, nor wrote otherwise.
func TestRenderLockfileShapesRandom(t *testing.T) {
	first, n := seeds("CACHEDIFF_LOCKSHAPES", 20)
	bad, refused := 0, 0
	for seed := first; seed < first+n; seed++ {
		rng := rand.New(rand.NewSource(int64(seed)))
		count := 2 + rng.Intn(5)
		snaps, folder := lockShapes(rng, count)
		opts := lockShapeOpts(rng, snaps)
		dir := t.TempDir()
		paths := writeLockLog(t, dir, snaps, folder)
		// A backquote is a space: writeLockLog's roots are split at spaces.
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err == nil {
				err = os.WriteFile(p, bytes.ReplaceAll(data, []byte("`"), []byte(" ")), 0o644)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for i := range opts {
			opts[i] = strings.ReplaceAll(opts[i], "`", " ")
		}
		for i := range paths {
			if rng.Intn(6) == 0 {
				paths[i] = specFolderOf(t, paths[i])
			}
		}
		isLog := count > 2 || rng.Intn(2) == 0
		no, msg := rendersAlike(dir, isLog, opts, paths)
		if no {
			refused++
		}
		if msg != "" {
			bad++
			t.Errorf("seed %d (log %v) %q: %s\n%v", seed, isLog, opts, msg, snaps)
		}
	}
	t.Logf("%d seeds, %d refused by render, %d refused by cachediff", n, bad, refused)
}

// lockShapeEdit writes another build under one hash of specs: another
// version or package.
func lockShapeEdit(rng *rand.Rand, specs string) string {
	fields := strings.Fields(specs)
	k := rng.Intn(len(fields))
	head, deps, _ := strings.Cut(fields[k], "->")
	if rng.Intn(2) == 0 {
		head = head[:len(head)-1] + strconv.Itoa(1+rng.Intn(3))
	} else {
		head = head[:2] + lockNames[rng.Intn(4)] + head[strings.Index(head, "@"):]
	}
	if deps != "" {
		head += "->" + deps
	}
	fields[k] = head
	return strings.Join(fields, " ")
}

// lockShapeSpelling is lockSpelling, with a space (a backquote), a
// compiler, a variant, a range or a dependency at times.
func lockShapeSpelling(rng *rand.Rand) string {
	s := lockSpelling(rng)
	if rng.Intn(3) == 0 {
		s += []string{"`+x", "`%gcc", "%gcc@2", "`~x", "@1:2", "`arch=linux", "@=2", "`target=x86_64", "``+x", "`^zlib"}[rng.Intn(10)]
	}
	return s
}

// lockShapes is count snapshots of one to three lockfiles each.
func lockShapes(rng *rand.Rand, count int) ([][]lockWriteUp, []bool) {
	var snaps [][]lockWriteUp
	var folder []bool
	var prev []lockWriteUp
	for range count {
		pool := lockSpecs(rng)
		if pool == "" {
			pool = "a=curl@1"
		}
		if prev != nil && rng.Intn(3) > 0 {
			pool = prev[0].specs
			if rng.Intn(3) == 0 {
				pool = lockShapeEdit(rng, pool) // a hash that names two builds across snapshots
			}
		}
		var s []lockWriteUp
		for j := range 1 + rng.Intn(3) {
			specs := pool
			if rng.Intn(60) == 0 {
				specs = lockShapeEdit(rng, pool) // lockfiles that disagree on a hash
			}
			var hs []string
			for _, f := range strings.Fields(specs) {
				hs = append(hs, f[:1])
			}
			var roots []string
			if prev != nil && j < len(prev) && rng.Intn(2) == 0 {
				// The roots before: kept, renamed by their version,
				// rehashed, or both.
				for _, r := range strings.Fields(prev[j].roots) {
					sp, h, _ := strings.Cut(r, "/")
					name, _, _ := strings.Cut(strings.TrimSuffix(sp, "+x"), "@")
					name, _, _ = strings.Cut(name, "`")
					switch rng.Intn(4) {
					case 1:
						sp = name + "@" + strconv.Itoa(1+rng.Intn(3))
					case 2:
						h = hs[rng.Intn(len(hs))]
					case 3:
						sp = name + []string{"", "@1", "@2", "+x", "@=3", "`+x", "@2`%gcc"}[rng.Intn(7)]
						h = hs[rng.Intn(len(hs))]
					}
					if !strings.Contains(" "+specs, " "+h+"=") {
						h = hs[rng.Intn(len(hs))]
					}
					roots = append(roots, sp+"/"+h)
				}
				if rng.Intn(3) == 0 {
					roots = append(roots, lockShapeSpelling(rng)+"/"+hs[rng.Intn(len(hs))])
				}
			} else {
				for range 1 + rng.Intn(4) {
					roots = append(roots, lockShapeSpelling(rng)+"/"+hs[rng.Intn(len(hs))])
				}
			}
			s = append(s, lockWriteUp{strings.Join(roots, " "), specs})
		}
		if rng.Intn(5) == 0 {
			for k := range s {
				s[k].roots = strings.ReplaceAll(s[k].roots, "@", "@=")
			}
		}
		snaps = append(snaps, s)
		folder = append(folder, rng.Intn(4) == 0)
		prev = s
	}
	return snaps, folder
}

// lockShapeOpts is up to two --stack (most often a spelling of the
// roots), --package and --ignore each, and --no-canonicalize at times.
func lockShapeOpts(rng *rand.Rand, snaps [][]lockWriteUp) []string {
	var spells []string
	for _, sn := range snaps {
		for _, l := range sn {
			for _, r := range strings.Fields(l.roots) {
				sp, _, _ := strings.Cut(r, "/")
				spells = append(spells, sp)
			}
		}
	}
	var opts []string
	for range rng.Intn(3) {
		if rng.Intn(4) > 0 {
			opts = append(opts, "--stack", spells[rng.Intn(len(spells))])
		} else {
			opts = append(opts, "--stack", lockSpelling(rng))
		}
	}
	for range rng.Intn(3) {
		if rng.Intn(2) == 0 {
			opts = append(opts, "--package", lockNames[rng.Intn(4)])
		}
	}
	for range rng.Intn(3) {
		if rng.Intn(2) == 0 {
			opts = append(opts, "--ignore", []string{"version", "compiler", "variants", "target", "os", "platform"}[rng.Intn(6)])
		}
	}
	if rng.Intn(4) == 0 {
		opts = append(opts, "--no-canonicalize")
	}
	return opts
}

// specFolderOf writes the specs of lockfile snapshot p (a lockfile, or a
// folder of e*/spack.lock) as a folder of spec files, one a spec, each
// with its dependencies, and returns the folder.
func specFolderOf(t *testing.T, p string) string {
	locks := []string{p}
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		locks, _ = filepath.Glob(filepath.Join(p, "*", "spack.lock"))
	}
	nodes := map[string]map[string]any{}
	for _, l := range locks {
		data, err := os.ReadFile(l)
		if err != nil {
			t.Fatal(err)
		}
		var lf struct {
			Specs map[string]map[string]any `json:"concrete_specs"`
		}
		if err := json.Unmarshal(data, &lf); err != nil {
			t.Fatal(err)
		}
		for h, n := range lf.Specs {
			nodes[h] = n
		}
	}
	out := strings.TrimSuffix(p, ".lock") + "-specs"
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for h := range nodes {
		var list []any
		seen := map[string]bool{}
		var walk func(string)
		walk = func(x string) {
			if seen[x] || nodes[x] == nil {
				return
			}
			seen[x] = true
			list = append(list, nodes[x])
			deps, _ := nodes[x]["dependencies"].([]any)
			for _, d := range deps {
				walk(d.(map[string]any)["hash"].(string))
			}
		}
		walk(h)
		data, _ := json.Marshal(map[string]any{"spec": map[string]any{"_meta": map[string]any{"version": 5}, "nodes": list}})
		if err := os.WriteFile(filepath.Join(out, h+".spec.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// rendersAlike runs cachediff (log, if log) with opts over paths, saves
// its JSON under dir and renders it: refused says cachediff refused the
// snapshots (exit 2; once more under --skip-invalid when a lockfile was
// bad), msg what render wrote otherwise than the direct run, in JSON,
// Markdown or text, or "".
func rendersAlike(dir string, log bool, opts, paths []string) (refused bool, msg string) {
	saved := filepath.Join(dir, "out.json")
	var pre []string
	if log {
		pre = []string{"log"}
	}
	args := func(f string, o []string) []string {
		return append(append(append(append([]string{}, pre...), o...), "-f", f), paths...)
	}
	var stderr bytes.Buffer
	code := run(append(args("json", opts), "-o", saved), &bytes.Buffer{}, &stderr)
	if code == 2 && strings.Contains(stderr.String(), "bad file") && !strings.Contains(strings.Join(opts, " "), "--skip-invalid") {
		return rendersAlike(dir, log, append(opts, "--skip-invalid"), paths)
	}
	if code == 2 {
		return true, ""
	}
	for _, f := range []string{"json", "md", "text"} {
		var direct, rendered, derr, rerr bytes.Buffer
		dc := run(args(f, opts), &direct, &derr)
		rc := run([]string{"render", "-f", f, saved}, &rendered, &rerr)
		if rc != dc || rendered.String() != direct.String() {
			return false, fmt.Sprintf("render -f %s: exit %d, want %d (%s)", f, rc, dc, strings.TrimSpace(rerr.String()))
		}
	}
	return false, ""
}
