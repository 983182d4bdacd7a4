package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLinkedFolderAsCheckout (class b): a folder of a mirror committed as
// a symbolic link was followed from the checkout but not from REV:PATH:
// a view's folder linked inside the mirror (v3/manifests/index/linkin ->
// gpu) was read by --view linkin from the folder and was "no view", left
// out of the views hint, from the tree; one linked out of it was "no view
// … not found" from the tree, "a symbolic link out of the mirror" from
// the folder; and a mirror whose blobs/ links to a folder beside it read
// from the folder, and from the tree each blob was "which the mirror does
// not have". The tree now answers as its checkout, over one repository.
func TestLinkedFolderAsCheckout(t *testing.T) {
	files := map[string]string{}
	addMirror(t, files, "m", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{View: "gpu"}) })
	n := map[string]string{}
	addMirror(t, n, "n", func(dir string) error { return mirrorgen.V3(dir, genIndex(t), mirrorgen.Options{}) })
	for p, data := range n {
		if rest, ok := strings.CutPrefix(p, "n/blobs/"); ok {
			p = "n/store/" + rest
		}
		files[p] = data
	}
	files["out/gpu/index.manifest.json"] = files["m/v3/manifests/index/gpu/index.manifest.json"]
	repo := commitFiles(t, files, map[string]string{
		"m/v3/manifests/index/linkin":  "gpu",
		"m/v3/manifests/index/linkout": "../../../../out/gpu",
		"n/blobs":                      "store",
	})
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mirror, view, want string // want: in the error; "" for none
	}{
		{"m", "nope", `(its views: "gpu", "linkin")`},
		{"m", "linkin", ""},
		{"m", "linkout", "v3/manifests/index/linkout/index.manifest.json: a symbolic link out of the mirror"},
		{"n", "", ""},
	} {
		_, diskErr := mirror.Open(mirror.Dir(filepath.Join(repo, c.mirror)), mirror.Options{View: c.view})
		s := mustSource(t, r, "HEAD:"+c.mirror)
		_, gitErr := s.Open(mirror.Options{View: c.view})
		for _, e := range []struct {
			where string
			err   error
		}{{"the folder", diskErr}, {"HEAD:" + c.mirror, gitErr}} {
			switch {
			case c.want == "" && e.err != nil:
				t.Errorf("%s, --view %q: %v; want it read", e.where, c.view, e.err)
			case c.want != "" && (e.err == nil || !strings.Contains(e.err.Error(), c.want)):
				t.Errorf("%s, --view %q: %v; want %q", e.where, c.view, e.err, c.want)
			}
		}
	}
	if _, err := loadArg(repo, "HEAD:n", snapshot.Options{}); err != nil {
		t.Errorf("HEAD:n, its blobs/ a link to store/: %v; want it read, as its folder", err)
	}
	if _, err := loadMirror(mirror.Dir(filepath.Join(repo, "n"))); err != nil {
		t.Errorf("the folder n, its blobs/ a link to store/: %v; want it read", err)
	}
}
