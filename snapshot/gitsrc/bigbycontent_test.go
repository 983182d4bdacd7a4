package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestBigByContentFromGit: a file over 64 MB named unlike Spack's files
// (big.json) is left out with a warning when a folder is read, not read
// whole to be sniffed; from REV:PATH it was read and its specs counted,
// so that the checkout and REV:PATH of one commit gave different
// reports, and the .gitattributes judge, which knows the blob's size
// when the tree holds spec files, did not ask about the file the loader
// read. Both leave it out with the same warning now.
func TestBigByContentFromGit(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	if testing.Short() {
		t.Skip("a 64 MB blob")
	}
	dir := bigBlobRepo(t)
	cache := filepath.Join(dir, "cache")
	disk, err := snapshot.Load(cache, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	fromGit, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if disk.Specs() != 2 || fromGit.Specs() != disk.Specs() {
		t.Errorf("%d specs from the folder, %d from HEAD:cache; want 2 from both (big.json left out)", disk.Specs(), fromGit.Specs())
	}
	for name, s := range map[string]*snapshot.Snapshot{"the folder": disk, "HEAD:cache": fromGit} {
		if len(s.Warnings) != 1 || !strings.HasSuffix(s.Warnings[0].File, "big.json") || !strings.Contains(s.Warnings[0].Message, "not read: over 64 MB") {
			t.Errorf("%s: warnings %+v; want big.json's, not read: over 64 MB", name, s.Warnings)
		}
	}
}

// bigIndex is an index of one spec, c, which bigBlobRepo pads past
// 64 MB.
const bigIndex = `{"database":{"version":"7","installs":{` +
	`"cccccccccccccccccccccccccccccccc":{"spec":{"name":"c","version":"1","namespace":"ns","hash":"cccccccccccccccccccccccccccccccc"},"ref_count":0,"in_buildcache":true}}}}`

// bigBlobRepo returns a work tree, made once per test binary (shared),
// of one commit of three folders: cache, an index (oneLineIndex) beside
// big.json, bigIndex padded past 64 MB with NULs (a sparse file, which
// git compresses to nothing; the loader leaves it out unread); j/cache,
// the same beside the same blob as big.v7.json, under j/.gitattributes
// "big*.json ident"; s/cache, the same with big.v7.json bigIndex alone,
// which is read. The 64 MB blob is hashed twice (a hard link) and
// written once, in one git add.
func bigBlobRepo(t *testing.T) string {
	t.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	dir := filepath.Join(sharedDir(t), "bigblob")
	if _, err := os.Stat(dir); err == nil {
		return dir
	}
	work := dir + ".tmp"
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(work, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"cache", "j/cache", "s/cache"} {
		write(d+"/index.json", oneLineIndex)
	}
	write("cache/big.json", bigIndex)
	if err := os.Truncate(filepath.Join(work, "cache/big.json"), int64(len(bigIndex))+64<<20); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(work, "cache/big.json"), filepath.Join(work, "j/cache/big.v7.json")); err != nil {
		t.Fatal(err)
	}
	write("j/.gitattributes", "big*.json ident\n")
	write("s/.gitattributes", "big*.json ident\n")
	write("s/cache/big.v7.json", bigIndex)
	for _, args := range [][]string{{"init", "-q", "."}, {"add", "."}, {"commit", "-qm", "index"}} {
		if out, err := gittest.Git(work, nil, args...); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	if err := os.Rename(work, dir); err != nil {
		t.Fatal(err)
	}
	return dir
}
