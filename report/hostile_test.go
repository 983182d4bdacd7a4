package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestEscapeMentionsAfterNonASCII: GitHub's mention pattern counts only
// ASCII letters and digits as word characters, so an @ after é, after a
// CJK character or after an invisible character starts a mention and
// must be broken (issue 11, item 4). An @ inside an ASCII word does not.
func TestEscapeMentionsAfterNonASCII(t *testing.T) {
	for _, tc := range []struct{ in, md, html string }{
		{"café@octocat", "café@&#8203;octocat", "café@&#8203;octocat"},
		{"é@octocat", "é@&#8203;octocat", "é@&#8203;octocat"},
		{"x=日本@github/security", "x=日本@&#8203;github/security", "x=日本@&#8203;github/security"},
		// An invisible character (U+00A0 too) is written as its escape,
		// whose last digit is a word character before the @.
		{"\u00a0@octocat", `\\u00a0@octocat`, `\u00a0@octocat`},
		{"\u200b@octocat", `\\u200b@octocat`, `\u200b@octocat`},
		{"_@octocat", `\_@&#8203;octocat`, "_@&#8203;octocat"},
		{"gcc@13.2.0", "gcc@13.2.0", "gcc@13.2.0"}, // not a mention
		{"x@", "x@", "x@"},
	} {
		if got := EscapeMD(tc.in); got != tc.md {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.md)
		}
		if got := EscapeHTML(tc.in); got != tc.html {
			t.Errorf("EscapeHTML(%q) = %q, want %q", tc.in, got, tc.html)
		}
	}
}

// TestEscapeReferencesAndMath: #123 and GH-123 link an issue (and show in
// its timeline) and $…$ is typeset as math on GitHub: a name holds
// neither once escaped (issue 11, item 4).
func TestEscapeReferencesAndMath(t *testing.T) {
	for _, tc := range []struct{ in, md, html string }{
		{"#123", `\#&#8203;123`, "&#35;&#8203;123"},
		{"fix#1", `fix\#&#8203;1`, "fix&#35;&#8203;1"},
		{"org/repo#9", `org/repo\#&#8203;9`, "org/repo&#35;&#8203;9"},
		{"GH-42", "GH-&#8203;42", "GH-&#8203;42"},
		{"see gh-7", "see gh-&#8203;7", "see gh-&#8203;7"},
		{"high-5", "high-5", "high-5"}, // not GH-: inside a word
		{"# heading", `\# heading`, "&#35; heading"},
		{"$x^2$", `\$x^2\$`, "&#36;x^2&#36;"},
		{"$`a`$", "\\$\\`a\\`\\$", "&#36;&#96;a&#96;&#36;"},
	} {
		if got := EscapeMD(tc.in); got != tc.md {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.md)
		}
		if got := EscapeHTML(tc.in); got != tc.html {
			t.Errorf("EscapeHTML(%q) = %q, want %q", tc.in, got, tc.html)
		}
	}
}

