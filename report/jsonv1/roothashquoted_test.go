package jsonv1

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestForgedRootHashQuoted (issue 35 class e): a law that names a root's
// hash printed it bare, so an emptied hash read
//
//	causes.roots.removed[0].hash:  is not a spec of the old side that the report lists
//
// (two spaces, no value), and a hash of spaces or of a sentence ran into
// the message's words. The hash is quoted, as every other value the laws
// name: `hash: "" is not a spec`.
func TestForgedRootHashQuoted(t *testing.T) {
	r := reporttest.ComparePaths(t,
		forgeLock(t, [][2]string{{"curl", "a"}, {"zlib", "b"}}, [][3]string{{"a", "curl", "1"}, {"b", "zlib", "1"}}),
		forgeLock(t, [][2]string{{"curl", "a"}}, [][3]string{{"a", "curl", "1"}}))
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	rt := r.Causes.Roots
	if len(rt.Removed) != 1 {
		t.Fatalf("roots removed %v, want zlib", rt.Removed)
	}
	for _, h := range []string{"", "   ", "b is not"} {
		rt.Removed[0].Hash = h
		_, err := DecodeBytes(jsonOf(t, r))
		if want := `causes.roots.removed[0].hash: "` + h + `" is not a spec`; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("hash %q: got %v, want an error with %q", h, err, want)
		}
	}
}
