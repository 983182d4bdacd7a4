package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefusesWhatTheSystemRefuses: a constant that overflows a 32-bit
// int is refused as 386 and passes as Windows (on a 64-bit host's
// GOARCH); a name only a _linux.go file defines, used in a test file of
// every system, is refused as Windows and passes as 386 (on a Linux
// host); each error is said once (a package and its test variant share
// the file), a syntax error once (go/parser goes on past it), an import
// no module provides once (its list error, not the type checker's
// "could not import" besides), and the exit status says it.
func TestRefusesWhatTheSystemRefuses(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":       "module example.com/m\n\ngo 1.26\n",
		"a/a.go":       "package a\n\nvar Big int = 1 << 40\n",
		"a/a_test.go":  "package a\n", // a.go in a and in a's test variant: its error said once
		"b/b_linux.go": "package b\n\nconst only = 1\n",
		"b/b_test.go":  "package b\n\nvar _ = only\n",
		// One syntax error, which go/parser goes on past (14 more), in
		// a package with a test that uses G, which the error hides from
		// the type checker: said once, without "undefined: G".
		"d/d.go":      "package d\n\nfunc F( {\n}\n\nfunc G() {}\n",
		"d/d_test.go": "package d\n\nvar _ = G\n",
		// An import no module provides: its list error, not beside it
		// the type checker's "could not import".
		"e/e.go": "package e\n\nimport _ \"example.com/m/nope\"\n",
		// A package whose files Windows' build constraints all exclude,
		// imported: named by its path, as go vet names it, not "-".
		"f/f.go": "package f\n\nimport _ \"example.com/m/b\"\n",
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	// Two systems, each a load of the packages and all they import,
	// testing's closure from source (~2 s of CPU each), each showing what
	// the other refuses passing. The errors of every system, after each
	// system's own (sorted: its paths are absolute, the list error's
	// relative, its hint a line of its own).
	everywhere := []string{
		"d.go:3:9: expected ')', found '{'",
		"e/e.go:3:8: no required module provides package example.com/m/nope; to add it:",
		"\tgo get example.com/m/nope",
	}
	for _, tc := range []struct {
		target string
		status int
		errs   []string
		after  []string // after every system's, as sorted
	}{
		{"GOARCH=386", 1, []string{"a.go:3:15: cannot use 1 << 40 (untyped int constant 1099511627776) as int value in variable declaration (overflows)"}, nil},
		{"GOOS=windows", 1, []string{"b_test.go:3:9: undefined: only"}, []string{"example.com/m/b: build constraints exclude all Go files in " + filepath.Join(dir, "b")}},
	} {
		var stdout, stderr bytes.Buffer
		if got := run([]string{tc.target, "--", "./..."}, &stdout, &stderr); got != tc.status {
			t.Errorf("%s: status %d, want %d\n%s%s", tc.target, got, tc.status, stdout.String(), stderr.String())
		}
		tc.errs = append(append(tc.errs, everywhere...), tc.after...)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if stderr.Len() == 0 {
			lines = nil
		}
		if len(lines) != len(tc.errs) {
			t.Errorf("%s: errors\n%s\nwant %d", tc.target, stderr.String(), len(tc.errs))
			continue
		}
		for i, want := range tc.errs {
			if !strings.HasSuffix(lines[i], want) {
				t.Errorf("%s: error %q, want it to end %q", tc.target, lines[i], want)
			}
		}
		if want := tc.target + ": "; !strings.Contains(stdout.String(), want) {
			t.Errorf("%s: stdout %q says no target", tc.target, stdout.String())
		}
	}
	if got := run([]string{"GOOS=darwin"}, new(bytes.Buffer), new(bytes.Buffer)); got != 2 {
		t.Errorf("no patterns: status %d, want 2", got)
	}
}
