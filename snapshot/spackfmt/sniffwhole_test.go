package spackfmt

import (
	"fmt"
	"strings"
	"testing"
)

// TestSniffWholeAlike: SniffWhole reads all of a gzip'd file's content
// that inflates, as Sniff reads all of a plain file, so an index whose
// "database" comes past the head's 512 bytes is an index plain, gzip'd,
// gzip'd in members split anywhere, gzip'd with a byte order mark or in
// UTF-16 inside, gzip'd twice, and gzip'd in a stream cut short after
// "database" (a download cut off). The last four were sniffed from the
// first 512 bytes of their content alone (Unknown): a gzip'd index.json
// cut short, beside a stale spec file, had the spec file read, which a
// plain one cut short left out (a hundred-and-eighth adversarial pass,
// issue 35).
func TestSniffWholeAlike(t *testing.T) {
	text := `{"comment":"` + strings.Repeat("a", 4*detectHead) + `","database":{"version":"7","installs":{` +
		strings.Repeat(`"x":{},`, 2000) + `"y":{}}}}`
	content := []byte(text)
	if got := SniffWhole(content); got != Index {
		t.Fatalf("plain: %v, want Index", got)
	}
	if got := SniffWhole(utf16Of(text, false, true)); got != Index {
		t.Fatalf("plain UTF-16: %v, want Index", got)
	}
	gz := gzipped(t, content)
	variants := map[string][]byte{
		"gzip'd":                  gz,
		"gzip'd, a BOM inside":    gzipped(t, append([]byte("\uFEFF"), content...)),
		"gzip'd, UTF-16 inside":   gzipped(t, utf16Of(text, false, true)),
		"gzip'd twice":            gzipped(t, gz),
		"gzip'd, cut short":       gz[:len(gz)*3/4],
		"gzip'd twice, cut short": func() []byte { g := gzipped(t, gz); return g[:len(g)-10] }(),
	}
	for _, at := range []int{100, 511, 512, 513, 3000} {
		variants[fmt.Sprintf("members split at %d", at)] =
			append(gzipped(t, content[:at]), gzipped(t, content[at:])...)
	}
	for name, data := range variants {
		if got := SniffWhole(data); got != Index {
			t.Errorf("%s: %v, want Index", name, got)
		}
	}
}