// TestEscapeAutolinksAndEmoji: GitHub links a bare URL, a www. name and
// an e-mail address (GFM's autolinks) and draws :shortcode: emoji; a name
// read from a page does neither once escaped, in a bot's trusted comment
// (a phishing link). A version after @ (gcc@13.2.0) and a version range
// (1.2:1.4) stay as written, to be copied.
func TestEscapeAutolinksAndEmoji(t *testing.T) {
	for _, tc := range []struct{ in, md, html string }{
		{"see https://evil.example/x", "see https:&#8203;//evil.example/x", "see https:&#8203;//evil.example/x"},
		{"ftp://x.example", "ftp:&#8203;//x.example", "ftp:&#8203;//x.example"},
		{"www.evil.example", "www&#8203;.evil.example", "www&#8203;.evil.example"},
		{"go WWW.evil.example", "go WWW&#8203;.evil.example", "go WWW&#8203;.evil.example"},
		{"awww.x", "awww.x", "awww.x"}, // not at a word's start
		{"mail a@evil.example", "mail a@&#8203;evil.example", "mail a@&#8203;evil.example"},
		{"x.y+z@a-b.c_d.io", "x.y+z@&#8203;a-b.c_d.io", "x.y+z@&#8203;a-b.c_d.io"},
		{"gcc@13.2.0", "gcc@13.2.0", "gcc@13.2.0"},
		{"llvm@main", "llvm@main", "llvm@main"},
		{":+1: :rocket:", ":&#8203;+1: :&#8203;rocket:", ":&#8203;+1: :&#8203;rocket:"},
		{"1.2:1.4", "1.2:1.4", "1.2:1.4"},
		{"a: b:", "a: b:", "a: b:"},
	} {
		if got := EscapeMD(tc.in); got != tc.md {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.md)
		}
		if got := EscapeHTML(tc.in); got != tc.html {
			t.Errorf("EscapeHTML(%q) = %q, want %q", tc.in, got, tc.html)
		}
	}
}

// TestInvisibleShownEverywhere: a zero-width space or a right-to-left
// override in a name is visible in every format (issue 11, item 15):
// U+FFFD in Markdown, a \u escape in the terminal view and the patch.
func TestInvisibleShownEverywhere(t *testing.T) {
	for _, name := range []string{"g\u200bcc", "a\u202eb", "x\ufeffy", "s\u00adh", "v\ufe0f", "t\U000e0041"} {
		if got := plainText(name); !strings.Contains(got, `\u`) && !strings.Contains(got, `\U`) {
			t.Errorf("Plain(%q) = %q: the character is not shown", name, got)
		}
		r := reporttest.OnePackage(name)
		for _, f := range []struct {
			name   string
			render func(*bytes.Buffer) error
		}{
			{"md", func(b *bytes.Buffer) error { return render(b, "md", r, Options{}) }},
			{"text", func(b *bytes.Buffer) error { return render(b, "text", r, Options{}) }},
			{"patch", func(b *bytes.Buffer) error { return render(b, "patch", r, Options{}) }},
		} {
			var buf bytes.Buffer
			if err := f.render(&buf); err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			for _, c := range name {
				if Invisible(c) && strings.ContainsRune(buf.String(), c) {
					t.Errorf("%s of %q: %U is in the output as it is", f.name, name, c)
				}
			}
		}
	}
	if plainText("développement 日本") != "développement 日本" {
		t.Error("Plain changes visible text")
	}
}

// TestNoncharactersShown: the noncharacters (U+FFFE, U+FFFF, U+FDD0 and
// the last two of a plane) are shown as the other invisible characters
// are, in every format: they passed into Markdown, text and HTML as they
// were (issue 35).
func TestNoncharactersShown(t *testing.T) {
	for _, c := range []rune{0xfffe, 0xffff, 0xfdd0, 0xfdef, 0x1fffe, 0x10ffff} {
		name := "z" + string(c) + "lib"
		if got := plainText(name); got == name {
			t.Errorf("plainText(%q) = %q: the noncharacter is not shown", name, got)
		}
		r := reporttest.OnePackage(name)
		for _, f := range []string{"md", "text", "html", "patch", "atom"} {
			var buf bytes.Buffer
			if err := render(&buf, f, r, Options{}); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if strings.ContainsRune(buf.String(), c) {
				t.Errorf("%s of %q: %U is in the output as it is", f, name, c)
			}
		}
	}
}

