package catalog

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"

	. "github.com/cachediff/cachediff/snapshot"
)

// parseBoth parses a page by the fast paths (with a shared state, as Load
// does) and by the general ones (encoding/json and yaml.v3 only), and
// fails unless both give the same package, counts, warnings or error.
func parseBoth(t testing.TB, name string, data []byte, st *state) {
	t.Helper()
	for _, po := range []Options{{}, {Raw: true}, {Tarballs: true}} {
		fp, fc, fw, ferr := decodeWith(name, data, po, st)
		gp, gc, gw, gerr := decodeWith(name, data, po, generalOnly)
		if fmt.Sprint(ferr) != fmt.Sprint(gerr) {
			t.Fatalf("%s (%+v): fast path error %v, general path error %v", name, po, ferr, gerr)
		}
		if !reflect.DeepEqual(fp, gp) || !reflect.DeepEqual(fc, gc) || !reflect.DeepEqual(fw, gw) {
			t.Fatalf("%s (%+v): fast and general paths differ:\nfast    %+v %v %v\ngeneral %+v %v %v", name, po, fp, fc, fw, gp, gc, gw)
		}
	}
}

// fastPathPages is every kind of page the fast paths must agree on: real
// pages and seeds, the same rewritten (multi-line YAML, tagged flow, CRLF,
// other quoting, extra keys, broken), and generated pages of both styles.
func fastPathPages(t *testing.T) map[string]string {
	pages := fastSlowPages(t)
	names := slices.Sorted(maps.Keys(pages))
	if testing.Short() {
		// A quick inner loop: every fifth page and its rewrites (make
		// test: every page).
		var some []string
		for i, n := range names {
			if i%5 == 0 || n == "inconsistent" {
				some = append(some, n)
			} else {
				delete(pages, n)
			}
		}
		names = some
	}
	for _, name := range names {
		page := trimPage(pages[name], 3)
		pages[name+" block"] = toBlockYAML(t, page)
		pages[name+" tagged"] = toTaggedFlow(page)
		pages[name+" crlf"] = strings.ReplaceAll(page, "\n", "\r\n")
		title := page[strings.Index(page, "title: "):]
		title = title[:strings.IndexByte(title, '\n')]
		name2 := strings.Trim(strings.TrimPrefix(title, "title: "), `"`)
		for i, repl := range []string{
			"title: '" + name2 + "'",
			"title: " + name2,
			`title: "` + name2 + `\u0041"`,
			`title: "` + name2 + `"  # comment`,
			title + "\nextra: [1, 2]",
			title + "\ntitle: other",
			"title: null",
			"title: \"\"",
			title + "\nlayout: page",
		} {
			pages[fmt.Sprintf("%s title %d", name, i)] = strings.Replace(page, title, repl, 1)
		}
		for i, repl := range [][2]string{
			{"layout: cache", "layout: 'cache'"},
			{"layout: cache", "layout: cache # c"},
			{"layout: cache", "layout:   cache"},
			{"layout: cache", "layout: null"},
			{"categories: [package, ", "categories: [package,"},
			{"categories: [package, ", "categories:\n  - package\n  - "},
			{"categories: [package, ", "categories: [package, 2025-01-01, "},
			{"categories: [package, ", "categories: [package, null, "},
			{"categories: [package, ", "categories: [ package, "},
			{"categories: [package, ", "categories: []\nx: ["},
			{`"hash": "`, `"hash": "\u0061`},
			{`"os": "`, `"os": null, "x": "`},
			{`"size": "-"`, `"size": 123`},
			{`"size": "-"`, `"size": {"a": [1, "b"]}`},
			{`"num_specs": `, `"num_specs": 1, "Num_specs": `},
		} {
			pages[fmt.Sprintf("%s rewrite %d", name, i)] = strings.Replace(page, repl[0], repl[1], 1)
		}
	}
	genPages := 20
	if testing.Short() {
		genPages = 6 // a quick inner loop: the first 6 generated pages of each style (make test: 20)
	}
	for _, style := range []gen.Style{gen.Current, gen.Older} {
		p := gen.Generate(gen.Default(uint64(style), 600))
		for i, pk := range p.Packages[:min(genPages, len(p.Packages))] {
			if pk.Old != nil {
				pages[fmt.Sprintf("gen %d %d", style, i)] = string(gen.Page(pk.Name, "develop", pk.Old, style, i%2 == 0))
			}
		}
	}
	return pages
}

