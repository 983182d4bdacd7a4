package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/input"
)

// TestArgErrorsAlikeOnce (class e): --view NAME with two folders that
// are no mirror's root said the same sentence twice, one line for each,
// word for word but the argument. The error of two arguments that
// differ in the argument alone is one line, of the first, naming the
// second after it; errors that differ otherwise stay two.
func TestArgErrorsAlikeOnce(t *testing.T) {
	old, new_ := "../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"
	var stdout, stderr bytes.Buffer
	code := run([]string{"--view", "x", old, new_}, &stdout, &stderr)
	got := stderr.String()
	if code != exitTrouble || strings.Count(got, "\n") != 1 || strings.Count(got, "reads a view of a Spack mirror") != 1 {
		t.Fatalf("exit %d, stderr %q; want 2 and one line", code, got)
	}
	if want := "cachediff: " + old + ": --view \"x\" reads a view of a Spack mirror"; !strings.HasPrefix(got, want) {
		t.Errorf("stderr %q; want it to start %q", got, want)
	}
	if !strings.HasSuffix(got, " ("+new_+" too)\n") {
		t.Errorf("stderr %q; want it to end naming %s", got, new_)
	}
	// Two different errors stay two.
	stderr.Reset()
	code = run([]string{"--view", "x", old, t.TempDir() + "/nosuch"}, &stdout, &stderr)
	if got := stderr.String(); code != exitTrouble || strings.Count(got, "\n") != 2 || strings.Contains(got, " too)") {
		t.Errorf("exit %d, stderr %q; want 2 and two errors", code, got)
	}
}

// TestSplitErrorsOfAnyCount: splitErrors takes an errorList of any
// length: one of one error indexed a second, and the run panicked
// (TestRenderLockfilePairRandom) instead of printing it.
func TestSplitErrorsOfAnyCount(t *testing.T) {
	one := &input.ArgError{Arg: "a", Msg: "m"}
	for n := range 4 {
		var l errorList
		for range n {
			l = append(l, one)
		}
		got := splitErrors(l)
		want := n
		if n == 2 {
			want = 1 // the same error twice: said once, of both
		}
		if len(got) != want {
			t.Errorf("%d errors: split into %d, want %d", n, len(got), want)
		}
	}
}

// TestSnapshotErrorsAlikeOnce (class e): two empty folders (cachediff
// e1 e2) said the same long sentence twice, a line each, differing in
// the folder alone; so did two files of the same bad line. The errors,
// compared by their fields, are one line naming both; errors that
// differ otherwise stay two, though their text would match with one
// path put for the other (folders 3 and 4, a line 3 and a line 4).
func TestSnapshotErrorsAlikeOnce(t *testing.T) {
	dir := t.TempDir()
	good, err := filepath.Abs("../../testdata/real/v0.23.0")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"e1", "e2", "1", "2", "3", "4", "a and b", "c", "a", "b and c"} {
		if err := os.Mkdir(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("1/index.json", "{}")
	write("2/index.json", "{}")
	write("3/index.json", "\n\n{\"database\": x}")   // line 3
	write("4/index.json", "\n\n\n{\"database\": x}") // line 4: its text is 3's, 3 put for 4
	for _, name := range []string{"x and", "y", "x", "and y", "x and y", `"x`, `y"`} {
		write(name, "{}")
	}
	t.Chdir(dir)
	said := map[string]string{} // what each pair of arguments said
	for _, c := range []struct {
		old, new_ string
		want      []string // the lines, without "cachediff: "
	}{
		{"e1", "e2", []string{"no package pages found under e1/ and e2/: is this a _cache/<tag> folder?"}},
		{"1/index.json", "2/index.json", []string{"loading 1/index.json and 2/index.json: line 1, column 1: (top level): not a Spack index"}},
		{"3/index.json", "4/index.json", []string{"loading 3/index.json: line 3", "loading 4/index.json: line 4"}},
		{"e1", "2/index.json", []string{"no package pages found under e1/: ", "loading 2/index.json: line 1"}},
		// A path that "A and B" would not tell apart is quoted: the
		// pairs read alike, and the one file "x and y" as the pair.
		{"a and b", "c", []string{`no package pages found under "a and b/" and c/: `}},
		{"a", "b and c", []string{`no package pages found under a/ and "b and c/": `}},
		{"x and", "y", []string{`loading "x and" and y: line 1`}},
		{"x", "and y", []string{`loading x and "and y": line 1`}},
		{"x and y", good, []string{`loading "x and y": line 1`}},
		{"x", "y", []string{`loading x and y: line 1`}},
		{`"x`, `y"`, []string{`loading "\"x" and "y\"": line 1`}},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{c.old, c.new_}, &stdout, &stderr)
		if prev, dup := said[stderr.String()]; dup {
			t.Errorf("%s %s and %s: both said %q", c.old, c.new_, prev, stderr.String())
		}
		said[stderr.String()] = c.old + " " + c.new_
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if code != exitTrouble || len(lines) != len(c.want) {
			t.Errorf("%s %s: exit %d, stderr %q; want 2 and %d lines", c.old, c.new_, code, stderr.String(), len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(lines[i], "cachediff: "+w) {
				t.Errorf("%s %s: line %q; want it to start %q", c.old, c.new_, lines[i], w)
			}
		}
	}
}

// TestArgErrorsAlikeKeepParentheses (class a): the errors of two
// arguments alike but for the argument read "A: MSG (B too)", and an
// argument holding a parenthesis made two pairs read alike: x and
// "y: m (z" of the message m, and "x: m (y" and z, both read "x: m (y:
// m (z too)". Such errors stay two lines, as snapshot.PairError keeps
// apart paths holding " and " (TestSnapshotErrorsAlikeOnce).
func TestArgErrorsAlikeKeepParentheses(t *testing.T) {
	printed := func(a, b string) string {
		var stderr bytes.Buffer
		c := &cli{stderr: &stderr}
		c.fail(errorList{&input.ArgError{Arg: a, Msg: "m"}, &input.ArgError{Arg: b, Msg: "m"}})
		return stderr.String()
	}
	pairs := [][2]string{{"x", "y: m (z"}, {"x: m (y", "z"}, {"x", "y too) (z"}, {"x (y", "z"}}
	read := map[string][2]string{}
	for _, p := range pairs {
		got := printed(p[0], p[1])
		if other, ok := read[got]; ok {
			t.Errorf("the arguments %q and %q read alike: %q", p, other, got)
		}
		read[got] = p
		if strings.Count(got, "\n") != 2 || strings.Contains(got, " too)\n") {
			t.Errorf("the arguments %q: %q; want two lines", p, got)
		}
	}
	// Arguments without a parenthesis are still one line.
	if got, want := printed("x", "y"), "cachediff: x: m (y too)\n"; got != want {
		t.Errorf("the arguments x and y: %q; want %q", got, want)
	}
}
