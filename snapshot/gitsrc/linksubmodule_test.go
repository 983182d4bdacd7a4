package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkIntoSubmoduleRefused: a symbolic link to a submodule, or to a
// file or folder in it (snap/gcc-runtime to ../sub/gcc-runtime), leads
// to the submodule's checked-out files in a checkout, which a folder on
// disk reads; git's lookup calls it dangling, and REV:PATH dropped the
// package with a warning of a broken link, exit 1 (18 specs fewer than
// the checkout, and a gate over two revisions saw no change the
// submodule made). It is an error, as a submodule among the files is; a
// dot-named link to the submodule itself is a dot-folder, not entered,
// as on disk, and one to a file named "..." in it (.t.json, read by
// content on disk) is refused too.
func TestLinkIntoSubmoduleRefused(t *testing.T) {
	repo := commitFiles(t, map[string]string{"snap/bc/specs.md": realPage(t, "bc")}, map[string]string{
		"snap/pk":          "../sub",
		"snap/gcc-runtime": "../sub/gcc-runtime/",
		"snap/x.json":      "../sub/i.json",
		"snap/.s":          "../sub/.",
		"snap/.t.json":     "../sub/...",
	})
	head, err := gitIn(repo, "", "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"update-index", "--add", "--cacheinfo", "160000," + strings.TrimSpace(head) + ",sub"},
		{"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "submodule"},
	} {
		if _, err := gitIn(repo, "", args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	_, err = snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if err == nil {
		t.Fatal("HEAD:snap loaded; want the links into the submodule refused")
	}
	for _, name := range []string{"snap/pk", "snap/gcc-runtime", "snap/x.json", "snap/.t.json"} {
		if !strings.Contains(err.Error(), "HEAD:"+name+": a symbolic link into a submodule") {
			t.Errorf("%s not refused as a link into a submodule: %v", name, err)
		}
	}
	if strings.Contains(err.Error(), "snap/.s:") {
		t.Errorf("the dot-named link to the submodule refused: %v", err)
	}
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Skipped) != 4 {
		t.Errorf("--skip-invalid: %d skips, want the 4 links: %v", len(got.Skipped), got.Skipped)
	}
	for _, w := range got.Warnings {
		if strings.Contains(w.Message, "not a regular file") || strings.Contains(w.Message, "broken") {
			t.Errorf("%s: warning %q beside its skip", w.File, w.Message)
		}
	}
}
