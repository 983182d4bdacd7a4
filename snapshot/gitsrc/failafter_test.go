package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCatFileFailsAfterAnswers (class c): three git cat-file sites pass
// on git's line where git fails after giving every answer
// (stderrLine: in ASCII, one line), and none was held by a test: the
// exit status of readBlobsOver's batch (waitErr), listBlobs' and
// wayDiffers' (the cat-file of wayChanges). A git that runs the real
// one and then says "fatal: wт gone" (its т Cyrillic) and a second
// line ::error::forged, exiting 1, stands in for git's cat-file: each
// site is an error naming git's line in ASCII, without its second line.
func TestCatFileFailsAfterAnswers(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 1)
	head, err := r.run(nil, "rev-parse", "HEAD", "HEAD:x")
	if err != nil {
		t.Fatal(err)
	}
	ids := strings.Fields(string(head))
	fake := filepath.Join(t.TempDir(), "git")
	script := "#!/bin/sh\ncase \" $* \" in\n*\" cat-file \"*) " + shellQuote(r.git) + " \"$@\"; printf 'fatal: w\\321\\202 gone\\n::error::forged\\n' >&2; exit 1;;\nesac\nexec " + shellQuote(r.git) + " \"$@\"\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	r.git = fake
	_, listErr := r.listBlobs()
	_, wayErr := r.wayDiffers(ids[:1], []string{"a", "a/b"})
	for _, c := range []struct {
		name string
		err  error
	}{
		{"readBlobsOver", r.ReadBlobs(ids[1:], func(int, []byte) error { return nil })},
		{"listBlobs", listErr},
		{"wayDiffers", wayErr},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), `w\u0442 gone`) || strings.ContainsFunc(c.err.Error(), func(r rune) bool { return r < ' ' || r >= 0x7f }) || strings.Contains(c.err.Error(), "forged") {
			t.Errorf("%s, git failing after its answers: %v; want an error naming git's first line in ASCII", c.name, c.err)
		}
	}
}

// shellQuote is s in single quotes, for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
