package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestHintWaysWholeWithinLine (class e): the hint of a name git reads
// as more than one ref (a tag and a branch), plain or beginning with -,
// has one budget for its words: the words it names (the argument, the
// name, its refs) are cut so that its ways to paste are whole on a line
// within the cap. Of a tag and a branch both named 3 folders of 112 é
// (2.7 KB a way as \xHH), and the same with a leading -, each word was
// cut past 2 KB alone: a first line of 8,225 bytes, cut by its cap
// before the ways (each cut at 2 KB too, which pasted is no command);
// so of 3 folders of 80 U+200B. Each way is checked pasted through
// bash -c: the shell reads it back as the ref it names.
func TestHintWaysWholeWithinLine(t *testing.T) {
	accented := strings.Join([]string{strings.Repeat("é", 112), strings.Repeat("é", 112), strings.Repeat("é", 112)}, "/")
	hidden := strings.Join([]string{strings.Repeat("\u200b", 80), strings.Repeat("\u200b", 80), strings.Repeat("\u200b", 80)}, "/")
	dir := indexRepo(t)
	if _, err := gittest.Git(dir, nil, "commit", "-q", "--allow-empty", "-m", "two"); err != nil {
		t.Fatal(err)
	}
	head, err := gittest.Git(dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	// Packed, in git's order: one file, where update-ref ran git 6 times.
	var refs []string
	for _, name := range []string{accented, "-" + accented, hidden} {
		refs = append(refs, strings.TrimSpace(head)+" refs/heads/"+name, strings.TrimSpace(head)+" refs/tags/"+name)
	}
	slices.Sort(refs)
	if err := os.WriteFile(filepath.Join(dir, ".git", "packed-refs"), []byte(strings.Join(refs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bash, _ := exec.LookPath("bash")
	for _, c := range []struct {
		arg  string
		ways []string // each to paste, before the shell's quoting
	}{
		{accented, []string{"git:refs/tags/" + accented + ":snap", "git:refs/heads/" + accented + ":snap"}},
		{hidden, []string{"git:refs/tags/" + hidden + ":snap", "git:refs/heads/" + hidden + ":snap"}},
		{"-" + accented, []string{"git:refs/tags/-" + accented + ":snap", "git:refs/heads/-" + accented + ":snap"}},
		{"-" + accented + "..HEAD", []string{"refs/tags/-" + accented + "..HEAD", "refs/heads/-" + accented + "..HEAD"}},
		{"-" + accented + "~1", []string{"git:refs/tags/-" + accented + "~1:snap", "git:refs/heads/-" + accented + "~1:snap"}},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", dir, "--", c.arg, "snap"}, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || capCut.MatchString(line) {
			t.Errorf("%.12q: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d and the line whole",
				c.arg, code, len(line), maxErrorLine, line[max(0, len(line)-120):], exitTrouble)
			continue
		}
		for _, way := range c.ways {
			shown := shellword.ShownASCII(way)
			if !strings.Contains(line, shown) || strings.ContainsFunc(line, func(r rune) bool { return r > '~' && r != '…' }) {
				t.Errorf("%.12q: the line %.120q… gives no way %.40q… whole in ASCII", c.arg, line, shown)
				continue
			}
			if bash == "" {
				continue
			}
			out, err := exec.Command(bash, "-c", "printf %s "+shown).Output()
			if err != nil || string(out) != way {
				t.Errorf("%.12q: %.40q… pasted through bash -c reads %.40q (%v), not the way", c.arg, shown, out, err)
			}
		}
	}
}

// TestDashedInvisibleRefHinted (class e): a ref whose name begins with -
// and holds characters not printable (-\u200b, a branch) is a ref git
// reads all the same: it was given no way to write it (gitsrc's undash
// passed over such a name), and "put flags before --" said of it, which
// misleads. It is given its ref written in full, escaped, which pasted
// through bash -c reads back as that ref; so each of its spellings.
func TestDashedInvisibleRefHinted(t *testing.T) {
	name := "-\u200b\u202e"
	dir := indexRepo(t, "refs/heads/"+name)
	bash, _ := exec.LookPath("bash")
	for _, c := range []struct{ arg, way string }{
		{name, "git:refs/heads/" + name + ":snap"},
		{name + "~0", "git:refs/heads/" + name + "~0:snap"},
		{name + ":snap", "refs/heads/" + name + ":snap"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", dir, "--", c.arg, "snap"}, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		shown := shellword.ShownASCII(c.way)
		if code != exitTrouble || !strings.Contains(line, shown) || strings.Contains(line, "put flags before --") {
			t.Errorf("%q: exit %d, %q; want exit %d and the way %s", c.arg, code, line, exitTrouble, shown)
			continue
		}
		if bash == "" {
			continue
		}
		if out, err := exec.Command(bash, "-c", "printf %s "+shown).Output(); err != nil || string(out) != c.way {
			t.Errorf("%q: %s pasted through bash -c reads %q (%v), not the way", c.arg, shown, out, err)
		}
	}
}
