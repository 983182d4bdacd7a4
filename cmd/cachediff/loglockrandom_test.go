package main

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

var lockNames = []string{"curl", "git", "zlib", "gcc", "y"}

// lockSpelling is a root's spelling: a name, and a version or a variant
// at times.
func lockSpelling(rng *rand.Rand) string {
	s := lockNames[rng.Intn(len(lockNames))]
	switch rng.Intn(4) {
	case 0, 1:
		s += "@" + strconv.Itoa(1+rng.Intn(3))
	case 2:
		if rng.Intn(3) == 0 {
			s += "+x"
		}
	}
	return s
}

// lockSpecs is a snapshot's specs: some of a to g, each depending on
// some of those after it.
func lockSpecs(rng *rand.Rand) string {
	var out []string
	var in []byte
	for _, c := range []byte("abcdefg") {
		if rng.Intn(2) == 0 {
			in = append(in, c)
		}
	}
	for i, c := range in {
		s := fmt.Sprintf("%c=%s@%d", c, lockNames[rng.Intn(4)], 1+rng.Intn(3))
		deps := ""
		for _, d := range in[i+1:] {
			if rng.Intn(3) == 0 {
				deps += string(d)
			}
		}
		if deps != "" {
			s += "->" + deps
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// lockLog is three snapshots of one or two lockfiles, each snapshot's
// specs new or its predecessor's, so that hashes keep, change, and at
// times name other builds.
func lockLog(rng *rand.Rand) ([][]lockWriteUp, []bool) {
	var snaps [][]lockWriteUp
	var folder []bool
	var prev string
	for range 3 {
		pool := lockSpecs(rng)
		if prev != "" && rng.Intn(2) == 0 {
			pool = prev
		}
		prev = pool
		var s []lockWriteUp
		for range 1 + rng.Intn(2) {
			specs := pool
			var hs []string
			for _, f := range strings.Fields(specs) {
				hs = append(hs, f[:1])
			}
			if len(hs) == 0 {
				specs = "a=curl@1"
				hs = []string{"a"}
			}
			var roots []string
			for range 1 + rng.Intn(4) {
				roots = append(roots, lockSpelling(rng)+"/"+hs[rng.Intn(len(hs))])
			}
			s = append(s, lockWriteUp{strings.Join(roots, " "), specs})
		}
		snaps = append(snaps, s)
		folder = append(folder, rng.Intn(4) == 0)
	}
	return snaps, folder
}

// TestRenderLockfileLogRenameForgetsHashes: a log over snapshots of two
// lockfiles each, with --stack git, whose step 0 renames root git of c
// to git@2 (c kept: causes.roots.renamed). steps[0], which selects
// snapshot 1 as the pair does (git@2 under the name git, so f, which c
// needs), and steps[1], which selects it by the name git alone (where
// root git@1 of e needs f too, but no root git), disagree on which hashes
// that snapshot holds, and render refused the tool's own log:
// "steps[1].packages[0].specs.added[0].hash: ffff… is new, but steps[0]
// brought it already, and no step since took it out". checkHashes, which
// holds a hash's comings and goings across steps, was not lifted beside
// a step that follows a renamed root, as the checks of counts and the
// timeline are. Seed 791 of TestRenderLockfileLogRandom with 1,000 seeds.
func TestRenderLockfileLogRenameForgetsHashes(t *testing.T) {
	specs := "a=git@1->ef c=git@1->ef e=git@3->f f=gcc@3"
	snaps := [][]lockWriteUp{
		{{"gcc/e y@3/f y@3/a zlib+x/e", specs}, {"git/c", specs}},
		{{"y/e zlib@2/f git@2/c", specs}, {"gcc/e git@1/e", specs}},
		{{"gcc@3/c", specs}, {"y/a git/f", specs}},
	}
	dir := t.TempDir()
	paths := writeLockLog(t, dir, snaps, []bool{true, false, false})
	if _, msg := logRendersAlike(dir, []string{"--stack", "git"}, paths); msg != "" {
		t.Error(msg)
	}
}

// TestRenderLockfileLogRandom: render takes every log cachediff writes
// over three random snapshots of lockfiles, with --stack (most often a
// spelling of their roots), --package or both, and writes it as the
// direct run does.
func TestRenderLockfileLogRandom(t *testing.T) {
	// CACHEDIFF_LOCKLOG_SEEDS runs more (the pass that found these ran
	// 1,000). 40 by default: 60 took 3 s of the package's full run, its
	// long pole in CI.
	first, n := seeds("CACHEDIFF_LOCKLOG", 40)
	bad, logRefused := 0, 0
	for seed := first; seed < first+n; seed++ {
		rng := rand.New(rand.NewSource(int64(seed)))
		snaps, folder := lockLog(rng)
		var spells []string
		for _, sn := range snaps {
			for _, l := range sn {
				for _, r := range strings.Fields(l.roots) {
					sp, _, _ := strings.Cut(r, "/")
					spells = append(spells, sp)
				}
			}
		}
		lockSpelling := func(rng *rand.Rand) string {
			if rng.Intn(4) > 0 {
				return spells[rng.Intn(len(spells))]
			}
			return lockSpelling(rng)
		}
		var opts []string
		switch rng.Intn(4) {
		case 0, 1:
			opts = []string{"--stack", lockSpelling(rng)}
		case 2:
			opts = []string{"--package", lockNames[rng.Intn(4)]}
		case 3:
			opts = []string{"--stack", lockSpelling(rng), "--package", lockNames[rng.Intn(4)]}
		}
		if rng.Intn(3) == 0 {
			opts = append(opts, "--stack", lockSpelling(rng))
		}
		dir := t.TempDir()
		paths := writeLockLog(t, dir, snaps, folder)
		refused, msg := logRendersAlike(dir, opts, paths)
		if refused {
			logRefused++
		}
		if msg != "" {
			bad++
			t.Errorf("seed %d %v: %s\n%v", seed, opts, msg, snaps)
		}
	}
	t.Logf("%d seeds, %d refused, %d refused by log", n, bad, logRefused)
}

// TestRenderLockfileLogRespeltElsewhere: logs over five snapshots of
// lockfiles with two --stack names, where a step renames a root --stack
// names into a spelling the next step respells another root into (--stack
// gcc: gcc@2 of e, then gcc of g, and beside it gcc@3 of c, then gcc@2 of
// c; --stack zlib@1: zlib@3 of f, then zlib@1 of e, and zlib of g, then
// zlib@3 of e). diff.SelectedRenames takes only a rename --stack names,
// yet the engine compares every respelt root's old side under its new
// spelling, so the next step's stacks count the shared snapshot in it,
// and render refused the tool's own logs: "steps[0].causes.roots: root
// "gcc", written "gcc@2" before, but steps[1] counts specs of the same
// snapshot in a root "gcc@2"". The law now spares the spellings of every
// root a neighbour respells. Seeds 92 and 453 of a random pass over
// five-snapshot logs (1,000 seeds).
func TestRenderLockfileLogRespeltElsewhere(t *testing.T) {
	s1 := "c=gcc@1->de d=git@2->g e=zlib@1->fg f=curl@3->g g=git@2"
	s3 := "a=git@1->g c=git@3 g=curl@3"
	t0 := "d=git@1->e e=git@1 f=zlib@3 g=zlib@2"
	t2 := "c=git@1 e=zlib@3->g g=git@2"
	t4 := "a=zlib@1 e=git@3"
	for i, c := range []struct {
		stacks []string
		snaps  [][]lockWriteUp
		folder []bool
	}{
		{[]string{"gcc", "zlib+x"}, [][]lockWriteUp{
			{{"git@3/b gcc@2/e", "b=curl@2 e=git@2"}},
			{{"curl@1/c git@2/f", s1}, {"curl@1/g gcc/g gcc@3/c y@3/c", s1}},
			{{"gcc/f y@3/c gcc@2/f gcc@2/c", s1}},
			{{"gcc@2/a y@3/a", s3}, {"zlib+x/c y@3/g curl+x/a y+x/g", s3}},
			{{"zlib/f", "b=git@3->d d=curl@2->f f=curl@1 g=gcc@1"}},
		}, []bool{false, false, true, true, true}},
		{[]string{"zlib@1", "git@3"}, [][]lockWriteUp{
			{{"zlib/e git/d y/d gcc@2/d", t0}},
			{{"y@1/g zlib@3/f", t0}},
			{{"git@3/c git@1/c zlib/g zlib@1/e", t2}, {"zlib/g git/e", t2}},
			{{"y@1/e git@1/e zlib@3/e gcc@3/a", t4}},
			{{"curl/e curl/e zlib@1/a curl+x/e", t4}, {"curl@1/e y/a zlib/e zlib@1/a", t4}},
		}, []bool{true, false, false, false, true}},
	} {
		dir := t.TempDir()
		paths := writeLockLog(t, dir, c.snaps, c.folder)
		if _, msg := logRendersAlike(dir, []string{"--stack", c.stacks[0], "--stack", c.stacks[1]}, paths); msg != "" {
			t.Errorf("case %d: %s", i, msg)
		}
	}
}
