package snapshot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestNearSnapshots (issue 35, "repeated and runaway errors"): a folder
// named that is no snapshot but holds some below it (cachediff /tmp /tmp)
// fails naming the nearest one or two, first, before the listing of its
// bad files that the command cuts; a snapshot's own bad pages name none.
func TestNearSnapshots(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(spackFixtures, "index.v8-layout2-unsigned-mixed.json"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"deep/a/b/c/d/index.json":  string(index),
		"w/spack-build/index.json": string(index),
	}
	for i := range 3 {
		files[fmt.Sprintf("x/y/_cache/develop/p%d/specs.md", i)] = simplePage(fmt.Sprintf("p%d", i), "develop", 100+i, 1)
	}
	for i := range 40 {
		files[fmt.Sprintf("junk/j%02d/specs.md", i)] = "---\ntitle: x\n"
	}
	dir := writeTree(t, files)
	_, err = Load(dir, Options{})
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("%v, want a LoadError", err)
	}
	want := []string{filepath.Join(dir, "w", "spack-build"), filepath.Join(dir, "x", "y", "_cache", "develop")}
	if fmt.Sprint(le.Near) != fmt.Sprint(want) {
		t.Errorf("Near = %q, want %q", le.Near, want)
	}
	lines := le.Lines()
	if len(lines) < 2 || lines[1] != fmt.Sprintf("did you mean %s or %s? each holds a snapshot of its own", want[0], want[1]) {
		t.Errorf("lines[:2] = %q; want the heading, then the folders", lines[:min(2, len(lines))])
	}

	// One folder below: named alone.
	one := writeTree(t, map[string]string{
		"a/_cache/develop/p1/specs.md": simplePage("p1", "develop", 1, 1),
		"a/_cache/develop/p2/specs.md": simplePage("p2", "develop", 2, 1),
		"b/notes/specs.md":             "no page",
	})
	_, err = Load(one, Options{})
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "did you mean "+filepath.Join(one, "a", "_cache", "develop")+"? it holds") {
		t.Errorf("%v; want the folder below named", err)
	}

	// A folder below whose own file failed fails alike: not named. A
	// stray spec file in YAML beside spec files in JSON was refused, and
	// the hint named the folder that held it.
	spec, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, stray := range []string{"build_cache/z.spec.yml", "build_cache/sub/z.spec.yaml", "build_cache/p/specs.md"} {
		bad := writeTree(t, map[string]string{"build_cache/x.spec.json": string(spec), stray: "spec: {}\n"})
		_, err = Load(bad, Options{})
		if !errors.As(err, &le) || le.Near != nil || strings.Contains(err.Error(), "did you mean") {
			t.Errorf("%s: %v (near %q); want no folder named", stray, err, le.Near)
		}
	}

	// A snapshot's own bad page: nothing below to name.
	own := writeTree(t, map[string]string{
		"p1/specs.md": simplePage("p1", "develop", 1, 1),
		"p2/specs.md": "---\ntitle: p2\n",
	})
	_, err = Load(own, Options{})
	if !errors.As(err, &le) || le.Near != nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("%v (near %q); want the bad page alone", err, le.Near)
	}
}

// TestNearSnapshotsNames: the folders below a root named as git names a
// tree's (REV:, REV:PATH) or a folder's, with or without a slash.
func TestNearSnapshotsNames(t *testing.T) {
	page := func(name string) (candidate, result) {
		return candidate{file: File{Name: name, Base: filepath.Base(name)}}, result{pkgs: []*Package{{}}}
	}
	for _, tc := range []struct{ root, file, want string }{
		{"HEAD:", "HEAD:a/_cache/develop/zlib/specs.md", "HEAD:a/_cache/develop"},
		{"HEAD:x", "HEAD:x/a/develop/zlib/specs.md", "HEAD:x/a/develop"},
		{"dir/", "dir/a/develop/zlib/specs.md", "dir/a/develop"},
		{"dir", "dir/a/develop/zlib/specs.md", "dir/a/develop"},
		{"dir", "dir/zlib/specs.md", ""},
	} {
		c, r := page(tc.file)
		got := nearSnapshots(tc.root, []candidate{c}, []result{r}, nil)
		if want := []string{tc.want}; tc.want == "" && got != nil || tc.want != "" && !slices.Equal(got, want) {
			t.Errorf("root %s, page %s: near %q, want %q", tc.root, tc.file, got, tc.want)
		}
	}
}

