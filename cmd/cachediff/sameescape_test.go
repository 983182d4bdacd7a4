package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestSameURLEscapes (class b): urlKey read every %-escape of a URL's
// path as its character, so https://h/a%2Fb and https://h/a/b, two
// resources the mirror requests apart (a GitLab project's path is
// group%2Fproject), were one snapshot: a gate on them was refused, "OLD
// and NEW are the same snapshot", without a request, and render refused
// their report. An escape of a character a segment need not escape is
// still read as it (%64 is d), and %2f as %2F.
func TestSameURLEscapes(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"https://h/a%2Fb", "https://h/a/b", false},
		{"https://h/m/a%2Fb", "https://h/m/a%2Fb/", true},
		{"https://h/a%2fb", "https://h/a%2Fb", true},
		{"https://h/%64", "https://h/d", true},
		{"https://h/a%20b", "https://h/a%20b/.", true},
		{"https://h:443/a%3Fb", "https://h/a%3Fb", true},
		{"https://h/a%3Fb", "https://h/a", false},
	} {
		if got := sameArgs("", c.a, c.b); got != c.same {
			t.Errorf("sameArgs(%s, %s) = %v; want %v", c.a, c.b, got, c.same)
		}
		if got := sameSide(diff.Side{Path: c.a}, diff.Side{Path: c.b}); got != c.same {
			t.Errorf("sameSide(%s, %s) = %v; want %v", c.a, c.b, got, c.same)
		}
	}
	// The gate goes on to the snapshots: offline, the cache holds
	// neither.
	var stdout, stderr bytes.Buffer
	args := []string{"--offline", "--fail-on", "any", "https://127.0.0.1:1/a%2Fb", "https://127.0.0.1:1/a/b"}
	if code := run(args, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), sameSnapshotWarning) || !strings.Contains(stderr.String(), "--offline") {
		t.Errorf("%q: exit %d, %q; want %d, the cache's miss, not the same snapshot", args, code, stderr.String(), exitTrouble)
	}
}

// TestSameFileURLOfOtherHost (class e): file://h/x, of a host that is
// not this one, was the same snapshot as x to sameArgs, and a gate on
// them said so, where loading refuses the URL: only the local host's
// files can be read.
func TestSameFileURLOfOtherHost(t *testing.T) {
	dir := t.TempDir()
	if sameArgs("", dir, "file://h"+dir) || !sameArgs("", dir, "file://localhost"+dir) || !sameArgs("", dir, "file://"+dir) {
		t.Errorf("%s and file://h%s: %v; file://localhost%s: %v; want false, true", dir, dir, sameArgs("", dir, "file://h"+dir), dir, sameArgs("", dir, "file://localhost"+dir))
	}
}

// TestSameGitPrefixNoRevPath (class e): git:d and d were one snapshot to
// sameArgs, the git: prefix left off, and a gate on them said "OLD and
// NEW are the same snapshot (git:d)", where git:d, no git:REV:PATH, is
// refused as it loads ("want git:REV:PATH"); git:HEAD:d and HEAD:d are
// one REV:PATH, refused so still.
func TestSameGitPrefixNoRevPath(t *testing.T) {
	t.Chdir(t.TempDir())
	if sameArgs("", "git:d", "d") || !sameArgs("", "git:HEAD:d", "HEAD:d") || !sameArgs("", "git:d", "git:d") {
		t.Errorf("git:d d: %v, git:HEAD:d HEAD:d: %v, git:d git:d: %v; want false, true, true", sameArgs("", "git:d", "d"), sameArgs("", "git:HEAD:d", "HEAD:d"), sameArgs("", "git:d", "git:d"))
	}
	wantTrouble(t, []string{"--fail-on", "any", "git:d", "d"}, "cachediff: loading git:d: want git:REV:PATH")
}

// TestSameArgsAmbiguousOnDisk (class e): HEAD:d, with a folder HEAD:d on
// disk, is refused as it loads where git has d at HEAD (ambiguous: say
// which), but beside git:HEAD:d or ./HEAD:d sameArgs found it one
// snapshot with either, and a gate said "the same snapshot" of two
// readings, unloaded. Without the folder, HEAD:d is git:HEAD:d still.
func TestSameArgsAmbiguousOnDisk(t *testing.T) {
	t.Chdir(t.TempDir())
	if !sameArgs("", "git:HEAD:d", "HEAD:d") {
		t.Fatal("git:HEAD:d HEAD:d, no folder HEAD:d: not the same; want the same")
	}
	if err := os.Mkdir("HEAD:d", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"git:HEAD:d", "HEAD:d"}, {"HEAD:d", "./HEAD:d"}, {"./HEAD:d", "HEAD:d/"}} {
		if sameArgs("", c[0], c[1]) {
			t.Errorf("%s %s, a folder HEAD:d: the same before loading; want loading to say which", c[0], c[1])
		}
	}
	if !sameArgs("", "HEAD:d", "HEAD:d") || !sameArgs("", "./HEAD:d", "./HEAD:d/") {
		t.Error("HEAD:d twice, ./HEAD:d and ./HEAD:d/: not the same; want the same")
	}
}

// TestSameURLReserved (class b): urlKey read each %-escape of a path and
// escaped it again as url.PathEscape does a segment, so a reserved
// character and its escape, two paths (RFC 3986 6.2.2: https://h/a;b and
// https://h/a%3Bb; a,b and a%2Cb), were one snapshot to the gate,
// refused without a request, as a%2Fb and a/b had been. An unreserved
// character's escape is read as it still (%7E is ~, %2d is -), and
// another's case is one (%3b is %3B).
func TestSameURLReserved(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"https://h/a;b", "https://h/a%3Bb", false},
		{"https://h/a,b", "https://h/a%2Cb", false},
		{"https://h/a$b", "https://h/a%24b", false},
		{"https://h/a%3bb", "https://h/a%3Bb", true},
		{"https://h/~a-b", "https://h/%7Ea%2db", true},
		{"https://h/é", "https://h/%C3%A9", true},
		{"https://h/é", "https://h/%c3%a9", true},
		{"https://h/a/%2E%2E/b", "https://h/b", true},
	} {
		if got := sameArgs("", c.a, c.b); got != c.same {
			t.Errorf("sameArgs(%s, %s) = %v; want %v", c.a, c.b, got, c.same)
		}
		if got := sameSide(diff.Side{Path: c.a}, diff.Side{Path: c.b}); got != c.same {
			t.Errorf("sameSide(%s, %s) = %v; want %v", c.a, c.b, got, c.same)
		}
	}
}
