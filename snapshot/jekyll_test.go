package snapshot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
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
		"_llvm/specs.md":     simplePage("_llvm", "develop", 2, 1), // published: a package folder
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
	if names, skipped := loadSkipping(t, dir); !slices.Equal(names, []string{"_llvm", "gzip", "zlib"}) || len(skipped) != 4 {
		t.Errorf("loaded %q, skipped %v; want _llvm, gzip, zlib and 4 skipped", names, skipped)
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

// TestPageInOtherFolder: a specs.md whose title is a package name must be
// in the folder of that name, since the site shows a page at its folder's
// address. Two pages swapped between their folders passed a gate with "no
// changes" while each package's address showed the other's specs. A page
// at the top of the snapshot's folder is held to that folder's name, so
// that naming a folder above it changes nothing; a title that is no
// package name and a page named otherwise are not held to a folder.
func TestPageInOtherFolder(t *testing.T) {
	long := strings.Repeat("l", 5000)
	dir := writeTree(t, map[string]string{
		"develop/ccache/specs.md": simplePage("curl", "develop", 1, 1),
		"develop/curl/specs.md":   simplePage("ccache", "develop", 2, 1),
		"develop/Zlib/specs.md":   simplePage("zlib", "develop", 3, 1),
		"develop/p1/specs.md":     simplePage(long, "develop", 4, 1),
		"develop/p2/specs.md":     simplePage("x y", "develop", 5, 1),
		"develop/p3/page.md":      simplePage("bzip2", "develop", 6, 1),
		"develop/specs.md":        simplePage("xz", "develop", 7, 1),
		"xz/specs.md":             simplePage("xz", "develop", 7, 1),
		"develop/_llvm/specs.md":  simplePage("_llvm", "develop", 8, 1),
	})
	root := filepath.Join(dir, "develop")
	_, err := Load(root, Options{})
	const rest = "the site shows a page at its folder's address"
	checkErr(t, err, filepath.Join(root, "ccache", "specs.md"), 0, 0, `this page is titled "curl" but is in folder "ccache"`, rest, "show curl's specs as ccache's")
	checkErr(t, err, filepath.Join(root, "curl", "specs.md"), 0, 0, `this page is titled "ccache" but is in folder "curl"`)
	checkErr(t, err, filepath.Join(root, "Zlib", "specs.md"), 0, 0, `this page is titled "zlib" but is in folder "Zlib"`)
	checkErr(t, err, filepath.Join(root, "p1", "specs.md"), 0, 0, `this page is titled "`+long[:maxNameQuoted]+cutmark.Of(long)+`" but is in folder "p1"`)
	checkErr(t, err, filepath.Join(root, "specs.md"), 0, 0, `this page is titled "xz" but is in folder "develop"`)
	var le *LoadError
	if !errors.As(err, &le) || len(le.Errs) != 5 {
		t.Fatalf("want 5 bad pages, got %v", err)
	}
	for _, e := range le.Errs {
		if len(e.Msg) > 400 {
			t.Errorf("message of %d bytes: %.100s…", len(e.Msg), e.Msg)
		}
	}
	// The same from the folder above the tag's (_cache), and with
	// SkipInvalid the pages are listed and their packages left out.
	if names, skipped := loadSkipping(t, dir); !slices.Equal(names, []string{"_llvm", "bzip2", "x y", "xz"}) || len(skipped) != 5 {
		t.Errorf("loaded %q, skipped %v; want _llvm, bzip2, x y, xz and 5 skipped", names, skipped)
	}
	// A page named on the command line is read as asked; a folder of
	// one page is held to its name.
	if _, err := Load(filepath.Join(root, "ccache", "specs.md"), Options{}); err != nil {
		t.Errorf("a page named alone: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "xz"), Options{}); err != nil {
		t.Errorf("the folder xz: %v", err)
	}
	_, err = Load(filepath.Join(root, "curl"), Options{})
	checkErr(t, err, filepath.Join(root, "curl", "specs.md"), 0, 0, `this page is titled "ccache" but is in folder "curl"`)
}

// TestPageBelowPackageFolder: under _cache, a specs.md is at
// _cache/<tag>/<package>/specs.md. One a folder further down
// (_cache/develop/a/bc/specs.md, titled bc) was held to its last folder
// alone and passed a gate with "no changes", while the site showed it at
// a/bc's address and bc's own lost its specs.
func TestPageBelowPackageFolder(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"_config.yml":                                  "collections: {cache: {output: true}}\n",
		"_cache/develop/zlib/specs.md":                 simplePage("zlib", "develop", 1, 1),
		"_cache/develop/a/bc/specs.md":                 simplePage("bc", "develop", 2, 1),
		"_cache/develop/xz/xz/specs.md":                simplePage("xz", "develop", 3, 1),
		"_cache/develop/q/_cache/develop/lz4/specs.md": simplePage("lz4", "develop", 4, 1),
		"_cache/develop/p/page.md":                     simplePage("bzip2", "develop", 5, 1),
	})
	tag := filepath.Join(dir, "_cache", "develop")
	for _, top := range []string{tag, dir} {
		_, err := Load(top, Options{})
		checkErr(t, err, filepath.Join(tag, "a", "bc", "specs.md"), 0, 0, `this page, titled "bc", is in folder "a/bc" below its tag's package folders`, "so bc's address would lose its specs")
		checkErr(t, err, filepath.Join(tag, "xz", "xz", "specs.md"), 0, 0, `titled "xz", is in folder "xz/xz"`)
		checkErr(t, err, filepath.Join(tag, "q", "_cache", "develop", "lz4", "specs.md"), 0, 0, `titled "lz4", is in folder "q/_cache/develop/lz4"`)
		// A page by its layout elsewhere under _cache: TestRenderedBesidePages.
		checkErr(t, err, filepath.Join(tag, "p", "page.md"), 0, 0, "the site publishes this file among the catalogue's pages")
		var le *LoadError
		if !errors.As(err, &le) || len(le.Errs) != 4 {
			t.Errorf("from %s: want 4 bad pages, got %v", top, err)
		}
	}
	// A package's own folder reads as before.
	if _, err := Load(filepath.Join(tag, "zlib"), Options{}); err != nil {
		t.Errorf("the folder zlib: %v", err)
	}
}

