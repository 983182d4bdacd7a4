package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPagesTellsFilesReadByContent (class e): a folder of JSON files
// that are none of Spack's (x.json, y.json) said "no package pages found
// under DIR: ... Spack's own files ... are recognised by content in
// *.json ..." and not that its own *.json files were read and recognised
// as none: the user was left to guess why. The first by name (quoted as
// reports quote a path), the others by count, once; a folder with no
// such file says nothing of them.
func TestNoPagesTellsFilesReadByContent(t *testing.T) {
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{"x.json", "y.json", "z.lock"}, "x.json and 2 more files were read by content and recognised as no Spack file (named index.json, spack.lock or *.spec.json, a file is read as one"},
		{[]string{"a.json"}, "a.json was read by content and recognised as no Spack file"},
		{[]string{"b\x1b[31m.json"}, `"` + "DIR" + `/b\x1b[31m.json" was read by content`},
		{[]string{"README.txt"}, ""},
	} {
		dir := t.TempDir()
		for _, f := range c.files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte(`{"a": 1}`), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := Load(dir, Options{})
		if err == nil || !strings.Contains(err.Error(), "no package pages found") {
			t.Fatalf("%q: %v; want no package pages found", c.files, err)
		}
		msg := strings.ReplaceAll(err.Error(), dir, "DIR")
		if c.want == "" {
			if strings.Contains(msg, "read by content and") {
				t.Errorf("%q: %s; want no word of files read by content", c.files, msg)
			}
			continue
		}
		if !strings.Contains(msg, c.want) || strings.Count(msg, "recognised as no Spack file") != 1 {
			t.Errorf("%q: %s\nwant once %q", c.files, msg, c.want)
		}
		if strings.ContainsAny(msg, "\x1b\n") {
			t.Errorf("%q: %q holds a control character", c.files, msg)
		}
	}
}
