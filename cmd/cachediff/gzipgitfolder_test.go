package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestMemoryLimitGitGzipFolders: two folders of spec files gzip'd in
// place (not named *.gz) read from git tell their blobs' sizes once
// listed, and the heap was bounded from those while they loaded, though
// the loader counts each file's content as the input (some 2x their
// blobs here, 10-25x for larger files): two folders of 16k such files ran
// the collector back to back, 67 collections where the plain files took
// 10. The bound is raised as the input read outgrows it, to at least
// four fifths of the input by the end.
func TestMemoryLimitGitGzipFolders(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dirs, _ := specFolders(t, t.TempDir(), 200)
	for _, d := range dirs {
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			zw := gzip.NewWriter(f)
			if _, err := zw.Write(data); err != nil {
				return err
			}
			if err := zw.Close(); err != nil {
				return err
			}
			return f.Close()
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	rec, input := gitFoldersDiff(t, dirs)
	if most := slices.Max(rec.bounds); most < input*4/5 {
		t.Errorf("bound with %v while the folders loaded, the input being %d: want it raised as they inflate, to at least %d", rec.bounds, input, input*4/5)
	}
}

// TestMemoryBoundGitMixedFolders: two folders from git whose first spec
// files are gzip'd in place at 60x (padded with white space), the rest
// plain: the bound scaled the blobs' sizes by the ratio of the files read
// first, some 60x, and kept it, no bound at all while the plain files
// loaded (two folders of 16k specs peaked at 5.4x-7x their input). The
// bound the folders end loading under is near their input.
func TestMemoryBoundGitMixedFolders(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dirs, _ := specFolders(t, t.TempDir(), 200)
	for _, d := range dirs {
		var files []string
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(files)
		for _, p := range files[:8] {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Create(p)
			if err != nil {
				t.Fatal(err)
			}
			zw := gzip.NewWriter(f)
			if _, err := zw.Write(append(data, bytes.Repeat([]byte(" "), 30000)...)); err != nil {
				t.Fatal(err)
			}
			if err := zw.Close(); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
	rec, input := gitFoldersDiff(t, dirs)
	if last := rec.bounds[len(rec.bounds)-1]; last > 2*input {
		t.Errorf("bounds %v while the folders loaded, the input being %d: the last is over twice the input", rec.bounds, input)
	}
}

// gitFoldersDiff commits dirs (old, new) to a repository, diffs them as
// folders from git with the memory hooks recorded, and returns the
// record and the input the diff's limit was last set from (once both
// are loaded: their content).
func gitFoldersDiff(t *testing.T, dirs []string) (*memoryRecorder, int64) {
	t.Helper()
	repo := filepath.Join(t.TempDir(), "repo")
	weeks, err := gittest.CommitsAt(repo, "mirror/develop", dirs...)
	if err != nil {
		t.Fatal(err)
	}
	rec := &memoryRecorder{}
	c := &cli{stdout: io.Discard, stderr: io.Discard, memory: rec}
	args := []string{"-C", repo, "git:" + weeks[0].ID + ":mirror/develop", "git:" + weeks[1].ID + ":mirror/develop"}
	if code := c.run(args); code != 1 {
		t.Fatalf("exit %d", code)
	}
	if len(rec.bounds) == 0 || len(rec.inputs) == 0 {
		t.Fatalf("hooks %v: want a bound, then the limit", rec.order)
	}
	return rec, rec.inputs[len(rec.inputs)-1]
}
