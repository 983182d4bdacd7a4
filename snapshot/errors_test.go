package snapshot

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
)

// head opens a page's front matter, up to its values.
const head = "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"

func TestTreeErrors(t *testing.T) {
	t.Run("missing path", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "no-such-dir")
		_, err := Load(path, Options{})
		checkErr(t, err, path, 0, 0, "no such file or directory")
	})
	t.Run("empty directory", func(t *testing.T) {
		dir := t.TempDir()
		_, err := Load(dir, Options{})
		checkNoPages(t, err, dir)
	})
	t.Run("only other files", func(t *testing.T) {
		dir := writeTree(t, map[string]string{"README.md": "# hello\n", "x/logo.png": "\x89PNG", "notes.md": "---\ntitle: notes\n---\n"})
		_, err := Load(dir, Options{})
		checkNoPages(t, err, dir)
		// A trailing separator is not doubled.
		_, err = Load(dir+string(filepath.Separator), Options{})
		checkNoPages(t, err, dir+string(filepath.Separator))
	})
	t.Run("same hash under two packages", func(t *testing.T) {
		dir := writeTree(t, map[string]string{
			"zlib/specs.md":  simplePage("zlib", "develop", 1, 2),
			"bzip2/specs.md": simplePage("bzip2", "develop", 2, 2),
			"xz/specs.md":    simplePage("xz", "develop", 3, 1),
		})
		// Both pages are bad: neither is preferred to the other.
		_, err := Load(dir, Options{})
		zlib, bzip2, xz := filepath.Join(dir, "zlib", "specs.md"), filepath.Join(dir, "bzip2", "specs.md"), filepath.Join(dir, "xz", "specs.md")
		checkErr(t, err, zlib, 6, 0, "hash "+hashN(2)+" is listed under another package too: bzip2 ("+bzip2+")")
		checkErr(t, err, bzip2, 6, 0, "hash "+hashN(2)+" is listed under another package too: zlib ("+zlib+"); and 1 more hash with other packages")
		checkErr(t, err, xz, 6, 0, "hash "+hashN(3)+" is listed under another package too: bzip2 ("+bzip2+")")
	})
	t.Run("two pages of one package", func(t *testing.T) {
		dir := writeTree(t, map[string]string{
			"zlib/specs.md": simplePage("zlib", "develop", 1, 1),
			"zlib/page.md":  simplePage("zlib", "develop", 2, 1),
			"zlib3/page.md": simplePage("zlib", "develop", 1, 1), // and the same hash: one error per page
		})
		_, err := Load(dir, Options{})
		z1, z2, z3 := filepath.Join(dir, "zlib", "specs.md"), filepath.Join(dir, "zlib", "page.md"), filepath.Join(dir, "zlib3", "page.md")
		checkErr(t, err, z1, 0, 0, "package zlib has 2 other pages too: "+z2+", "+z3+"; a package has one page")
		checkErr(t, err, z2, 0, 0, "package zlib has 2 other pages too: "+z1+", "+z3)
		checkErr(t, err, z3, 0, 0, "package zlib has 2 other pages too: "+z2+", "+z1)
		if n := len(err.(*LoadError).Errs); n != 3 {
			t.Errorf("%d errors, want 3: %v", n, err)
		}
	})
	t.Run("two tags", func(t *testing.T) {
		dir := writeTree(t, map[string]string{
			"develop/zlib/specs.md":  simplePage("zlib", "develop", 1, 1),
			"develop/bzip2/specs.md": simplePage("bzip2", "develop", 2, 1),
			"v0.23.1/zlib/specs.md":  simplePage("zlib", "v0.23.1", 3, 1),
		})
		_, err := Load(dir, Options{})
		checkErr(t, err, dir, 0, 0, "pages of 2 tags found", "develop (2 pages)", "v0.23.1 (1 page)",
			"name one tag's folder", filepath.Join(dir, "develop"))
	})
	t.Run("old layout", func(t *testing.T) {
		dir := writeTree(t, map[string]string{
			"zlib/index.md":     "---\ntitle: zlib\nlayout: package\nspec_files:\n  - spec-0.json\n---\n",
			"zlib/spec-0.json":  `{"spec": {}}`,
			"bzip2/index.md":    "---\ntitle: bzip2\nlayout: package\nspec_files: [spec-0.json]\n---\n",
			"bzip2/spec-0.json": `{"spec": {}}`,
		})
		_, err := Load(dir, Options{})
		checkErr(t, err, filepath.Join(dir, "bzip2", "index.md"), 4, 0, "2021–2022 catalogue layout", "does not support")
		checkErr(t, err, filepath.Join(dir, "zlib", "index.md"), 5, 0, "2021–2022 catalogue layout", "does not support")
	})
	t.Run("non-UTF-8 page", func(t *testing.T) {
		// Any .md file is a page if it is one; one that starts like a page
		// but is not text is an error, whatever its name.
		dir := writeTree(t, map[string]string{
			"zlib/specs.md":  simplePage("zlib", "develop", 1, 1),
			"bzip2/page.md":  strings.Replace(simplePage("bzip2", "develop", 2, 1), "bzip2", "bz\xefp2", 1),
			"latin1/note.md": "# caf\xe9\n",
		})
		_, err := Load(dir, Options{})
		checkErr(t, err, filepath.Join(dir, "bzip2", "page.md"), 2, len(`title: "bz`)+1, "not a text file", "byte 0xEF")
		if e := errorFor(err, filepath.Join(dir, "latin1", "note.md")); e != nil {
			t.Errorf("a non-UTF-8 file that is no page is reported: %v", e)
		}
	})
	t.Run("broken symbolic link", func(t *testing.T) {
		dir := writeTree(t, map[string]string{"zlib/specs.md": simplePage("zlib", "develop", 1, 1)})
		link := filepath.Join(dir, "bzip2.md")
		if err := os.Symlink(filepath.Join(dir, "nowhere.md"), link); err != nil {
			t.Skip(err)
		}
		_, err := Load(dir, Options{})
		checkErr(t, err, link, 0, 0, "broken symbolic link")
	})
}

