package snapshot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 35: in a folder that mixed catalogue pages and Spack files, the
// Spack files' packages counted as pages without a tag ("7 other pages of
// this snapshot are without a tag"), so the catalogue pages were blamed,
// and skipped under --skip-invalid; or, fewer, the Spack file's packages
// were called pages. It is the wrong folder, said as such, naming a file
// of each kind, whatever the counts.
func TestMixedPagesAndSpackFiles(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(spackFixtures, "index.v8-layout2-unsigned-mixed.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pages      int
		index, pat string // where the index and the pages are
	}{
		{2, "build_cache/index.json", "p%d/specs.md"},
		{9, "build_cache/index.json", "p%d/specs.md"},
		{7, "index.json", "p%d.md"}, // one folder
	} {
		pages := tc.pages
		files := map[string]string{tc.index: string(index)}
		for i := range pages {
			files[fmt.Sprintf(tc.pat, i)] = simplePage(fmt.Sprintf("p%d", i), "develop", 100+i, 1)
		}
		dir := writeTree(t, files)
		for _, skip := range []bool{false, true} {
			_, err := Load(dir, Options{SkipInvalid: skip})
			var le *LoadError
			if !errors.As(err, &le) || len(le.Errs) != 1 {
				t.Fatalf("%d pages, skip %v: %v; want one error about the folder", pages, skip, err)
			}
			e := le.Errs[0]
			page, spack := filepath.Join(dir, filepath.FromSlash(fmt.Sprintf(tc.pat, 0))), filepath.Join(dir, filepath.FromSlash(tc.index))
			for _, want := range []string{"mixes catalogue pages and Spack files", page + " is a package page", spack + " a Spack file", "a snapshot is one or the other"} {
				if e.File != dir || !strings.Contains(e.Msg, want) {
					t.Errorf("%d pages, skip %v: %q at %s; want %q at %s", pages, skip, e.Msg, e.File, want, dir)
				}
			}
			if pages == 7 && !skip {
				t.Log(err)
			}
			if strings.Contains(e.Msg, "without a tag") || strings.Contains(e.Msg, "other page") {
				t.Errorf("%d pages: %q blames pages", pages, e.Msg)
			}
		}
	}
}

// Issue 35: a folder holding Spack files named otherwise (index.v7.json,
// a copied spack-env.lock) got the hint for pages alone. Spack's files
// are recognised by content, as docs/usage.md says, in a folder too, among
// *.json, *.json.gz, *.json.sig and *.lock files; other JSON there is
// left alone, and the hint for a folder of none says what is read.
func TestSpackFilesByContentInFolder(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(spackFixtures, "index.v7-layout2-unsigned.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Load(filepath.Join(spackFixtures, "index.v7-layout2-unsigned.json"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := writeTree(t, map[string]string{
		"mirror/index.v7.json": string(index),
		"package.json":         `{"name": "site", "version": "1.0.0"}`,
		"report.json":          `{"schema":"cachediff/v1","old":{},"new":{}}`,
		"Cargo.lock":           "version = 3\n",
		"notes.txt":            `{"database":{"version":7,"installs":{}}}`,
	})
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, w := specLines(s), specLines(want); !equalLines(got, w) {
		t.Errorf("%q, want %q", got, w)
	}
	// None: the hint names what is read.
	empty := writeTree(t, map[string]string{"package.json": `{"name": "site"}`})
	_, err = Load(empty, Options{})
	checkNoPages(t, err, empty)
	if err == nil || !strings.Contains(err.Error(), "Spack's own files") {
		t.Errorf("%v: the hint does not say what Spack files are read", err)
	}
}

// A big JSON file named unlike Spack's files is not read whole to be
// sniffed (a data set in a folder named by mistake), but said to be left
// out.
func TestBigJSONNotReadByContent(t *testing.T) {
	dir := writeTree(t, map[string]string{"zlib/specs.md": simplePage("zlib", "develop", 1, 1)})
	big := filepath.Join(dir, "data.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxByContent + 1); err != nil { // sparse: no disk
		t.Fatal(err)
	}
	f.Close()
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Bytes > 1<<20 || len(s.Warnings) != 1 || s.Warnings[0].File != big || !strings.Contains(s.Warnings[0].Message, "not read: over 64 MB") {
		t.Errorf("%d bytes read, warnings %+v", s.Bytes, s.Warnings)
	}
}