// TestRenderedBesidePages: under a tag's folder of _cache, Jekyll renders
// every file whose first line is --- as a package page, whatever its
// name, with the catalogue's layout and at its path's address without
// the extension, and copies any other file to its own address (where
// specs.html is a page's). A package's page moved to bc/index.md, a
// second one beside it as specs.markdown, SPECS.MD or specs.txt, changed
// what the site showed at a package's address while the gate said "no
// changes". Any file there but a specs.md and the Spack files cachediff
// reads is bad input; names Jekyll leaves out (an editor's backup,
// specs.md~, included), the 2021–2022 layout's
// own error, and folders that no _cache holds are as before.
func TestRenderedBesidePages(t *testing.T) {
	front := "---\ntitle: \"zlib\"\nlayout: cache\nspec_details: []\n---\n"
	dir := writeTree(t, map[string]string{
		"site/_config.yml":                        "collections: {cache: {output: true}}\n",
		"site/_cache/develop/zlib/specs.md":       simplePage("zlib", "develop", 1, 1),
		"site/_cache/develop/bc/index.md":         simplePage("bc", "develop", 2, 1),
		"site/_cache/develop/zlib/specs.markdown": simplePage("zlib", "develop", 3, 1),
		"site/_cache/develop/zlib/SPECS.MD":       "# no front matter\n",
		"site/_cache/develop/zlib/specs.html":     "<p>other specs</p>\n",
		"site/_cache/develop/zlib/specs.txt":      front,
		"site/_cache/develop/zlib/specs":          front,
		"site/_cache/develop/zlib/specs.json":     front,
		"site/_cache/develop/zlib/README":         "read me\n",
		"site/_cache/develop/x.mkd":               "---\ntitle: x\n---\n",
		"site/_cache/develop/zlib/_draft.md":      "# left out by Jekyll\n",
		"site/_cache/develop/zlib/~specs.txt":     front,
		"site/_cache/develop/zlib/specs.md~":      simplePage("zlib", "develop", 4, 1),
		"site/_cache/develop/zlib/specs.txt~":     front,
		"old/_cache/zlib/index.md":                "---\ntitle: zlib\nspec_files: [spec-0.json]\n---\n",
		"plain/develop/zlib/specs.md":             simplePage("zlib", "develop", 1, 1),
		"plain/develop/bc/index.md":               simplePage("bc", "develop", 2, 1),
		"plain/develop/zlib/specs.txt":            front,
	})
	tag := filepath.Join(dir, "site", "_cache", "develop")
	bad := []string{"bc/index.md", "x.mkd", "zlib/README", "zlib/SPECS.MD", "zlib/specs", "zlib/specs.html", "zlib/specs.json", "zlib/specs.markdown", "zlib/specs.txt"}
	for _, top := range []string{tag, filepath.Join(dir, "site", "_cache"), filepath.Join(dir, "site")} {
		_, err := Load(top, Options{})
		var le *LoadError
		if !errors.As(err, &le) {
			t.Fatalf("from %s: want bad pages, got %v", top, err)
		}
		var got []string
		for _, e := range le.Errs {
			rel, _ := filepath.Rel(tag, e.File)
			got = append(got, filepath.ToSlash(rel))
			if !strings.HasPrefix(e.Msg, "the site publishes this file among the catalogue's pages") || !strings.Contains(e.Msg, "under _cache/develop") {
				t.Errorf("from %s: %s: %s", top, e.File, e.Msg)
			}
		}
		if !slices.Equal(got, bad) {
			t.Errorf("from %s: bad %q, want %q", top, got, bad)
		}
	}
	// --skip-invalid lists them, and bc's page is gone: the gate sees it
	// removed.
	names, skipped := loadSkipping(t, tag)
	if !slices.Equal(names, []string{"zlib"}) || len(skipped) != len(bad) {
		t.Errorf("loaded %q, skipped %v", names, skipped)
	}
	// The 2021–2022 layout keeps its own error.
	_, err := Load(filepath.Join(dir, "old", "_cache"), Options{})
	checkErr(t, err, filepath.Join(dir, "old", "_cache", "zlib", "index.md"), 3, 0, "the 2021–2022 catalogue layout")
	// No _cache: the tag's folder is unknown, and a page is read by its
	// layout as before.
	if names, skipped := loadSkipping(t, filepath.Join(dir, "plain", "develop")); !slices.Equal(names, []string{"bc", "zlib"}) || len(skipped) != 0 {
		t.Errorf("plain: loaded %q, skipped %v", names, skipped)
	}
}

// loadSkipping loads dir with SkipInvalid and returns the names of its
// packages and what was skipped.
func loadSkipping(t *testing.T, dir string) ([]string, []Skipped) {
	t.Helper()
	snap, err := Load(dir, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range snap.Packages {
		names = append(names, p.Name)
	}
	return names, snap.Skipped
}

// TestCheckoutUnderCacheFolder: a checkout kept in a folder named _cache
// (~/_cache/catalogue) has its collection at the work tree's _cache, not
// at ~/_cache. Read from the folder's absolute path, every page of the
// checkout was "below its tag's package folders" and its README "under
// _cache/catalogue", so the catalogue named at its top was refused
// whole. The folders above the work tree's top (the nearest with a
// .git) do not count; inside it, a page below a package's folder is
// still bad input.
func TestCheckoutUnderCacheFolder(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"_cache/catalogue/.git/HEAD":                       "ref: refs/heads/main\n",
		"_cache/catalogue/README.md":                       "# the catalogue\n",
		"_cache/catalogue/index.md":                        "---\nlayout: home\n---\n",
		"_cache/catalogue/_cache/develop/zlib/specs.md":    simplePage("zlib", "develop", 1, 1),
		"_cache/catalogue/_cache/develop/bc/specs.md":      simplePage("bc", "develop", 2, 1),
		"_cache/decoy/.git":                                "gitdir: ../elsewhere\n",
		"_cache/elsewhere/HEAD":                            "ref: refs/heads/main\n",
		"_cache/decoy/_cache/develop/zlib/specs.md":        simplePage("zlib", "develop", 1, 1),
		"_cache/decoy/_cache/develop/q/_cache/bc/specs.md": simplePage("bc", "develop", 2, 1),
	})
	co := filepath.Join(dir, "_cache", "catalogue")
	for _, top := range []string{co, filepath.Join(co, "_cache"), filepath.Join(co, "_cache", "develop")} {
		if names, skipped := loadSkipping(t, top); !slices.Equal(names, []string{"bc", "zlib"}) || len(skipped) != 0 {
			t.Errorf("from %s: loaded %q, skipped %v", top, names, skipped)
		}
	}
	tag := filepath.Join(dir, "_cache", "decoy", "_cache", "develop")
	for _, top := range []string{tag, filepath.Join(dir, "_cache", "decoy")} {
		_, err := Load(top, Options{})
		checkErr(t, err, filepath.Join(tag, "q", "_cache", "bc", "specs.md"), 0, 0, `titled "bc", is in folder "q/_cache/bc"`)
	}
}

