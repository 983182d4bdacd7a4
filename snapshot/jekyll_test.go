package snapshot

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUnpublishedNames: a page Jekyll does not publish by its name (its
// file's name starts with '_', '#', '~' or '.', or its tag folder's does)
// is bad input: read as its package, a PR that renamed it passed a gate
// with "no changes" while the site lost the package. A package folder's
// name does not count (Jekyll publishes _cache/develop/_llvm/specs.md),
// a file that is no page (a README without layout: cache) is left out as
// before, a dot-folder is not walked, and Spack's own files in such
// folders load as they did.
func TestUnpublishedNames(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"zlib/specs.md":      simplePage("zlib", "develop", 1, 1),
		"_llvm/specs.md":     simplePage("llvm", "develop", 2, 1), // published: a package folder
		"xz/_specs.md":       simplePage("xz", "develop", 3, 1),
		"lz4/#specs.md":      simplePage("lz4", "develop", 4, 1),
		"zstd/~specs.md":     simplePage("zstd", "develop", 5, 1),
		"bzip2/.specs.md":    simplePage("bzip2", "develop", 6, 1),
		".git/specs.md":      simplePage("git", "develop", 7, 1), // not walked
		"_notes/_README.md":  "# notes\n",
		"docs/_draft.md":     "---\ntitle: draft\nlayout: post\n---\n",
		"_dev/gzip/specs.md": simplePage("gzip", "develop", 8, 1), // a package folder below a folder: published
	})
	_, err := Load(dir, Options{})
	for _, c := range []struct{ file, lead string }{
		{"xz/_specs.md", `"_"`}, {"lz4/#specs.md", `"#"`}, {"zstd/~specs.md", `"~"`}, {"bzip2/.specs.md", `"."`},
	} {
		file := filepath.Join(dir, filepath.FromSlash(c.file))
		checkErr(t, err, file, 0, 0, "the site leaves this page", "Jekyll", "does not publish a file whose name starts with "+c.lead,
			"belongs at "+filepath.Join(filepath.Dir(file), "specs.md"))
	}
	var le *LoadError
	if !errors.As(err, &le) || len(le.Errs) != 4 {
		t.Fatalf("want 4 bad pages, got %v", err)
	}
	// With SkipInvalid each is listed and its package is not in the
	// snapshot: a gate sees it removed.
	snap, err := Load(dir, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range snap.Packages {
		names = append(names, p.Name)
	}
	if want := []string{"gzip", "llvm", "zlib"}; !slices.Equal(names, want) {
		t.Errorf("loaded %q, want %q", names, want)
	}
	if len(snap.Skipped) != 4 {
		t.Errorf("skipped %v, want 4", snap.Skipped)
	}

	// A page named on the command line is read as asked.
	if _, err := Load(filepath.Join(dir, "xz", "_specs.md"), Options{}); err != nil {
		t.Errorf("a page named alone: %v", err)
	}
}

// TestUnpublishedTagFolder: the first folder below _cache is the tag's,
// and Jekyll publishes none of its pages when its name starts with '_'
// (or '#', '~'): a snapshot whose folder is _cache, or holds it, refuses
// them; one inside a tag's folder (_cache/develop) does not look above.
func TestUnpublishedTagFolder(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"site/_cache/_develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
		"good/_cache/develop/zlib/specs.md":  simplePage("zlib", "develop", 1, 1),
	})
	page := filepath.Join(dir, "site", "_cache", "_develop", "zlib", "specs.md")
	for _, root := range []string{filepath.Join(dir, "site"), filepath.Join(dir, "site", "_cache")} {
		_, err := Load(root, Options{})
		checkErr(t, err, page, 0, 0, "the site leaves this page (package zlib) out", "a tag folder whose name starts with \"_\" (_develop)")
	}
	if _, err := Load(filepath.Join(dir, "site", "_cache", "_develop"), Options{}); err != nil {
		t.Errorf("the tag's folder named: %v", err)
	}
	for _, root := range []string{filepath.Join(dir, "good"), filepath.Join(dir, "good", "_cache"), filepath.Join(dir, "good", "_cache", "develop")} {
		if _, err := Load(root, Options{}); err != nil {
			t.Errorf("%s: %v", root, err)
		}
	}
	// A relative path finds _cache as the absolute one does.
	t.Chdir(filepath.Join(dir, "site", "_cache"))
	_, err := Load(".", Options{})
	checkErr(t, err, filepath.Join("_develop", "zlib", "specs.md"), 0, 0, "(_develop)")
}

// TestSpackFilesInUnderscoreFolders: Spack's own files are not pages, and
// Jekyll does not publish them anyway: in a folder named _x they load as
// anywhere.
func TestSpackFilesInUnderscoreFolders(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "spack-formats", "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeTree(t, map[string]string{"_cache/_x/#a.spec.json": string(data)})
	snap, err := Load(filepath.Join(dir, "_cache"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if snap.Specs() == 0 || !strings.Contains(snap.Packages[0].File(), "#a.spec.json") {
		t.Errorf("loaded %d specs", snap.Specs())
	}
}
