package gitsrc

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesDeepPathProcesses: log --revs A..B PATH started one git
// rev-list per folder on the way to PATH (the commits that changed a
// name there in another case, attributesInRange): 2 folders deep, 12
// processes; 8, 18; 32, 42. It starts as many however deep PATH is.
func TestSeriesDeepPathProcesses(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	runs := func(depth int) int64 {
		top := strings.Repeat("d/", depth-1) + "develop"
		dir := commitFiles(t, map[string]string{top + "/index.json": oneLineIndex}, nil)
		// Three commits: one changes PATH, one a name beside it (an
		// exact sibling, which is no step and no clash), one elsewhere.
		for i, name := range []string{top + "/index.json", strings.Repeat("d/", depth-1) + "other", "elsewhere"} {
			commitFile(t, dir, name, strings.Replace(oneLineIndex, `"version":"1"`, fmt.Sprintf(`"version":"%d"`, i+2), 1), name)
		}
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		before := gitRuns.Load()
		commits, err := r.Series("HEAD~3..HEAD", top, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if len(commits) != 2 {
			t.Fatalf("depth %d: %d commits, want the base and the one change", depth, len(commits))
		}
		return gitRuns.Load() - before
	}
	r2, r8, r32 := runs(2), runs(8), runs(32)
	t.Logf("git processes: depth 2 %d, 8 %d, 32 %d", r2, r8, r32)
	if r8 != r2 || r32 != r2 {
		t.Errorf("git processes of a log over a PATH 2, 8 and 32 folders deep: %d, %d, %d; want as many at each depth", r2, r8, r32)
	}
}

// TestSeriesDeepPathClash: a commit that changed a name on the way to a
// deep PATH written in another case is still refused, at the folder
// nearest the top first (as the rev-list of each folder, from the top,
// listed them): D/x, committed after d/…/DEVELOP/x, is the one named.
func TestSeriesDeepPathClash(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	const depth = 8
	top := strings.Repeat("d/", depth-1) + "develop"
	dir := commitFiles(t, map[string]string{top + "/index.json": oneLineIndex}, nil)
	var ids []string
	for _, name := range []string{strings.Repeat("d/", depth-1) + "DEVELOP/x", "D/x", top + "/index.json"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(oneLineIndex+" "), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"add", "-A"}, {"commit", "-qm", name}, {"rev-parse", "HEAD"}} {
			out, err := gittest.Git(dir, nil, args...)
			if err != nil {
				t.Fatal(err)
			}
			if args[0] == "rev-parse" {
				ids = append(ids, strings.TrimSpace(out))
			}
		}
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Series("HEAD~3..HEAD", top, "", "")
	if err == nil || !strings.Contains(err.Error(), short(ids[1])+":D:") {
		t.Errorf("a log over %s past %s/DEVELOP/x and D/x: %v; want the clash at %s:D", top, strings.Repeat("d/", depth-2)+"d", err, short(ids[1]))
	}
}

// TestWayEntries: the entries of a folder on the way named as the way's
// next name in another case (bytes.EqualFold: K and the Kelvin sign
// too) are told with their ids; the one named as written is the way on,
// and names beside it (kx) are neither.
func TestWayEntries(t *testing.T) {
	id := func(b byte) []byte { return bytes.Repeat([]byte{b}, 20) }
	tree := func(entries ...string) []byte {
		var b []byte
		for i, e := range entries {
			b = append(append(append(b, e...), 0), id(byte(i+1))...)
		}
		return b
	}
	for _, tc := range []struct {
		data   []byte
		others bool
		oid    string
	}{
		{tree("40000 k", "40000 kx"), false, hex.EncodeToString(id(1))},
		{tree("40000 K", "40000 k"), true, hex.EncodeToString(id(2))},
		{tree("100644 \u212a", "40000 kk"), true, ""},
		{tree("40000 a", "40000 b"), false, ""},
		{nil, false, ""},
	} {
		others, oid := wayEntries(tc.data, 20, "k")
		if (others != "") != tc.others || oid != tc.oid {
			t.Errorf("wayEntries(%q) = %q, %q; want others %v and %q", tc.data, others, oid, tc.others, tc.oid)
		}
	}
	// The id counts: K given another object is another answer.
	a, _ := wayEntries(tree("40000 K"), 20, "k")
	b, _ := wayEntries(tree("40000 a", "40000 K"), 20, "k")
	if a == b {
		t.Errorf("K of two ids read alike: %q", a)
	}
}
