package gitsrc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestMessageBudget (classes a, e): a message that quotes a word of
// input more than once (a name, each ref of it, each way to write them)
// cut each word past maxQuotedInput alone: a branch and a tag both
// named 9 folders of 80 U+200B made an ambiguous revision's message of
// 14 KB, cut by the command's line cap of 8 KB before the ways to name
// each. A message has one budget, maxMessage (a note maxNote), its
// words cut to fit, each cut said so; the same name with a - before it
// and past the root of a repository of one commit drives each site.
func TestMessageBudget(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	name := strings.TrimSuffix(strings.Repeat(strings.Repeat("\u200b", 80)+"/", 9), "/")
	// git's - reads as an option: a name that prints (Cyrillic а).
	dashed := strings.TrimSuffix(strings.Repeat(strings.Repeat("\u0430", 100)+"/", 9), "/")
	r, _ := xCommitsGit(t, 2,
		[]string{"tag", name, "HEAD~1"}, []string{"branch", name, "HEAD"},
		[]string{"update-ref", "refs/tags/-" + dashed, "HEAD~1"}, []string{"update-ref", "refs/heads/-" + dashed, "HEAD"},
		[]string{"tag", "s", "HEAD~1"}, []string{"branch", "s", "HEAD"})
	errOf := func(_ any, err error) string { return fmt.Sprint(err) }
	for what, msg := range map[string]string{
		"REV:PATH":          errOf(r.Resolve(name + ":x")),
		"a range":           errOf(r.Series(name+"~1.."+name, "x", "", "")),
		"a range as REV":    errOf(r.Resolve(name + "~1.." + name + ":x")),
		"a pair as REV":     errOf(r.Resolve("HEAD~1..refs/tags/" + name + ":x")),
		"past the root":     errOf(r.Resolve(name + "~9:x")),
		"a dashed REV:PATH": errOf(r.Resolve("-" + dashed + ":x")),
		"a dashed range":    errOf(r.Resolve("-" + dashed + "~1..HEAD:x")),
		"a dashed log":      errOf(r.Series("-"+dashed+"~1..HEAD", "x", "", "")),
		"the names":         func() string { n, _, _ := r.Ambiguity(name + "~1"); return n }(),
	} {
		if len(msg) > maxMessage || strings.ContainsFunc(msg, func(c rune) bool { return c < ' ' || c > '~' && c != '…' }) {
			t.Errorf("%s: %d bytes: %.300s…; want one line in ASCII within %d bytes", what, len(msg), msg, maxMessage)
		}
		t.Logf("%s: %d %s", what, len(msg), strings.ReplaceAll(strings.ReplaceAll(msg, `\u200b`, "Z"), `\u0430`, "A"))
	}
	// A message rebuilt to fit runs no git again (historyHint's
	// questions held under MemoRefs): no more git processes than the
	// same message of a short name s, built once, but the one that
	// abbreviates the id of each way too long given by it (shortID).
	var msg string
	runs := func(f func()) int64 { before := gitRuns.Load(); f(); return gitRuns.Load() - before }
	of := func(n string) func() { return func() { _, err := r.Resolve(n + "~9:x"); msg = fmt.Sprint(err) } }
	short := runs(of("s"))
	long := runs(of(name))
	if byID := int64(strings.Count(msg, "(by the id of the commit ")); long > short+byID {
		t.Errorf("past the root: %d git processes for the long name (%d of its ways by id), %d for s; want no more (a message rebuilt to fit asks git nothing again)", long, byID, short)
	}
}
