package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestDashedRevPathWithinLine (class a/e, c): REV:PATH of a tag -x
// (-x:PATH), which pflag refuses as a flag, or which after -- names
// nothing on disk, is told its ref written in full (input's
// DashedRevPath and DashedRevPathHint). Each word of that hint was
// written whole: a PATH of 700 U+200B (2.1 KB, 8.4 KB as \xHH) made a
// first line of 8,225 bytes, cut by the line's cap inside the first of
// three words, the ref to write lost. Each word is cut, the hint whole
// on its line, and so where -x:PATH is a path on disk too. So is
// -t:PATH, of a tag -t, read as -t (--template) given :PATH
// (dashedRevTook), whose words typed are written in ASCII: -t:snаp (its
// а Cyrillic) reads as no -t:snap.
func TestDashedRevPathWithinLine(t *testing.T) {
	dir := indexRepo(t, "refs/tags/-x", "refs/tags/-t")
	// A tag of 6,000 letters, packed (too long a path for a ref's own
	// file): the hint's word of the revision alone, written whole, ran
	// the line past its cap (0e2b7d94's hintWord there, undone alone,
	// failed no test).
	longTag := "-y" + strings.Repeat("a", 6000)
	head, err := gittest.Git(dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "packed-refs"), []byte(strings.TrimSpace(head)+" refs/tags/"+longTag+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	accented := "-y" + strings.Repeat("/"+strings.Repeat("é", 120), 12)
	if _, err := gittest.Git(dir, nil, "update-ref", "refs/tags/"+accented, "HEAD"); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("\u200b", 700)
	// -x:PATH on disk too, 5 folders of 80 U+200B (4.8 KB as \xHH): the
	// hint of both readings wrote the path's two words whole (be99326c's
	// hintWord, undone, failed no test).
	both := "-x:" + strings.Repeat("\u200b", 80)
	for range 4 {
		both += "/" + strings.Repeat("\u200b", 80)
	}
	if err := os.MkdirAll(filepath.Join(dir, both), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-x:" + long, "HEAD:snap"}, " begins with -, which git would read as an option: with its ref written in full, $'refs/tags/-x:\\xe2\\x80\\x8b"},
		{[]string{"--", "-x:" + long, "HEAD:snap"}, " begins with -, which git would read as an option: with its ref written in full, $'refs/tags/-x:\\xe2\\x80\\x8b"},
		{[]string{both, "HEAD:snap"}, " is a path here, and REV:PATH of a revision git knows: write $'./-x:\\xe2\\x80\\x8b"},
		{[]string{"-t:" + long, "HEAD:snap"}, " was read as -t (--template) given $':\\xe2\\x80\\x8b"},
		{[]string{"--", longTag + ":snap", "HEAD:snap"}, " begins with -, which git would read as an option: with its ref written in full, refs/tags/-yaaa"},
		// Past the root, of a tag of 12 folders of 120 é: the note,
		// which names the revision twice whole, cut (e2bfc598's cut in
		// dashedRevPath, undone alone, failed no test), and the words
		// named beside the ref to write cut sooner: the line was cut by
		// its cap inside the note.
		{[]string{"--", accented + "~9:snap", "HEAD:snap"}, ", an unknown revision (it is past the root: the first-parent line of \"refs/tags/-y/\\u00e9"},
		{[]string{"-t:sn\u0430p", "HEAD:snap"}, "($'-t:sn\\xd0\\xb0p' was read as -t (--template) given $':sn\\xd0\\xb0p'; for REV:PATH, whose revision begins with -, write its ref in full: $'refs/tags/-t:sn\\xd0\\xb0p')"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"-C", dir}, c.args...), &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || !strings.Contains(line, c.want) || capCut.MatchString(line) {
			t.Errorf("%.12q: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, %q and the hint whole",
				c.args, code, len(line), maxErrorLine, line[max(0, len(line)-160):], exitTrouble, c.want)
		}
		// The note, which names the revision twice, within 1 KB, as a
		// range's refusal is quoted in a hint.
		if _, note, ok := strings.Cut(line, ", an unknown revision ("); ok && len(note) > 1<<10 {
			t.Errorf("%.12q: a note of %d bytes: %.200s…; want it cut within 1 KB", c.args, len(note), note)
		}
	}
}

// capCut matches a line capLine cut.
var capCut = regexp.MustCompile(`… \(\d+ bytes more\)$`)

// indexRepo is a repository of one commit holding snap/index.json (an
// empty Spack index), each of refs made to name it; the test is skipped
// without git.
func indexRepo(t *testing.T, refs ...string) string {
	t.Helper()
	return gittest.IndexRepo(t, refs, "{}")
}
