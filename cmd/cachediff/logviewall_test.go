package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestLogArgErrorOfEverySnapshot (class e): a log stops at its first
// snapshot that fails, and log --view x A B C of folders that are no
// mirror named A alone, the user to find B's and C's error one run at a
// time. The same error of each is said once, naming them all; where a
// later snapshot would not fail alike, the log still stops at the first.
// A name that would not read as one in the list ("a, b") is quoted.
func TestLogArgErrorOfEverySnapshot(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, d := range []string{"a", "b", "c", "d", "e", "a, b", "b and c", " a"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const msg = `: --view "x" reads a view of a Spack mirror`
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"a", "b", "c"}, "cachediff: a, b and c (every snapshot)" + msg},
		{[]string{"a", "b", "c", "d", "e"}, "cachediff: a, b, c and 2 more (every snapshot)" + msg},
		{[]string{"a", "b", "nosuch"}, "cachediff: a" + msg},
		// A name that would not read as one is quoted: "a, b
		// and c" read as three folders.
		{[]string{"a, b", "c"}, `cachediff: "a, b" and c (every snapshot)` + msg},
		{[]string{"a", "b and c"}, `cachediff: a and "b and c" (every snapshot)` + msg},
		{[]string{" a", "b"}, `cachediff: " a" and b (every snapshot)` + msg},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"log", "--view", "x"}, c.args...), &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line that starts %q", c.args, code, got, c.want)
		}
	}
}

// TestLogArgErrorProbesBounded (class d, e): to tell whether a log's
// later snapshots fail alike, seriesArgError opened them: log --view x A
// URL fetched URL's manifest, a URL that no folder's error can be, and a
// later URL answering 500 was tried four times over 3.5 s, each retry
// told on standard error, for a snapshot the log never reads. A URL
// after a folder is not asked at all, and one after a URL once.
func TestLogArgErrorProbesBounded(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("a", 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("NETRC", filepath.Join(dir, "no-netrc"))
	var mu sync.Mutex
	asked := map[string]int{} // requests by mirror
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		mu.Lock()
		asked[m]++
		mu.Unlock()
		if m == "broken" {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	for _, c := range []struct {
		args []string
		want string
		max  map[string]int // the most requests for each mirror
	}{
		{[]string{"--view", "x", "a", srv.URL + "/broken"}, `cachediff: a: --view "x" reads a view`, map[string]int{"broken": 0}},
		{[]string{srv.URL + "/none", srv.URL + "/broken"}, "cachediff: " + srv.URL + "/none: not a Spack mirror", map[string]int{"broken": 1, "none": 4}},
		// A file:// URL fails as an http:// one does, "not a Spack
		// mirror": the URL after it is asked too (8ba7639c), once.
		{[]string{"file://" + filepath.ToSlash(dir) + "/a", srv.URL + "/none"}, "cachediff: file://" + filepath.ToSlash(dir) + "/a and " + srv.URL + "/none (every snapshot): not a Spack mirror", map[string]int{"none": 4}},
	} {
		clear(asked)
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"log"}, c.args...), &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line that starts %q", c.args, code, got, c.want)
		}
		mu.Lock()
		for m, n := range c.max {
			if asked[m] > n {
				t.Errorf("%q: %d requests to %s, want at most %d", c.args, asked[m], m, n)
			}
		}
		mu.Unlock()
	}
}

// TestLogArgErrorListsPathsApart (class a): the snapshots a
// seriesError names were listed as ShownPath shows them, raw, and the
// list's ", ", " and ", "N more" and "(every snapshot)" were a path's
// to write: "a, b" and c read as a, b and c, and a, b, c and a fourth
// named "2 more" as five snapshots. A path listed raw holds no space or
// comma now; no two of these logs say the same.
func TestLogArgErrorListsPathsApart(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, d := range []string{"a", "b", "c", "d", "e", "a, b", "2 more", "b and c", "c (every snapshot)"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	said := map[string][]string{}
	for _, args := range [][]string{
		{"a", "b", "c"}, {"a, b", "c"}, {"a", "b and c"},
		{"a", "b", "c", "d", "e"}, {"a", "b", "c", "2 more"},
		{"a", "c (every snapshot)"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"log", "--view", "x"}, args...), &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || strings.Count(got, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line", args, code, got)
		}
		if prev, dup := said[got]; dup {
			t.Errorf("%q and %q both said %q", prev, args, got)
		}
		said[got] = args
	}
	// Two snapshots, the first failing alone ((every snapshot) its
	// name's), against two failing alike.
	var stdout, stderr bytes.Buffer
	run([]string{"log", "--view", "x", "a", "c (every snapshot)"}, &stdout, &stderr)
	if want := `cachediff: a and "c (every snapshot)" (every snapshot): --view "x"`; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q; want it to start %q", stderr.String(), want)
	}
}
