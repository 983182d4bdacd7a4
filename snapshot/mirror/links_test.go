package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLinkOutOfMirror (issue 35, adversarial round 3): a mirror's file
// that was a symbolic link out of the mirror's folder was read where it
// led: in a checkout, build_cache/index.json linked to another mirror's
// index (or to any file the runner can read) stood in for the mirror's
// own, and its content went to the decoder and its messages. Listing the
// spec manifests refused links; reading a file now refuses a link that
// leads out of the mirror too. A link inside the mirror, and a mirror
// folder that is itself a link, still read.
func TestLinkOutOfMirror(t *testing.T) {
	read := func(dir string) error {
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		return err
	}
	idx := index(t, "old")
	elsewhere := filepath.Join(t.TempDir(), "index.json")
	if err := os.WriteFile(elsewhere, idx, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, layout := range []string{"v2", "v3"} {
		t.Run(layout, func(t *testing.T) {
			dir := t.TempDir()
			var victim string
			if layout == "v2" {
				mirrorgen.V2(dir, idx)
				os.Remove(filepath.Join(dir, "build_cache/index.json.hash"))
				victim = filepath.Join(dir, "build_cache/index.json")
			} else {
				mirrorgen.V3(dir, idx, mirrorgen.Options{})
				victim = filepath.Join(dir, "v3/manifests/index/index.manifest.json")
				data, _ := os.ReadFile(victim)
				os.WriteFile(elsewhere, data, 0o644)
			}
			if err := os.Remove(victim); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(elsewhere, victim); err != nil {
				t.Skip(err)
			}
			err := read(dir)
			if err == nil || !strings.Contains(err.Error(), "a symbolic link out of the mirror") {
				t.Errorf("a file linked out of the mirror: %v", err)
			}
			// Inside the mirror, and the mirror's folder a link itself:
			// read.
			inside := filepath.Join(dir, "moved")
			os.Remove(victim)
			os.Rename(elsewhere, inside)
			rel, _ := filepath.Rel(filepath.Dir(victim), inside)
			os.Symlink(rel, victim)
			if err := read(dir); err != nil {
				t.Errorf("a link inside the mirror: %v", err)
			}
			link := filepath.Join(t.TempDir(), "mirror")
			os.Symlink(dir, link)
			if err := read(link); err != nil {
				t.Errorf("a mirror folder that is a link: %v", err)
			}
			os.Rename(inside, elsewhere)
		})
	}
}

// TestLinkIntoMirrorGitDir (issue 35 class a: following symbolic links
// into a repository's .git): a mirror folder that is a repository's top
// (a checkout of a mirror) whose build_cache/index.json is a link into
// its .git was read where it led, the git configuration (which holds a
// job's token) taken for the index. It is refused, as a link out of the
// mirror is; a file in .git is read through a link only as the mirror's
// own .git file.
func TestLinkIntoMirrorGitDir(t *testing.T) {
	dir := t.TempDir()
	mirrorgen.V2(dir, index(t, "old"))
	os.Remove(filepath.Join(dir, "build_cache/index.json.hash"))
	victim := filepath.Join(dir, "build_cache/index.json")
	data, err := os.ReadFile(victim)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "index.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(victim)
	if err := os.Symlink(filepath.Join("..", ".git", "index.json"), victim); err != nil {
		t.Skip(err)
	}
	src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
	if err == nil {
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
	}
	if err == nil || !strings.Contains(err.Error(), "a symbolic link into the mirror's git folder") {
		t.Errorf("build_cache/index.json linked into .git: %v; want it refused", err)
	}
}