// TestSpackFileAmongPages: a Spack file under _cache/<tag> is bad input.
// The site copies it as it is and shows its specs at no package's
// address, so a pull request that replaced a package's page with a
// lockfile of the same specs (a folder of Spack files alone, so not
// "mixed") passed a gate with "no changes" while the page was gone. A
// Spack file outside _cache, or in a folder Jekyll leaves out named as
// the snapshot, loads.
func TestSpackFileAmongPages(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("..", "testdata", "spack-formats", "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeTree(t, map[string]string{
		"site/_config.yml":                         "collections: {cache: {output: true}}\n",
		"site/_cache/develop/libdwarf/x.spec.json": string(spec),
		"site/_cache/develop/libdwarf/spack.lock":  string(spec),
		"site/_cache/develop/index.v7.json":        string(spec),
		"mirror/build_cache/x.spec.json":           string(spec),
		"site/_cache/_x/x.spec.json":               string(spec),
	})
	tag := filepath.Join(dir, "site", "_cache", "develop")
	bad := []string{"index.v7.json", "libdwarf/spack.lock", "libdwarf/x.spec.json"}
	// From _cache, the walk finds _x too, a tag's folder Jekyll leaves
	// out, whose specs the site shows nowhere (TestSpackFileSkippedTagFolder).
	for _, top := range []string{tag, filepath.Join(dir, "site", "_cache")} {
		_, err := Load(top, Options{})
		var le *LoadError
		if !errors.As(err, &le) {
			t.Fatalf("from %s: want bad input, got %v", top, err)
		}
		var got []string
		for _, e := range le.Errs {
			rel, _ := filepath.Rel(tag, e.File)
			got = append(got, filepath.ToSlash(rel))
			if rel == filepath.FromSlash("../_x/x.spec.json") {
				if !strings.HasPrefix(e.Msg, "a Spack file in the catalogue's folder (under _cache/_x)") {
					t.Errorf("from %s: %s: %s", top, e.File, e.Msg)
				}
			} else if !strings.HasPrefix(e.Msg, "a Spack file among the catalogue's pages (under _cache/develop)") {
				t.Errorf("from %s: %s: %s", top, e.File, e.Msg)
			}
		}
		want := bad
		if top != tag {
			want = append([]string{"../_x/x.spec.json"}, bad...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("from %s: bad %q, want %q", top, got, want)
		}
	}
	for _, ok := range []string{filepath.Join(dir, "mirror"), filepath.Join(dir, "site", "_cache", "_x"), filepath.Join(tag, "libdwarf", "x.spec.json")} {
		if snap, err := Load(ok, Options{}); err != nil || snap.Specs() == 0 {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// TestDotFolderAmongPages: under a tag's folder of _cache, Jekyll
// publishes the files of a folder whose name starts with a dot (it
// leaves out a file by its own name or its tag folder's, not by a folder
// between them), and a page there can take a package's address by its
// permalink; the walk does not enter such a folder, so a pull request
// that added _cache/develop/llvm/t/.x/specs.md passed a gate with "no
// changes". Such a folder is bad input there; elsewhere (a checkout's
// .git, a dot-folder of the tag level, which Jekyll leaves out) it is
// not read, as before.
func TestDotFolderAmongPages(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"site/_config.yml":                       "",
		"site/_cache/develop/llvm/specs.md":      simplePage("llvm", "develop", 1, 1),
		"site/_cache/develop/llvm/t/.x/specs.md": simplePage("llvm", "develop", 2, 1),
		"site/_cache/develop/.y/specs.md":        simplePage("zlib", "develop", 3, 1),
		"site/_cache/.hidden/zlib/specs.md":      simplePage("zlib", "develop", 4, 1),
		"site/.github/workflows/site.md":         "# not the catalogue\n",
		"plain/develop/llvm/specs.md":            simplePage("llvm", "develop", 1, 1),
		"plain/develop/llvm/.x/specs.md":         simplePage("llvm", "develop", 2, 1),
	})
	tag := filepath.Join(dir, "site", "_cache", "develop")
	for _, top := range []string{tag, filepath.Join(dir, "site", "_cache")} {
		_, err := Load(top, Options{})
		checkErr(t, err, filepath.Join(tag, "llvm", "t", ".x"), 0, 0, "a folder whose name starts with a dot among the catalogue's pages (under _cache/develop)", "Jekyll publishes the files in it")
		checkErr(t, err, filepath.Join(tag, ".y"), 0, 0, "a folder whose name starts with a dot")
		var le *LoadError
		if !errors.As(err, &le) || len(le.Errs) != 2 {
			t.Errorf("from %s: want 2 bad files, got %v", top, err)
		}
	}
	if _, err := Load(filepath.Join(dir, "plain", "develop"), Options{}); err != nil {
		t.Errorf("no _cache: %v", err)
	}
}

// TestLinkToTagFolder: a folder named through a symbolic link whose own
// path has no _cache (a link outside any work tree, or one beside
// _cache in a checkout) is held to the rules of the tag's folder it
// leads to: read by the link's name, a page moved below its package's
// folder and a page beside it passed a gate with "no changes" while the
// site showed them elsewhere. A checkout's _cache that is itself a link
// keeps the path as given.
func TestLinkToTagFolder(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"co/.git/HEAD":                    "ref: refs/heads/main\n",
		"co/_cache/develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
		"co/_cache/develop/a/bc/specs.md": simplePage("bc", "develop", 2, 1),
		"co/data/develop/zlib/specs.md":   simplePage("zlib", "develop", 1, 1),
		"co/data/develop/a/bc/specs.md":   simplePage("bc", "develop", 2, 1),
		"out/.keep":                       "",
	})
	tag := filepath.Join(dir, "co", "_cache", "develop")
	links := map[string]string{
		filepath.Join(dir, "out", "new"): tag,                                // outside any work tree
		filepath.Join(dir, "co", "dev"):  filepath.Join("_cache", "develop"), // beside _cache
	}
	for link, to := range links {
		if err := os.Symlink(to, link); err != nil {
			t.Skipf("symlink: %v", err)
		}
		_, err := Load(link, Options{})
		checkErr(t, err, filepath.Join(link, "a", "bc", "specs.md"), 0, 0, `titled "bc", is in folder "a/bc" below its tag's package folders`)
	}
	// A checkout's _cache that is a link to a folder of another name:
	// the path as given names the collection.
	if err := os.Symlink("data", filepath.Join(dir, "co", "_cache2")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "co", "_cache"), filepath.Join(dir, "co", "old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "co", "_cache2"), filepath.Join(dir, "co", "_cache")); err != nil {
		t.Fatal(err)
	}
	_, err := Load(filepath.Join(dir, "co", "_cache", "develop"), Options{})
	checkErr(t, err, filepath.Join(dir, "co", "_cache", "develop", "a", "bc", "specs.md"), 0, 0, `titled "bc", is in folder "a/bc" below its tag's package folders`)
}

