package gitsrc

import (
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