// TestSharedPrefixShown: a rebuilt spec whose old and new hash share their
// first 7 characters shows as a change in the patch (a hunk, not two bare
// headers), in Markdown (two different abbreviations) and in a user
// template's short (issue 11, item 10).
func TestSharedPrefixShown(t *testing.T) {
	r := reporttest.OnePackage("zlib")
	pr := &r.Packages[0].Specs.Rebuilt[0]
	pr.Old.Hash = "aaaaaaaqqqqqqqqqqqqqqqqqqqqqqqqq"
	pr.New.Hash = "aaaaaaaqqqzzzzzzzzzzzzzzzzzzzzzz"
	var patch bytes.Buffer
	if err := render(&patch, "patch", r, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n@@ -1 +1 @@\n", "\n-/aaaaaaaqqqq @1.0", "\n+/aaaaaaaqqqz @1.0"} {
		if !strings.Contains(patch.String(), want) {
			t.Errorf("patch lacks %q:\n%s", want, patch.String())
		}
	}
	var md bytes.Buffer
	if err := render(&md, "md", r, Options{RebuiltRows: true}); err != nil {
		t.Fatal(err)
	}
	if want := "`aaaaaaaqqqq` → `aaaaaaaqqqz`"; !strings.Contains(md.String(), want) {
		t.Errorf("Markdown lacks %q:\n%s", want, md.String())
	}
	tmpl, err := ParseTemplate("t", `{{ range .Packages }}{{ range .Specs.Rebuilt }}{{ short .Old.Hash }} {{ short .New.Hash }}{{ end }}{{ end }}`)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Execute(&out, tmpl, r, Options{}); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "aaaaaaaqqqq aaaaaaaqqqz"; got != want {
		t.Errorf("user template: %q, want %q", got, want)
	}
}

func TestAbbrev(t *testing.T) {
	r := reporttest.OnePackage("p")
	s := &r.Packages[0].Specs
	h := func(s string) string { return s + strings.Repeat("x", 32-len(s)) }
	s.Rebuilt[0].Old.Hash, s.Rebuilt[0].New.Hash = h("abcdefg1"), h("abcdefg2")
	s.Restacked = []diff.Pair{{Old: &diff.Spec{Hash: h("zzzzzzz")}, New: &diff.Spec{Hash: h("zzzzzzz")}}} // the same hash twice: no collision
	s.Added = []diff.Spec{{Hash: h("abcdefg22")}, {Hash: "abc"}, {Hash: h("q<|`")}}
	a := Abbreviate(r)
	for in, want := range map[string]string{
		h("abcdefg1"): "abcdefg1", h("abcdefg2"): "abcdefg2x", h("abcdefg22"): "abcdefg22",
		h("zzzzzzz"): "zzzzzzz", "abc": "abc", h("q<|`"): "q???xxx", h("unknown"): "unknown",
	} {
		if got := a.Short(in); got != want {
			t.Errorf("Short(%q) = %q, want %q", in, got, want)
		}
	}
	if got := (Abbrev{}).Short(h("abcdefg1")); got != "abcdefg" {
		t.Errorf("zero Abbrev: %q", got)
	}
}

// writePage writes a package page of the catalogue's layout under
// dir/name/specs.md, listing specs (each a JSON object), with the meta
// that agrees with them.
func writePage(t testing.TB, dir, name string, specs ...string) {
	t.Helper()
	var fields []map[string]any
	if err := json.Unmarshal([]byte("["+strings.Join(specs, ", ")+"]"), &fields); err != nil {
		t.Fatal(err)
	}
	page := "---\ntitle: " + name + "\nlayout: cache\ncategories: [package, develop]\nmeta: " + pagetest.MustJSON(pagetest.MetaOf(fields)) + "\nspec_details: [" + strings.Join(specs, ", ") + "]\n---\n"
	if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name, "specs.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
}

// specJSON is a spec object of a page.
func specJSON(hash string, versions ...string) string {
	v, _ := json.Marshal(versions)
	if versions == nil {
		v = []byte("[]")
	}
	return `{"compiler": "gcc@13.2.0", "hash": "` + hash + `", "os": "ubuntu22.04", "platform": "linux", "stacks": ["root"], "target": "x86_64", "variants": ["+shared"], "versions": ` + string(v) + `, "size": "-"}`
}

