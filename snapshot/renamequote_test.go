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
			if want := strconv.QuoteToASCII(c.name) + "/" + b + ": dependency"; !strings.HasPrefix(w.Message, want) || strings.ContainsAny(w.Message, "\n\u202e") {
				t.Errorf("%q: %q; want it to begin %s", c.name, w.Message, want)
			}
		}
		if !found {
			t.Errorf("%q: no warning of the edge to zlib-ng's spec in %+v", c.name, s.Warnings)
		}
	}
}

// TestRenameWarnedAlikeInOneFileAndAcross (class a, e): the warning of
// an edge named for another package than its spec's reads the same,
// but " in another file", whether the spec is of the edge's file (the
// decoder's) or of another file of the folder (the loader's): the
// loader's put a name of 300 bytes whole where the decoder's cut it,
// and the dependency's name and the package quoted otherwise.
func TestRenameWarnedAlikeInOneFileAndAcross(t *testing.T) {
	a, b := strings.Repeat("a", 32), strings.Repeat("b", 32)
	long := strings.Repeat("a b ", 75) + "x"
	for _, c := range []struct{ spec, dep, target string }{
		{long, "zlib", "zlib-ng"},
		{"x", long, "zlib-ng"},
		{"x", "zlib", long},
		{"x", "zl\u0456b", "zlib-ng"}, // a Cyrillic і
	} {
		warned := func(tree map[string]string) string {
			t.Helper()
			s, err := Load(writeTree(t, tree), Options{})
			if err != nil {
				t.Fatalf("%.20q: %v", c, err)
			}
			for _, w := range s.Warnings {
				if strings.Contains(w.Message, "a spec of") {
					return w.Message
				}
			}
			t.Fatalf("%.20q: no warning of the edge in %+v", c, s.Warnings)
			return ""
		}
		target := renameNode(c.target, a, "")
		spec := renameNode(c.spec, b, `,"dependencies":[`+renameEdge(c.dep, a)+`]`)
		one := warned(map[string]string{"x.spec.json": renameFile(spec, target)})
		across := warned(map[string]string{"x.spec.json": renameFile(spec), "t.spec.json": renameFile(target)})
		if want := strings.Replace(one, ": Spack names", " in another file: Spack names", 1); across != want || len(one) > 1200 {
			t.Errorf("%.20q:\nin one file  %q\nin another   %q; want them alike and short", c, one, across)
		}
	}
}