// TestSkippedCountInBytes: the files a snapshot left out are input to
// the memory budget (Snapshot.Bytes), though none was read: the report
// holds each one's name and reason, and 40,000 junk files under
// _cache/<tag> with --skip-invalid kept the collector running back to
// back (a limit set by the pages alone).
func TestSkippedCountInBytes(t *testing.T) {
	files := map[string]string{"_config.yml": "", "_cache/develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1)}
	for i := range 200 {
		files[fmt.Sprintf("_cache/develop/zlib/junk%03d", i)] = "x"
	}
	dir := writeTree(t, files)
	snap, err := Load(filepath.Join(dir, "_cache", "develop"), Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	var held int64
	for _, s := range snap.Skipped {
		held += int64(len(s.File) + len(s.Reason))
	}
	if len(snap.Skipped) != 200 || snap.Bytes < held {
		t.Errorf("%d skipped holding %d bytes, but Bytes is %d", len(snap.Skipped), held, snap.Bytes)
	}
}

// TestNoSiteNoCollection: outside a git work tree and a Jekyll site (no
// .git, no _config.yml above), a folder named _cache says nothing:
// Spack's files kept below one were refused as files among the catalogue's
// pages. An export of the catalogue (its _config.yml) inside a folder
// named _cache is measured from its own top: its pages load.
func TestNoSiteNoCollection(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("..", "testdata", "spack-formats", "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeTree(t, map[string]string{
		"x/_cache/work/specs/a/x.spec.json":          string(spec),
		"y/_cache/cat/_config.yml":                   "",
		"y/_cache/cat/_cache/develop/zlib/specs.md":  simplePage("zlib", "develop", 1, 1),
		"y/_cache/cat/_cache/develop/bzip2/specs.md": simplePage("bzip2", "develop", 2, 1),
	})
	if _, err := Load(filepath.Join(dir, "x", "_cache", "work", "specs", "a"), Options{}); err != nil {
		t.Errorf("a spec file below a folder _cache, in no site: %v", err)
	}
	for _, top := range []string{"y/_cache/cat", "y/_cache/cat/_cache", "y/_cache/cat/_cache/develop"} {
		if _, err := Load(filepath.Join(dir, filepath.FromSlash(top)), Options{}); err != nil {
			t.Errorf("%s: %v", top, err)
		}
	}
}

// TestByteOrderMark: Jekyll makes a document only of a file whose raw
// first line is --- (Utils.has_yaml_header?, read in binary), so a page
// that starts with a byte-order mark is a static file to the site: no
// specs at the package's address, while cachediff read them and a gate
// said "no changes". A specs.md so written is bad input; another *.md is
// no page, as to the site.
func TestByteOrderMark(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"develop/zlib/specs.md": "\uFEFF" + simplePage("zlib", "develop", 1, 1),
		"develop/xz/specs.md":   simplePage("xz", "develop", 2, 1),
		"develop/xz/notes.md":   "\uFEFF" + simplePage("bzip2", "develop", 3, 1),
	})
	root := filepath.Join(dir, "develop")
	_, err := Load(root, Options{})
	checkErr(t, err, filepath.Join(root, "zlib", "specs.md"), 1, 0, "a byte-order mark before the front matter's '---'", "a static file, not a page")
	if names, skipped := loadSkipping(t, root); !slices.Equal(names, []string{"xz"}) || len(skipped) != 1 {
		t.Errorf("loaded %q, skipped %v; want xz, and zlib's page skipped", names, skipped)
	}
}

// TestFolderAddressMoved: Jekyll's address of a page drops or rewrites
// the dots of its folders' names (URL#sanitize_url: Jekyll 4 turns ".."
// into "/" and drops "./", Jekyll 3 drops a run of dots before "/"), so
// _cache/develop/bc../specs.md is written at bc's address, where one of
// the two pages overwrites the other, and bc./specs.md at bcspecs'. A
// pull request that added bc.. titled "bc.." with other specs passed a
// gate with "added package bc.." while the site showed none of them.
// Under _cache, a tag or package folder whose name ends with a dot or
// holds ".." is bad input; elsewhere, and a dot inside a name, as before.
func TestFolderAddressMoved(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"_config.yml":                  "collections: {cache: {output: true}}\n",
		"_cache/develop/bc/specs.md":   simplePage("bc", "develop", 1, 1),
		"_cache/develop/bc../specs.md": simplePage("bc..", "develop", 2, 1),
		"_cache/develop/xz./specs.md":  simplePage("xz.", "develop", 4, 1),
		"_cache/develop/a..b/specs.md": simplePage("a..b", "develop", 5, 1),
		"_cache/develop/py.x/specs.md": simplePage("py.x", "develop", 6, 1),
		"_cache/develop./lz4/specs.md": simplePage("lz4", "develop.", 7, 1),
		"other/bc../specs.md":          simplePage("bc..", "develop", 8, 1),
	})
	tag := filepath.Join(dir, "_cache", "develop")
	for _, top := range []string{tag, filepath.Join(tag, "bc..")} {
		_, err := Load(top, Options{})
		checkErr(t, err, filepath.Join(tag, "bc..", "specs.md"), 0, 0, `this page (package bc..) is in folder "bc..", a name the site's address does not keep`, "at /package/develop/bc/specs/, another folder's address")
		if top != tag {
			continue
		}
		checkErr(t, err, filepath.Join(tag, "xz.", "specs.md"), 0, 0, `in folder "xz."`, "at /package/develop/xzspecs/")
		checkErr(t, err, filepath.Join(tag, "a..b", "specs.md"), 0, 0, `in folder "a..b"`, "at /package/develop/a/b/specs/")
		var le *LoadError
		if !errors.As(err, &le) || len(le.Errs) != 3 {
			t.Errorf("want 3 bad pages, got %v", err)
		}
	}
	_, err := Load(filepath.Join(dir, "_cache", "develop."), Options{})
	checkErr(t, err, filepath.Join(dir, "_cache", "develop.", "lz4", "specs.md"), 0, 0, `in folder "develop."`)
	// Outside _cache the folder's name says nothing of an address.
	if _, err := Load(filepath.Join(dir, "other"), Options{}); err != nil {
		t.Errorf("a folder bc.. outside _cache: %v", err)
	}
}

