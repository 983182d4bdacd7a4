package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputThroughLinksRefusedFirst (class e): an --output reached
// through symbolic links, or through a folder that is not there before
// a "..", was refused only by the write, once both snapshots were
// loaded and diffed, in the system's words: a link to nowhere/x
// ("through the link L: writing nowhere/x: directory nowhere/: no such
// file or directory"), a link in a loop, a folder through a loop
// ("directory loop/: too many levels of symbolic links"), and
// x/../out.md with no x, whose folder was taken cleaned (the current
// one): the whole report was written, then "rename .out.md.tmp-N
// x/../out.md: no such file or directory". Each is refused first, named
// in the tool's words; each case names snapshots that are not there, so
// that one loaded first would have said so instead. A link to a file
// to make, and x/lnk/../out.md through a link to another folder, write
// where the system reads them.
func TestOutputThroughLinksRefusedFirst(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, l := range [][2]string{{"nowhere/x", "dangling"}, {"loop2", "loop1"}, {"loop1", "loop2"}, {"made.md", "tomake"}} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "dangling", "nope1", "nope2"}, "--output dangling (a symbolic link to nowhere/x): the folder nowhere does not exist: "},
		{[]string{"-o", "loop1", "nope1", "nope2"}, "--output loop1: its symbolic links lead in a loop "},
		{[]string{"-o", "loop1/x", "nope1", "nope2"}, "--output loop1/x: its folder loop1 leads through symbolic links in a loop "},
		{[]string{"render", "-o", "x/../out.md", "nope.json"}, "--output x/../out.md: the folder x/.. does not exist: "},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || !strings.HasPrefix(stderr.String(), "cachediff: "+c.want) {
			t.Errorf("%q: exit %d, stderr %.300q; want %d, beginning %.300q", c.args, code, stderr.String(), exitTrouble, c.want)
		}
	}
	// Written where the system reads them: the link's target made, and
	// x/lnk/.. the folder lnk leads into's parent, not the current one.
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join("far", "in"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("x", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "far", "in"), filepath.Join("x", "lnk")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ out, at string }{{"tomake", "made.md"}, {"x/lnk/../out.md", "far/out.md"}} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-o", c.out, "page.md", "page.md"}, &stdout, &stderr); code != exitSame {
			t.Errorf("-o %s: exit %d, %q; want %d", c.out, code, stderr.String(), exitSame)
		}
		if _, err := os.Stat(c.at); err != nil {
			t.Errorf("-o %s: %v; want the report at %s", c.out, err, c.at)
		}
	}
	if m, _ := filepath.Glob(filepath.Join("far", ".*tmp*")); len(m) > 0 {
		t.Errorf("temporary files left: %q", m)
	}
}
