package builtin_test

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsShowCauseSpacesPerValue (issue 35 class a): Markdown's
// causes sentence, and the HTML page's Why tables and summary, made a
// cause's words visible as a whole, each run of spaces shown (\x20):
// the dependency "zlib " moved 1.0 → 2.0 and the dependency zlib moved
// " 1.0" → 2.0 both read "zlib\x20\x201.0 → 2.0". Only a value's own
// edge spaces are shown, as a highlight's words show them
// (report.NewsShown): "zlib\x20 1.0", and a version holding a space
// is quoted, as a one-for-one move's is: zlib " 1.0".
func TestViewsShowCauseSpacesPerValue(t *testing.T) {
	for _, f := range []string{"md", "html"} {
		format, _ := report.Lookup(f)
		seen := map[string]string{}
		for _, c := range []struct{ dep, from, shown string }{
			{"zlib ", "1.0", `zlib\x20 1.0 → 2.0`},
			{"zlib", " 1.0", `zlib " 1.0" → 2.0`}, // quoted as a move's version (TestViewsTellCauseVersionsApart)
		} {
			lock := lockfilePair(t, c.dep, c.from, "2.0")
			r := reporttest.ComparePaths(t, lock[0], lock[1])
			var buf bytes.Buffer
			if err := format.Render(&buf, r, report.Options{Width: 200}); err != nil {
				t.Fatal(err)
			}
			shown := c.shown
			if f == "md" {
				shown = strings.ReplaceAll(shown, `\`, `\\`) // Markdown's escape of a backslash
			}
			var lines []string // the causes sentence, the roots' why cell
			for _, l := range strings.Split(buf.String(), "\n") {
				if strings.Contains(l, "because of") || strings.HasPrefix(l, "| changed | curl") || strings.Contains(l, "<th scope=\"row\">changed</th>") {
					lines = append(lines, l)
					if !strings.Contains(html.UnescapeString(l), shown) {
						t.Errorf("--format %s, dependency %q from %q: no %s in\n%s", f, c.dep, c.from, shown, l)
					}
				}
			}
			if len(lines) != 2 {
				t.Fatalf("--format %s: want the causes sentence and a changed root's row, got %q in\n%s", f, lines, buf.String())
			}
			what := strconv.Quote(c.dep) + " from " + strconv.Quote(c.from)
			for _, l := range lines {
				if other, ok := seen[l]; ok {
					t.Errorf("--format %s: the dependency %s and %s read alike: %s", f, what, other, l)
				}
				seen[l] = what
			}
		}
	}
}

// lockfilePair writes two lockfiles of the root curl, whose one
// dependency dep moves from version v0 to v1 (and so changes hash).
func lockfilePair(t *testing.T, dep, v0, v1 string) [2]string {
	t.Helper()
	var paths [2]string
	for i, side := range []struct{ root, dh, v string }{
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "cccccccccccccccccccccccccccccccc", v0},
		{"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "dddddddddddddddddddddddddddddddd", v1},
	} {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + side.root + `","spec":"curl"}],"concrete_specs":{
"` + side.root + `":{"name":"curl","version":"1","dependencies":[{"name":` + strconv.Quote(dep) + `,"hash":"` + side.dh + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}],"hash":"` + side.root + `"},
"` + side.dh + `":{"name":` + strconv.Quote(dep) + `,"version":` + strconv.Quote(side.v) + `,"hash":"` + side.dh + `"}}}`
		paths[i] = filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(paths[i], []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return paths
}

// TestCauseVariantsQuotedOnce (issue 35 class a): a change of variants
// is the list of them joined by spaces, a variant holding a space
// quoted already (listops.Join), and a cause quoted the whole list
// again where it held ", ", which parts a cause's changes: the variant
// v=a, b read "variants v=x → "\"v=a, b\""", as a value of quotes. It
// is quoted once; the variants +a, and +b, whose list holds ", " out of
// quotes, read "+a," +b, not as the one variant "+a, +b".
func TestCauseVariantsQuotedOnce(t *testing.T) {
	for _, f := range []string{"md", "text", "html"} {
		seen := map[string]string{}
		for _, c := range []struct{ params, want string }{
			{`{"v":"a, b"}`, `z variants v=x → "v=a, b"`},
			{`{"a,":true,"b":true}`, `z variants v=x → "+a," +b`},
			{`{"a, +b":true}`, `z variants v=x → "+a, +b"`},
			{`{"v":"a, b","w":"c,"}`, `z variants v=x → "v=a, b" "w=c,"`},
			{`{"v":"a"}`, `z variants v=x → v=a`},
		} {
			lock := chainLockPair(t, [2]string{`"version":"1","parameters":{"v":"x"}`, `"version":"1","parameters":` + c.params}, "r", "z")
			r := reporttest.ComparePaths(t, lock[0], lock[1])
			var line string
			for _, l := range strings.Split(readText(t, f, r), "\n") {
				if strings.Contains(l, "because of") || f == "text" && strings.Contains(l, "cause: ") {
					line = l
				}
			}
			if !strings.Contains(line, c.want+" (2 specs)") {
				t.Errorf("--format %s, the parameters %s: no %s in the causes line %q", f, c.params, c.want, line)
			}
			if other, ok := seen[line]; ok {
				t.Errorf("--format %s: the parameters %s and %s read alike: %s", f, c.params, other, line)
			}
			seen[line] = c.params
		}
	}
}
