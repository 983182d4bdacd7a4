// Package gittest builds git repositories for tests: the real weekly
// series (testdata/real-series) committed week by week into
// _cache/develop, as the catalogue's nightly job commits it.
//
// Every commit has a fixed author, committer and date, and git runs
// without the user's or the system's configuration, so the same series
// gives the same commit ids on every machine.
package gittest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/internal/gen"
)

// Available reports whether the git program is on PATH.
func Available() bool {
	_, err := exec.LookPath("git")
	return err == nil
}

// Vars are the variables git runs with for the tests: no global or
// system configuration, a fixed identity.
var Vars = []string{
	"GIT_CONFIG_NOSYSTEM=1",
	"GIT_CONFIG_GLOBAL=" + os.DevNull,
	"GIT_AUTHOR_NAME=cachediff tests", "GIT_AUTHOR_EMAIL=tests@cachediff.invalid",
	"GIT_COMMITTER_NAME=cachediff tests", "GIT_COMMITTER_EMAIL=tests@cachediff.invalid",
}

// Env is the environment git runs in for the tests: this process's, and
// Vars.
func Env() []string {
	return append(os.Environ(), Vars...)
}

// Git runs git in dir with Env and extra variables, and returns its
// standard output.
func Git(dir string, extra []string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(Env(), extra...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

// Week is one commit of a series repository.
type Week struct {
	Tag string // the week's folder: develop-2025-02-16
	ID  string // the commit that wrote it into _cache/develop
}

// Series makes a git repository at repo (created when absent) with one
// commit per folder of series (sorted by name: oldest first), each
// replacing _cache/develop with that folder's contents, so that a package
// absent from a week is deleted by its commit. A commit's date is noon UTC
// of the date in its folder's name (or 2025-01-01 plus one day per week
// when the name has none), its message the folder's name.
func Series(repo, series string) ([]Week, error) {
	entries, err := os.ReadDir(series)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(series, e.Name()))
		}
	}
	slices.Sort(dirs)
	return Commits(repo, dirs...)
}

// Commits makes a git repository at repo (created when absent) with one
// commit per folder of dirs, in their order, as Series does.
func Commits(repo string, dirs ...string) ([]Week, error) {
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return nil, err
	}
	if _, err := Git(repo, nil, "init", "-q", "-b", "main"); err != nil {
		return nil, err
	}
	// No gc in the background, still writing when a test removes the
	// repository.
	if _, err := Git(repo, nil, "config", "gc.auto", "0"); err != nil {
		return nil, err
	}
	dest := filepath.Join(repo, "_cache", "develop")
	var weeks []Week
	for i, dir := range dirs {
		tag := filepath.Base(dir)
		if err := os.RemoveAll(dest); err != nil {
			return nil, err
		}
		if err := os.CopyFS(dest, os.DirFS(dir)); err != nil {
			return nil, err
		}
		date := fmt.Sprintf("2025-01-%02dT12:00:00+00:00", 1+i)
		if n := len(tag); n >= 10 && tag[n-10:n-6] >= "2000" && tag[n-6] == '-' && tag[n-3] == '-' {
			date = tag[n-10:] + "T12:00:00+00:00"
		}
		env := []string{"GIT_AUTHOR_DATE=" + date, "GIT_COMMITTER_DATE=" + date}
		if _, err := Git(repo, env, "add", "-A", "_cache"); err != nil {
			return nil, err
		}
		if _, err := Git(repo, env, "commit", "-q", "--allow-empty", "-m", tag); err != nil {
			return nil, err
		}
		id, err := Git(repo, nil, "rev-parse", "HEAD")
		if err != nil {
			return nil, err
		}
		weeks = append(weeks, Week{Tag: tag, ID: strings.TrimSpace(id)})
	}
	return weeks, nil
}

// BenchRepo returns the repository of a benchmark pair, made when absent:
// under root's testdata/bench (git-ignored), git-<pair>, whose
// HEAD~1:_cache/develop and HEAD:_cache/develop are the old and new trees
// of gen.ChurnPair(root, specs, c), packed by git gc as a clone's objects
// are. Its .git/cachediff-blobs.txt lists the blob ids of both trees,
// one a line, old first: the input of the floor, git cat-file --batch.
func BenchRepo(root string, specs int, c gen.Churn) (repo string, doc *gen.TruthDoc, err error) {
	pair, doc, err := gen.ChurnPair(root, specs, c)
	if err != nil {
		return "", nil, err
	}
	repo = filepath.Join(filepath.Dir(pair), "git-"+filepath.Base(pair))
	done := filepath.Join(repo, ".git", "cachediff-blobs.txt")
	if _, err := os.Stat(done); err == nil {
		return repo, doc, nil
	}
	if err := os.RemoveAll(repo); err != nil {
		return "", nil, err
	}
	if _, err := Commits(repo, filepath.Join(pair, "old"), filepath.Join(pair, "new")); err != nil {
		return "", nil, err
	}
	if _, err := Git(repo, nil, "gc", "-q"); err != nil {
		return "", nil, err
	}
	var list strings.Builder
	for _, rev := range []string{"HEAD~1:_cache/develop", "HEAD:_cache/develop"} {
		out, err := Git(repo, nil, "ls-tree", "-r", "--full-tree", "--format=%(objectname)", rev)
		if err != nil {
			return "", nil, err
		}
		list.WriteString(out)
	}
	return repo, doc, os.WriteFile(done, []byte(list.String()), 0o644)
}
