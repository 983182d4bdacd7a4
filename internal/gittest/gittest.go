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
)

// Available reports whether the git program is on PATH.
func Available() bool {
	_, err := exec.LookPath("git")
	return err == nil
}

// Env is the environment git runs in for the tests: no global or system
// configuration, a fixed identity.
func Env() []string {
	return append(os.Environ(),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL="+os.DevNull,
		"GIT_AUTHOR_NAME=cachediff tests", "GIT_AUTHOR_EMAIL=tests@cachediff.invalid",
		"GIT_COMMITTER_NAME=cachediff tests", "GIT_COMMITTER_EMAIL=tests@cachediff.invalid",
	)
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
	var tags []string
	for _, e := range entries {
		if e.IsDir() {
			tags = append(tags, e.Name())
		}
	}
	slices.Sort(tags)
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return nil, err
	}
	if _, err := Git(repo, nil, "init", "-q", "-b", "main"); err != nil {
		return nil, err
	}
	dest := filepath.Join(repo, "_cache", "develop")
	var weeks []Week
	for i, tag := range tags {
		if err := os.RemoveAll(dest); err != nil {
			return nil, err
		}
		if err := os.CopyFS(dest, os.DirFS(filepath.Join(series, tag))); err != nil {
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
