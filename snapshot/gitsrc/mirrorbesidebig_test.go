package gitsrc

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorRootSpecFileTooBigOneBatch (adversarial pass 208a): the
// spec files beside a layout-v2 mirror's index are read from git in one
// batch, and one of them over the limit (--max-download) failed the
// batch, which left every one to be read alone: a mirror of N spec
// files and one too big took N+ git processes. The batch keeps that
// file's error and goes on past it; the file is warned of all the same.
func TestMirrorRootSpecFileTooBigOneBatch(t *testing.T) {
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
	files := map[string]string{"small/build_cache/index.json": index, "big/build_cache/index.json": index}
	limit := int64(len(index))
	for i := range 40 {
		dir := "small"
		if i >= 10 {
			dir = "big"
		}
		files[fmt.Sprintf("%s/build_cache/pkg%d.spec.json", dir, i)] = specFile(i)
		limit = max(limit, int64(len(specFile(i))))
	}
	pad := strings.Repeat(" ", int(limit)+1)
	files["small/build_cache/pkg3a.spec.json"] = specFile(3) + pad
	files["big/build_cache/pkg13a.spec.json"] = specFile(13) + pad
	r, err := OpenRepo(commitFiles(t, files, nil))
	if err != nil {
		t.Fatal(err)
	}
	runs := func(arg string, n int) int64 {
		before := gitRuns.Load()
		s, err := r.Source(arg)
		if err != nil {
			t.Fatal(err)
		}
		src, err := s.Open(mirror.Options{MaxBytes: limit})
		if err != nil {
			t.Fatal(err)
		}
		snap, err := snapshot.LoadFrom(src, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		lacks, over := 0, 0
		for _, w := range snap.Warnings {
			switch {
			case strings.Contains(w.Message, "the build cache's index lacks"):
				lacks++
			case strings.Contains(w.Message, "over the limit") && strings.HasSuffix(w.File, "a.spec.json"):
				over++
			}
		}
		if lacks != n || over != 1 {
			t.Fatalf("%s: %d spec files the index lacks warned of, %d over the limit; want %d and 1: %v", arg, lacks, over, n, snap.Warnings)
		}
		return gitRuns.Load() - before
	}
	small, big := runs("HEAD:small", 10), runs("HEAD:big", 30)
	if small != big {
		t.Errorf("git processes: %d for a mirror of 10 spec files and one too big, %d for 30 and one; want the same few", small, big)
	}
}
