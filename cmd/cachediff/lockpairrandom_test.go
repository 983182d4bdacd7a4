package main

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRenderLockfilePairRandom: render takes every report cachediff
// writes over two random snapshots of lockfiles, whose hashes at times
// name other builds on each side, with --stack, --package, --ignore and
// --no-canonicalize at random, and writes it as the direct run does.
func TestRenderLockfilePairRandom(t *testing.T) {
	// CACHEDIFF_LOCKPAIR_SEEDS runs more (the pass that wrote it ran
	// 3,000).
	first, n := seeds("CACHEDIFF_LOCKPAIR", 60)
	bad, refused, conflicts := 0, 0, 0
	for seed := first; seed < first+n; seed++ {
		rng := rand.New(rand.NewSource(int64(seed)))
		snaps, folder := lockLog(rng)
		snaps, folder = snaps[:2], folder[:2]
		if rng.Intn(2) == 0 {
			// The new side's specs are the old side's, one of them
			// edited under its hash (another version or package): a
			// hash that names two builds.
			fields := strings.Fields(snaps[0][0].specs)
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
			specs := strings.Join(fields, " ")
			for j := range snaps[1] {
				var roots []string
				for range 1 + rng.Intn(4) {
					roots = append(roots, lockSpelling(rng)+"/"+fields[rng.Intn(len(fields))][:1])
				}
				snaps[1][j] = lockWriteUp{strings.Join(roots, " "), specs}
			}
		}
		if rng.Intn(3) == 0 { // spelt with Spack's =, which canonicalization drops
			for _, sn := range snaps {
				for k := range sn {
					sn[k].roots = strings.ReplaceAll(sn[k].roots, "@", "@=")
				}
			}
		}
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
		for _, o := range []struct {
			odds int
			opt  func() []string
		}{
			{2, func() []string { return []string{"--stack", spells[rng.Intn(len(spells))]} }},
			{5, func() []string { return []string{"--stack", lockSpelling(rng)} }},
			{3, func() []string { return []string{"--package", lockNames[rng.Intn(4)]} }},
			{3, func() []string {
				return []string{"--ignore", []string{"version", "compiler", "variants", "target", "os", "platform"}[rng.Intn(6)]}
			}},
			{3, func() []string { return []string{"--no-canonicalize"} }},
		} {
			if rng.Intn(o.odds) == 0 {
				opts = append(opts, o.opt()...)
			}
		}
		dir := t.TempDir()
		paths := writeLockLog(t, dir, snaps, folder)
		saved := filepath.Join(dir, "pair.json")
		var stderr bytes.Buffer
		if code := run(append(append(opts, "-f", "json", "-o", saved), paths...), &bytes.Buffer{}, &stderr); code == 2 {
			refused++
			continue
		}
		if data, err := os.ReadFile(saved); err == nil && bytes.Contains(data, []byte("; a hash names one build")) {
			conflicts++
		}
		for _, f := range []string{"json", "md"} {
			var direct, rendered, derr, rerr bytes.Buffer
			dc := run(append(append(opts, "-f", f), paths...), &direct, &derr)
			rc := run([]string{"render", "-f", f, saved}, &rendered, &rerr)
			if rc != dc || rendered.String() != direct.String() {
				bad++
				t.Errorf("seed %d %v: render -f %s: exit %d, want %d (%s)\n%v", seed, opts, f, rc, dc, strings.TrimSpace(rerr.String()), snaps)
				break
			}
		}
	}
	t.Logf("%d seeds (%d with a hash that names two builds), %d refused by render, %d refused by cachediff", n, conflicts, bad, refused)
}

// seeds is the range of seeds a random test runs: n from 0 by default,
// PREFIX_SEEDS of them from PREFIX_FIRST when set (to run deeper, or
// again from a seed that failed).
func seeds(prefix string, n int) (first, count int) {
	if v, err := strconv.Atoi(os.Getenv(prefix + "_SEEDS")); err == nil {
		n = v
	}
	first, _ = strconv.Atoi(os.Getenv(prefix + "_FIRST"))
	return first, n
}
