package gitsrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestShallowNoRefNamedQuoted (class a, e): in a shallow clone, the hint
// of a name no ref has wrote the name raw, twice: "no ref named mаin"
// (its а Cyrillic) read as main, an ESC or U+202E reached the error
// raw, and "git fetch --depth=N origin foo;id" or "… a$(id)b" pasted
// ran id. A name of 3,000 bytes, raw twice, ran the line past its cap
// and cut the fetch. The name is quoted as a revision, the fetch's
// words are shell words in ASCII that read back through bash -c, and a
// fetch too long to show whole is said, not cut. (No ref can be named
// with an ESC: that is said, quoted, TestShallowNoRefCanBeNamed.)
func TestShallowNoRefNamedQuoted(t *testing.T) {
	r := xCommits(t, 2)
	out, err := gittest.Git(r.dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	// Shallow at HEAD, as a clone of depth 1 is (its grafts' file).
	if err := os.WriteFile(filepath.Join(r.dir, ".git", "shallow"), []byte(strings.TrimSpace(out)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bash, _ := exec.LookPath("bash")
	fetch := regexp.MustCompile(`git fetch --depth=N origin (.*), or name a revision`)
	for _, name := range []string{"m\u0430in", "ma\x1bin", "m\u202eain", "foo;id", "a$(id)b", strings.Repeat("g", 3000)} {
		hint := r.unknownHint(name + "~1")
		if name == "ma\x1bin" {
			// No ref can be named so (an ESC): none to fetch.
			if !strings.Contains(hint, ` (no ref can be named "ma\x1bin": `) {
				t.Errorf("unknownHint(%.40q): %q; want no ref can be named so, quoted", name, hint)
			}
			continue
		}
		if !strings.Contains(hint, "this shallow clone has no ref named ") {
			t.Errorf("unknownHint(%.40q): %q; want no ref named", name, hint)
			continue
		}
		if strings.ContainsFunc(hint, func(c rune) bool { return c < ' ' || c >= utf8.RuneSelf && c != '…' }) {
			t.Errorf("unknownHint(%.40q): %.200q; want the name quoted in ASCII", name, hint)
		}
		if len(hint) > 3<<10 {
			t.Errorf("unknownHint(%.40q): %d bytes; want the name bounded", name, len(hint))
		}
		m := fetch.FindStringSubmatch(hint)
		if len(name) > maxFetchWords {
			if m == nil || m[1] != "'refs/*/NAME:refs/*/NAME', NAME the name in full" {
				t.Errorf("unknownHint(%.40q): %.300q; want the fetch said, its name not cut", name, hint[len(hint)-300:])
			}
			continue
		}
		if m == nil {
			t.Errorf("unknownHint(%.40q): %q; want a fetch to paste", name, hint)
			continue
		}
		if bash == "" {
			continue
		}
		if got, err := exec.Command(bash, "-c", "printf %s "+m[1]).Output(); err != nil || string(got) != fetchSpec(name, "origin", name) {
			t.Errorf("unknownHint(%.40q)'s fetch pasted through bash -c reads %q (%v)", name, got, err)
		}
	}
}
