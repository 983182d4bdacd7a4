package gitsrc

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/cachediff/cachediff/internal/shellword"
)

// undashed returns rev, whose ref name begins with - (a branch -y, as
// git update-ref refs/heads/-y makes), with that name written in full as
// git finds it (refs/heads/-y, by git's rules: refs/, refs/tags/,
// refs/heads/, refs/remotes/, refs/remotes/NAME/HEAD), and what follows
// it kept (refs/heads/-y~1..HEAD): a revision that begins with - is
// read by git as an option, so cachediff refuses it, and a message that
// named one to give (-y..HEAD) named a revision refused in turn. rev
// itself when it does not begin with -; "" when git knows no such ref.
func (r *Repo) undashed(rev string) string {
	if !strings.HasPrefix(rev, "-") {
		return rev
	}
	name := rev
	if i := strings.IndexAny(name, "~^:"); i >= 0 {
		name = name[:i]
	}
	for _, sep := range []string{"@{", ".."} {
		if i := strings.Index(name, sep); i >= 0 {
			name = name[:i]
		}
	}
	if name == "" || strings.ContainsFunc(name, func(c rune) bool { return unicode.IsSpace(c) || !unicode.IsPrint(c) }) {
		return ""
	}
	rules := []string{"refs/" + name, "refs/tags/" + name, "refs/heads/" + name, "refs/remotes/" + name, "refs/remotes/" + name + "/HEAD"}
	out, err := r.run(nil, append([]string{"for-each-ref", "--format=%(refname)"}, rules...)...)
	if err != nil {
		return ""
	}
	refs := strings.Fields(string(out))
	for _, full := range rules {
		for _, ref := range refs {
			if ref == full {
				return full + rev[len(name):]
			}
		}
	}
	return ""
}

// shownRev is rev as the shell reads it back (shellword.Shown), a ref
// name that begins with - written in full (undashed), as cachediff takes
// it.
func (r *Repo) shownRev(rev string) string {
	if full := r.undashed(rev); full != "" {
		rev = full
	}
	return shellword.Shown(rev)
}

// inFolder is what a command a message suggests begins with so that it
// reads the repository this one reads: -C DIR, the folder as given
// (cachediff -C repo), else nothing.
func (r *Repo) inFolder() string { return InFolder(r.dir) }

// InFolder is what a command a message suggests begins with so that it
// is read from the folder dir, given as -C DIR: -C DIR and a space, DIR
// as the shell reads it back, else nothing when dir is "" (the current
// folder).
func InFolder(dir string) string {
	if dir == "" {
		return ""
	}
	return "-C " + shellword.Shown(dir) + " "
}

// verifyCommit is git rev-parse --verify --quiet of rev^{commit}: the
// commit rev names, or an error (a *gitError of code 1 when git knows
// no commit by that name). A revision by message, :/TEXT, is resolved
// first and then peeled: git searches all of what follows :/, so
// :/TEXT^{commit} searched for "TEXT^{commit}", and --revs ':/c1..nope'
// said "unknown revision :/c1", of a commit git finds, not of nope.
func (r *Repo) verifyCommit(rev string) ([]byte, error) {
	if strings.HasPrefix(rev, ":/") {
		out, err := r.run(nil, "rev-parse", "--verify", "--quiet", rev)
		if err != nil {
			return out, err
		}
		rev = strings.TrimSpace(string(out))
	}
	return r.run(nil, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
}

// leftEnd is rev, a commit, written to read back as the first end of a
// range: git cuts a range at its first "..", so a revision that holds
// ".." (HEAD^{/a..b}, a message pattern) is written as its commit's
// short id; --revs HEAD..HEAD^{/a..b} was told 'HEAD^{/a..b}..HEAD' is
// the other way round, a range git reads neither end of.
func (r *Repo) leftEnd(rev string) string {
	if !strings.Contains(rev, "..") {
		return rev
	}
	if out, err := r.verifyCommit(rev); err == nil {
		return short(strings.TrimSpace(string(out)))
	}
	return rev
}

// bracesOpen reports whether s leaves a brace open (HEAD^{/a): the
// ".." after it lies within a revision's braces, a message pattern.
func bracesOpen(s string) bool {
	depth := 0
	for _, c := range s {
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		}
	}
	return depth > 0
}

// patternRange is the error of a range git cut at a ".." within a
// revision by message (HEAD^{/a..b}..HEAD, :/a..b..HEAD): git cuts a
// range at its first "..", so it read neither end, and the range was
// said to hold "unknown revision HEAD^{/a", a revision nobody wrote.
// Where a later ".." cuts it into two ends git knows, the range is given
// with its first end written as its commit. Else, for a first ".."
// within braces, parts are the ends cut at the first ".." outside them,
// as meant, for rangeError to name the one git does not know. nil, nil
// for a range of another shape.
func (r *Repo) patternRange(rng string) (parts []string, err error) {
	i := strings.Index(rng, "..")
	if i < 0 || strings.Contains(rng, "...") {
		return nil, nil
	}
	first := strings.TrimPrefix(rng[:i], "^")
	open := bracesOpen(first)
	if !open && !strings.HasPrefix(first, ":/") {
		return nil, nil
	}
	for j := i + 2; j < len(rng); j++ {
		if !strings.HasPrefix(rng[j:], "..") {
			continue
		}
		left, right := rng[:j], rng[j+2:]
		if bracesOpen(left) {
			continue
		}
		if open && parts == nil {
			parts = []string{left, right}
		}
		out, err := r.verifyCommit(left)
		if err != nil {
			continue
		}
		if right != "" {
			if _, err := r.verifyCommit(right); err != nil {
				continue
			}
		}
		return nil, fmt.Errorf("the range %s: git cuts a range at its first .., which lies within %s, a revision by its message, so it reads neither end; with that end written as its commit, %s", quotedRev(rng), quotedRev(left), r.shownRev(short(strings.TrimSpace(string(out)))+".."+right))
	}
	return parts, nil
}
