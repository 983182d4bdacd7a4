package gitsrc

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// A revision that is an id's prefix that several objects' ids start with
// is ambiguous, and says so: it was told as an unknown revision, which
// sent the user looking for a commit that is there.
func TestAmbiguousRevision(t *testing.T) {
	dir, id, write := objectRepo(t)
	// Two blobs whose ids share their first 4 digits (a few hundred
	// tries, by the birthday bound).
	seen := map[string]string{}
	var a, b string
	for i := 0; a == ""; i++ {
		c := strconv.Itoa(i) + "\n"
		if prev, ok := seen[id(c)[:4]]; ok {
			a, b = prev, c
		}
		seen[id(c)[:4]] = c
	}
	write(a)
	write(b)
	prefix := id(a)[:4]
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, rev := range []string{prefix, prefix + "~1"} {
		_, err := r.Resolve(rev + ":x")
		if err == nil || !strings.Contains(err.Error(), "revision "+rev+" is ambiguous") || strings.Contains(err.Error(), "unknown") {
			t.Errorf("Resolve(%s:x): %v; want it ambiguous", rev, err)
		}
	}
	_, err = r.Series(prefix+"..HEAD", "x", "", "")
	if err == nil || !strings.Contains(err.Error(), "revision "+prefix+" in the range "+prefix+"..HEAD is ambiguous") {
		t.Errorf("Series(%s..HEAD): %v; want it ambiguous", prefix, err)
	}
	// An unknown prefix is still unknown.
	if _, err := r.Resolve("nosuch:x"); err == nil || !strings.Contains(err.Error(), "unknown revision nosuch") {
		t.Errorf("Resolve(nosuch:x): %v", err)
	}
}

// From a folder below the top of the repository, a PATH that is there
// but not at the top says that REV:PATH is from the top, and how to name
// the one meant: it said only that the path does not exist.
func TestResolveBelowTopHint(t *testing.T) {
	repo, _ := series(t)
	sub, err := OpenRepo(filepath.Join(repo, "_cache"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = sub.Resolve("HEAD:develop")
	if err == nil || !strings.Contains(err.Error(), "path develop does not exist at HEAD") || !strings.Contains(err.Error(), "give HEAD:./develop or HEAD:_cache/develop") {
		t.Errorf("Resolve(HEAD:develop) from _cache: %v; want a hint of HEAD:./develop", err)
	}
	// Given as git:REV:PATH (81st adversarial pass), the spellings it
	// suggests keep the prefix: without it, a CI job that followed the
	// hint would read a folder on disk of that name.
	sub.ArgPrefix = "git:"
	if _, err = sub.Resolve("HEAD:develop"); err == nil || !strings.Contains(err.Error(), "give git:HEAD:./develop or git:HEAD:_cache/develop") {
		t.Errorf("Resolve(HEAD:develop) from _cache, given as git:HEAD:develop: %v; want a hint of git:HEAD:./develop", err)
	}
	sub.ArgPrefix = ""
	// No hint where the folder holds no such path either, nor from the top.
	if _, err := sub.Resolve("HEAD:nothing"); err == nil || strings.Contains(err.Error(), "give") {
		t.Errorf("Resolve(HEAD:nothing) from _cache: %v", err)
	}
	top, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := top.Resolve("HEAD:develop"); err == nil || strings.Contains(err.Error(), "give") {
		t.Errorf("Resolve(HEAD:develop) from the top: %v", err)
	}
}

// TestResolveBelowTopHintQuoted: the spellings the hint suggests are
// shell words: from a folder "my dir", it said "give HEAD:./f or
// HEAD:my dir/f", which pasted was two arguments.
func TestResolveBelowTopHintQuoted(t *testing.T) {
	dir, _ := newRepo(t)
	sub := filepath.Join(dir, "my dir")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "f"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "f"}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(sub)
	if err != nil {
		t.Fatal(err)
	}
	r.ArgPrefix = "git:"
	if _, err := r.Resolve("HEAD:f"); err == nil || !strings.HasSuffix(err.Error(), "give git:HEAD:./f or 'git:HEAD:my dir/f'") {
		t.Errorf("Resolve(HEAD:f) from my dir: %v; want a hint of 'git:HEAD:my dir/f', quoted", err)
	}
}
