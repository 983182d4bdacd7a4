package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestMirrorListQuotesLink: a committed link among a v3 mirror's spec
// manifests is named as a folder's Dir.List names one (37daa290), quoted
// in ASCII where it is not plain: raw, one under zlіb (its і Cyrillic)
// read as zlib's, and one under "x<newline>y" put a line of its own in
// the message.
func TestMirrorListQuotesLink(t *testing.T) {
	for _, c := range []struct{ dir, want string }{
		{"zl\u0456b", `"v3/manifests/spec/zl\u0456b/a.spec.manifest.json": a symbolic link`},
		{"x\ny", `"v3/manifests/spec/x\ny/a.spec.manifest.json": a symbolic link`},
		{"a: b", `"v3/manifests/spec/a: b/a.spec.manifest.json": a symbolic link`},
		{"zlib", `v3/manifests/spec/zlib/a.spec.manifest.json: a symbolic link`},
	} {
		r, err := OpenRepo(commitFiles(t, map[string]string{
			"m/v3/layout.json": `{"signing": false}`,
			"m/b.json":         "{}",
		}, map[string]string{"m/v3/manifests/spec/" + c.dir + "/a.spec.manifest.json": "../../../../b.json"}))
		if err != nil {
			t.Fatal(err)
		}
		s, err := r.Source("HEAD:m")
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Open(mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\n\u0456") {
			t.Errorf("a link under %q: %v; want it named %s", c.dir, err, c.want)
		}
	}
}

// TestMirrorLinkTargetQuoted: a committed link that the mirror's index
// is names its target as a message quotes a path, in ASCII where it is
// not plain: one to a file it does not hold wrote the target raw, so
// that zlіb (its і Cyrillic) read as zlib and a newline put a line of
// its own in the message; one out of the mirror quoted it as Go does
// (%q), the Cyrillic і as it is.
func TestMirrorLinkTargetQuoted(t *testing.T) {
	r, err := OpenRepo(commitFiles(t, map[string]string{"b.json": "{}"}, map[string]string{
		"gone/build_cache/index.json":  "../zl\u0456b\n::error::x.json",
		"out/build_cache/index.json":   "../../zl\u0456b.json",
		"long1/build_cache/index.json": "../../" + strings.Repeat("\u0456", 1000) + "1",
		"long2/build_cache/index.json": "../../" + strings.Repeat("\u0456", 1000) + "2",
	}))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range []struct{ path, want string }{
		{"HEAD:gone", `a symbolic link to "zl\u0456b\n::error::x.json", which`},
		{"HEAD:out", `(to "../../zl\u0456b.json")`},
		// Cut, its mark inside the quotes: two targets alike for 2 KB
		// read apart. Whole, one was 6 KB quoted in ASCII.
		{"HEAD:long1", `\u0456` + cutmark.Of("../../"+strings.Repeat("\u0456", 1000)+"1") + `")`},
		{"HEAD:long2", `\u0456` + cutmark.Of("../../"+strings.Repeat("\u0456", 1000)+"2") + `")`},
	} {
		s, err := r.Source(c.path)
		if err == nil {
			_, err = s.Open(mirror.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\n\u0456") {
			t.Errorf("%s: %v; want the link's target named %s", c.path, err, c.want)
		} else if len(err.Error()) > 1500 || seen[strings.ReplaceAll(err.Error(), c.path, "")] {
			t.Errorf("%s: %d bytes, or read as another's: %v", c.path, len(err.Error()), err)
		} else {
			seen[strings.ReplaceAll(err.Error(), c.path, "")] = true
		}
	}
}
