package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestRenderSpackFile (class e): render of Spack's own file (an
// index.json, a spack.lock, a spec file), named as the report by
// mistake, said only that it has no "schema" field, where a catalogue
// page named so is told to be diffed with cachediff OLD NEW: it says
// what the file is and the same. Another tool's JSON is not named as
// Spack's.
func TestRenderSpackFile(t *testing.T) {
	t.Chdir(t.TempDir())
	for name, c := range map[string]struct{ data, want string }{
		"index.json":  {`{"database": {"version": "8", "installs": {}}}`, "build-cache index"},
		"spack.lock":  {`{"_meta": {"file-type": "spack-lockfile", "lockfile-version": 6}, "roots": [], "concrete_specs": {}}`, "lockfile"},
		"x.spec.json": {`{"spec": {"_meta": {"version": 5}, "nodes": []}}`, "spec file"},
		"other.json":  {`{"roots": [1]}`, ""},
	} {
		if err := os.WriteFile(name, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"render", name}, &stdout, &stderr)
		want := "cachediff: reading " + name + `: no "schema" field: not a cachediff JSON report but Spack's ` + c.want + "; compare two with cachediff OLD NEW"
		if c.want == "" {
			want = "cachediff: reading " + name + `: no "schema" field: not a cachediff JSON report (cachediff --format json writes one`
		}
		if code != exitTrouble || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("render %s: exit %d, stderr %q; want 2 and %q", name, code, stderr.String(), want)
		}
	}
}
