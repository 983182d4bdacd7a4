package snapshot

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLoadMessagesQuoteInput (issue 35 class a): the errors that list
// other pages or indexes put their paths, and the package's name, as
// they are: "package x y has another page too: a\n::error::z/specs.md"
// held the folder's newline raw (a line of its own beside the quoted
// path of the page it is about), and the name "x y" read as two words.
// Each path is shown as the error's own file is (shownPath), and a name
// of other than letters, digits and .-_+@ is quoted.
func TestLoadMessagesQuoteInput(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "testdata", "real", "v0.23.0", "bc", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
	}
	odd := "a\n::error::z"
	titled := []byte(strings.Replace(string(page), `title: "bc"`, `title: "x y"`, 1))
	write("pages/"+odd+"/specs.md", titled)
	write("pages/b/specs.md", titled)
	index := []byte(`{"database":{"version":"7","installs":{"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez":{"spec":{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"parameters":{},"hash":"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"},"ref_count":0,"in_buildcache":true}}}}`)
	write("indexes/"+odd+"/index.json", index)
	write("indexes/c/index.json", index)
	for _, c := range []struct{ dir, want string }{
		{"pages", `package "x y" has another page too: "`},
		{"indexes", `build-cache indexes: "`},
	} {
		_, err := Load(filepath.Join(dir, c.dir), Options{})
		if err == nil {
			t.Fatalf("%s: loaded", c.dir)
		}
		msg := err.Error()
		if strings.Contains(msg, "\n::") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %s\nwant no raw newline of the input, and %s", c.dir, msg, c.want)
		}
	}
}

// TestLoadListsPathsApart (class a): the errors that list other files
// (indexNotAlone's indexes and lockfiles, a package's other pages, the
// packages a hash is listed under) joined their paths with ", " as
// ShownPath shows them, raw: a folder's two indexes s/"a.json, s"/b.json
// and s/c.json read as its indexes s/a.json and s/"b.json, s"/c.json,
// both "2 build-cache indexes: s/a.json, s/b.json, s/c.json". A path a
// list names is quoted where it holds a space or a comma (ListedPath):
// no two of these folders say the same.
func TestLoadListsPathsApart(t *testing.T) {
	index := []byte(`{"database":{"version":"7","installs":{"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez":{"spec":{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"parameters":{},"hash":"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"},"ref_count":0,"in_buildcache":true}}}}`)
	lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`)
	said := map[string]string{}
	for _, files := range [][]string{
		{"a.json, b.json", "c.json"}, {"a.json", "b.json, c.json"}, // two indexes
		{"i.json", "a.lock, b.lock", "c.lock"}, {"i.json", "a.lock", "b.lock, c.lock"}, // an index and lockfiles
	} {
		root := t.TempDir()
		for _, f := range files {
			data := index
			if strings.HasSuffix(f, ".lock") {
				data = lock
			}
			p := filepath.Join(root, f)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Chdir(root)
		_, err := Load(".", Options{})
		if err == nil {
			t.Fatalf("%q: loaded", files)
		}
		got := err.Error()
		row := strings.Join(files, " | ")
		if prev, dup := said[got]; dup {
			t.Errorf("%q and %q both said %q", prev, row, got)
		}
		said[got] = row
	}
}

// TestLoadMessagesNameFilesApart (class a): a folder that mixes pages
// and Spack files, and a Spack file that holds no spec, named the files
// raw in the message, beside the error's own file shown quoted: the
// page "q\nr/specs.md" of a newline and q\nr/specs.md of a backslash
// read alike once standard error wrote the newline \n, "this folder
// mixes catalogue pages and Spack files: m/q\nr/specs.md is a package
// page", and a raw newline stood in the message. Each is shown as a
// path is (shownPath). A file that is the error's own is named once, by
// "loading FILE": "loading m/e.lock: lockfile m/e.lock holds no spec"
// named it twice.
func TestLoadMessagesNameFilesApart(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "testdata", "real", "v0.23.0", "bc", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`)
	empty := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[],"concrete_specs":{}}`)
	uncached := []byte(`{"database":{"version":"8","installs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"spec":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},"in_buildcache":false}}}}`)
	said := map[string]string{}
	for _, name := range []string{"q\nr", `q\nr`} {
		for _, c := range []struct {
			what  string
			files map[string][]byte
			in    string // the folder loaded, under m
		}{
			{"mixed", map[string][]byte{"bc/specs.md": page, name + ".lock": lock}, ""},
			{"misplaced", map[string][]byte{name + "/specs.md": page}, ""},
			{"no spec", map[string][]byte{name + ".lock": empty}, ""},
			// The page named first of a mixed folder, and a build-cache
			// index of no record in the cache (class c: with either
			// named raw, no check failed).
			{"mixed, the page", map[string][]byte{name + "/bc/specs.md": page, name + "/z.lock": lock}, name},
			{"none in the cache", map[string][]byte{name + "/index.json": uncached}, ""},
		} {
			root := t.TempDir()
			for f, data := range c.files {
				p := filepath.Join(root, "m", f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Skipf("this file system refuses the name %q: %v", name, err)
				}
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Skipf("this file system refuses the name %q: %v", name, err)
				}
			}
			t.Chdir(root)
			_, err := Load(filepath.Join("m", c.in), Options{})
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("%s %q: %v; want a *LoadError", c.what, name, err)
			}
			var msgs []string
			for _, e := range le.Errs {
				if strings.Contains(e.Error(), "\n") {
					t.Errorf("%s %q: a raw newline in %q", c.what, name, e.Error())
				}
				if strings.Count(e.Error(), "r.lock") > 1 || strings.Count(e.Error(), "r/index.json") > 1 {
					t.Errorf("%s %q: %q names its file twice", c.what, name, e.Error())
				}
				msgs = append(msgs, e.Error())
			}
			got := strings.ReplaceAll(strings.Join(msgs, "|"), "\n", `\n`) // as standard error writes it
			row := c.what + " " + strconv.Quote(name)
			if prev, dup := said[got]; dup {
				t.Errorf("%s and %s both said %q", prev, row, got)
			}
			said[got] = row
		}
	}
}

