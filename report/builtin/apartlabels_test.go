package builtin_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/text"
)

// TestFeedTitleQuotesRootLabels (issue 35 class a): roots that read
// alike (zlib of several environments' lockfiles, each 1.3 → 1.5) are
// told apart in the news by a label after what changed, their compiler
// "%gcc@10" (diff.RootsApart), written as it is, and a feed entry's
// title joins the highlights by "; ": the roots zlib of the compilers a
// and "b@1; root zlib changed: 1.3 → 1.5 %c" titled their entry as the
// three roots zlib of the compilers a, b and c. A label holding ";" is
// quoted, as a sentence's names are (report.NamesQuoted).
func TestFeedTitleQuotesRootLabels(t *testing.T) {
	title := func(compilers ...string) string {
		r := reporttest.ComparePaths(t, envLockfiles(t, "1.3", compilers), envLockfiles(t, "1.5", compilers))
		r.Old.Path, r.New.Path = "old", "new"
		var b bytes.Buffer
		f, _ := report.Lookup("atom")
		if err := f.Render(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		_, entry, _ := strings.Cut(b.String(), "<entry>")
		_, t0, _ := strings.Cut(entry, "<title type=\"text\">")
		t1, _, _ := strings.Cut(t0, "</title>")
		return t1
	}
	forged, three := title("a", "b@1; root zlib changed: 1.3 → 1.5 %c"), title("a", "b", "c")
	if forged == three {
		t.Errorf("two roots and three read alike: %s", forged)
	}
	if want := `1.3 → 1.5 &#34;%b@1; root zlib changed: 1.3 \u2192 1.5 %c@1&#34;`; !strings.Contains(forged, want) {
		t.Errorf("the title %s\nholds no %s", forged, want)
	}
}

// envLockfiles is a folder of a lockfile per compiler (env0/spack.lock,
// …), each of the one root zlib at version built by its compiler.
func envLockfiles(t *testing.T, version string, compilers []string) string {
	t.Helper()
	return envLockfilesOf(t, "zlib", version, compilers)
}

// envLockfilesOf is envLockfiles of the root name.
func envLockfilesOf(t *testing.T, name, version string, compilers []string) string {
	t.Helper()
	dir := t.TempDir()
	for i, c := range compilers {
		h := strings.Repeat(string(rune('a'+i)), 31) + map[string]string{"1.3": "2", "1.5": "3"}[version]
		writeRootLock(t, filepath.Join(dir, "env"+strconv.Itoa(i), "spack.lock"), name, name, version, c, h)
	}
	return dir
}

// writeRootLock writes the lockfile path of one root, spelt spelling,
// its spec name@version of the hash h built by compiler@1.
func writeRootLock(t *testing.T, path, spelling, name, version, compiler, h string) {
	t.Helper()
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + h + `","spec":` + strconv.Quote(spelling) + `}],"concrete_specs":{"` + h + `":{"name":` + strconv.Quote(name) + `,"version":` + strconv.Quote(version) +
		`,"compiler":{"name":` + strconv.Quote(compiler) + `,"version":"1"},"arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + h + `"}}}`
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(lock), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRootsLineNamesRootAsHeadline (issue 35 class a): a changed root
// whose spelling another list has too (env1's zlib@1.3 removed, env0's
// zlib@1.3 moved 1.3 → 1.5) is labelled by its compiler, and the roots
// line, as the headline, names it by its package, "zlib 1.3 → 1.5
// %gcc@1". Where the label was written otherwise shown than given (a
// compiler holding a tab or U+202E), the roots line did not find it
// after what it said and named the root by its spelling, "zlib@1.3 1.3
// → 1.5 %gc\tc@1", beside the headline's "zlib 1.3 → 1.5 %gc\tc@1".
func TestRootsLineNamesRootAsHeadline(t *testing.T) {
	for _, comp := range []string{"gcc", "gc\tc", "gc\u202ec"} {
		old, nw := t.TempDir(), t.TempDir()
		writeRootLock(t, filepath.Join(old, "env0", "spack.lock"), "zlib@1.3", "zlib", "1.3", comp, strings.Repeat("a", 31)+"2")
		writeRootLock(t, filepath.Join(old, "env1", "spack.lock"), "zlib@1.3", "zlib", "1.3", "clang", strings.Repeat("b", 31)+"2")
		writeRootLock(t, filepath.Join(nw, "env0", "spack.lock"), "zlib@1.3", "zlib", "1.5", comp, strings.Repeat("a", 31)+"3")
		writeRootLock(t, filepath.Join(nw, "env1", "spack.lock"), "other", "other", "1.5", "clang", strings.Repeat("c", 31)+"3")
		r := reporttest.ComparePaths(t, old, nw)
		nd := report.NewDocument(r, report.Options{})
		line := strings.Join((&text.Document{Document: &nd}).TextCauses(), "\n")
		// Quoted in ASCII where the compiler is odd or not ASCII
		// (ApartLabel, TestRootLabelsLookalikeQuoted).
		want := "zlib 1.3 → 1.5 " + report.VisibleInput(report.ApartLabel("%"+comp+"@1"))
		if h, _ := report.RootsHeadlineShown(r); !strings.Contains(h, want) {
			t.Fatalf("the compiler %q: the headline %s holds no %s", comp, h, want)
		}
		if !strings.Contains(line, want) {
			t.Errorf("the compiler %q: the roots line %s holds no %s, as the headline does", comp, line, want)
		}
	}
}

// TestRootLabelsQuotedInEveryLine (issue 35 class a): what tells roots
// of one spelling apart (their compiler, diff.RootsApart) stands after
// the root in the headline, joined by ", " in parentheses, and in
// text's roots line, and was written as it is there while the news
// quoted it: the roots zlib of the compilers "a@1, zlib 1.3 → 1.5 %b"
// and c, and of a and "b@1, zlib 1.3 → 1.5 %c", read "2 roots changed
// (zlib 1.3 → 1.5 %a@1, zlib 1.3 → 1.5 %b@1, zlib 1.3 → 1.5 %c@1)"
// alike, and the roots zlib added of the compilers "a@1, +zlib %b" and
// c, and of a and "b@1, +zlib %c", read "+zlib %a@1, +zlib %b@1, +zlib
// %c@1" in the roots line. Each view's line of roots, and the news, now
// tell each pair apart (report.ApartLabel).
func TestRootLabelsQuotedInEveryLine(t *testing.T) {
	lines := func(added bool, compilers ...string) map[string]string {
		old := envLockfiles(t, "1.3", compilers)
		if added {
			old = envLockfilesOf(t, "other", "1.3", []string{"x"})
		}
		r := reporttest.ComparePaths(t, old, envLockfiles(t, "1.5", compilers))
		out := map[string]string{}
		out["headline"], _ = report.RootsHeadline(r)
		out["shown headline"], _ = report.RootsHeadlineShown(r)
		nd := report.NewDocument(r, report.Options{})
		doc := &text.Document{Document: &nd}
		out["roots line"] = strings.Join(doc.TextCauses(), "\n")
		var news []string
		for _, h := range r.Highlights {
			news = append(news, report.NewsText(h, -1))
		}
		out["news"] = strings.Join(news, "; ")
		return out
	}
	for _, added := range []bool{false, true} {
		a := lines(added, "a@1, zlib 1.3 → 1.5 %b", "c")
		b := lines(added, "a", "b@1, zlib 1.3 → 1.5 %c")
		if added {
			a, b = lines(added, "a@1, +zlib %b", "c"), lines(added, "a", "b@1, +zlib %c")
		}
		for _, k := range []string{"headline", "shown headline", "roots line", "news"} {
			if a[k] == b[k] {
				t.Errorf("added %v: the %s of two pairs of roots reads alike: %s", added, k, a[k])
			}
		}
	}
	if got, want := report.ApartLabel("%b@1, zlib 1.3 → 1.5 %c@1"), `"%b@1, zlib 1.3 \u2192 1.5 %c@1"`; got != want {
		t.Errorf("ApartLabel = %s, want %s", got, want)
	}
	if got := report.ApartLabel("%gcc@10"); got != "%gcc@10" {
		t.Errorf("ApartLabel of a plain compiler = %s", got)
	}
	// Each thing ApartLabel quotes, of which the pairs above hold ", "
	// alone (class c: with any other left out, no test failed).
	for _, s := range []string{"", "%a;b", "%a(b", "%a)b", "%a·b", `%a"b`, "%a = b", "%a and b", "…%a"} {
		// "·" is not ASCII: quoted in ASCII (TestRootLabelsLookalikeQuoted).
		if got, want := report.ApartLabel(s), strconv.Quote(s); got != want && got != strconv.QuoteToASCII(s) {
			t.Errorf("ApartLabel(%q) = %s, want %s", s, got, want)
		}
	}
	// The headline quotes its roots' list where a spelling holds ", ",
	// ";", a parenthesis or " = " (headlineQuoted), not "·": a label
	// holding it is quoted by ApartLabel alone, as the roots line and the
	// news quote it (with ApartLabels taken out of the headline's roots
	// added and removed, no test failed).
	old := envLockfilesOf(t, "other", "1.3", []string{"x"})
	r := reporttest.ComparePaths(t, old, envLockfiles(t, "1.5", []string{"a · b", "c"}))
	if h, _ := report.RootsHeadline(r); strings.Contains(h, "zlib %a · b@1") {
		t.Errorf("the headline writes the roots added of the compilers \"a · b\" and c with the first's label as it is: %s", h)
	}
}

// TestAddedRootLabelsQuoted (issue 35 class c): what tells roots added
// of one spelling apart (their compiler) is quoted in the headline and
// the news as it is for roots changed (report.ApartLabel), and no test
// failed with either site writing it as it is: the roots zlib added of
// the compilers "a@1 added; root zlib %c" and d then had the news "root
// zlib %a@1 added; root zlib %c@1 added; root zlib %d@1 added" (a feed
// entry's title joins them by "; "), as the three roots of the
// compilers a, c and d; the headline, whose items are quoted whole
// where they hold a parenthesis, wrote the label otherwise than the
// news and the roots line ("zlib %a@1); 1 root added (zlib %c@1", where
// they quote the label itself).
func TestAddedRootLabelsQuoted(t *testing.T) {
	roots := func(compilers ...string) (headline, news string) {
		r := reporttest.ComparePaths(t, envLockfilesOf(t, "other", "1.3", []string{"x"}), envLockfiles(t, "1.5", compilers))
		headline, _ = report.RootsHeadline(r)
		var l []string
		for _, h := range r.Highlights {
			if h.Kind == "root-added" {
				l = append(l, report.NewsText(h, -1))
			}
		}
		return headline, strings.Join(l, "; ")
	}
	_, forged := roots("a@1 added; root zlib %c", "d")
	_, three := roots("a", "c", "d")
	if forged == three {
		t.Errorf("the news of two roots added read as of three: %s", forged)
	}
	h, _ := roots("a@1); 1 root added (zlib %c", "d")
	if want := `zlib \"%a@1); 1 root added (zlib %c@1\"`; !strings.Contains(h, want) {
		t.Errorf("the headline %s\nholds no %s", h, want)
	}
}
