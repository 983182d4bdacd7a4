package input

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRevisionHintInASCII (class a): a revision's hint wrote its words
// as report.VisibleInput writes them, a lookalike as it is: of a branch
// mаin (its а Cyrillic), "'mаin' is a git revision: … ('git:mаin:_cache/
// develop')" and "a log of PATH over it is cachediff log --revs 'mаin~1
// ..HEAD' PATH", each read as main. Each word is written in ASCII
// (hintWord), which pasted is the branch again; so is the word :/TEXT's
// hint names (namedWord).
func TestRevisionHintInASCII(t *testing.T) {
	repo := catalogueRepo(t, "v0.23.0", "v0.23.1")
	for _, args := range [][]string{{"update-ref", "refs/heads/m\u0430in", "HEAD"}, {"commit", "-q", "--allow-empty", "-m", "b\u0435ta"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for arg, want := range map[string]string{
		"m\u0430in":         `$'m\xd0\xb0in' is a git revision: a snapshot from git is REV:PATH, the catalogue's folder at it ($'git:m\xd0\xb0in:_cache/develop')`,
		"m\u0430in~1..HEAD": `$'m\xd0\xb0in~1..HEAD' is a range of git revisions: a log of PATH over it is cachediff -C `,
		":/b\u0435ta":       `git reads $':/b\xd0\xb5ta' as a revision, the youngest commit whose message matches $'b\xd0\xb5ta'`,
	} {
		_, err := Load(repo, arg, Options{}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r > '~' }) {
			t.Errorf("Load(%q): %v; want it in ASCII, %s", arg, err, want)
		}
	}
}
