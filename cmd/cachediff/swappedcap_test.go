package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSwappedRevsHintWhole (class e): log --revs PATH RANGE, swapped,
// is told to write --revs RANGE PATH. git's refusal before that hint
// names the path twice, each up to 2 KB whole and 6 bytes a character
// as \u200b: a path of 640 U+200B (8 folders) made a line cut by its
// cap inside the hint's words to write; the hint's word of it is cut
// too (hintWord: whole, 7.7 KB as \xHH, it alone ran the line past the
// cap). A RANGE with a name longer than the system takes (HEAD~1..<300
// a>, ENAMETOOLONG) or below a file (ENOTDIR) names nothing on disk, but
// was given no hint. The paths it names are in ASCII (snapshot.ShownPath).
func TestSwappedRevsHintWhole(t *testing.T) {
	dir := indexRepo(t)
	hidden := strings.Repeat("\u200b", 80)
	path := strings.Repeat(hidden+"/", 7) + hidden + "\u0430"
	for _, p := range []string{path, "sn\u0430p"} {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	long := "HEAD~1.." + strings.Repeat("a", 300)
	for _, c := range []struct {
		revs, rng, want string
	}{
		{path, "HEAD~1..HEAD", "is the PATH: write --revs 'HEAD~1..HEAD' $'\\xe2\\x80\\x8b"},
		{"sn\u0430p", long, "(--revs took the path \"sn\\u0430p\" as its RANGE, and the range " + long + " is the PATH: write --revs '" + long + "' $'sn\\xd0\\xb0p')"},
		{"snap", "snap/index.json/x..HEAD", "(--revs took the path snap as its RANGE, and the range snap/index.json/x..HEAD is the PATH: write --revs snap/index.json/x..HEAD snap)"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", dir, "log", "--revs", c.revs, c.rng}, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		// The paths it names, not to paste, in ASCII: as
		// report.VisibleInput wrote it, a lookalike (its а Cyrillic)
		// read as another path.
		if named, _, _ := strings.Cut(line, " write --revs "); strings.ContainsRune(named, '\u0430') {
			t.Errorf("--revs %.20q %.20q: %q; want the paths it names in ASCII", c.revs, c.rng, named[max(0, len(named)-160):])
		}
		if code != exitTrouble || len(line) > maxErrorLine || !strings.Contains(line, c.want) || !strings.HasSuffix(line, ")") || capCut.MatchString(line) {
			t.Errorf("--revs %.20q %.20q: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, %q, the hint whole",
				c.revs, c.rng, code, len(line), maxErrorLine, line[max(0, len(line)-160):], exitTrouble, c.want)
		}
	}
}
