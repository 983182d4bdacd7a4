package main

import (
	"bytes"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
)

// TestOutputIsMirrorFile (issue 35, pass 126): --output is refused on
// every file of a Spack mirror on disk that cachediff reads, not only on
// the one file the mirror's source yields. "cachediff -o
// M/build_cache/index.json.hash M M" replaced the v2 index's .hash with
// the report, and so did -o of a v3 mirror's index blob, or of a spec
// manifest or spec blob of a v3 mirror without an index; a mirror named
// as file:///PATH was yielded under its URL, which names no file, so
// that even its index.json was replaced.
func TestOutputIsMirrorFile(t *testing.T) {
	dir := t.TempDir()
	idx, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-gen", "old", "build_cache", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	v2 := filepath.Join(dir, "v2")
	if err := mirrorgen.V2(v2, idx); err != nil {
		t.Fatal(err)
	}
	v3 := filepath.Join(dir, "v3")
	if err := mirrorgen.V3(v3, idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	blob, err := mirrorgen.BlobOf(v3)
	if err != nil {
		t.Fatal(err)
	}
	noIndex := filepath.Join(dir, "v3-no-index")
	if err := mirrorgen.V3(noIndex, idx, mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	// The first file (a spec blob) and the last (a spec manifest).
	var files []string
	filepath.WalkDir(noIndex, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 3 || !strings.Contains(files[0], "blobs") || !strings.HasSuffix(files[len(files)-1], ".spec.manifest.json") {
		t.Fatalf("the mirror without an index holds %v", files)
	}
	for _, c := range []struct{ mirror, out string }{
		{v2, filepath.Join(v2, "build_cache", "index.json.hash")},
		{v3, filepath.Join(v3, filepath.FromSlash(blob))},
		{v3, filepath.Join(v3, "v3", "manifests", "index", "index.manifest.json")},
		{noIndex, files[0]},
		{noIndex, files[len(files)-1]},
		{"file://" + v2, filepath.Join(v2, "build_cache", "index.json")},
		{"file://" + v2, filepath.Join(v2, "build_cache", "index.json.hash")},
		{"file://" + v3, filepath.Join(v3, filepath.FromSlash(blob))},
	} {
		before, err := os.ReadFile(c.out)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"-o", c.out, c.mirror, c.mirror}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "--output "+c.out+": it is") {
			t.Errorf("cachediff -o %s %s: exit %d, want %d and an error that --output is an input; stderr:\n%s", c.out, c.mirror, code, exitTrouble, stderr.String())
		}
		if after, err := os.ReadFile(c.out); err != nil || !bytes.Equal(after, before) {
			t.Errorf("cachediff -o %s %s replaced the mirror's file (err %v)", c.out, c.mirror, err)
			if err := os.WriteFile(c.out, before, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A file of the mirror it does not read is written: the spec
	// blobs of a mirror read through its index.
	var spare string
	filepath.WalkDir(filepath.Join(v3, "blobs"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && spare == "" && !strings.HasSuffix(filepath.ToSlash(p), blob) {
			spare = p
		}
		return nil
	})
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", spare, v3, v3}, &stdout, &stderr); code != 0 {
		t.Errorf("cachediff -o %s (a spec blob the index is read without) %s: exit %d, want 0; stderr:\n%s", spare, v3, code, stderr.String())
	}
}

// TestOutputIsNetrc (issue 35, pass 126): the .netrc file a mirror URL
// is fetched with ($NETRC, else ~/.netrc) is read by name, and --output
// onto it replaced the credentials with the report.
func TestOutputIsNetrc(t *testing.T) {
	dir, srv := genMirrorServer(t)
	netrc := filepath.Join(dir, "netrc")
	before := []byte("machine example.org login u password p\n")
	if err := os.WriteFile(netrc, before, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NETRC", netrc)
	var stdout, stderr bytes.Buffer
	code := run([]string{"--no-cache", "-o", netrc, srv.URL + "/m", srv.URL + "/m"}, &stdout, &stderr)
	if code != exitTrouble || !strings.Contains(stderr.String(), "--output "+netrc+": it is") {
		t.Errorf("cachediff -o $NETRC URL URL: exit %d, want %d and an error that --output is an input; stderr:\n%s", code, exitTrouble, stderr.String())
	}
	if after, err := os.ReadFile(netrc); err != nil || !bytes.Equal(after, before) {
		t.Errorf("cachediff -o $NETRC URL URL replaced the .netrc file (err %v)", err)
	}
}

// TestOutputIsCacheFile (issue 35, pass 126): a mirror URL's files read
// from the download cache are inputs too: --output onto one replaced the
// kept copy with the report.
func TestOutputIsCacheFile(t *testing.T) {
	dir := t.TempDir()
	idx, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-gen", "old", "build_cache", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(filepath.Join(dir, "m"), idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mirrorgen.Handler(dir, nil))
	defer srv.Close()
	cache := filepath.Join(dir, "cache")
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("NETRC", filepath.Join(dir, "no-netrc"))
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-q", srv.URL + "/m", srv.URL + "/m"}, &stdout, &stderr); code != 0 {
		t.Fatalf("cachediff URL URL: exit %d; stderr:\n%s", code, stderr.String())
	}
	var kept []string
	filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.Contains(filepath.ToSlash(p), "/blobs/") {
			kept = append(kept, p)
		}
		return nil
	})
	if len(kept) != 1 {
		t.Fatalf("the cache keeps %v, want the index blob", kept)
	}
	before, err := os.ReadFile(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	code := run([]string{"--offline", "-o", kept[0], srv.URL + "/m", srv.URL + "/m"}, &stdout, &stderr)
	if code != exitTrouble || !strings.Contains(stderr.String(), "--output "+kept[0]+": it is") {
		t.Errorf("cachediff --offline -o CACHED-BLOB URL URL: exit %d, want %d and an error that --output is an input; stderr:\n%s", code, exitTrouble, stderr.String())
	}
	if after, err := os.ReadFile(kept[0]); err != nil || !bytes.Equal(after, before) {
		t.Errorf("cachediff -o CACHED-BLOB URL URL replaced the cached blob (err %v)", err)
	}
}

// genMirrorServer serves, from a temporary folder, a layout-v2 mirror
// "m" of testdata/spack-gen's old index on loopback, closed at the
// test's end: the folder and the server.
func genMirrorServer(t *testing.T) (string, *httptest.Server) {
	t.Helper()
	dir := t.TempDir()
	idx, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-gen", "old", "build_cache", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V2(filepath.Join(dir, "m"), idx); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mirrorgen.Handler(dir, nil))
	t.Cleanup(srv.Close)
	return dir, srv
}
