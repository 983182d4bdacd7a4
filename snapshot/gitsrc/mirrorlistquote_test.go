package gitsrc

import (
	"strings"
	"testing"

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
