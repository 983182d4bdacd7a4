package jsonv1

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestForgedSpecHashQuoted (issue 35 class e), the spec laws' sibling of
// TestForgedRootHashQuoted: the laws on the specs' lists (diff/speclaws.go)
// quote the hash they print, as the causes laws do (df098ba8), so a hash
// is told apart from the words around it. They printed it bare:
//
//	packages[0].specs.added[0].hash: bbbb… is in the old snapshot too, in another package (…)
func TestForgedSpecHashQuoted(t *testing.T) {
	r := reporttest.ComparePaths(t,
		forgeLock(t, [][2]string{{"curl", "a"}, {"zlib", "b"}}, [][3]string{{"a", "curl", "1"}, {"b", "zlib", "1"}}),
		forgeLock(t, [][2]string{{"curl", "a"}, {"bzip", "c"}}, [][3]string{{"a", "curl", "1"}, {"c", "bzip", "1"}}))
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	var zlib, bzip int = -1, -1
	for i, p := range r.Packages {
		switch p.Name {
		case "zlib":
			zlib = i
		case "bzip":
			bzip = i
		}
	}
	if zlib < 0 || bzip < 0 || len(r.Packages[zlib].Specs.Removed) != 1 || len(r.Packages[bzip].Specs.Added) != 1 {
		t.Fatalf("packages %+v, want zlib removed and bzip added", r.Packages)
	}
	for _, h := range []string{strings.Repeat("b", 32)} {
		r.Packages[zlib].Specs.Removed[0].Hash = h
		r.Packages[bzip].Specs.Added[0].Hash = h
		_, err := DecodeBytes(jsonOf(t, r))
		if want := `specs.added[0].hash: "` + h + `" is in the old snapshot too`; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("hash %q: got %v, want an error with %q", h, err, want)
		}
	}
}
