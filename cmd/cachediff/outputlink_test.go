package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputLinkOutOfWorkTree (issue 35, pass 105): --output through a
// symbolic link of a git work tree that leads out of it is refused, as a
// snapshot's is. The pull-request recipe (docs/ci.md) runs `cachediff
// --output cachediff.json` in the PR's checkout: a PR that committed
// cachediff.json as a link to /home/runner/.gitconfig, or to a file not
// there yet, had the report written there, outside the checkout, and the
// gate passed. A link that stays in the work tree, and any link outside
// a work tree, is followed as a shell redirect follows it.
func TestOutputLinkOutOfWorkTree(t *testing.T) {
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("original\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tree := t.TempDir()
	t.Chdir(tree)
	for _, f := range []struct{ name, text string }{{".git/HEAD", "ref: refs/heads/main\n"}, {"page.md", permPage}, {"sub/kept", ""}} {
		if err := os.MkdirAll(filepath.Dir(f.name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.name, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{
		"cachediff.json": victim,
		"dangling.json":  filepath.Join(outside, "new.json"),
		"out":            outside,
		"inside.json":    "sub/inside.json",
	} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	for _, out := range []string{"cachediff.json", "dangling.json", "out/x.json", "sub/../out/y.json"} {
		for _, args := range [][]string{
			{"-f", "json", "-o", out, "page.md", "page.md"},
			{"log", "-o", out, "page.md", "page.md"},
		} {
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			if code != 2 || !strings.Contains(stderr.String(), "outside the git work tree") {
				t.Errorf("%q: exit %d, stderr %q; want 2 and an error saying the link leads out of the work tree", args, code, stderr.String())
			}
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "original\n" {
		t.Errorf("the file outside the work tree was written: %.40q", b)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("the folder outside the work tree holds %d files, want the victim alone", len(entries))
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", "inside.json", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Errorf("a link inside the work tree: exit %d, %s", code, stderr.String())
	}
	if _, err := os.Stat("sub/inside.json"); err != nil {
		t.Errorf("a link inside the work tree: %v", err)
	}
	// Outside a work tree, a link is followed as a shell redirect follows it.
	t.Chdir(outside)
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, "link.json"); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"-o", "link.json", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Errorf("a link outside any work tree: exit %d, %s", code, stderr.String())
	}
	if b, _ := os.ReadFile(victim); string(b) == "original\n" {
		t.Error("a link outside any work tree: not followed")
	}
}

// TestOutputLinkIntoGitDir: --output through a symbolic link that stays
// in the work tree but leads into its .git folder is refused too: a pull
// request that committed cachediff.json as a link to .git/config (or to
// a hook) had the report written over the job's git configuration. The
// .git folder named as it is stays the user's choice.
func TestOutputLinkIntoGitDir(t *testing.T) {
	tree := t.TempDir()
	t.Chdir(tree)
	for _, f := range []struct{ name, text string }{{".git/HEAD", "ref: refs/heads/main\n"}, {".git/config", "[core]\n"}, {"page.md", permPage}} {
		if err := os.MkdirAll(filepath.Dir(f.name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.name, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"cachediff.json": ".git/config", "hooks": ".git"} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	for _, out := range []string{"cachediff.json", "hooks/post-checkout"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-f", "json", "-o", out, "page.md", "page.md"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "into a git folder") {
			t.Errorf("-o %s: exit %d, stderr %q; want 2 and an error saying the link leads into .git", out, code, stderr.String())
		}
	}
	if b, _ := os.ReadFile(".git/config"); string(b) != "[core]\n" {
		t.Errorf(".git/config was written: %.40q", b)
	}
	if _, err := os.Stat(".git/post-checkout"); err == nil {
		t.Error(".git/post-checkout was written")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", ".git/report.md", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Errorf("-o .git/report.md, named as it is: exit %d, %s", code, stderr.String())
	}
}

// TestOutputLinkIntoNestedGitDir: --output through a link into the .git
// folder of a repository nested in the work tree (a second
// actions/checkout with a path inside the first, a clone of spack made
// in the checkout) is refused as one into the work tree's own: a pull
// request that committed cachediff.json as a link to spack/.git/config,
// or to one of its hooks (replaced with the hook's mode, executable),
// had the report written there. So is ".GIT", which a case-insensitive
// file system (a macOS runner's) takes for ".git".
func TestOutputLinkIntoNestedGitDir(t *testing.T) {
	tree := t.TempDir()
	t.Chdir(tree)
	for _, f := range []struct{ name, text string }{{".git/HEAD", "ref: refs/heads/main\n"}, {"spack/.git/config", "[core]\n"}, {".GIT/config", "[core]\n"}, {"page.md", permPage}} {
		if err := os.MkdirAll(filepath.Dir(f.name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.name, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"cachediff.json": "spack/.git/config", "comment.md": ".GIT/config", "hooks": "spack/.git"} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	for _, out := range []string{"cachediff.json", "comment.md", "hooks/post-checkout"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-f", "json", "-o", out, "page.md", "page.md"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "into a git folder") {
			t.Errorf("-o %s: exit %d, stderr %q; want 2 and an error saying the link leads into a .git folder", out, code, stderr.String())
		}
	}
	for _, f := range []string{"spack/.git/config", ".GIT/config"} {
		if b, _ := os.ReadFile(f); string(b) != "[core]\n" {
			t.Errorf("%s was written: %.40q", f, b)
		}
	}
	if _, err := os.Stat("spack/.git/post-checkout"); err == nil {
		t.Error("spack/.git/post-checkout was written")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", "spack/.git/report.md", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Errorf("-o spack/.git/report.md, named as it is: exit %d, %s", code, stderr.String())
	}
}

// TestOutputLinkToOtherWorkTree: --output in a folder of the work tree
// that is a link to another git work tree (a repository the runner
// cloned beside the checkout) is refused: the work tree was looked for
// above the path as named, through the link, so that the other
// repository's top was taken for the work tree's and the report was
// written into it.
func TestOutputLinkToOtherWorkTree(t *testing.T) {
	other := t.TempDir()
	for _, f := range []string{".git/HEAD", "victim.json"} {
		if err := os.MkdirAll(filepath.Join(other, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(other, f), []byte("original\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree := t.TempDir()
	t.Chdir(tree)
	for _, f := range []struct{ name, text string }{{".git/HEAD", "ref: refs/heads/main\n"}, {"page.md", permPage}} {
		if err := os.MkdirAll(filepath.Dir(f.name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.name, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(other, "out"); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "-o", "out/victim.json", "page.md", "page.md"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "outside the git work tree") {
		t.Errorf("exit %d, stderr %q; want 2 and an error saying the link leads out of the work tree", code, stderr.String())
	}
	if b, _ := os.ReadFile(filepath.Join(other, "victim.json")); string(b) != "original\n" {
		t.Errorf("the other work tree's file was written: %.40q", b)
	}
	// Entered through the link (~/site -> /data/site with a dotfiles
	// repository at ~), the work tree it leads to is the user's.
	t.Chdir(filepath.Join(tree, "out"))
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run([]string{"-o", "x.json", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Errorf("in the work tree entered through a link: exit %d, %s", code, stderr.String())
	}
}

// TestOutputInWorkTreeEnteredThroughLink: in a work tree entered through
// a symbolic link (cd ~/site, a link to /data/site; on macOS, any folder
// under /tmp), --output names a file of the work tree and is written, as
// a shell redirect writes it. The folder of a relative --output was made
// absolute from the current folder as named, through the link, after
// its links were resolved, and the file was taken for one outside the
// work tree: "a symbolic link leads it to ~/site/x.json, outside the git
// work tree ~/site".
func TestOutputInWorkTreeEnteredThroughLink(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "data")
	for _, f := range []struct{ name, text string }{{".git/HEAD", "ref: refs/heads/main\n"}, {"page.md", permPage}} {
		if err := os.MkdirAll(filepath.Join(tree, filepath.Dir(f.name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tree, f.name), []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(tree, filepath.Join(dir, "site")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(dir, "site")) // and PWD, as a shell's cd sets it
	for _, out := range []string{"x.json", "../site/y.json", filepath.Join(dir, "site", "z.json")} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-o", out, "page.md", "page.md"}, &stdout, &stderr); code != 0 {
			t.Errorf("-o %s: exit %d, %s", out, code, stderr.String())
		}
	}
	for _, f := range []string{"x.json", "y.json", "z.json"} {
		if _, err := os.Stat(filepath.Join(tree, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestInGitDirNTFS: Windows takes ".git." and ".git " (trailing dots and
// spaces stripped), "GIT~1" (its short name) and ".git::$INDEX_ALLOCATION"
// (its folder stream) for ".git", as git's protectNTFS does: a link
// cachediff.json -> spack/.git. (a submodule's gitdir file) or
// GIT~1/config was judged to lead into no git folder, and on a Windows
// runner the report was written onto the file git reads.
func TestInGitDirNTFS(t *testing.T) {
	sep := string(filepath.Separator)
	for _, rel := range []string{".git.", ".git ", ".Git. .", "spack" + sep + ".git.", "GIT~1" + sep + "config", "git~1", ".git::$INDEX_ALLOCATION" + sep + "config", ".GIT",
		// the short name with trailing dots and spaces, as git's
		// is_ntfs_dotgit takes "git~1" and ".git" alike: GIT~1./config
		"GIT~1." + sep + "config", "git~1 ", "Git~1. .:$INDEX_ALLOCATION"} {
		if !inGitDir(rel) {
			t.Errorf("inGitDir(%q) = false; want true", rel)
		}
	}
	for _, rel := range []string{"git", ".github", ".gitx", "x.git", "git~2", ".gitattributes", "git~1x"} {
		if inGitDir(rel) {
			t.Errorf("inGitDir(%q) = true; want false", rel)
		}
	}
}
