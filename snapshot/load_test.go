package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/asnobody"
)

// TestWhichFilesArePages: specs.md and .md pages with layout: cache are
// loaded; a README, other Markdown, other files and dot-folders are not.
func TestWhichFilesArePages(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"README.md":           "# The cache\n\nNo front matter here.\n",
		"index.md":            "---\ntitle: Packages\nlayout: home\n---\n",
		"zlib/specs.md":       simplePage("zlib", "develop", 1, 2),
		"bzip2.md":            simplePage("bzip2", "develop", 3, 1), // layout: cache, any name
		"xz/page.markdown":    simplePage("xz", "develop", 4, 1),    // not .md
		"xz/specs.md.bak":     simplePage("xz", "develop", 5, 1),
		".git/specs.md":       simplePage("git", "develop", 6, 1), // dot-folder
		"zlib/logo.png":       "\x89PNG\r\n\x1a\n\x00",
		"docs/notes.md":       "---\ntitle: notes\n---\nno layout\n",
		"docs/sub/empty.md":   "",
		"lz4/specs.md":        strings.Replace(simplePage("lz4", "develop", 7, 1), "layout: cache\n", "", 1), // specs.md needs no layout
		"docs/binary-note.md": "\x00\x01",                                                                    // binary: no page, ignored
		"docs/latin1.md":      "# caf\xe9 cr\xe8me\n",                                                        // not UTF-8: no page, ignored
		"docs/rule.md":        "---\n\nA thematic break, not front matter.\n",                                // never closed, no page marker
		"docs/jekyll.md":      "---\ntitle: [broken\n---\n",                                                  // broken YAML, no page marker
	})
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range snap.Packages {
		names = append(names, p.Name+"="+strings.TrimPrefix(p.File(), dir+string(filepath.Separator)))
	}
	want := []string{"bzip2=bzip2.md", "lz4=" + filepath.Join("lz4", "specs.md"), "zlib=" + filepath.Join("zlib", "specs.md")}
	if !slices.Equal(names, want) {
		t.Errorf("loaded %q, want %q", names, want)
	}
	if snap.Specs() != 4 || snap.Tag != "develop" || len(snap.Warnings) != 0 {
		t.Errorf("%d specs, tag %q, warnings %v", snap.Specs(), snap.Tag, snap.Warnings)
	}
}

// TestSingleFile: a file named on the command line is a page whatever its
// name, and must be one.
func TestSingleFile(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"page.txt":  simplePage("zlib", "v0.23.1", 1, 3),
		"README.md": "# not a page\n",
		"notes.md":  "---\ntitle: notes\n---\n",
	})
	snap, err := Load(filepath.Join(dir, "page.txt"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if snap.Path != filepath.Join(dir, "page.txt") || snap.Tag != "v0.23.1" || len(snap.Packages) != 1 || snap.Specs() != 3 {
		t.Errorf("snapshot %+v", snap)
	}
	_, err = Load(filepath.Join(dir, "README.md"), Options{})
	checkErr(t, err, filepath.Join(dir, "README.md"), 1, 0, "no front matter")
	_, err = Load(filepath.Join(dir, "notes.md"), Options{})
	checkErr(t, err, filepath.Join(dir, "notes.md"), 1, 0, "not a package page")
}

func TestPageWithoutTag(t *testing.T) {
	page := strings.Replace(simplePage("zlib", "develop", 1, 1), "categories: [package, develop]\n", "", 1)
	dir := writeTree(t, map[string]string{"zlib/specs.md": page})
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if snap.Tag != "" || snap.Packages[0].Tag() != "" {
		t.Errorf("tag %q, want none", snap.Tag)
	}
	// Mixed with tagged pages it is a second "tag".
	dir = writeTree(t, map[string]string{"zlib/specs.md": page, "xz/specs.md": simplePage("xz", "develop", 2, 1)})
	_, err = Load(dir, Options{})
	checkErr(t, err, dir, 0, 0, "pages of 2 tags found: (no tag) (1 page), develop (1 page); a snapshot holds one tag, and no folder holds the pages of one tag alone")
}

func TestSymlinks(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"zlib/specs.md":    simplePage("zlib", "develop", 1, 1),
		".hidden/specs.md": simplePage("bzip2", "develop", 2, 1), // only reached by the link
	})
	// A link to a directory already read (here a loop) is not followed; a
	// link to a page file is.
	loop := filepath.Join(dir, "zlib", "loop.md")
	if err := os.Symlink(dir, loop); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink(filepath.Join(dir, ".hidden", "specs.md"), filepath.Join(dir, "xz.md")); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Packages) != 2 || snap.Packages[0].Name != "bzip2" || snap.Packages[0].File() != filepath.Join(dir, "xz.md") {
		t.Errorf("packages %+v", snap.Packages)
	}
	want := []Warning{{File: loop, Message: "symbolic link to a directory already read (a loop, or a second path to it): not followed"}}
	if !reflect.DeepEqual(snap.Warnings, want) {
		t.Errorf("warnings %v, want %v", snap.Warnings, want)
	}
}

