package report

import (
	"fmt"
	"slices"
	"testing"
)

// TestOneRootEach: roots of one hash are one name, their spellings in
// order, each once, the first maxSpellings named; a root without a hash
// stands alone; many spellings of one hash cost one map look-up each.
func TestOneRootEach(t *testing.T) {
	for _, c := range []struct {
		names, keys, want []string
	}{
		{[]string{"zlib", "zlib-ng", "zlib@1"}, []string{"h1", "h2", "h1"}, []string{"zlib = zlib@1", "zlib-ng"}},
		{[]string{"a", "b"}, []string{"", ""}, []string{"a", "b"}},
		{[]string{"a", "a", "b"}, []string{"h", "h", "h"}, []string{"a = b"}},
		{[]string{"a", "b", "c", "d", "e"}, []string{"h", "h", "h", "h", "h"}, []string{"a = b = c (and 2 more spellings)"}},
		{[]string{"a", "b", "c", "d"}, []string{"h", "h", "h", "h"}, []string{"a = b = c (and 1 more spelling)"}},
	} {
		if got := OneRootEach(c.names, c.keys); !slices.Equal(got, c.want) {
			t.Errorf("OneRootEach(%q, %q) = %q, want %q", c.names, c.keys, got, c.want)
		}
	}
	names := make([]string, 20000)
	keys := make([]string, len(names))
	for i := range names {
		names[i], keys[i] = fmt.Sprintf("zlib@%d", i), "h"
	}
	if got := OneRootEach(names, keys); len(got) != 1 || got[0] != "zlib@0 = zlib@1 = zlib@2 (and 19997 more spellings)" {
		t.Errorf("20000 spellings of one root: %.200q", got)
	}
}
