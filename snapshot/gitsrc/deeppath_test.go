package gitsrc

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRunLongPathspecs: the pathspecs of the .gitattributes above a
// PATH of 1,500 folders (each the PATH so far) are some 2 MB, past what
// the system passes to a command: log --revs failed with "fork/exec git:
// argument list too long". rev-list reads them on standard input.
func TestRunLongPathspecs(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := oneCommit(t)
	args := []string{"rev-list", "main", "--", ":(top,literal)a"}
	for i := range 1500 {
		args = append(args, ":(top,literal)"+strings.Repeat("b/", i)+"x")
	}
	out, err := r0(dir).run(nil, args...)
	if err != nil || len(strings.Fields(string(out))) != 1 {
		t.Errorf("rev-list of 1,500 long pathspecs: %q, %v; want the one commit that changed a", out, err)
	}
}

// TestPathspecsOnStdin: only a rev-list's long pathspecs move to
// standard input, after a "--" line; a pathspec with a line break, a
// command given input already, and another command stay as they are.
func TestPathspecsOnStdin(t *testing.T) {
	long := strings.Repeat("x", maxPathspecBytes)
	args, in := pathspecsOnStdin([]string{"rev-list", "--first-parent", "A..B", "--", long, ":(top)y"}, nil)
	if want := []string{"rev-list", "--first-parent", "A..B", "--stdin"}; !slices.Equal(args, want) || in == nil {
		t.Fatalf("args %q, stdin %v; want %q and the pathspecs", args, in, want)
	}
	b, _ := io.ReadAll(in)
	if want := "--\n" + long + "\n:(top)y\n"; string(b) != want {
		t.Errorf("stdin %.40q…, want %.40q…", b, want)
	}
	for _, tc := range [][]string{
		{"rev-list", "A", "--", "short"},
		{"rev-list", "A", "--", long, "line\nbreak"},
		{"log", "A", "--", long},
		{"rev-list", long},
	} {
		if args, in := pathspecsOnStdin(tc, nil); !slices.Equal(args, tc) || in != nil {
			t.Errorf("pathspecsOnStdin(%.60q) = %.60q, %v; want them as they are", tc, args, in)
		}
	}
	given := strings.NewReader("x")
	if args, in := pathspecsOnStdin([]string{"rev-list", "A", "--", long}, given); len(args) != 4 || in != given {
		t.Errorf("a command given input moved its pathspecs")
	}
}

// TestLongPathspecsCarriageReturn (213th adversarial pass): git reads a
// line of its standard input without the \r at its end, so a pathspec
// of the file f\r, among pathspecs long enough to go there, named f: the
// rev-list listed the commits of f, not of f\r. Such pathspecs stay on
// the command line.
func TestLongPathspecsCarriageReturn(t *testing.T) {
	dir, commit := newRepo(t)
	commit("main", "f\r", "1")
	commit("main", "f", "2")
	args := []string{"rev-list", "main", "--", ":(top,literal)a/f\r"}
	for i := range 600 {
		args = append(args, ":(top,literal)"+strings.Repeat("b/", i)+"x")
	}
	out, err := r0(dir).run(nil, args...)
	if err != nil {
		t.Fatal(err)
	}
	want, err := gittest.Git(dir, nil, "rev-list", "main", "--", ":(top,literal)a/f\r")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Fields(string(out)); !slices.Equal(got, strings.Fields(want)) {
		t.Errorf("rev-list of f\\r among long pathspecs: %q, want %q (its commit alone)", got, strings.Fields(want))
	}
}
