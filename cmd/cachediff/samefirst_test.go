package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
)

// TestSameArgsBeforeLoading (a fresh pass over issue 35): under a gate,
// one snapshot given twice is refused before either side is read or
// fetched. diff loaded both first (sameSnapshot): one mirror URL given
// twice, URL and URL/, took 8 requests to be refused, and a folder given
// as d and ./d/ was read twice, its load's errors said instead.
func TestSameArgsBeforeLoading(t *testing.T) {
	index, err := os.ReadFile("../../testdata/spack-gen/old/build_cache/index.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(dir, "m"), index); err != nil {
		t.Fatal(err)
	}
	var requests atomic.Int64
	srv := httptest.NewServer(mirrorgen.Handler(dir, func(*http.Request, int) { requests.Add(1) }))
	defer srv.Close()
	// A folder whose load fails (no snapshot in it): refused as one
	// snapshot, its load's error never reached.
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]string{
		{srv.URL + "/m", srv.URL + "/m/"},
		{srv.URL + "/m", srv.URL + "/m"},
		{empty, empty + "/."},
	} {
		requests.Store(0)
		var stdout, stderr bytes.Buffer
		code := run([]string{"--no-cache", "--fail-on", "any", pair[0], pair[1]}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "cachediff: OLD and NEW are the same snapshot (") || requests.Load() != 0 {
			t.Errorf("--fail-on any %s %s: exit %d, %d requests, stderr %q; want 2, no request, \"OLD and NEW are the same snapshot\"", pair[0], pair[1], code, requests.Load(), stderr.String())
		}
	}
	// Without a gate, the report is made (and warns): both sides fetched.
	requests.Store(0)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--no-cache", srv.URL + "/m", srv.URL + "/m/"}, &stdout, &stderr); code != exitSame || requests.Load() == 0 {
		t.Errorf("URL URL/ without a gate: exit %d, %d requests, stderr %q; want 0, the report made", code, requests.Load(), stderr.String())
	}
}
