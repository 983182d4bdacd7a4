package gitsrc

import (
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitMessagesNotTranslated: cachediff reads git's messages (not a
// repository, a name that is two refs, dubious ownership), which git
// translates into the user's language (LANGUAGE=de, as on a German
// desktop, even under C.UTF-8). Translated, a folder outside any
// repository was "git cat-file: Schwerwiegend: Kein Git-Repository …",
// not ErrNotRepo, and a tag and a branch named alike were refused with
// git's German words taken for the name. git runs in the C locale.
func TestGitMessagesNotTranslated(t *testing.T) {
	probe := exec.Command("git", "rev-parse", "HEAD")
	probe.Dir = t.TempDir()
	probe.Env = append(probe.Environ(), "LC_ALL=C.UTF-8", "LANGUAGE=de")
	if out, _ := probe.CombinedOutput(); strings.Contains(string(out), "fatal:") {
		t.Skipf("this git prints no German (%q): nothing to check", strings.TrimSpace(string(out)))
	}
	t.Setenv("LC_ALL", "C.UTF-8")
	t.Setenv("LANGUAGE", "de")

	bare, err := OpenRepo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bare.Resolve("HEAD:_cache/develop"); !errors.Is(err, ErrNotRepo) {
		t.Errorf("outside a repository, LANGUAGE=de: %v; want ErrNotRepo", err)
	}

	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	for _, args := range [][]string{{"tag", "develop"}, {"branch", "develop"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	want := `"develop" is the name of more than one ref`
	if _, err := r.Resolve("develop:_cache/develop"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a tag and a branch develop, LANGUAGE=de: %v; want an error saying %s", err, want)
	}
}