// renderAll is reporttest.RenderAll with this package's formats.
func renderAll(t testing.TB, r *diff.Report) map[string]string {
	t.Helper()
	return reporttest.RenderAll(t, r, func(b *bytes.Buffer, name string, r *diff.Report) error {
		switch name {
		case "json":
			return JSON(b, r)
		case "md":
			return render(b, "md", r, Options{})
		case "md cut":
			return render(b, "md", r, Options{MaxBytes: 3000})
		case "text":
			return render(b, "text", r, Options{Color: true})
		}
		return render(b, "patch", r, Options{})
	}, DecodeBytes)
}

// emptyArrowSide matches an arrow with nothing on one side: a table
// cell's edge, a line's end, or a bracket where a value should be. Text
// wraps its lines at arrows, so there only a bracket or comma counts.
var emptyArrowSide = map[string]*regexp.Regexp{
	"md":   regexp.MustCompile(`(\|\s*|\n\s*|\(|: )→|→\s*(\||\n|$|\(|,)`),
	"text": regexp.MustCompile(`(\(|: )→|→ *(\(|,)`),
}

// TestEmptyVersionsAndPages: a page without specs on either side, and
// specs whose versions list is empty, render in every format (issue 11,
// item 7: md.tmpl and text.tmpl failed on the last of an empty list).
func TestEmptyVersionsAndPages(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	for _, tc := range []struct {
		name     string
		old, new [][]string // pages: each a list of specs
	}{
		{"empty new page", [][]string{{specJSON(h('a'), "1.0")}}, [][]string{{}}},
		{"empty old page", [][]string{{}}, [][]string{{specJSON(h('a'), "1.0")}}},
		{"empty pages both sides", [][]string{{}, {specJSON(h('b'), "1")}}, [][]string{{}, {specJSON(h('c'), "2")}}},
		{"no versions new", [][]string{{specJSON(h('a'), "1.0")}}, [][]string{{specJSON(h('b'))}}},
		{"no versions old", [][]string{{specJSON(h('a'))}}, [][]string{{specJSON(h('b'), "1.0")}}},
		{"no versions both", [][]string{{specJSON(h('a'))}}, [][]string{{specJSON(h('b')), specJSON(h('c'), "2")}}},
		{"no versions added package", [][]string{{specJSON(h('d'), "1")}}, [][]string{{specJSON(h('d'), "1")}, {specJSON(h('e'))}}},
		{"no versions removed package", [][]string{{specJSON(h('d'), "1")}, {specJSON(h('e'))}}, [][]string{{specJSON(h('d'), "1")}}},
		{"empty version new", [][]string{{specJSON(h('a'), "1.0")}}, [][]string{{specJSON(h('b'), "")}}},
		{"empty version old", [][]string{{specJSON(h('a'), "")}}, [][]string{{specJSON(h('b'), "1.0")}}},
		{"empty version both kept", [][]string{{specJSON(h('a'), ""), specJSON(h('c'), "2")}}, [][]string{{specJSON(h('b'), ""), specJSON(h('c'), "3")}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			load := func(side string, pages [][]string) *snapshot.Snapshot {
				for i, specs := range pages {
					writePage(t, filepath.Join(dir, side), fmt.Sprintf("p%d", i), specs...)
				}
				s, err := snapshot.Load(filepath.Join(dir, side), snapshot.Options{})
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			r, err := diff.CompareWith(load("old", tc.old), load("new", tc.new), diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			// A package line never leaves its versions' place empty
			// ("p0: , +1 spec"): it says "no version".
			out := renderAll(t, r)
			text := out["text"]
			if m := regexp.MustCompile(`(: |new, |removed, )(,|\n|$)`).FindString(text); m != "" {
				t.Errorf("text has an empty versions field (%q):\n%s", m, text)
			}
			// Nor does an arrow point from or to nothing ("1.0 → |",
			// "p 1.0 →  (changed)"), which reads as a value cut off: an
			// empty side is written ∅, as the Updates table writes it.
			for _, f := range []string{"md", "text"} {
				if m := emptyArrowSide[f].FindString(out[f]); m != "" {
					t.Errorf("%s has an arrow with an empty side (%q):\n%s", f, m, out[f])
				}
			}
		})
	}
}

// TestTemplateKeysValuesSorted: sprig's keys and values followed Go's map
// order (6 outputs in 8 runs): in templates they are sorted by key (issue
// 11, item 15).
func TestTemplateKeysValuesSorted(t *testing.T) {
	tmpl, err := ParseTemplate("t", `{{ $d := dict "j" 10 "c" 3 "a" 1 "h" 8 "e" 5 "b" 2 "i" 9 "d" 4 "g" 7 "f" 6 }}{{ keys $d | join "," }} {{ values $d | join "," }} {{ keys $d (dict "a" 0 "z" 0) | join "," }}`)
	if err != nil {
		t.Fatal(err)
	}
	want := "a,b,c,d,e,f,g,h,i,j 1,2,3,4,5,6,7,8,9,10 a,a,b,c,d,e,f,g,h,i,j,z"
	for range 20 {
		var buf bytes.Buffer
		if err := Execute(&buf, tmpl, reporttest.OnePackage("p"), Options{}); err != nil {
			t.Fatal(err)
		}
		if buf.String() != want {
			t.Fatalf("got %q, want %q", buf.String(), want)
		}
	}
}

// TestAbbrevRoots: a lockfile root whose old and new hash share their
// first 7 characters is told apart in the causes section too.
func TestAbbrevRoots(t *testing.T) {
	r := reporttest.OnePackage("p")
	r.Causes = &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{{
		Old: diff.RootSpec{Hash: "rrrrrrrxaaaaaaaaaaaaaaaaaaaaaaaa"}, New: diff.RootSpec{Hash: "rrrrrrryaaaaaaaaaaaaaaaaaaaaaaaa"}}}}}
	a := Abbreviate(r)
	if got := a.Short("rrrrrrrxaaaaaaaaaaaaaaaaaaaaaaaa") + " " + a.Short("rrrrrrryaaaaaaaaaaaaaaaaaaaaaaaa"); got != "rrrrrrrx rrrrrrry" {
		t.Errorf("roots abbreviated as %q", got)
	}
}

