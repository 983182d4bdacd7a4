package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpacedShorthands (class b): a word of shorthands after --NAME= and
// a space, which pflag reads with a value joined (-out.md: -o ut.md) or
// with -h in it, ran as read, without a word of the space: --output=
// -out.md A B wrote the report to a file ut.md, exit 0; --template=
// -t.tmpl read .tmpl; --link-base= -https://x/ A B showed the help, exit
// 0, which a gate reads as passed. Each is refused, exit 2, naming the
// space, and the way written runs. A word of switches (--title= -q) and
// a shorthand whose value is the next word (--title= -o r.md) are as
// given.
func TestSpacedShorthands(t *testing.T) {
	dir := t.TempDir()
	for side, tag := range map[string]string{"a": "develop-2025-03-23", "b": "develop-2025-03-30"} {
		abs, err := filepath.Abs(filepath.Join("..", "..", "testdata", "real", tag))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(abs, filepath.Join(dir, side)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "-t.tmpl"), []byte("{{ len .Packages }}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--output=", "-out.md", "a", "b"}, "-out.md comes after --output= with nothing after its =, and is read as -o with the value ut.md: as --output's value, write --output=-out.md"},
		{[]string{"-o=", "-out.md", "a", "b"}, `-out.md comes after -o=, which gave -o the value "=", and is read as -o with the value ut.md: as -o's value, write -o=-out.md`},
		{[]string{"--title=", "-out.md", "a", "b"}, "as --title's value, write --title=-out.md"},
		{[]string{"--template=", "-t.tmpl", "a", "b"}, "is read as -t with the value .tmpl: as --template's value, write --template=-t.tmpl"},
		{[]string{"--link-base=", "-https://x/", "a", "b"}, "-https://x/ comes after --link-base= with nothing after its =, and is read as shorthands, -h among them, which shows the help; -https://x/ is no value of --link-base: as its value, write --link-base=https://x/"},
		{[]string{"--title=", "-h", "a", "b"}, "as --title's value, write --title=-h"},
		{[]string{"render", "--output=", "-out.md", "r.json"}, "as --output's value, write --output=-out.md"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || !strings.Contains(line, c.want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, line, exitTrouble, c.want)
		}
		if _, err := os.Stat("ut.md"); err == nil {
			t.Errorf("%q wrote ut.md", c.args)
			os.Remove("ut.md")
		}
	}
	for _, args := range [][]string{
		{"--title=", "-q", "a", "b"},
		{"--title=", "-o", "r.md", "a", "b"},
		{"--output=-out.md", "a", "b"},
		{"--template=-t.tmpl", "-o", "x.md", "a", "b"},
		{"-o=-y.md", "a", "b"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitDiffers && code != exitSame {
			t.Errorf("%q: exit %d, %q; want it run", args, code, stderr.String())
		}
	}
}
