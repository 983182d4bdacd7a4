package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestOutputRefusedFirst (class e): an --output that cannot be written
// was refused only once both snapshots were loaded and diffed (-o
// missing/x of two real catalogues), or the saved report read (render).
// What can be known before is refused first, with no file made: each
// case names snapshots (a report) that are not there, so that one
// loaded first would have said so instead.
func TestOutputRefusedFirst(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, f := range []string{"afile", "new.md"} {
		if err := os.WriteFile(f, []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := strings.Repeat("a", 300)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "missing/x", "nope1", "nope2"}, "--output missing/x: the folder missing does not exist: "},
		{[]string{"log", "-o", "missing/x", "nope1", "nope2"}, "--output missing/x: the folder missing does not exist: "},
		{[]string{"render", "-o", "missing/x", "nope.json"}, "--output missing/x: the folder missing does not exist: "},
		{[]string{"-o", "afile/x/y", "nope1", "nope2"}, "--output afile/x/y: afile is a file, not a folder: "},
		// Past NAME_MAX: written whole, then refused at the rename.
		{[]string{"-o", long, "nope1", "nope2"}, "--output " + long + ": a name in the path is 300 bytes long, longer than the system takes (file name too long): "},
		{[]string{"-o", strings.Repeat("a/", 2500) + "x", "nope1", "nope2"}, "--output a/a/"},
		// One of the inputs, named: refused once both were loaded.
		{[]string{"-o", "new.md", "nope1", "new.md"}, "--output new.md: it is an input: "},
		{[]string{"log", "-o", "new.md", "nope1", "new.md"}, "--output new.md: it is an input: "},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || !strings.HasPrefix(stderr.String(), "cachediff: "+c.want) {
			t.Errorf("%q: exit %d, stderr %.300q; want %d, beginning %.300q", c.args, code, stderr.String(), exitTrouble, c.want)
		}
	}
	if entries, _ := os.ReadDir("."); len(entries) != 2 {
		t.Errorf("the folder holds %d files, want afile and new.md", len(entries))
	}
}