// TestFolderAddressChars: Jekyll 4.3 keeps a "'" of a folder's name in
// the page's address (Addressable keeps sub-delims), and the tag's
// listing prints the page's link inside href='...', which it ends; a "?"
// or "#" starts the address's query or fragment, so the page's link
// leads elsewhere. A pull request that added such a folder passed a
// gate with "new package" while the site showed its specs nowhere, or
// covered the listing. Under _cache such a folder is bad input;
// elsewhere, as before.
func TestFolderAddressChars(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"_config.yml":                 "collections: {cache: {output: true}}\n",
		"_cache/develop/bc/specs.md":  simplePage("bc", "develop", 1, 1),
		"_cache/develop/x'y/specs.md": simplePage("x!", "develop", 2, 1),
		"_cache/develop/b?c/specs.md": simplePage("b?c", "develop", 3, 1),
		"_cache/develop/b#c/specs.md": simplePage("b#c", "develop", 4, 1),
		"other/develop/b?c/specs.md":  simplePage("b?c", "develop", 5, 1),
		"other/develop/zlib/specs.md": simplePage("zlib", "develop", 6, 1),
	})
	tag := filepath.Join(dir, "_cache", "develop")
	_, err := Load(tag, Options{})
	for _, name := range []string{"x'y", "b?c", "b#c"} {
		checkErr(t, err, filepath.Join(tag, name, "specs.md"), 0, 0, `is in folder "`+name+`", whose`, "the site's address does not keep as a name")
	}
	if _, err := Load(filepath.Join(dir, "other", "develop"), Options{}); err != nil {
		t.Errorf("outside _cache: %v", err)
	}
}

// TestTagFolderRetagged (the 55th adversarial pass, issue 35): below a
// tag's folder of _cache, a page whose tag is not the folder's name is
// bad input, at its categories line. The tag's listing (/tag/<tag>/)
// shows the pages of its own tag only: every page of _cache/v0.23.1
// retagged v0.23.2 passed a gate with "no changes" while the listing of
// v0.23.1 showed no package. Outside _cache, and for a page named on
// the command line, a page's tag is its own.
func TestTagFolderRetagged(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"_config.yml":                  "collections: {cache: {output: true}}\n",
		"_cache/v0.23.1/bc/specs.md":   simplePage("bc", "v0.23.2", 1, 1),
		"_cache/v0.23.1/zlib/specs.md": simplePage("zlib", "v0.23.2", 2, 1),
		"_cache/v0.23.2/bc/specs.md":   simplePage("bc", "v0.23.2", 1, 1),
		"_cache/develop/bc/specs.md":   simplePage("bc", "develop", 3, 1),
		"_cache/develop/zlib/specs.md": simplePage("zlib", "develop-2025-03-16", 4, 1),
		"_cache/develop/xz/specs.md":   strings.Replace(simplePage("xz", "develop", 5, 1), "categories: [package, develop]\n", "", 1),
		"other/v0.23.1/bc/specs.md":    simplePage("bc", "v0.23.2", 1, 1),
	})
	v1 := filepath.Join(dir, "_cache", "v0.23.1")
	_, err := Load(v1, Options{})
	for _, name := range []string{"bc", "zlib"} {
		checkErr(t, err, filepath.Join(v1, name, "specs.md"), 4, 0, `this page has tag "v0.23.2" but is in _cache's tag folder "v0.23.1"`, `the listing of "v0.23.1" would not show it`)
	}
	// The same from the collection's folder, and from the site's top:
	// the tag's folder is the first below _cache.
	for _, top := range []string{filepath.Join(dir, "_cache"), dir} {
		_, err := Load(top, Options{})
		checkErr(t, err, filepath.Join(v1, "bc", "specs.md"), 4, 0, `is in _cache's tag folder "v0.23.1"`)
	}
	dev := filepath.Join(dir, "_cache", "develop")
	_, err = Load(dev, Options{})
	checkErr(t, err, filepath.Join(dev, "zlib", "specs.md"), 4, 0, `this page has tag "develop-2025-03-16" but is in _cache's tag folder "develop"`)
	checkErr(t, err, filepath.Join(dev, "xz", "specs.md"), 6, 0, `this page has no tag but is in _cache's tag folder "develop"`) // where the front matter ends
	// _cache named as the snapshot, out of a site (no .git, no
	// _config.yml above it): its first folders are the tags'.
	bare := writeTree(t, map[string]string{
		"_cache/v0.23.1/bc/specs.md": simplePage("bc", "v0.23.2", 1, 1),
		"_cache/v0.23.2/bc/specs.md": simplePage("bc", "v0.23.2", 1, 1),
	})
	_, err = Load(filepath.Join(bare, "_cache"), Options{})
	checkErr(t, err, filepath.Join(bare, "_cache", "v0.23.1", "bc", "specs.md"), 4, 0, `is in _cache's tag folder "v0.23.1"`)
	if e := errorFor(err, filepath.Join(dev, "bc", "specs.md")); e != nil {
		t.Errorf("a page of its folder's tag: %v", e)
	}
	// --skip-invalid lists them, and loads the pages of the folder's tag.
	snap, err := Load(dev, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Packages) != 1 || snap.Tag != "develop" || len(snap.Skipped) != 2 {
		t.Errorf("--skip-invalid: %d packages, tag %q, skipped %v; want bc of develop, two skipped", len(snap.Packages), snap.Tag, snap.Skipped)
	}
	for _, ok := range []string{filepath.Join(dir, "_cache", "v0.23.2"), filepath.Join(dir, "other", "v0.23.1"), filepath.Join(v1, "bc", "specs.md")} {
		snap, err := Load(ok, Options{})
		if err != nil || snap.Tag != "v0.23.2" {
			t.Errorf("%s: %v, tag %q; want v0.23.2", ok, err, snap.Tag)
		}
	}
}

