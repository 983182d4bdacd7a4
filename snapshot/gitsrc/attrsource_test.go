package gitsrc

import (
	"slices"
	"strings"
	"testing"
)

// TestNoAttrSource: git 2.43 and later read attributes from the tree
// GIT_ATTR_SOURCE names, and die when it names none in the repository;
// one in cachediff's environment reached the git check-attr that judges
// a commit's .gitattributes. No git cachediff runs is given it (git
// 2.39, which ignores it, cannot show the difference: the environment
// is checked).
func TestNoAttrSource(t *testing.T) {
	t.Setenv("GIT_ATTR_SOURCE", "refs/heads/elsewhere")
	r := &Repo{git: "git"}
	env := r.command("check-attr", "--cached", "-z", "--stdin", "ident").Env
	if i := slices.IndexFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "GIT_ATTR_SOURCE=") }); i >= 0 {
		t.Errorf("git's environment holds %q; want no GIT_ATTR_SOURCE", env[i])
	}
	if !slices.Contains(env, "LC_ALL=C") {
		t.Errorf("git's environment %q lost its own settings", env)
	}
}
