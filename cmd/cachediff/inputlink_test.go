package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputLinks (issue 35, pass 115): a file cachediff reads by name, a
// --template or render's saved report, is refused through a symbolic
// link of a git work tree that leads out of it or into a .git folder of
// it, as --output and snapshot folders are. In a pull request's checkout,
// t.tmpl -> .git/config copied actions/checkout's token
// (http.<url>.extraheader) into the report, a PR comment. Neither the
// report nor the error may hold the token. A link that stays in the work
// tree, one outside any work tree, and .git named as it is are followed.
func TestInputLinks(t *testing.T) {
	const secret = "AUTHORIZATION: basic c2VjcmV0LXRva2Vu"
	outside := t.TempDir()
	for name, text := range map[string]string{"t.tmpl": "outside " + secret + "\n", "report.json": secret} {
		if err := os.WriteFile(filepath.Join(outside, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	tree := filepath.Join(root, "tree")
	gitConfig := "[http \"https://github.com/\"]\n\textraheader = " + secret + "\n"
	for _, f := range []struct{ name, text string }{
		{".git/HEAD", "ref: refs/heads/main\n"}, {".git/config", gitConfig},
		{"spack/.git/HEAD", "ref: refs/heads/main\n"}, {"spack/.git/config", gitConfig},
		{"page.md", permPage}, {"sub/ok.tmpl", "{{ len .Packages }} packages\n"},
	} {
		name := filepath.Join(tree, f.name)
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The work tree entered through a link: its own files are its own.
	if err := os.Symlink(tree, filepath.Join(root, "alias")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(root, "alias"))
	links := map[string]string{
		"git.tmpl":      ".git/config",
		"abs.tmpl":      filepath.Join(tree, ".git", "config"),
		"nested.tmpl":   "spack/.git/config",
		"sub/deep.tmpl": "../spack/.git/config",
		"gitdir":        ".git",
		"out.tmpl":      filepath.Join(outside, "t.tmpl"),
		"rel.tmpl":      "../../" + filepath.Base(outside) + "/t.tmpl",
		"dangling.tmpl": filepath.Join(outside, "none.tmpl"),
		"out":           outside,
		"inside.tmpl":   "sub/ok.tmpl",
	}
	for link, to := range links {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "-o", "sub/report.json", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Fatalf("saving a report: exit %d, %s", code, stderr.String())
	}
	for _, c := range []struct{ file, want string }{
		{"git.tmpl", "into a git folder"},
		{"abs.tmpl", "into a git folder"},
		{"nested.tmpl", "into a git folder"},
		{"sub/deep.tmpl", "into a git folder"},
		{"gitdir/config", "into a git folder"},
		{"out.tmpl", "outside the git work tree"},
		{"rel.tmpl", "outside the git work tree"},
		{"dangling.tmpl", "outside the git work tree"},
		{"out/t.tmpl", "outside the git work tree"},
	} {
		for _, args := range [][]string{
			{"-t", c.file, "page.md", "page.md"},
			{"render", "-t", c.file, "sub/report.json"},
			{"render", c.file},
		} {
			stdout.Reset()
			stderr.Reset()
			code := run(args, &stdout, &stderr)
			if code != 2 || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("%q: exit %d, stderr %q; want 2 and an error saying the link leads %s", args, code, stderr.String(), c.want)
			}
			if strings.Contains(stdout.String()+stderr.String(), "c2VjcmV0") {
				t.Errorf("%q: the token reached the output: %q %q", args, stdout.String(), stderr.String())
			}
		}
	}
	for _, args := range [][]string{
		{"-t", "inside.tmpl", "page.md", "page.md"},
		{"-t", "sub/ok.tmpl", "page.md", "page.md"},
		{"render", "-t", "inside.tmpl", "sub/report.json"},
		{"render", filepath.Join(tree, "sub", "report.json")},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Errorf("%q, a link within the work tree: exit %d, %s", args, code, stderr.String())
		}
	}
	// Outside a work tree, a link is followed.
	t.Chdir(outside)
	if err := os.Symlink(filepath.Join(tree, "sub", "ok.tmpl"), "link.tmpl"); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"render", "-t", "link.tmpl", filepath.Join(tree, "sub", "report.json")}, &stdout, &stderr); code != 0 {
		t.Errorf("a link outside any work tree: exit %d, %s", code, stderr.String())
	}
}