// TestAllBadPagesReported: one error lists every bad page, sorted, and the
// good pages do not hide them.
func TestAllBadPagesReported(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a-good/specs.md":     simplePage("a-good", "develop", 1, 1),
		"b-nofm/specs.md":     "no front matter\n",
		"c-json/specs.md":     head + "spec_details: [{]\n---\n",
		"d-hash/specs.md":     head + `spec_details: [{"hash": "x"}]` + "\n---\n",
		"e-binary/specs.md":   "\xff\xfe\x00",
		"f-old/index.md":      "---\ntitle: f\nspec_files: [spec-0.json]\n---\n",
		"g-good/page.md":      simplePage("g-good", "develop", 2, 1),
		"README.md":           "# not a page\n",
		"h-notpage/notes.md":  "---\ntitle: notes\nlayout: post\n---\n",
		"i-unclosed/specs.md": "---\ntitle: i\n",
	})
	_, err := Load(dir, Options{})
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("error %v (%T), want a *LoadError", err, err)
	}
	wantFiles := []string{"b-nofm/specs.md", "c-json/specs.md", "d-hash/specs.md", "e-binary/specs.md", "f-old/index.md", "i-unclosed/specs.md"}
	if len(le.Errs) != len(wantFiles) {
		t.Errorf("%d errors, want %d: %v", len(le.Errs), len(wantFiles), err)
	}
	text := err.Error()
	if !strings.HasPrefix(text, "loading "+dir+": 6 bad pages:") {
		t.Errorf("error begins %q", strings.SplitN(text, "\n", 2)[0])
	}
	for i, f := range wantFiles {
		path := filepath.Join(dir, filepath.FromSlash(f))
		if i < len(le.Errs) && le.Errs[i].File != path {
			t.Errorf("error %d is about %s, want %s", i, le.Errs[i].File, path)
		}
		if !strings.Contains(text, "\n  loading "+path+":") {
			t.Errorf("error does not list %s:\n%s", path, text)
		}
	}
	// errors.As reaches each page's error.
	var e *Error
	if !errors.As(err, &e) || e.File != filepath.Join(dir, "b-nofm", "specs.md") {
		t.Errorf("errors.As gave %v", e)
	}
	if got := len(le.Unwrap()); got != len(le.Errs) {
		t.Errorf("Unwrap gave %d errors", got)
	}
}