// TestSymlinkedFolders: a package folder and the root itself may be
// symbolic links (CI often points at latest -> develop-…); no spec is lost.
func TestSymlinkedFolders(t *testing.T) {
	store := writeTree(t, map[string]string{
		"zlib/specs.md":    simplePage("zlib", "develop", 1, 2),
		"tree/xz/specs.md": simplePage("xz", "develop", 3, 1),
	})
	tree := filepath.Join(store, "tree")
	if err := os.Symlink(filepath.Join(store, "zlib"), filepath.Join(tree, "zlib")); err != nil {
		t.Skip(err)
	}
	root := filepath.Join(store, "latest")
	if err := os.Symlink(tree, root); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{tree, root, root + string(filepath.Separator)} {
		snap, err := Load(path, Options{})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(snap.Packages) != 2 || snap.Specs() != 3 || len(snap.Warnings) != 0 {
			t.Errorf("%s: %d packages, %d specs, warnings %v; want 2, 3, none", path, len(snap.Packages), snap.Specs(), snap.Warnings)
		}
	}
}

// TestPermissionDenied: an unreadable page and an unreadable folder are
// errors naming them, all of them at once; with SkipInvalid they are
// skipped. As root (CI containers) the test runs as nobody, where
// permissions hold.
func TestPermissionDenied(t *testing.T) {
	if !asnobody.Run(t) {
		return
	}
	dir := writeTree(t, map[string]string{
		"zlib/specs.md":  simplePage("zlib", "develop", 1, 1),
		"bzip2/specs.md": simplePage("bzip2", "develop", 2, 1),
		"xz/specs.md":    simplePage("xz", "develop", 3, 1),
		"lz4/specs.md":   simplePage("lz4", "develop", 4, 1),
	})
	file := filepath.Join(dir, "zlib", "specs.md")
	sub := filepath.Join(dir, "xz")
	if err := os.Chmod(file, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(sub, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(sub, 0o755) })
	_, err := Load(dir, Options{})
	checkErr(t, err, sub, 0, 0, "permission denied")
	checkErr(t, err, file, 0, 0, "permission denied")
	if !strings.HasPrefix(err.Error(), "loading "+dir+": 2 bad files:") {
		t.Errorf("error %q", err)
	}

	snap, err := Load(dir, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []Skipped{{File: sub, Reason: "permission denied"}, {File: file, Reason: "permission denied"}}
	slices.SortFunc(want, func(a, b Skipped) int { return strings.Compare(a.File, b.File) })
	if !reflect.DeepEqual(snap.Skipped, want) || len(snap.Packages) != 2 {
		t.Errorf("skipped %v, %d packages; want %v, 2", snap.Skipped, len(snap.Packages), want)
	}

	// The root itself unreadable, as a folder and as a file.
	if err := os.Chmod(dir, 0); err != nil {
		t.Fatal(err)
	}
	_, err = Load(dir, Options{SkipInvalid: true})
	checkErr(t, err, dir, 0, 0, "permission denied")
	os.Chmod(dir, 0o755)
	_, err = Load(file, Options{})
	checkErr(t, err, file, 0, 0, "permission denied")
}

// genTree writes a tree of n pages with a mix of canonicalization work and
// meta warnings, so that every part of a Snapshot has content.
func genTree(t testing.TB, n int) string {
	files := map[string]string{}
	for i := range n {
		name := fmt.Sprintf("pkg-%03d", (i*37)%n) // not in creation order
		specs := make([]map[string]any, 1+i%4)
		for j := range specs {
			s := simpleSpec(i*10 + j)
			switch (i + j) % 5 {
			case 0:
				s["compiler"] = "gcc@=13.2.0"
			case 1:
				s["variants"] = []string{"~cuda", "+shared", "cuda_arch:=80"}
			case 2:
				s["stacks"] = []string{"root", "e4s"}
			case 3:
				s["compiler"] = "" // none
			}
			specs[j] = s
		}
		meta := simpleMeta(len(specs))
		if i%3 == 0 {
			meta["num_specs"] = 99
		}
		files[name+"/specs.md"] = testPage(name, "develop", meta, specs...)
	}
	return writeTree(t, files)
}

// TestDeterminism: the snapshot does not depend on how many goroutines read
// the pages.
func TestDeterminism(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	pages := 200
	if testing.Short() {
		pages = 80 // a quick inner loop: a generated tree of 80 pages, not 200 (make test)
	}
	for _, dir := range []string{genTree(t, pages), filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "develop-2025-03-30")} {
		var snaps []*Snapshot
		procsList := []int{1, 4, 1, 16}
		if testing.Short() {
			procsList = []int{1, 16} // a quick inner loop: one and many
		}
		for _, procs := range procsList {
			runtime.GOMAXPROCS(procs)
			snap, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			snaps = append(snaps, snap)
		}
		for i, s := range snaps[1:] {
			if !reflect.DeepEqual(s, snaps[0]) {
				t.Errorf("%s: snapshot %d differs from the one loaded on 1 goroutine", dir, i+1)
			}
		}
		checkSnapshotInvariants(t, snaps[0])
	}
	// The generated tree exercises everything compared.
	runtime.GOMAXPROCS(4)
	snap, err := Load(genTree(t, 50), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Packages) != 50 || len(snap.Warnings) == 0 || snap.Canon["compiler-none"] == 0 || snap.Canon["list-order"] == 0 {
		t.Errorf("generated tree: %d packages, %d warnings, counts %v", len(snap.Packages), len(snap.Warnings), snap.Canon)
	}
}

// TestErrorsDeterministic: the list of bad pages does not depend on the
// scheduling either.
func TestErrorsDeterministic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	files := map[string]string{}
	for i := range 60 {
		name := fmt.Sprintf("pkg-%02d/specs.md", i)
		switch i % 3 {
		case 0:
			files[name] = simplePage(fmt.Sprintf("pkg-%02d", i), "develop", i, 1)
		case 1:
			files[name] = head + `spec_details: [{"hash": "bad"}]` + "\n---\n"
		case 2:
			files[name] = "no front matter"
		}
	}
	dir := writeTree(t, files)
	var texts []string
	for _, procs := range []int{1, 4, 16} {
		runtime.GOMAXPROCS(procs)
		_, err := Load(dir, Options{})
		if err == nil {
			t.Fatal("no error")
		}
		texts = append(texts, err.Error())
	}
	if texts[0] != texts[1] || texts[0] != texts[2] {
		t.Errorf("errors differ with GOMAXPROCS:\n%s\n%s", texts[0], texts[1])
	}
	if !strings.HasPrefix(texts[0], "loading "+dir+": 40 bad pages:") {
		t.Errorf("error begins %q", strings.SplitN(texts[0], "\n", 2)[0])
	}
}