// TestFastEnvelope: the fast paths (envelope, JSON, interning, cached
// canonicalization) load every page as the general paths do.
func TestFastEnvelope(t *testing.T) {
	st := newState()
	fastEnv := 0
	for name, page := range fastPathPages(t) {
		parseBoth(t, name, []byte(page), st)
		if p, err := parseFrontMatter(name, []byte(page), generalOnly); err == nil {
			var e envelope
			if fastEnvelope(envelopeText(page, p), &e) {
				fastEnv++
			}
		}
	}
	if fastEnv < 40 {
		t.Errorf("the fast envelope path took only %d pages", fastEnv)
	}
}

// envelopeText is what parseFrontMatter hands to YAML for a page: a
// rough copy for counting, without the one-line values.
func envelopeText(page string, p *page) []byte {
	var b strings.Builder
	for _, l := range strings.Split(page, "\n")[1:] {
		if strings.HasPrefix(l, "---") {
			break
		}
		if p.meta != nil && strings.HasPrefix(l, "meta: ") {
			l = "meta: 0"
		}
		if p.specDetails != nil && strings.HasPrefix(l, "spec_details: ") {
			l = "spec_details: 0"
		}
		b.WriteString(l + "\n")
	}
	return []byte(b.String())
}

// TestFastPathsLoad: a generated tree loads the same by both paths.
func TestFastPathsLoad(t *testing.T) {
	dir := t.TempDir()
	n, least := 2000, 100
	if testing.Short() {
		n, least = 400, 20
	}
	if _, err := gen.Write(dir, gen.Generate(gen.Default(3, n))); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*", "specs.md"))
	if len(files) < least {
		t.Fatalf("%d pages", len(files))
	}
	st := newState()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parseBoth(t, f, data, st)
	}
}

// FuzzFastPaths is differential over whole pages: the fast paths and the
// general ones give the same package, warnings, or error.
func FuzzFastPaths(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nmeta: {\"num_specs\": 1}\nspec_details: [{\"hash\": \"" + hashN(1) + "\"" + otherFields("") + "}]\n---",
		"---\ntitle: zlib\nlayout: cache\ncategories: [package, 1.0]\nspec_details: []\n---\n",
		"---\ntitle: \"a\"\ntitle: \"b\"\nspec_details: []\n---\n",
	} {
		f.Add([]byte(s))
	}
	p := gen.Generate(gen.Default(5, 100))
	for i, pk := range p.Packages[:min(10, len(p.Packages))] {
		if pk.Old != nil && len(pk.Old) < 5 {
			f.Add(gen.Page(pk.Name, "develop", pk.Old, gen.Style(i%2), false))
		}
	}
	st := newState()
	f.Fuzz(func(t *testing.T, data []byte) {
		parseBoth(t, "fuzz.md", data, st)
	})
}

