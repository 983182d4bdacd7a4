package gitsrc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorRootSpecFileTooBigOneBatch (adversarial pass 208a): the
// spec files beside a layout-v2 mirror's index are read from git in one
// batch, and one of them over the limit (--max-download) failed the
// batch, which left every one to be read alone: a mirror of N spec
// files and one too big took N+ git processes. The batch keeps that
// file's error and goes on past it; the file is warned of all the same.
func TestMirrorRootSpecFileTooBigOneBatch(t *testing.T) {
	files, limit := rootMirrorFiles(t)
	pad := strings.Repeat(" ", int(limit)+1)
	files["small/build_cache/pkg3a.spec.json"] = specFile(3) + pad
	files["big/build_cache/pkg13a.spec.json"] = specFile(13) + pad
	r, err := OpenRepo(commitFiles(t, files, nil))
	if err != nil {
		t.Fatal(err)
	}
	runs := func(arg string, n int) int64 {
		snap, ran := loadRootMirror(t, r, arg, mirror.Options{MaxBytes: limit})
		lacks, over := unindexed(snap.Warnings), 0
		for _, w := range snap.Warnings {
			if strings.Contains(w.Message, "over the limit") && strings.HasSuffix(w.File, "a.spec.json") {
				over++
			}
		}
		if lacks != n || over != 1 {
			t.Fatalf("%s: %d spec files the index lacks warned of, %d over the limit; want %d and 1: %v", arg, lacks, over, n, snap.Warnings)
		}
		return ran
	}
	small, big := runs("HEAD:small", 10), runs("HEAD:big", 30)
	if small != big {
		t.Errorf("git processes: %d for a mirror of 10 spec files and one too big, %d for 30 and one; want the same few", small, big)
	}
}

// TestMirrorRootSpecFilesAllTooBigOneBatch (adversarial pass 209a): a
// batch went on past a spec file over the limit by starting again after
// it, one git process per such file: a mirror whose N spec files are
// all over --max-download took N+ git processes. The sizes of the rest
// are asked once; each file is warned of all the same.
func TestMirrorRootSpecFilesAllTooBigOneBatch(t *testing.T) {
	files, limit := rootMirrorFiles(t)
	pad := strings.Repeat(" ", int(limit)+1)
	for name, data := range files {
		if strings.HasSuffix(name, ".spec.json") {
			files[name] = data + pad
		}
	}
	r, err := OpenRepo(commitFiles(t, files, nil))
	if err != nil {
		t.Fatal(err)
	}
	runs := func(arg string, n int) int64 {
		snap, ran := loadRootMirror(t, r, arg, mirror.Options{MaxBytes: limit})
		over := 0
		for _, w := range snap.Warnings {
			var more int
			if _, err := fmt.Sscanf(w.Message, "not read: %d more files beside the build cache's index that did not read or decode", &more); err == nil {
				over += more // the rest, counted (the first 20 named)
			} else if strings.Contains(w.Message, "over the limit") {
				over++
			}
		}
		if over != n {
			t.Fatalf("%s: %d spec files over the limit warned of; want %d: %v", arg, over, n, snap.Warnings)
		}
		return ran
	}
	small, big := runs("HEAD:small", 10), runs("HEAD:big", 30)
	if small != big {
		t.Errorf("git processes: %d for a mirror of 10 spec files all too big, %d for 30; want the same few", small, big)
	}
}
