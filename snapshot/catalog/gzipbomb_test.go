package catalog

import (
	"strings"
	"testing"
)

// TestGzipPagePastRatioSaysSo: a gzip'd page whose stream inflates past
// 64 times its size is read no further, so what follows is not known:
// cut short past that point (gzip -t: "unexpected end of file"), it was
// told to gunzip it, as a whole stream is, which fails. It says that it
// was read no further; one within the ratio is still told to gunzip.
func TestGzipPagePastRatioSaysSo(t *testing.T) {
	z := gzipOf(append([]byte("---\n"), make([]byte, 4<<20)...))
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"whole", z},
		{"cut short past 64 times its size", z[:len(z)-20]},
	} {
		_, _, _, err := parsePage("zlib/specs.md", c.data, false)
		if err == nil || !strings.Contains(err.Error(), "more than 64 times its size") {
			t.Errorf("%s: %v, want it said to inflate to more than 64 times its size", c.name, err)
		}
	}
	if _, _, _, err := parsePage("zlib/specs.md", gzipOf([]byte("---\nlayout: cache\n---\n")), false); err == nil || !strings.Contains(err.Error(), "gunzip it") || strings.Contains(err.Error(), "64 times") {
		t.Errorf("within the ratio: %v, want 'gunzip it' alone", err)
	}
}