// TestTagFolderOfAgrees: tagFolderOf, which splits no path (it runs for
// every page), names the tag's folder that collectionPath's split names,
// for every shape of snapshot path and page path.
func TestTagFolderOfAgrees(t *testing.T) {
	bySplit := func(r publishRule, rel string) (string, bool) {
		segs := strings.Split(rel, "/")
		if full, at := r.collectionPath(segs); at >= 0 && len(full) >= at+3 {
			return full[at+1], true
		}
		if r.tagFolder && len(segs) >= 2 {
			return segs[0], true
		}
		return "", false
	}
	site := func(path string, tagFolder bool) publishRule {
		r := publishRule{siteAt: -1, tagFolder: tagFolder}
		if path != "" {
			r.siteSegs = strings.Split(path, "/")
			for i, s := range r.siteSegs {
				if s == collectionDir {
					r.siteAt = i
				}
			}
		}
		return r
	}
	rules := []publishRule{
		site("", false), site("", true), site("_cache", true), site("_cache/develop", false),
		site("_cache/develop/bc", false), site("a/_cache/develop", false), site("x", false), site("_cache/_cache", true),
	}
	rels := []string{
		"specs.md", "bc/specs.md", "develop/bc/specs.md", "_cache/develop/bc/specs.md", "_cache/develop/specs.md",
		"_cache/specs.md", "a/_cache/v1/bc/specs.md", "a/_cache/v1", "_cache/_cache/x/specs.md", "a/_cache/b/_cache/c/x.md",
		"x_cache/develop/bc/specs.md", "_cachex/develop/bc/specs.md", "a/_cache/", "_cache/develop/",
	}
	for i, r := range rules {
		for _, rel := range rels {
			gf, gok := r.tagFolderOf(rel)
			wf, wok := bySplit(r, rel)
			if gf != wf || gok != wok {
				t.Errorf("rule %d (%q, tagFolder %v), %q: %q, %v; by split %q, %v", i, r.siteSegs, r.tagFolder, rel, gf, gok, wf, wok)
			}
		}
	}
}

// TestSubmoduleCollection: a catalogue whose _cache is a submodule,
// checked out (its .git a file, or a folder), is measured from the
// superproject's top, whose Jekyll builds the submodule's files as its
// own: from the submodule's top (/develop) no rule of _cache's tag
// folders held, and a pull request that put a page below a package
// folder passed a gate. A nested repository that no .gitmodules names
// is its own top, as before; a _config.yml of the submodule's, or one
// below a site's top, makes none.
func TestSubmoduleCollection(t *testing.T) {
	tree := map[string]string{
		"co/.git/HEAD":                            "ref: refs/heads/main\n",
		"co/.gitmodules":                          "[submodule \"cache\"]\n\tpath = _cache\n\turl = ../cache\n[submodule \"s\"]\n\tPath = \"site/_cache\"\n[submodule \"d\"]\n\tpath = ./dot//_cache/\n[submodule \"n\"]\n\tpath = note/_cache # a comment\n[other]\n\tpath = other/_cache\n",
		"co/_cache/.git":                          "gitdir: ../.git/modules/cache\n",
		"co/_cache/develop/zlib/specs.md":         simplePage("zlib", "develop", 1, 1),
		"co/_cache/develop/a/bc/specs.md":         simplePage("bc", "develop", 2, 1),
		"co/site/_config.yml":                     "",
		"co/site/_cache/.git/HEAD":                "ref: refs/heads/main\n",
		"co/site/_cache/develop/zlib/specs.md":    simplePage("zlib", "develop", 1, 1),
		"co/site/_cache/develop/a/bc/specs.md":    simplePage("bc", "develop", 2, 1),
		"co/other/_cache/.git/HEAD":               "ref: refs/heads/main\n",
		"co/dot/_cache/.git/HEAD":                 "ref: refs/heads/main\n",
		"co/dot/_cache/develop/a/bc/specs.md":     simplePage("bc", "develop", 2, 1),
		"co/note/_cache/.git/HEAD":                "ref: refs/heads/main\n",
		"co/note/_cache/develop/a/bc/specs.md":    simplePage("bc", "develop", 2, 1),
		"co/mod/_cache/.git":                      "gitdir: ../../.git/modules/mod\n",
		"co/mod/_cache/develop/a/bc/specs.md":     simplePage("bc", "develop", 2, 1),
		"wt/.git":                                 "gitdir: ../co/.git/worktrees/wt\n",
		"co/.git/worktrees/wt/HEAD":               "ref: refs/heads/main\n",
		"co/.git/worktrees/wt/modules/cache/HEAD": "ref: refs/heads/main\n",
		"wt/_cache/.git":                          "gitdir: ../../co/.git/worktrees/wt/modules/cache\n",
		"wt/_cache/develop/a/bc/specs.md":         simplePage("bc", "develop", 2, 1),
		"co/other/_cache/develop/zlib/specs.md":   simplePage("zlib", "develop", 1, 1),
		"co/other/_cache/develop/a/bc/specs.md":   simplePage("bc", "develop", 2, 1),
		"own/.git/HEAD":                           "ref: refs/heads/main\n",
		"own/.gitmodules":                         "[submodule \"cache\"]\n\tpath = _cache\n",
		"own/_cache/.git":                         "gitdir: ../.git/modules/cache\n",
		"own/_cache/_config.yml":                  "",
		"own/_cache/develop/zlib/specs.md":        simplePage("zlib", "develop", 1, 1),
		"own/_cache/develop/a/bc/specs.md":        simplePage("bc", "develop", 2, 1),
		"cfg/.git/HEAD":                           "ref: refs/heads/main\n",
		"cfg/_config.yml":                         "",
		"cfg/_cache/_config.yml":                  "",
		"cfg/_cache/develop/_config.yml":          "",
		"cfg/_cache/develop/a/bc/specs.md":        simplePage("bc", "develop", 2, 1),
		"exp/_config.yml":                         "",
		"exp/_cache/_config.yml":                  "",
		"exp/_cache/develop/a/bc/specs.md":        simplePage("bc", "develop", 2, 1),
		"yaml/.git/HEAD":                          "ref: refs/heads/main\n",
		"yaml/_config.yaml":                       "",
		"yaml/_cache/.git/HEAD":                   "ref: refs/heads/main\n",
		"yaml/_cache/develop/a/bc/specs.md":       simplePage("bc", "develop", 2, 1),
		"toml/_config.toml":                       "",
		"toml/_cache/.git/HEAD":                   "ref: refs/heads/main\n",
		"toml/_cache/develop/a/bc/specs.md":       simplePage("bc", "develop", 2, 1),
	}
	dir := writeTree(t, tree)
	// The paths of .gitmodules are read as git reads a value (./dot//
	// spelt, a comment after it); a .git file into the modules of the
	// repository above, as of a linked worktree's, is a submodule's with
	// no .gitmodules (git knows a submodule by the superproject's index):
	// either passed a gate on disk that REV:PATH refused.
	// A _config.yml below a work tree's top, or below an export's, which
	// Jekyll never reads (_cache/_config.yml), is no site's top, nor a
	// submodule's own: measured from there (/develop), a retag of every
	// page passed a gate on disk that git:HEAD: refused. A site
	// configured by _config.yaml or _config.toml, which Jekyll reads
	// with no _config.yml, holds a clone left in it as one by
	// _config.yml does.
	for _, sub := range []string{"co/_cache/develop", "co/site/_cache/develop", "co/dot/_cache/develop", "co/note/_cache/develop", "co/mod/_cache/develop", "wt/_cache/develop", "own/_cache/develop", "cfg/_cache/develop", "exp/_cache/develop", "yaml/_cache/develop", "toml/_cache/develop"} {
		p := filepath.Join(dir, filepath.FromSlash(sub))
		_, err := Load(p, Options{})
		checkErr(t, err, filepath.Join(p, "a", "bc", "specs.md"), 0, 0, `titled "bc", is in folder "a/bc" below its tag's package folders`)
	}
	for _, own := range []string{"co/other/_cache/develop"} {
		if _, err := Load(filepath.Join(dir, filepath.FromSlash(own)), Options{}); err != nil {
			t.Errorf("%s, its own top: %v", own, err)
		}
	}
}

