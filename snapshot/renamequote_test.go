package snapshot

import (
	"strconv"
	"strings"
	"testing"
)

// TestRenameAcrossFilesQuotesName (class a): the warning of an edge
// named for another package than its spec's, a spec of another file of
// the folder, put the package whose edge it is as the file spelt it: a
// package "z\nq" put a newline in the warning, and one named "z/bbbbbbb:
// dependency y" read as the package z. It is named as the loader names a
// package (quotedName), as the decoder's warning of such an edge in one
// file does.
func TestRenameAcrossFilesQuotesName(t *testing.T) {
	a, b := strings.Repeat("a", 32), strings.Repeat("b", 32)
	for _, c := range []struct{ json, name string }{
		{`z\nq`, "z\nq"},
		{`z/bbbbbbb: dependency y`, "z/bbbbbbb: dependency y"},
		{`z\u202eq`, "z\u202eq"},
	} {
		dir := writeTree(t, map[string]string{
			"zlib-ng.spec.json": renameFile(renameNode("zlib-ng", a, "")),
			"x.spec.json":       renameFile(renameNode(c.json, b, `,"dependencies":[`+renameEdge("zlib", a)+`]`)),
		})
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatalf("%q: %v", c.name, err)
		}
		found := false
		for _, w := range s.Warnings {
			if !strings.Contains(w.Message, "in another file") {
				continue
			}
			found = true
			if want := strconv.QuoteToASCII(c.name) + "/bbbbbbb: dependency"; !strings.HasPrefix(w.Message, want) || strings.ContainsAny(w.Message, "\n\u202e") {
				t.Errorf("%q: %q; want it to begin %s", c.name, w.Message, want)
			}
		}
		if !found {
			t.Errorf("%q: no warning of the edge to zlib-ng's spec in %+v", c.name, s.Warnings)
		}
	}
}
