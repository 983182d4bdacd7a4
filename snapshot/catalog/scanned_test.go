package catalog

import (
	"strings"
	"testing"
)

// TestScannedAsLibyaml: what libyaml 0.2.5's scanner (the site's YAML
// reader, in Jekyll) refuses where yaml.v3's reads it. A tag written !x
// ends at ',', '[' or ']' to libyaml, which then wants a blank ("did not
// find expected whitespace"), where yaml.v3 reads them into the tag
// (!a[b] c was the variant c); and a ':' before ',', a bracket or a
// brace in a plain scalar of a flow collection is an error to libyaml
// ("found unexpected ':'"), where yaml.v3 ends the scalar after it ([a:,
// b] were the variants a: and b). The site publishes such a page without
// its specs: cachediff read them, in a one-line value of YAML flow, a
// multi-line spec_details or the envelope. libyaml 0.2.5's reading
// (PyYAML 6.0.3, CSafeLoader) of each front matter.
func TestScannedAsLibyaml(t *testing.T) {
	multi := func(p []byte) []byte {
		s := strings.Replace(string(p), "spec_details: [", "spec_details:\n  - ", 1)
		return []byte(strings.Replace(s, `"size": "-"}]`, `"size": "-"}`, 1))
	}
	for _, tc := range []struct {
		name string
		page []byte
		want string
	}{
		{"tag with brackets", pageWithSpec(`[!a[b] c]`, `"ubuntu22.04"`), "the tag !a[b]"},
		{"tag with a comma", pageWithSpec(`[!a,b c]`, `"ubuntu22.04"`), "the tag !a,b"},
		{"tag with a comma, multi-line", multi(pageWithSpec(`[]`, `!a,b ubuntu22.04`)), "the tag !a,b"},
		{"colon before a comma", pageWithSpec(`[a:, b]`, `"ubuntu22.04"`), `"a:" ends in ':'`},
		{"colon before a bracket", pageWithSpec(`[a b:]`, `"ubuntu22.04"`), `"a b:" ends in ':'`},
		{"colon before a bracket, multi-line", multi(pageWithSpec(`[a:]`, `"ubuntu22.04"`)), `"a:" ends in ':'`},
		{"title's tag", []byte(strings.Replace(string(pageWithSpec(`[]`, `"ubuntu22.04"`)), `title: "zlib"`, `title: !a[b] zlib`, 1)), "the tag !a[b]"},
		// yaml.v3 decodes a tag's %-escapes: %0A put a raw newline in the
		// message, a line "::error::b,c" of its own on a CI runner's log.
		{"tag with an escaped newline", pageWithSpec(`[!a%0A::error::b,c d]`, `"ubuntu22.04"`), `the tag "!a\n::error::b,c"`},
		{"tag with an escaped U+202E", pageWithSpec(`[!a%E2%80%AEb,c d]`, `"ubuntu22.04"`), `the tag "!a\u202eb,c"`},
		{"categories' colon", []byte(strings.Replace(string(pageWithSpec(`[]`, `"ubuntu22.04"`)), `develop]`, `develop, a:]`, 1)), `"a:" ends in ':'`},
	} {
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", tc.page, false)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "libyaml") || strings.ContainsAny(err.Error(), "\n\u202e") {
				t.Errorf("%s: %v; want an error about %s (libyaml refuses the front matter)", tc.name, err, tc.want)
			}
		}
	}
	// What libyaml reads as yaml.v3 does stays read: a ':' within a
	// plain scalar, a tag of a known type.
	for variants, want := range map[string]string{`[a:b]`: "a:b", `[a::b]`: "a::b", `[!!str a]`: "a", `[http://x/y]`: "http://x/y"} {
		for _, parse := range bothPaths {
			pkg, _, _, err := parse("p.md", pageWithSpec(variants, `"ubuntu22.04"`), false)
			if err != nil || len(pkg.Specs[0].Variants) != 1 || pkg.Specs[0].Variants[0] != want {
				t.Errorf("variants: %s: %v; libyaml reads %q", variants, err, want)
			}
		}
	}
}
