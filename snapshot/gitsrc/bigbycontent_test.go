package gitsrc

import (
	"bytes"
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
	dir := t.TempDir()
	if out, err := gittest.Git(dir, nil, "init", "-q", "."); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	cache := filepath.Join(dir, "cache")
	if err := os.Mkdir(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cache, "index.json"), []byte(oneLineIndex), 0o644); err != nil {
		t.Fatal(err)
	}
	// An index of one more spec, padded past 64 MB with blanks (which
	// git compresses to nothing).
	big := `{"database":{"version":"7","installs":{` +
		`"cccccccccccccccccccccccccccccccc":{"spec":{"name":"c","version":"1","namespace":"ns","hash":"cccccccccccccccccccccccccccccccc"},"ref_count":0,"in_buildcache":true}}}}`
	data := append([]byte(big), bytes.Repeat([]byte(" "), 64<<20)...)
	if err := os.WriteFile(filepath.Join(cache, "big.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "cache"}, {"commit", "-qm", "index"}} {
		if out, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
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