// TestPageInOtherFolderLookalike: a page titled with a package name in a
// folder whose name only looks the same (its K the KELVIN SIGN, its c
// Cyrillic) names the folder in ASCII, both times: the message read
// "titled "Kelvin" but is in folder "Kelvin"", two names alike to the
// eye, and a reader could not see what to rename.
func TestPageInOtherFolderLookalike(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"develop/\u212aelvin/specs.md": simplePage("Kelvin", "develop", 1, 1),
		"develop/\u0441url/specs.md":   simplePage("curl", "develop", 2, 1),
	})
	root := filepath.Join(dir, "develop")
	_, err := Load(root, Options{})
	checkErr(t, err, filepath.Join(root, "\u212aelvin", "specs.md"), 0, 0, `this page is titled "Kelvin" but is in folder "\u212aelvin"`, `show Kelvin's specs as "\u212aelvin"'s`)
	checkErr(t, err, filepath.Join(root, "\u0441url", "specs.md"), 0, 0, `this page is titled "curl" but is in folder "\u0441url"`, `show curl's specs as "\u0441url"'s`)
}

// TestTagLookalikeQuotedInASCII: a page under _cache/develop whose tag
// only looks like develop (its e Cyrillic) names the tag in ASCII: the
// message read "has tag "dеvelop" but is in _cache's tag folder
// "develop"", two names alike to the eye.
func TestTagLookalikeQuotedInASCII(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"_config.yml":                "collections: {cache: {output: true}}\n",
		"_cache/develop/bc/specs.md": simplePage("bc", "d\u0435velop", 1, 1),
	})
	dev := filepath.Join(dir, "_cache", "develop")
	_, err := Load(dev, Options{})
	checkErr(t, err, filepath.Join(dev, "bc", "specs.md"), 4, 0, `this page has tag "d\u0435velop" but is in _cache's tag folder "develop"`)
}

// Issue 35 (messages): a folder or tag name of ASCII longer than the
// messages quote is cut with "…", which quoting the cut name in ASCII
// (a name not ASCII, a lookalike, is) turned into "\u2026": "in folder
// "bcxx…\u2026"", and "…'s specs as "bcxx…\u2026"'s", as if the name were
// not ASCII. The mark stays as it is, inside the quotes, as before; a
// name that is not ASCII is quoted in ASCII still.
func TestLongNameCutNotQuotedInASCII(t *testing.T) {
	long := "bc" + strings.Repeat("x", 90)
	tag := "develop" + strings.Repeat("y", 90)
	cyr := "b\u0441" + strings.Repeat("z", 90)
	dev, err := loadDevelop(t, map[string]string{
		long + "/specs.md": simplePage("bc", "develop", 1, 1),
		cyr + "/specs.md":  simplePage("curl", "develop", 2, 1),
		"zlib/specs.md":    simplePage("zlib", tag, 3, 1),
	})
	cut := shorten(long, maxNameQuoted)
	checkErr(t, err, filepath.Join(dev, long, "specs.md"), 0, 0, `in folder "`+cut+`"`, `show bc's specs as `+cut+`'s`)
	head, _ := cutHead(cyr, maxNameQuoted)
	q := strconv.QuoteToASCII(head)
	q = q[:len(q)-1] + cutmark.Of(cyr) + `"`
	checkErr(t, err, filepath.Join(dev, cyr, "specs.md"), 0, 0, `in folder `+q, `show curl's specs as `+q+`'s`)
	checkErr(t, err, filepath.Join(dev, "zlib", "specs.md"), 4, 0, `this page has tag "`+shorten(tag, maxNameQuoted)+`" but is in`)
}

