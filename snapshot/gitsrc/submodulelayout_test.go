package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// addSubmodule makes at super/path a submodule of super, a repository
// whose work tree is there: files committed in it (3 git processes),
// its repository absorbed into super's (.git/modules/PATH, a .git file
// leading there, core.worktree leading back), registered in super's
// config and .gitmodules, and added to super's index (1 process), as
// git submodule add and git submodule absorbgitdirs leave it. git
// submodule add, a shell script that clones, ran 27 processes a
// submodule. super may be a submodule itself (its .git a file): the
// repository is then below super's own (.git/modules/A/modules/B), as
// git submodule update --recursive leaves it.
func addSubmodule(t *testing.T, super, path string, files map[string]string) {
	t.Helper()
	dir := filepath.Join(super, filepath.FromSlash(path))
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := gittest.Init(dir); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "--all"}, {"commit", "-q", "-m", "files"}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	superGit := filepath.Join(super, ".git")
	if b, err := os.ReadFile(superGit); err == nil {
		superGit = filepath.Join(super, strings.TrimSpace(strings.TrimPrefix(string(b), "gitdir:")))
	}
	modules := filepath.Join(superGit, "modules", filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(modules), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, ".git"), modules); err != nil {
		t.Fatal(err)
	}
	toModules, _ := filepath.Rel(dir, modules)
	toDir, _ := filepath.Rel(modules, dir)
	appendTo := func(file, text string) {
		t.Helper()
		f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	appendTo(filepath.Join(dir, ".git"), "gitdir: "+filepath.ToSlash(toModules)+"\n")
	appendTo(filepath.Join(modules, "config"), "[core]\n\tworktree = "+filepath.ToSlash(toDir)+"\n")
	appendTo(filepath.Join(superGit, "config"), "[submodule \""+path+"\"]\n\turl = ./"+path+"\n\tactive = true\n")
	appendTo(filepath.Join(super, ".gitmodules"), "[submodule \""+path+"\"]\n\tpath = "+path+"\n\turl = ./"+path+"\n")
	if _, err := gittest.Git(super, nil, "add", ".gitmodules", path); err != nil {
		t.Fatal(err)
	}
}
