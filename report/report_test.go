package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"py-keras", "py-keras"},
		{"gcc@13.2.0", "gcc@13.2.0"}, // not a mention: @ inside a word
		{"x86_64_v3", "x86_64_v3"},   // intraword _ cannot emphasize
		{"_private_", `\_private\_`}, // but this could
		{"a|b", `a\|b`},              // table cell separator
		{"`code`", "\\`code\\`"},     // code span
		{"<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"},
		{"@someone", "@&#8203;someone"}, // a mention is broken
		{"cc @org/team", "cc @&#8203;org/team"},
		{"a\nb\r\nc", `a\\nb\\r\\nc`},       // one line, a line break as its escape
		{"~cuda ~~x~~", `\~cuda \~\~x\~\~`}, // no strikethrough
		{"*bold* [link](x) #1 &amp;", `\*bold\* \[link\](x) \#&#8203;1 &amp;amp;`},
	} {
		if got := EscapeMD(tc.in); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEscapeHTML(t *testing.T) {
	if got, want := EscapeHTML("<b>@you & \"me\"|`\n"), "&lt;b&gt;@&#8203;you &amp; &#34;me&#34;&#124;&#96;\\n"; got != want {
		t.Errorf("EscapeHTML = %q, want %q", got, want)
	}
}

func TestMarkdownHostileInput(t *testing.T) {
	var buf bytes.Buffer
	if err := render(&buf, "md", reporttest.Hostile(), Options{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, bad := range []string{"<script", "@someone", "| injected |"} {
		if strings.Contains(out, bad) {
			t.Errorf("Markdown contains %q:\n%s", bad, out)
		}
	}
	reporttest.CheckTableRows(t, out)
}

func TestJSONSchema(t *testing.T) {
	var buf bytes.Buffer
	if err := JSON(&buf, reporttest.Hostile()); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc["schema"] != "cachediff/v1" {
		t.Errorf("schema %v", doc["schema"])
	}
	for _, key := range []string{"old", "new", "summary", "packages", "facets", "canonicalized", "warnings"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("JSON has no %q", key)
		}
	}
	// The full value is kept in JSON, unescaped.
	if !strings.Contains(buf.String(), `"name": "x|y`+"`"+`z<script>`) {
		t.Errorf("JSON does not keep the raw package name")
	}
}

func TestTemplateFunctions(t *testing.T) {
	for _, tc := range []struct {
		text  string
		parse string // error when parsing, if any
		exec  string // error when executing, if any
		want  string
	}{
		{text: `{{ .Summary.Specs.Added }} {{ upper .New.Tag }} {{ md "a|b" }} {{ signed -2 }} {{ count 1 "spec" }}`, want: "1 B a\\|b −2 1 spec"},
		{text: `{{ env "HOME" }}`, exec: "env is not available"},
		{text: `{{ expandenv "$HOME" }}`, exec: "expandenv is not available"},
		{text: `{{ now }}`, parse: `function "now" not defined`},
		{text: `{{ randAlpha 5 }}`, parse: `function "randAlpha" not defined`},
		{text: `{{ uuidv4 }}`, parse: `function "uuidv4" not defined`},
		{text: `{{ getHostByName "example.com" }}`, parse: `function "getHostByName" not defined`},
		{text: `{{ shuffle "abc" }}`, parse: `function "shuffle" not defined`},
		{text: `{{ genPrivateKey "rsa" }}`, parse: `function "genPrivateKey" not defined`},
	} {
		tmpl, err := ParseTemplate("t.tmpl", tc.text)
		if tc.parse != "" {
			if err == nil || !strings.Contains(err.Error(), tc.parse) {
				t.Errorf("%s: parse error %v, want %q", tc.text, err, tc.parse)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		var buf bytes.Buffer
		err = Execute(&buf, tmpl, reporttest.Hostile(), Options{})
		if tc.exec != "" {
			if err == nil || !strings.Contains(err.Error(), tc.exec) {
				t.Errorf("%s: error %v, want %q", tc.text, err, tc.exec)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if buf.String() != tc.want {
			t.Errorf("%s: got %q, want %q", tc.text, buf.String(), tc.want)
		}
	}
}

func TestMarkdownUpdateCells(t *testing.T) {
	spec := func(hash, platform string, stacks ...string) diff.Spec {
		return diff.Spec{Hash: hash, Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
			Platform: platform, Target: "x86_64_v3", Variants: []string{}, Stacks: stacks}
	}
	r := reporttest.Hostile()
	r.Packages[0].Name = "zlib"
	r.Packages[0].Specs = diff.SpecChanges{Updated: []diff.Pair{{
		Old: new(spec("aaaaaaaaa", "linux", "e4s", "hep", "root")), New: new(spec("bbbbbbbbb", "cray", "e4s", "tutorial", "root")),
		Facet: "platform", From: "linux", To: "cray", StacksJoined: []string{"tutorial"}, StacksLeft: []string{"hep"},
	}}}
	var buf bytes.Buffer
	if err := render(&buf, "md", r, Options{}); err != nil {
		t.Fatal(err)
	}
	want := "| updated platform | `aaaaaaa` → `bbbbbbb` | 1.0 | gcc@13.2.0 | ubuntu24.04 (platform linux → cray) | x86_64_v3 |  | e4s, +tutorial, −hep |"
	if !strings.Contains(buf.String(), want) {
		t.Errorf("Markdown lacks the row\n%s\nin:\n%s", want, buf.String())
	}
}

func TestPackageURL(t *testing.T) {
	for _, tc := range []struct{ base, name, want string }{
		{"", "zlib", ""},
		{"https://cache.spack.io/package/?name=", "py-keras", "https://cache.spack.io/package/?name=py-keras"},
		{"https://cache.spack.io/package/?name=", "a b&c=d|e(f)", "https://cache.spack.io/package/?name=a+b%26c%3Dd%7Ce%28f%29"},
		{"https://example.org/pkg/", "a b/c?d|e", "https://example.org/pkg/a%20b%2Fc%3Fd%7Ce"},
		// A base with characters that would end a link or a cell.
		{"https://example.org/a b|(c)<\"'>/", "x", "https://example.org/a%20b%7C%28c%29%3C%22%27%3E/x"},
		// An IPv6 host keeps its brackets (%5B::1%5D names no host);
		// brackets elsewhere are still encoded.
		{"https://[::1]/pkg/[x]/", "zlib", "https://[::1]/pkg/%5Bx%5D/zlib"},
		{"http://[fe80::1]:8080/?name=", "zlib", "http://[fe80::1]:8080/?name=zlib"},
	} {
		if got := PackageURL(tc.base, tc.name); got != tc.want {
			t.Errorf("PackageURL(%q, %q) = %q, want %q", tc.base, tc.name, got, tc.want)
		}
	}
}

// TestMarkdownLinksAndTitle renders the hostile report with a title and
// links: nothing may break out of a table, a link or an HTML attribute.
func TestMarkdownLinksAndTitle(t *testing.T) {
	r := reporttest.Hostile()
	r.Packages = append(r.Packages, diff.Package{Name: "py-[x](y)", Status: diff.Added,
		Versions: diff.VersionChange{New: []string{"1.0"}, Added: []string{"1.0"}, Direction: diff.New}})
	var buf bytes.Buffer
	o := Options{Title: "Notes | <b>@team</b>\n## not a heading", LinkBase: "https://cache.spack.io/package/?name="}
	if err := render(&buf, "md", r, o); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if first, _, _ := strings.Cut(out, "\n"); first != `## Notes \| &lt;b&gt;@&#8203;team&lt;/b&gt;\\n\#\# not a heading` {
		t.Errorf("headline %q", first)
	}
	for _, want := range []string{
		"| [py-\\[x\\](y)](https://cache.spack.io/package/?name=py-%5Bx%5D%28y%29) | 1.0 |",
		`<summary><b><a href="https://cache.spack.io/package/?name=x%7Cy%60z%3Cscript%3Ealert%281%29%3C%2Fscript%3E%40someone%0A%7C+injected+%7C+row+%7C">x&#124;y&#96;z&lt;script&gt;`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("Markdown lacks\n%s\nin:\n%s", want, out)
		}
	}
	for _, bad := range []string{"<script", "@someone", "| injected |", "@team"} {
		if strings.Contains(out, bad) {
			t.Errorf("Markdown contains %q", bad)
		}
	}
	reporttest.CheckTableRows(t, out)
	// Without a base, names are plain.
	buf.Reset()
	if err := render(&buf, "md", r, Options{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "](http") || strings.Contains(buf.String(), "<a href") {
		t.Error("links without --link-base")
	}
}