// TestListTexts: the scanner's lists found by their text (canonList) are
// what the general path reads and canonicalizes, with the same rule
// counts, across pages that share a state: brackets inside strings, the
// same list written with other spacing, texts of one list field written
// in another (which canonicalizes otherwise), lists that need sorting,
// and a page the scanner gives up on after remembering its lists.
func TestListTexts(t *testing.T) {
	page := func(specs ...string) []byte {
		var b strings.Builder
		b.WriteString("---\ntitle: \"p\"\nlayout: cache\ncategories: [package, develop]\nspec_details: [")
		for i, s := range specs {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"hash": %q, %s%s}`, hashN(i+1), s, otherFields(s))
		}
		b.WriteString("]\n---\n")
		return []byte(b.String())
	}
	pages := [][]byte{
		page(`"versions": ["=1.0"], "variants": ["~b", "+a", "+a"], "stacks": ["=1.0"]`,
			`"versions": ["=1.0"], "variants": ["~b", "+a", "+a"], "stacks": ["=1.0"]`,
			`"versions": ["=1.0"], "variants": ["~b","+a", "+a"], "stacks": ["=1.0"]`),
		page(`"versions": ["1]", "2"], "variants": ["x=]"], "stacks": ["]", "["]`,
			`"versions": ["1]"], "variants": ["x=]", "y"], "stacks": ["]"]`,
			`"versions": ["1]", "2"], "variants": ["x=]"], "stacks": ["]", "["]`),
		page(`"versions": [], "variants": [ ], "stacks": []`,
			`"versions": ["=1.0"], "variants": [], "stacks": ["=1.0"]`),
		// Given up on at the escape: the general path reads the page.
		page(`"versions": ["=2.0"], "variants": ["~b", "+a"], "stacks": ["s"]`,
			`"versions": ["=2.0"], "variants": ["\u007eb"], "stacks": ["s"]`),
		page(`"versions": ["=2.0"], "variants": ["~b", "+a"], "stacks": ["s"]`),
		page(`"versions": ["=1.0"], "variants": ["~b", "+a", "+a"], "stacks": ["=1.0"]`,
			`"variants": ["~b", "+a", "+a"], "versions": ["=1.0"]`),
	}
	st := newState()
	for i, p := range pages {
		parseBoth(t, fmt.Sprintf("page %d", i), p, st)
	}
	// The same lists again, now all found by their text.
	for i, p := range pages {
		parseBoth(t, fmt.Sprintf("page %d again", i), p, st)
	}
	if n := len(st.scan.lists.seen[1]); n < 4 {
		t.Errorf("%d variant lists remembered, want at least 4", n)
	}
}

// TestListTextsStartOver: a table of list texts that fills up starts
// over, and lists read after that (new ones, and ones seen before it
// started over) are still canonicalized as the general path does, with
// the same rule counts.
func TestListTextsStartOver(t *testing.T) {
	if testing.Short() {
		// 16k distinct lists: make test runs it; -short still reads the
		// tables' other paths (TestListTexts, TestRandomPages).
		t.Skip("reads more lists than a table holds (0.12 s)")
	}
	var b strings.Builder
	b.WriteString("[")
	n := maxListTexts + 50
	want := make(specList, n) // as encoding/json would read them
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"hash": %q, "versions": ["=1.%d"], "variants": ["~v%d", "+a"], "compiler": "", "os": "", "platform": "", "target": "", "stacks": ["s"], "size": "-"}`, hashN(i), i%7, i)
		want[i] = Spec{Hash: hashN(i), Versions: []string{fmt.Sprintf("=1.%d", i%7)},
			Variants: []string{fmt.Sprintf("~v%d", i), "+a"}, Stacks: []string{"s"}}
	}
	b.WriteString("]")
	data := []byte(b.String())
	c := NewFinisher(Options{})
	if err := c.Finish("f", 1, "spec_details", want, true); err != nil {
		t.Fatal(err)
	}
	st := newState()
	for _, pass := range []string{"first", "again"} {
		gc := NewFinisher(Options{})
		got, counted, ok := st.specs(data, gc)
		if !ok {
			t.Fatalf("%s: the scanner gave up", pass)
		}
		gc.Count(counted)
		if err := gc.Finish("f", 1, "spec_details", got, false); err != nil { // the compiler, as decodePage does
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gc.Counts(), c.Counts()) {
			t.Fatalf("%s: canonical lists or counts differ from the general path's (counts %v, want %v)", pass, gc.Counts(), c.Counts())
		}
		if l := len(st.scan.lists.seen[1]); l >= maxListTexts || l == 0 {
			t.Fatalf("%s: %d variant lists remembered after %d distinct ones, want fewer than %d", pass, l, n, maxListTexts)
		}
	}
}

// TestTarballs: a tarball that is not a string is the same error (or,
// null, the same spec) by both paths, tarballs kept or dropped, and so
// is a tarball given twice.
func TestTarballs(t *testing.T) {
	st := newState()
	for i, tarball := range []string{`"https://x/a.spack"`, `1`, `true`, `{}`, `[]`, `["a"]`, `null`, `"a\u0041"`,
		`"a", "tarball": "b"`, `"a", "tarball": 1`, `1, "tarball": "a"`} {
		page := fmt.Sprintf("---\ntitle: \"p\"\nlayout: cache\ncategories: [package, develop]\nspec_details: [{\"hash\": %q, \"tarball\": %s%s}]\n---\n", hashN(1), tarball, otherFields(""))
		parseBoth(t, fmt.Sprintf("tarball %d", i), []byte(page), st)
	}
}
