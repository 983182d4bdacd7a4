package gitsrc

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorRootSpecFilesOneProcess (adversarial pass 206b): the spec
// files of a layout-v2 mirror's build_cache/, which its root now yields
// beside the index to be judged against it, were read one by one, from
// git a cat-file process each: a mirror of N spec files took N+ git
// processes. They are read in one batch, as a folder's spec files are.
func TestMirrorRootSpecFilesOneProcess(t *testing.T) {
	files, _ := rootMirrorFiles(t)
	r, err := OpenRepo(commitFiles(t, files, nil))
	if err != nil {
		t.Fatal(err)
	}
	runs := func(arg string, n int) int64 {
		snap, ran := loadRootMirror(t, r, arg, mirror.Options{})
		if lacks := unindexed(snap.Warnings); lacks != n {
			t.Fatalf("%s: %d spec files the index lacks warned of; want %d", arg, lacks, n)
		}
		return ran
	}
	small, big := runs("HEAD:small", 10), runs("HEAD:big", 30)
	if small != big {
		t.Errorf("git processes: %d for a mirror of 10 spec files, %d for 30; want the same few", small, big)
	}
}

// unindexed is how many spec files the index lacks ws warns of: one a
// warning, and those the last one counts ("N more spec files ...").
func unindexed(ws []snapshot.Warning) int {
	n := 0
	for _, w := range ws {
		var more int
		if _, err := fmt.Sscanf(w.Message, "not read: %d more spec files whose specs the build cache's index lacks", &more); err == nil {
			n += more
		} else if strings.Contains(w.Message, "the build cache's index lacks") {
			n++
		}
	}
	return n
}

// rootMirrorFiles are two layout-v2 mirrors to commit, small and big,
// whose index lists one spec (a compiler node) and whose build_cache/
// holds 10 and 30 spec files the index lacks, and the size of the
// largest file.
func rootMirrorFiles(t *testing.T) (files map[string]string, largest int64) {
	t.Helper()
	var spec struct {
		Spec struct {
			Nodes []json.RawMessage `json:"nodes"`
		} `json:"spec"`
	}
	if err := json.Unmarshal([]byte(specFile(0)), &spec); err != nil || len(spec.Spec.Nodes) != 2 {
		t.Fatal(err)
	}
	var gcc struct{ Hash string }
	json.Unmarshal(spec.Spec.Nodes[1], &gcc)
	index := fmt.Sprintf(`{"database":{"version":"8","installs":{%q:{"spec":%s,"ref_count":0,"in_buildcache":true}}}}`, gcc.Hash, spec.Spec.Nodes[1])
	files = map[string]string{"small/build_cache/index.json": index, "big/build_cache/index.json": index}
	largest = int64(len(index))
	for i := range 40 {
		dir := "small"
		if i >= 10 {
			dir = "big"
		}
		files[fmt.Sprintf("%s/build_cache/pkg%d.spec.json", dir, i)] = specFile(i)
		largest = max(largest, int64(len(specFile(i))))
	}
	return files, largest
}

// loadRootMirror loads arg, a mirror's REV:PATH in r, with opts, and
// says how many git processes it took.
func loadRootMirror(t *testing.T, r *Repo, arg string, opts mirror.Options) (*snapshot.Snapshot, int64) {
	t.Helper()
	before := gitRuns.Load()
	s, err := r.Source(arg)
	if err != nil {
		t.Fatal(err)
	}
	src, err := s.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := snapshot.LoadFrom(src, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return snap, gitRuns.Load() - before
}

// TestMirrorRootIndexLink (adversarial pass 209a): a layout-v2 mirror
// whose build_cache/index.json is a symbolic link to a file of the
// mirror was read from its folder on disk, which follows links inside
// it, and refused from REV:PATH ("not a regular file"): the link is
// followed in the tree too. One out of the mirror is still refused.
func TestMirrorRootIndexLink(t *testing.T) {
	files, _ := rootMirrorFiles(t)
	files["small/real.json"] = files["small/build_cache/index.json"]
	files["out.json"] = files["small/real.json"]
	delete(files, "small/build_cache/index.json")
	delete(files, "big/build_cache/index.json")
	r, err := OpenRepo(commitFiles(t, files, map[string]string{
		"small/build_cache/index.json": "../real.json",
		"big/build_cache/index.json":   "../../out.json",
	}))
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Source("HEAD:small")
	if err != nil {
		t.Fatal(err)
	}
	src, err := s.Open(mirror.Options{})
	if err != nil {
		t.Fatalf("a mirror whose index links to a file of it: %v", err)
	}
	if snap, err := snapshot.LoadFrom(src, snapshot.Options{}); err != nil || snap.Specs() != 1 {
		t.Fatalf("a mirror whose index links to a file of it: %v", err)
	}
	s, err = r.Source("HEAD:big")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(mirror.Options{}); err == nil || !strings.Contains(err.Error(), "a symbolic link out of the mirror") {
		t.Errorf("a mirror whose index links out of it: %v; want it refused", err)
	}
}
