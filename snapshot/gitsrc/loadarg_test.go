package gitsrc

import (
	"os"
	"strings"
	"time"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// loadArg loads a test's argument as the command does (package input,
// which imports this one, decides what an argument is; it is reduced
// here to what these tests name): a path on disk, else REV:PATH or
// git:REV:PATH, with its revision, read as a tree or as the Spack mirror
// the tree is the root of.
func loadArg(dir, arg string, opt snapshot.Options) (*snapshot.Snapshot, error) {
	if _, err := os.Stat(arg); err == nil {
		return snapshot.Load(arg, opt)
	}
	repo, err := OpenRepo(dir)
	if err != nil {
		return nil, &snapshot.Error{File: arg, Msg: err.Error()}
	}
	s, err := repo.Source(strings.TrimPrefix(arg, "git:"))
	if err != nil {
		return nil, &snapshot.Error{File: arg, Msg: err.Error()}
	}
	src, err := s.Open(mirror.Options{})
	if err != nil {
		return nil, err
	}
	snap, err := snapshot.LoadFrom(src, opt)
	if err != nil {
		return nil, err
	}
	snap.Rev, snap.Date = s.Tree().Commit, s.Tree().Date.Format(time.RFC3339)
	if m, ok := src.(*mirror.Source); ok {
		snap.Layout, snap.IndexSum = m.Layout, m.Checksum
	}
	return snap, nil
}
