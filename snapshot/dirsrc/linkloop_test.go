package dirsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestBrokenLinkWords (adversarial pass i29, class e): the walk's
// broken links were told in the system's words: a link to nothing
// "broken symbolic link: no such file or directory", naming no target,
// and a loop "broken symbolic link: too many levels of symbolic links",
// as was a chain of 42 links to a folder, which is no loop. The target
// is named (by the caller's naming: in ASCII), a loop said so, and a
// chain told from a loop, also a link to a path under itself (endless,
// never the same step twice).
func TestBrokenLinkWords(t *testing.T) {
	dir, chain := t.TempDir(), t.TempDir()
	links := map[string]string{"a.md": "b.md", "b.md": "a.md", "x.json": "g\u043ene\n", "grow": "grow/x", "c1": filepath.Join(chain, "c2")}
	for i := 2; i < 42; i++ {
		links[filepath.Join(chain, fmt.Sprintf("c%d", i))] = fmt.Sprintf("c%d", i+1)
	}
	links[filepath.Join(chain, "c42")] = t.TempDir()
	for link, to := range links {
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		if err := os.Symlink(to, link); err != nil {
			t.Skip(err)
		}
	}
	warnings, errs := NewFolder(dir).Walk(func(f File) { t.Errorf("yielded %s", f.Name) })
	got := map[string]string{}
	for _, p := range slices.Concat(warnings, errs) {
		got[filepath.Base(p.File)] = p.Msg
	}
	loop := "broken symbolic link: its path leads through symbolic links in a loop"
	for name, want := range map[string]string{
		"a.md":   loop,
		"b.md":   loop,
		"grow":   loop,
		"x.json": `broken symbolic link (to "g\u043ene\n"), which leads to nothing`,
		"c1":     "broken symbolic link: its path leads through a chain of symbolic links longer than the system follows",
	} {
		if got[name] != want {
			t.Errorf("%s: %q; want %q", name, got[name], want)
		}
	}
}
