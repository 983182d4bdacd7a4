package snapshot

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMissingDepsAcrossFilesApart (lead (a) of the second pass over the
// loaders): the loader finds each edge's warning of a dependency not in
// the file, and its dependency, by the warning's text, which cut both
// hashes to 7 bytes: two specs named z, of hashes alike in their first
// 7, each lacking a y of a hash alike in its first 7, warned alike, and
// the folder's warnings took one y for the other. Each y is warned of,
// whole, the one two files lack counting the other file.
func TestMissingDepsAcrossFilesApart(t *testing.T) {
	dir := t.TempDir()
	yd, ye := "ccccccc"+strings.Repeat("d", 25), "ccccccc"+strings.Repeat("e", 25)
	for name, node := range map[string]string{
		"a.spec.json": renameNode("z", "aaaaaaa"+strings.Repeat("b", 25), `,"dependencies":[`+renameEdge("y", yd)+`]`),
		"b.spec.json": renameNode("z", "aaaaaaa"+strings.Repeat("c", 25), `,"dependencies":[`+renameEdge("y", ye)+`]`),
		"c.spec.json": renameNode("w", hashN(3), `,"dependencies":[`+renameEdge("y", ye)+`]`),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(renameFile(node)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range s.Warnings {
		if strings.Contains(w.Message, ": dependency y/") {
			got = append(got, filepath.Base(w.File)+": "+w.Message)
		}
	}
	slices.Sort(got)
	want := []string{
		"a.spec.json: z/aaaaaaa" + strings.Repeat("b", 25) + ": dependency y/" + yd + " is not in the file",
		"b.spec.json: z/aaaaaaa" + strings.Repeat("c", 25) + ": dependency y/" + ye + " is not in the file (nor in 1 more file naming it)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings %q; want %q", got, want)
	}
}
