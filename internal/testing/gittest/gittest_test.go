package gittest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitAsGitConfig: Init's repository has the config that git init and
// git config gc.auto 0 give, byte for byte, and git reads gc.auto 0 from
// it.
func TestInitAsGitConfig(t *testing.T) {
	if !Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	mine, theirs := filepath.Join(dir, "mine"), filepath.Join(dir, "theirs")
	for _, d := range []string{mine, theirs} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := Init(mine); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "gc.auto", "0"}} {
		if _, err := Git(theirs, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	a, err := os.ReadFile(filepath.Join(mine, ".git", "config"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(theirs, ".git", "config"))
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Errorf("Init's config:\n%s\ngit config's:\n%s", a, b)
	}
	if out, err := Git(mine, nil, "config", "--get", "gc.auto"); err != nil || out != "0\n" {
		t.Errorf("git config --get gc.auto: %q, %v; want 0", out, err)
	}
}

// TestIndexCommitsAsCommitted: IndexCommits's repository is as git add
// and git commit leave one: a clean work tree holding the last index,
// HEAD@{1} the commit before HEAD (a hint's test reads the reflog), the
// refs at HEAD; and Recorded records each git run, one a line.
func TestIndexCommitsAsCommitted(t *testing.T) {
	runsOf := Recorded(t)
	dir := IndexRepo(t, []string{"refs/tags/-x"}, "{}", "{}", `{"a":1}`)
	var status string
	runs := runsOf(func() {
		var err error
		if status, err = Git(dir, nil, "status", "--porcelain"); err != nil {
			t.Fatal(err)
		}
	})
	if runs != "status --porcelain\n" {
		t.Errorf("git status recorded as %q; want its arguments on a line", runs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "snap", "index.json"))
	if err != nil || status != "" || string(data) != `{"a":1}` {
		t.Errorf("work tree: status %q, snap/index.json %q (%v); want clean, the last index", status, data, err)
	}
	out, err := Git(dir, nil, "rev-parse", "HEAD@{1}", "HEAD~1", "refs/tags/-x", "HEAD", "HEAD~1^{tree}", "HEAD~2^{tree}")
	if f := strings.Fields(out); err != nil || len(f) != 6 || f[0] != f[1] || f[2] != f[3] || f[4] != f[5] {
		t.Errorf("git rev-parse HEAD@{1} HEAD~1 refs/tags/-x HEAD and the trees of HEAD~1, HEAD~2: %q, %v; want HEAD@{1} HEAD~1, the tag HEAD, an empty commit", out, err)
	}
}
