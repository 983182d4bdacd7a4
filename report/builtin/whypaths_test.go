package builtin_test

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestCausePathsQuoteNames (issue 35 class a): a cause's path (its
// "via", in a root's why in Markdown's and the HTML page's "Environment
// roots", the causes table and line) quoted a package's name only where
// it held an arrow. A root's why is causes joined by "; ", each with
// its path in parentheses, and the line's causes are joined by ", ":
// the one cause through the package "q); new dependency s (via r" read
// "new dependency s@1 (via r → q); new dependency s (via r → s)", as
// two. A name on a path is quoted as a sentence's names are
// (report.NamesQuoted), and where it holds a parenthesis.
func TestCausePathsQuoteNames(t *testing.T) {
	for _, name := range []string{"q); new dependency s (via r", "a, b", "m (1 spec", "x; y", "∅", `"p"`, "a and 1 more"} {
		if got, want := report.JoinPath([]string{"r", name, "z"}), "r → "+strconv.Quote(name)+" → z"; got != want {
			t.Errorf("JoinPath of the name %q = %s, want %s", name, got, want)
		}
		paths := chainLockPair(t, [2]string{`"version":"1"`, `"version":"2"`}, "r", name, "z")
		r := reporttest.ComparePaths(t, paths[0], paths[1])
		want := "z 1 → 2 (via r → " + strconv.Quote(name) + " → z)"
		for _, f := range []string{"md", "html"} {
			if out := readText(t, f, r); !strings.Contains(out, want) {
				t.Errorf("--format %s: the path through %q: no %s in the roots' why", f, name, want)
			}
		}
	}
	for _, name := range []string{"p", "py-numpy", "a+b", "gcc@13"} {
		if got, want := report.JoinPath([]string{"r", name}), "r → "+name; got != want {
			t.Errorf("JoinPath of the name %q = %s, want %s", name, got, want)
		}
	}
}

// readText is r in format f as its words read: HTML's entities
// unescaped, and in Markdown a quote escaped (EscapeMD) as it is.
func readText(t *testing.T, f string, r *diff.Report) string {
	t.Helper()
	format, _ := report.Lookup(f)
	var buf bytes.Buffer
	if err := format.Render(&buf, r, report.Options{Width: 400}); err != nil {
		t.Fatal(err)
	}
	out := html.UnescapeString(buf.String())
	if f == "md" {
		out = strings.ReplaceAll(out, `\"`, `"`)
	}
	return out
}

// chainLockPair writes two lockfiles of one root, names[0], each spec
// depending on the next, of version 1 but the last, which is written
// with the fields leaf[0] in the first and leaf[1] in the second (its
// version, its parameters); a spec's hash is of its side and place.
func chainLockPair(t *testing.T, leaf [2]string, names ...string) [2]string {
	t.Helper()
	var paths [2]string
	for side := range paths {
		var specs []string
		dep, hash := "", ""
		for i := len(names) - 1; i >= 0; i-- {
			h := strings.Repeat(string(rune('a'+side)), 31) + string(rune('k'+i)) // base32, one a spec
			deps := ""
			if dep != "" {
				deps = `{"name":` + strconv.Quote(dep) + `,"hash":"` + hash + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}`
			}
			fields := `"version":"1"`
			if i == len(names)-1 {
				fields = leaf[side]
			}
			specs = append(specs, `"`+h+`":{"name":`+strconv.Quote(names[i])+`,`+fields+`,"dependencies":[`+deps+`],"hash":"`+h+`"}`)
			dep, hash = names[i], h
		}
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + hash + `","spec":` + strconv.Quote(names[0]) + `}],"concrete_specs":{` + strings.Join(specs, ",\n") + `}}`
		paths[side] = filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(paths[side], []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return paths
}