// TestNearFromDot (class e): cachediff . ., in a folder that is no
// snapshot but holds one below it, named none ("did you mean …?" was
// said of the same folder named t2 or by its absolute path): the files
// are named without "./", which the prefix "./" matched in none. And a
// folder starting with "-", named as a shell word to paste, is written
// ./-x, as -x pasted back is read as a flag (the several-tags hint too).
func TestNearFromDot(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"bad/specs.md":        "garbage\n",
		"-x/zlib/specs.md":    simplePage("zlib", "develop", 1, 1),
		"-x/openssl/specs.md": simplePage("openssl", "develop", 2, 1),
	})
	t.Chdir(dir)
	for _, root := range []string{".", "./"} {
		_, err := Load(root, Options{})
		var le *LoadError
		if !errors.As(err, &le) || !slices.Contains(le.Lines(), "did you mean ./-x? it holds a snapshot of its own") {
			t.Errorf("Load(%q): %v; want it to name ./-x", root, err)
		}
	}
	tags := writeTree(t, map[string]string{
		"-x/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
		"y/zlib/specs.md":  simplePage("zlib", "v1", 2, 1),
	})
	t.Chdir(tags)
	if _, err := Load(".", Options{}); err == nil || !strings.HasSuffix(err.Error(), "for example ./-x") {
		t.Errorf("Load(.): %v; want it to end %q", err, "for example ./-x")
	}
}

// TestNearCommandName (class e): a folder below "." named like a
// command was named bare, "did you mean log?" and "for example log",
// which pasted first (cachediff log NEW) ran a log of one snapshot: a
// folder of one name is written ./log, a path on disk only.
func TestNearCommandName(t *testing.T) {
	wantOneNameHints(t, "log", "render")
}

// wantOneNameHints checks the two hints that name a folder below "."
// as one word to paste back: Load(.) of a folder holding a bad page and
// the snapshot folder near says "did you mean ./NEAR? …", and of one
// holding the folders tagged (of the tag develop) and y (another tag)
// ends "for example ./TAGGED".
func wantOneNameHints(t *testing.T, near, tagged string) {
	t.Helper()
	dir := writeTree(t, map[string]string{
		"bad/specs.md":             "garbage\n",
		near + "/zlib/specs.md":    simplePage("zlib", "develop", 1, 1),
		near + "/openssl/specs.md": simplePage("openssl", "develop", 2, 1),
	})
	t.Chdir(dir)
	_, err := Load(".", Options{})
	var le *LoadError
	if want := "did you mean ./" + near + "? it holds a snapshot of its own"; !errors.As(err, &le) || !slices.Contains(le.Lines(), want) {
		t.Errorf("Load(.): %v; want it to name ./%s", err, near)
	}
	tags := writeTree(t, map[string]string{
		tagged + "/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
		"y/zlib/specs.md":         simplePage("zlib", "v1", 2, 1),
	})
	t.Chdir(tags)
	want := "for example ./" + tagged
	if _, err := Load(".", Options{}); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("Load(.): %v; want it to end %q", err, want)
	}
}

// TestNearUncleanRoot (class e): a folder named unclean (./top, top/.,
// top//, ../. from below) named no folder below that holds a snapshot,
// where top did: the walk names the files below filepath.Clean(top).
func TestNearUncleanRoot(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"top/bad/specs.md":       "garbage\n",
		"top/x/zlib/specs.md":    simplePage("zlib", "develop", 1, 1),
		"top/x/openssl/specs.md": simplePage("openssl", "develop", 2, 1),
	})
	t.Chdir(dir)
	for _, root := range []string{"top", "./top", "top/.", "top//", "./top/", "top/bad/.."} {
		_, err := Load(root, Options{})
		var le *LoadError
		if !errors.As(err, &le) || !slices.Equal(le.Near, []string{filepath.Join("top", "x")}) {
			t.Errorf("Load(%q): %v (near %q); want it to name top/x", root, err, le.Near)
		}
	}
	t.Chdir(filepath.Join(dir, "top", "bad"))
	for _, root := range []string{"..", "../.", "../bad/.."} {
		_, err := Load(root, Options{})
		var le *LoadError
		if !errors.As(err, &le) || !slices.Equal(le.Near, []string{filepath.Join("..", "x")}) {
			t.Errorf("Load(%q): %v (near %q); want it to name ../x", root, err, le.Near)
		}
	}
}

// TestNearColonName (class b): a folder below "." whose name holds a
// colon was named bare, "did you mean git:HEAD:s?" and "for example
// git:HEAD:s", which pasted read HEAD:s from git alone, whatever the
// folder held (HEAD:s, an error where git resolves it too): it is
// written ./git:HEAD:s, a path on disk only.
func TestNearColonName(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no colon in a file name on Windows")
	}
	wantOneNameHints(t, "git:HEAD:s", "HEAD:s")
}