// TestLoadListsOtherPagesQuoted (class c, 585a5a84): a package's other
// pages and the packages a hash is listed under name each page as a
// list names a path (listedPath): the page of the folder "a, b" is
// quoted beside its list's ", ", in both messages. With either list
// back to shownPath no other test failed.
func TestLoadListsOtherPagesQuoted(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "testdata", "real", "v0.23.0", "bc", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	zz := bytes.Replace(page, []byte(`title: "bc"`), []byte(`title: "zz"`), 1)
	for _, c := range []struct {
		files map[string][]byte
		want  string
	}{
		{map[string][]byte{"a, b/bc/specs.md": page, "c/bc/specs.md": page}, `package bc has another page too: "a, b/bc/specs.md";`},
		{map[string][]byte{"a, b/bc/specs.md": page, "c/zz/specs.md": zz}, `is listed under another package too: bc ("a, b/bc/specs.md")`},
	} {
		root := t.TempDir()
		writeFilesIn(t, root, c.files)
		t.Chdir(root)
		_, err := Load(".", Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want a line holding %s", err, c.want)
		}
	}
}

// TestConflictListsOtherFilesQuoted (class c): the spec files a hash
// conflicts with are named as a list names a path (listedPath,
// spackConflicts, 585a5a84), but no test failed with it back to
// shownPath or raw: the file "a, b.spec.json" then read as the two
// files a and b.spec.json in "hash … but zlib@2 in a, b.spec.json".
// It is quoted; the file "q\nr.spec.json" of a newline, quoted too.
func TestConflictListsOtherFilesQuoted(t *testing.T) {
	const h = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	spec := func(version string) []byte {
		return []byte(`{"spec":{"_meta":{"version":4},"nodes":[{"name":"zlib","version":"` + version + `","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"parameters":{},"hash":"` + h + `"}]}}`)
	}
	for _, other := range []string{"a, b.spec.json", "q\nr.spec.json"} {
		dir := t.TempDir()
		writeFilesIn(t, dir, map[string][]byte{"p.spec.json": spec("1"), other: spec("2")})
		t.Chdir(dir)
		_, err := Load(".", Options{})
		want := "zlib@2 in " + strconv.Quote(other)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q beside p.spec.json: err %v; want it to say %q", other, err, want)
		}
	}
}

