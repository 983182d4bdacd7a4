package gitsrc

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRewrittenMirrorDotManifest: a layout-v3 mirror without an index
// manifest reads every spec manifest under v3/manifests/spec, a dot-file
// or one in a dot-folder too, but the judge of its .gitattributes left
// those out: ".*.json working-tree-encoding=UTF-16LE" re-encoded them in
// a checkout while REV:PATH read them as committed, and no error said
// so. The judge asks about them now; a dot-file no mirror reads (the
// .gitattributes itself) is still left out.
func TestRewrittenMirrorDotManifest(t *testing.T) {
	for _, tc := range []struct {
		dot   func(string) string
		attrs string
	}{
		{func(p string) string { return path.Join(path.Dir(p), "."+path.Base(p)) }, ".*.json working-tree-encoding=UTF-16LE\n"},
		{func(p string) string { return path.Join(path.Dir(p), ".x", path.Base(p)) }, "**/.x/** working-tree-encoding=UTF-16LE\n"},
	} {
		if testing.Short() && strings.Contains(tc.attrs, ".x/") {
			continue // each case is a mirror committed and read three times
		}
		files := map[string]string{}
		addMirror(t, files, "m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{NoIndex: true}) })
		moved := ""
		for p, text := range files {
			if strings.HasPrefix(p, "m/v3/manifests/spec/") && strings.HasSuffix(p, ".spec.manifest.json") {
				delete(files, p)
				moved = tc.dot(p)
				files[moved] = text
				break
			}
		}
		if moved == "" {
			t.Fatal("no spec manifest in the mirror")
		}
		repo := commitFiles(t, files, nil)
		// Without the line, the moved manifest is read as the others are.
		base, err := loadArg(repo, "HEAD:m", snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// Committed after the files: added with it, a file would be
		// read as UTF-16LE and stored re-encoded from it.
		if err := os.WriteFile(filepath.Join(repo, "m", ".gitattributes"), []byte(tc.attrs), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"add", "m/.gitattributes"}, {"commit", "-qm", "attributes"}} {
			if out, err := gittest.Git(repo, nil, args...); err != nil {
				t.Fatalf("git %v: %v: %s", args, err, out)
			}
		}
		got, err := loadArg(repo, "HEAD:m", snapshot.Options{})
		switch {
		case err == nil:
			t.Errorf("%s: read %d specs (%d without the .gitattributes), no error; want it refused as re-encoded", moved, got.Specs(), base.Specs())
		case !strings.Contains(err.Error(), "HEAD:"+moved) || !strings.Contains(err.Error(), "working-tree-encoding"):
			t.Errorf("%s: %v; want it named as given a working-tree-encoding", moved, err)
		}
	}
}