// loadDevelop loads the tag folder _cache/develop of a site whose
// pages are pages, by their path below it, and returns its path and
// the error.
func loadDevelop(t *testing.T, pages map[string]string) (string, error) {
	t.Helper()
	files := map[string]string{"_config.yml": "collections: {cache: {output: true}}\n"}
	for name, page := range pages {
		files["_cache/develop/"+name] = page
	}
	dev := filepath.Join(writeTree(t, files), "_cache", "develop")
	_, err := Load(dev, Options{})
	return dev, err
}

// TestLongNamesCutApart (issue 35, classes a and e): two folders, or two
// tags, longer than the messages quote that differ only past the cut
// read alike: shorten marked its cut with "…" alone, and the pages
// titled bc in folders "bc" + 90 x's + "1" and + "2" were both said to
// be `in folder "bcxx…x…"`. The cut's mark holds the digest of the
// whole name (cutmark), so each message names its own.
func TestLongNamesCutApart(t *testing.T) {
	long := "bc" + strings.Repeat("x", 90)
	tag := "develop" + strings.Repeat("y", 90)
	dev, err := loadDevelop(t, map[string]string{
		long + "1/specs.md": simplePage("bc", "develop", 1, 1),
		long + "2/specs.md": simplePage("bc", "develop", 2, 1),
		"zlib/specs.md":     simplePage("zlib", tag+"1", 3, 1),
		"curl/specs.md":     simplePage("curl", tag+"2", 4, 1),
	})
	for _, pair := range [][2]string{
		{filepath.Join(dev, long+"1", "specs.md"), filepath.Join(dev, long+"2", "specs.md")},
		{filepath.Join(dev, "zlib", "specs.md"), filepath.Join(dev, "curl", "specs.md")},
	} {
		a, b := errorFor(err, pair[0]), errorFor(err, pair[1])
		if a == nil || b == nil {
			t.Fatalf("error %q does not name both %s and %s", err, pair[0], pair[1])
		}
		if !strings.Contains(a.Msg, "…") || a.Msg == b.Msg {
			t.Errorf("the names cut read alike, or were not cut:\n%q\n%q", a.Msg, b.Msg)
		}
	}
}

// TestFolderLookalikeQuotedInASCII (issue 35, class a): the messages of
// a page in a folder below its tag's package folders, or in one whose
// name the site's address does not keep, quoted the folder with %q,
// which leaves a lookalike (a Cyrillic а) as it is: the folders "а/bc"
// and "a/bc", "bа?c" and "ba?c" read alike. They are quoted in ASCII,
// as the other messages of a page's folder are (quoteNameShort).
func TestFolderLookalikeQuotedInASCII(t *testing.T) {
	dev, err := loadDevelop(t, map[string]string{
		"\u0430/bc/specs.md": simplePage("bc", "develop", 1, 1),
		"b\u0430?c/specs.md": simplePage("bc", "develop", 2, 1),
		"x\u0430../specs.md": simplePage("xz", "develop", 3, 1),
	})
	checkErr(t, err, filepath.Join(dev, "\u0430", "bc", "specs.md"), 0, 0, `is in folder "\u0430/bc" below`)
	checkErr(t, err, filepath.Join(dev, "b\u0430?c", "specs.md"), 0, 0, `is in folder "b\u0430?c", whose "?"`)
	checkErr(t, err, filepath.Join(dev, "x\u0430..", "specs.md"), 0, 0, `is in folder "x\u0430..", a name`)
	// The address it moves to too (shownAddress): raw, the folder xa's.
	checkErr(t, err, filepath.Join(dev, "x\u0430..", "specs.md"), 0, 0, `shows it at "/package/develop/x\u0430/specs/", another`)
}

// TestPathLookalikeQuotedInASCII (issue 35, classes a and e): a path
// that is not ASCII is named quoted in ASCII (shownPath), as its folder
// is (TestFolderLookalikeQuotedInASCII): raw, "loading
// …/_cache/develop/xа../specs.md:" (its а Cyrillic) read as the page
// of the folder xa.., and so did where a page belongs and a tag's
// folder that Jekyll leaves out. A path of ASCII stays as it is, and one
// cut keeps its mark inside the quotes.
func TestPathLookalikeQuotedInASCII(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"_config.yml":                       "collections: {cache: {output: true}}\n",
		"_cache/develop/x\u0430../specs.md": simplePage("xz", "develop", 1, 1),
		"_cache/develop/b\u0430/_specs.md":  simplePage("ba", "develop", 2, 1),
		"_cache/_d\u0435v/zlib/specs.md":    simplePage("zlib", "develop", 3, 1),
		"_cache/develop/zstd/specs.md":      simplePage("zstd", "develop", 4, 1),
	})
	_, err := Load(dir, Options{})
	if err == nil {
		t.Fatal("no error")
	}
	text := err.Error()
	dev := filepath.Join(dir, "_cache", "develop")
	for _, want := range []string{
		"loading " + strconv.QuoteToASCII(filepath.Join(dev, "x\u0430..", "specs.md")) + `: this page`,
		`x\u0430..`,
		"belongs at " + strconv.QuoteToASCII(filepath.Join(dev, "b\u0430", "specs.md")),
		`whose name starts with "_" ("_d\u0435v")`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("error %q does not say %q", text, want)
		}
	}
	if strings.ContainsFunc(text, notASCII) {
		t.Errorf("error %q holds a character that is not ASCII", text)
	}
	for _, c := range []struct{ p, want string }{
		{"a/b c", "a/b c"},
		{"caf\u00e9", `"caf\u00e9"`},
		{"a\nb\u0430", `"a\nb\u0430"`},
		{"a\xffb", `"a\xffb"`},
	} {
		if got := shownPath(c.p); got != c.want {
			t.Errorf("shownPath(%q) = %s, want %s", c.p, got, c.want)
		}
	}
	long := strings.Repeat("x", 100)
	if got, want := shownFolder(long), long[:maxNameQuoted]+cutmark.Of(long); got != want {
		t.Errorf("shownFolder(100 x's) = %s, want %s", got, want)
	}
	long = "\u0430" + long
	if got, want := shownFolder(long), `"\u0430`+long[2:maxNameQuoted]+cutmark.Of(long)+`"`; got != want {
		t.Errorf("shownFolder(а and 100 x's) = %s, want %s", got, want)
	}
}