// TestTemplatePrintsSpecs: a user's template that prints a pair or a spec
// whole shows the specs' values, as when pairs held them, not their
// addresses (a pair points at the loaded specs: diff.Pair).
func TestTemplatePrintsSpecs(t *testing.T) {
	o := diff.Spec{Hash: "aaaa", Versions: []string{"1.0"}, Compiler: "gcc@13", OS: "centos7", Platform: "linux", Target: "x86_64", Variants: []string{"+a", "~b"}, Stacks: []string{"e4s"}}
	n := o
	n.Hash = "bbbb"
	n.More = &snapshot.SpecMore{}
	n.More.Page().Tarball = "t"
	r := reporttest.OnePackage("p")
	r.Packages[0].Specs.Rebuilt = []diff.Pair{{Old: &o, New: &n}}
	r.Packages[0].Specs.Added = []diff.Spec{n}
	tmpl, err := ParseTemplate("t", `{{ range .Packages }}{{ range .Specs.Rebuilt }}{{ . }}|{{ .Old }}|{{ printf "%v" .New }}{{ end }}|{{ range .Specs.Added }}{{ . }}{{ end }}{{ end }}`)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Execute(&buf, tmpl, r, Options{}); err != nil {
		t.Fatal(err)
	}
	os, ns := "{aaaa [1.0] gcc@13 centos7 linux x86_64 [+a ~b] [e4s]}", "{bbbb [1.0] gcc@13 centos7 linux x86_64 [+a ~b] [e4s]}"
	want := "{" + os + " " + ns + "    [] [] <nil> 0}|" + os + "|" + ns + "|" + ns
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}
