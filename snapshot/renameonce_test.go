package snapshot

import (
	"strings"
	"testing"
)

// TestRenameAcrossFilesWarnsOnce (issue 35, class e): a folder of spec
// files, curl's edge named "zlib" to a spec of zlib-ng in another file.
// The merge files the edge under zlib-ng with a warning ("a spec of
// "zlib-ng" in another file"), and the decoder's own warning for the
// same edge, "dependency zlib/aaaaaaa is not in the file", stood beside
// it: two warnings, the first of them no longer so once the folder was
// read. One warning an edge; an edge to a spec in no file of the folder
// keeps the decoder's.
func TestRenameAcrossFilesWarnsOnce(t *testing.T) {
	a, b, x := strings.Repeat("a", 32), strings.Repeat("b", 32), strings.Repeat("x", 32)
	node := func(name, hash, deps string) string {
		return `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + hash + `"` + deps + `}`
	}
	edge := func(name, hash string) string {
		return `{"name":"` + name + `","hash":"` + hash + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}`
	}
	file := func(n string) string { return `{"spec":{"_meta":{"version":4},"nodes":[` + n + `]}}` }
	dir := writeTree(t, map[string]string{
		"zlib-ng.spec.json": file(node("zlib-ng", a, "")),
		"curl.spec.json":    file(node("curl", b, `,"dependencies":[`+edge("zlib", a)+","+edge("gone", x)+`]`)),
	})
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var zlib, gone []string
	for _, w := range s.Warnings {
		switch {
		case strings.Contains(w.Message, "zlib") && strings.Contains(w.Message, "aaaaaaa"):
			zlib = append(zlib, w.Message)
		case strings.Contains(w.Message, "gone/xxxxxxx"):
			gone = append(gone, w.Message)
		}
	}
	if len(zlib) != 1 || !strings.Contains(zlib[0], `a spec of "zlib-ng" in another file`) {
		t.Errorf("warnings of the edge to zlib-ng's spec: %q; want the one of its spec in another file", zlib)
	}
	if len(gone) != 1 || !strings.Contains(gone[0], "is not in the file") {
		t.Errorf("warnings of the edge to a spec in no file: %q; want the decoder's", gone)
	}
}