// TestMixedFormatsNamesFilesApart (class a): a folder mixing pages and
// Spack files named its first page and Spack file as ShownPath shows
// them, in "P is a package page, S a Spack file": the page "m/bc/specs.md
// is a package page, m/x/bc/specs.md" beside the lockfile m/s.lock, and
// the page m/bc/specs.md beside the lockfile "m/x/bc/specs.md is a
// package page, m/s.lock", both said "m/bc/specs.md is a package page,
// m/x/bc/specs.md is a package page, m/s.lock a Spack file". Each is
// named as a list names a path (listedPath): quoted, the two say apart.
func TestMixedFormatsNamesFilesApart(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "testdata", "real", "v0.23.0", "bc", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`)
	said := map[string]string{}
	for _, c := range [][2]string{
		{"bc/specs.md is a package page, m/x/bc/specs.md", "s.lock"},
		{"bc/specs.md", "x/bc/specs.md is a package page, m/s.lock"},
	} {
		dir := t.TempDir()
		writeFilesIn(t, dir, map[string][]byte{"m/" + c[0]: page, "m/" + c[1]: lock})
		t.Chdir(dir)
		_, err := Load("m", Options{})
		var le *LoadError
		if !errors.As(err, &le) || len(le.Errs) != 1 {
			t.Fatalf("%q: %v; want one error", c, err)
		}
		got := le.Errs[0].Msg
		if prev, dup := said[got]; dup {
			t.Errorf("%q and %q both said %q", prev, c, got)
		}
		said[got] = fmt.Sprint(c)
		// Each of the two names is quoted where it holds ", ": either
		// written raw, the pair still read apart by the other.
		for _, f := range c {
			if strings.Contains(f, ", ") && !strings.Contains(got, strconv.Quote("m/"+f)) {
				t.Errorf("%q: %q; want %s quoted", c, got, "m/"+f)
			}
		}
	}
}

// TestIndexBesideLockNamedAsListed (class a): a folder of an index and
// a lockfile named the index, and the folder to name instead, as
// ShownPath shows them, between commas: the index "m/q, r.json" read as
// m/q and r.json, "a build-cache index, m/q, r.json, and 1 lockfile",
// where the lockfiles of the same message, and the indexes of a folder
// of two, are quoted. They are named as a list names a path.
func TestIndexBesideLockNamedAsListed(t *testing.T) {
	index := []byte(`{"database":{"version":"7","installs":{"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez":{"spec":{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"parameters":{},"hash":"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"},"ref_count":0,"in_buildcache":true}}}}`)
	lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`)
	for _, c := range []struct{ index, want string }{
		{"q, r.json", `a build-cache index, "m/q, r.json", and 1 lockfile: m/a.lock; ` + "\x00" + `name the index, "m/q, r.json", or the lockfile`},
		{"q r/index.json", `a build-cache index, "m/q r/index.json", and 1 lockfile: m/a.lock; ` + "\x00" + `name the index or its folder, "m/q r", or the lockfile`},
	} {
		root := t.TempDir()
		writeFilesIn(t, filepath.Join(root, "m"), map[string][]byte{c.index: index, "a.lock": lock})
		t.Chdir(root)
		_, err := Load("m", Options{})
		for _, want := range strings.Split(c.want, "\x00") {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%q beside a lockfile: err %v; want %q", c.index, err, want)
			}
		}
	}
}
