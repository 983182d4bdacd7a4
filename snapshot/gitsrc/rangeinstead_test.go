package gitsrc

import "testing"

// TestRefusalInsteadTaken (class c of ed184528): each refusal of the
// log's range checks that names a range to give instead carries it
// (Instead), as the hint of a range given with no --revs writes it in a
// whole command, and the log takes it: reversed, reversed along main's
// line of a side merged into it, from a fork, off the first-parent
// line, and A...A; from a fork that is itself off the first-parent
// line (it named FORK..B, refused in turn); reversed, of a root merged
// in (it named the other way round, refused in turn). A range refused for another
// reason names none.
func TestRefusalInsteadTaken(t *testing.T) {
	r := xCommits(t, 3)
	git := gitRunner(t, r)
	git("checkout", "-q", "-b", "side", "HEAD~1")
	git("commit", "-q", "--allow-empty", "-m", "side")
	git("branch", "lone")
	git("checkout", "-q", "main")
	git("merge", "-q", "--no-ff", "-m", "merge", "side")
	git("checkout", "-q", "-b", "fork", "HEAD~1")
	git("commit", "-q", "--allow-empty", "-m", "fork")
	git("checkout", "-q", "-b", "past", "side")
	git("commit", "-q", "--allow-empty", "-m", "past")
	git("checkout", "-q", "--orphan", "orphan")
	git("rm", "-rqf", ".")
	git("commit", "-q", "--allow-empty", "-m", "orphan")
	git("checkout", "-q", "main")
	git("merge", "-q", "--no-ff", "--allow-unrelated-histories", "-m", "orphan merge", "orphan")
	for rng, named := range map[string]bool{
		"HEAD..HEAD~1": true, // reversed
		"main..side":   true, // reversed, side merged into main
		// Reversed, orphan a root merged into main: the other way
		// round, orphan..main, was named, refused in turn as off
		// main's line, which runs to main's own root.
		"main..orphan": true,
		"fork..main":   true, // from a fork
		// From a fork off main's first-parent line (side's commit, a
		// merge brought in): FORK..main was named, refused in turn.
		"past..main":  true,
		"side..main":  true, // off main's first-parent line
		"main...main": true, // A...A
		// A...A, A a revision by a message whose pattern holds ..
		// (git's regular expression: "orphan merge"): END~1..END
		// was named, which git cuts at the pattern's .., refused.
		"main...HEAD^{/orphan..erge}": true,
		"main..main":                  false, // one commit, no range to give
	} {
		err := r.CheckRange(rng)
		if err == nil {
			t.Errorf("CheckRange(%q) took it", rng)
			continue
		}
		instead := Instead(err)
		if (instead != "") != named {
			t.Errorf("CheckRange(%q): %v; Instead %q, want one named %v", rng, err, instead, named)
			continue
		}
		if instead != "" {
			if err := r.CheckRange(instead); err != nil {
				t.Errorf("CheckRange(%q) names %q, refused: %v", rng, instead, err)
			}
		}
	}
}