func TestErrorText(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&Error{File: "a/specs.md", Msg: "bad"}, "loading a/specs.md: bad"},
		{&Error{File: "a/specs.md", Line: 3, Msg: "bad"}, "loading a/specs.md: line 3: bad"},
		{&Error{File: "a/specs.md", Line: 3, Col: 7, Msg: "bad"}, "loading a/specs.md: line 3, column 7: bad"},
		{&LoadError{Path: "t", Errs: []*Error{{File: "a", Msg: "x"}}}, "loading a: x"},
		{&LoadError{Path: "t", Errs: []*Error{{File: "a/specs.md", Msg: "x"}, {File: "b.md", Line: 1, Msg: "y"}}},
			"loading t: 2 bad pages:\n  loading a/specs.md: x\n  loading b.md: line 1: y"},
		// Not all pages (a Spack file, a file beside the pages): files.
		{&LoadError{Path: "t", Errs: []*Error{{File: "a", Msg: "x"}, {File: "b.md", Line: 1, Msg: "y"}}},
			"loading t: 2 bad files:\n  loading a: x\n  loading b.md: line 1: y"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// checkNoPages requires err to be the error for a tree without pages, in
// the words, naming the folder once.
func checkNoPages(t *testing.T, err error, dir string) {
	t.Helper()
	want := "no package pages found under " + strings.TrimSuffix(dir, string(filepath.Separator)) + string(filepath.Separator) + ": is this a _cache/<tag> folder?"
	var e *Error
	if !errors.As(err, &e) || e.File != dir || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q (%T), want one starting %q", err, err, want)
	}
}

// TestSeveralTagsHint: the error for a tree of several tags names a folder
// that holds one tag's pages alone, one that exists, or says that there is
// none.
func TestSeveralTagsHint(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // the folder named, relative; "" for none
	}{
		{"_cache itself", map[string]string{
			"develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
			"v0.23.1/zlib/specs.md": simplePage("zlib", "v0.23.1", 2, 1),
		}, "develop"},
		{"deeper", map[string]string{
			"a/b/develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
			"a/b/develop/xz/specs.md":   simplePage("xz", "develop", 2, 1),
			"c/v1/zlib/specs.md":        simplePage("zlib", "v1", 3, 1),
		}, "a/b/develop"},
		{"the first tag's folder is mixed", map[string]string{
			"develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
			"develop/xz/specs.md":   simplePage("xz", "v1", 2, 1),
			"v2/zlib/specs.md":      simplePage("zlib", "v2", 3, 1),
		}, "v2"},
		{"mixed in one folder", map[string]string{
			"zlib/specs.md":  simplePage("zlib", "develop", 1, 1),
			"bzip2/specs.md": simplePage("bzip2", "v1", 2, 1),
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTree(t, tc.files)
			_, err := Load(dir, Options{})
			want := "; a snapshot holds one tag: name one tag's folder, for example " + filepath.Join(dir, filepath.FromSlash(tc.want))
			if tc.want == "" {
				want = "; a snapshot holds one tag, and no folder holds the pages of one tag alone: put each tag's pages in a folder of their own (_cache/<tag>/)"
			}
			checkErr(t, err, dir, 0, 0, "pages of", want)
			if !strings.HasSuffix(err.Error(), want) {
				t.Errorf("error %q does not end %q", err, want)
			}

			// From inside the tree (cachediff . . at a checkout's
			// top), the same folder, relative: the files' names
			// then have no "./" before them, and it was not found.
			t.Chdir(dir)
			_, err = Load(".", Options{})
			if rel := filepath.FromSlash(tc.want); rel != "" {
				if !strings.ContainsRune(rel, filepath.Separator) {
					rel = "./" + rel // one name, pasted first, may be a command (log)
				}
				want = "; a snapshot holds one tag: name one tag's folder, for example " + rel
			}
			checkErr(t, err, ".", 0, 0, "pages of", want)
			if !strings.HasSuffix(err.Error(), want) {
				t.Errorf("from .: error %q does not end %q", err, want)
			}
		})
	}
}

