package gitsrc

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestAbsolutePathSpelling (class e): REV:PATH with an absolute PATH
// inside the work tree (HEAD:$PWD/_cache/develop) said "as git names
// it: tmp/…/_cache/develop", which pasted does not exist either, and
// log --revs R $PWD/_cache/develop said only "want a path inside the
// repository" of one that is. Both name the spelling that reads it,
// and that spelling does.
func TestAbsolutePathSpelling(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/bc/specs.md": realPage(t, "bc")}, nil)
	abs := filepath.ToSlash(filepath.Join(repo, "_cache", "develop"))
	_, err := loadArg(repo, "HEAD:"+abs, snapshot.Options{})
	if err == nil || !strings.HasSuffix(err.Error(), "this one is HEAD:_cache/develop") {
		t.Errorf("HEAD:%s: %v; want it to name HEAD:_cache/develop", abs, err)
	}
	if _, err := loadArg(repo, "HEAD:_cache/develop", snapshot.Options{}); err != nil {
		t.Errorf("HEAD:_cache/develop, the spelling named: %v", err)
	}
	// Quoted, as the loader's other refusals name a path: raw, the
	// space ran into the words (class c: a5e60c7b's quoting undone
	// alone failed no test).
	spaced := filepath.ToSlash(filepath.Join(repo, "_cache", "dev elop"))
	if _, err := loadArg(repo, "HEAD:"+spaced, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "path "+strconv.QuoteToASCII(spaced)+" does not exist at HEAD") {
		t.Errorf("HEAD:%s: %v; want it quoted", spaced, err)
	}

	clone, _ := seriesClone(t)
	r, err := OpenRepo(filepath.Join(clone, "_cache"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Series("HEAD~1..HEAD", filepath.ToSlash(filepath.Join(clone, "_cache", "develop")), "", "")
	if err == nil || !strings.HasSuffix(err.Error(), "this one is develop") {
		t.Errorf("log --revs of an absolute path: %v; want it to name develop", err)
	}
	// Both paths quoted in ASCII, as the log's other refusals name one
	// (logPath): raw, the space ran into the words and the \u0435 (a
	// Cyrillic e) read as an e.
	_, err = r.Series("HEAD~1..HEAD", filepath.ToSlash(filepath.Join(clone, "_cache", "d\u0435v elop")), "", "")
	if want := `this one is "d\u0435v elop"`; err == nil || !strings.HasSuffix(err.Error(), want) || !strings.Contains(err.Error(), `path "/`) {
		t.Errorf("log --revs of an absolute path holding a space: %v; want it quoted, ending %s", err, want)
	}
	outside := filepath.ToSlash(filepath.Join(t.TempDir(), "a b"))
	if _, err := r.Series("HEAD~1..HEAD", outside, "", ""); err == nil || !strings.Contains(err.Error(), strconv.QuoteToASCII(outside)+": want a path inside") {
		t.Errorf("log --revs of a folder outside holding a space: %v; want it quoted", err)
	}
	if _, err := r.Series("HEAD~1..HEAD", "develop", "", ""); err != nil {
		t.Errorf("log --revs of develop, the spelling named: %v", err)
	}
	// Outside the work tree: no spelling to name.
	if _, err := r.Series("HEAD~1..HEAD", filepath.ToSlash(t.TempDir()), "", ""); err == nil || !strings.Contains(err.Error(), "want a path inside the repository") {
		t.Errorf("log --revs of a folder outside: %v", err)
	}
}