// TestHintPathsOneWord (class e): the folders a failed snapshot's error
// names to paste back ("name one tag's folder, for example my
// dir/develop", "did you mean my dir/_cache/develop?") were written
// plain, so a folder with a space pasted back read as two arguments. Each
// is one shell word, as the other hints are.
func TestHintPathsOneWord(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"my dir/develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
		"v1/zlib/specs.md":             simplePage("zlib", "v1", 2, 1),
	})
	t.Chdir(dir)
	_, err := Load(".", Options{})
	if want := "name one tag's folder, for example " + shellword.Word(filepath.Join("my dir", "develop")); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error %v does not end %q", err, want)
	}
	if got, want := nearLine([]string{"my dir/x", "y"}), "did you mean 'my dir/x' or ./y? each holds a snapshot of its own"; got != want {
		t.Errorf("nearLine = %q, want %q", got, want)
	}
	if got, want := nearLine([]string{"my dir/x"}), "did you mean 'my dir/x'? it holds a snapshot of its own"; got != want {
		t.Errorf("nearLine = %q, want %q", got, want)
	}
}

// TestSharedHashLookalikeQuoted: a hash on bc's page and on the page of
// bс, its c Cyrillic, names the other package in ASCII on each: bc's
// error read "listed under another package too: bс (…)", bc's
// lookalike, naming no difference to fix.
func TestSharedHashLookalikeQuoted(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"bc/specs.md":      simplePage("bc", "develop", 1, 1),
		"b\u0441/specs.md": simplePage("b\u0441", "develop", 1, 1),
	})
	_, err := Load(dir, Options{})
	bc, cyr := filepath.Join(dir, "bc", "specs.md"), filepath.Join(dir, "b\u0441", "specs.md")
	checkErr(t, err, bc, 6, 0, "hash "+hashN(1)+` is listed under another package too: "b\u0441" (`+strconv.QuoteToASCII(cyr)+")")
	checkErr(t, err, cyr, 6, 0, "hash "+hashN(1)+` is listed under another package too: "bc" (`+bc+")")
}

// Issue 35 (messages): pages of two tags that look the same, "develop"
// and "dеvelop" (its e Cyrillic), were named as they are by the errors
// that compare a snapshot's tags: "this page has tag "dеvelop", but 3
// other pages of this snapshot are of tag "develop"", and "pages of 2
// tags found: develop (1 page), dеvelop (1 page)", naming no difference
// to fix. The tag that is not ASCII is quoted in ASCII; ASCII tags read
// as before.
func TestTagsLookalikeQuoted(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/specs.md": simplePage("a", "develop", 1, 1),
		"b/specs.md": simplePage("b", "develop", 2, 1),
		"c/specs.md": simplePage("c", "develop", 3, 1),
		"d/specs.md": simplePage("d", "d\u0435velop", 4, 1),
	})
	_, err := Load(dir, Options{})
	checkErr(t, err, filepath.Join(dir, "d", "specs.md"), 4, 0, `this page has tag "d\u0435velop", but 3 other pages of this snapshot are of tag "develop"`)

	two := writeTree(t, map[string]string{
		"a/specs.md": simplePage("a", "develop", 1, 1),
		"d/specs.md": simplePage("d", "d\u0435velop", 4, 1),
	})
	_, err = Load(two, Options{})
	if err == nil || !strings.Contains(err.Error(), `pages of 2 tags found: develop (1 page), "d\u0435velop" (1 page)`) {
		t.Errorf("%v; want the tags listed, the one not ASCII quoted in ASCII", err)
	}
}

// TestTagsListedQuoted: a tree of pages of several tags lists them, each
// with its count; a tag of commas, spaces or brackets listed as it was
// read as more tags than it is ("a, b (9 pages) (1 page)"), and a tag
// "(no tag)" as the pages of none. Such a tag is quoted; a release or a
// date is listed as it is.
func TestTagsListedQuoted(t *testing.T) {
	for tag, want := range map[string]string{
		`"a, b (9 pages)"`: `pages of 2 tags found: "a, b (9 pages)" (1 page), develop-2025-03-23 (1 page)`,
		`"(no tag)"`:       `pages of 2 tags found: "(no tag)" (1 page), develop-2025-03-23 (1 page)`,
		`v0.23.1`:          `pages of 2 tags found: develop-2025-03-23 (1 page), v0.23.1 (1 page)`,
	} {
		dir := writeTree(t, map[string]string{
			"a/specs.md": simplePage("a", "develop-2025-03-23", 1, 1),
			"d/specs.md": simplePage("d", tag, 4, 1),
		})
		_, err := Load(dir, Options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("tag %s: %v; want %q", tag, err, want)
		}
	}
}
