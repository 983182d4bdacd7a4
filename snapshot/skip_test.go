package snapshot

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// badPages are invalid pages of every kind a page can be invalid on its
// own, by file name.
func badPages() map[string]string {
	h := hashN(900)
	return map[string]string{
		"b-nofm/specs.md":     "no front matter\n",
		"b-unclosed/specs.md": head + "spec_details: []\n",
		"b-yaml/specs.md":     head + "  bad: 1\nspec_details: []\n---\n",
		"b-json/specs.md":     head + `spec_details: [{"hash": "` + h + `",, "os": "x"}]` + "\n---\n",
		"b-meta/specs.md":     head + `meta: {"num_specs": 1,, "oss": []}` + "\nspec_details: []\n---\n",
		"b-nohash/specs.md":   head + `spec_details: [{"hash": "` + h + `"}, {"os": "x"}]` + "\n---\n",
		"b-badhash/specs.md":  head + `spec_details: [{"hash": "NOT-A-HASH"}]` + "\n---\n",
		"b-twice/specs.md":    head + `spec_details: [{"hash": "` + h + `"}, {"hash": "` + h + `"}]` + "\n---\n",
		"b-binary/specs.md":   "\x7fELF\x00\x00",
		"b-latin1/specs.md":   strings.Replace(simplePage("b-latin1", "develop", 901, 1), "b-latin1", "caf\xe9", 1),
		"b-notitle/specs.md":  "---\nlayout: cache\nspec_details: []\n---\n",
		"b-old/index.md":      "---\ntitle: b-old\nspec_files: [spec-0.json]\n---\n",
	}
}

// TestSkipInvalid: with SkipInvalid, every spec of every valid page is in
// the snapshot, and every invalid page is listed in Skipped with its
// reason and place, sorted; nothing else is left out. Without it, the same
// tree is an error that lists exactly the same pages.
func TestSkipInvalid(t *testing.T) {
	files := badPages()
	// Cross-page problems: two pages of one package, and a hash under two
	// packages. Every page involved is skipped.
	files["c-dup1/specs.md"] = simplePage("c-dup", "develop", 100, 2)
	files["c-dup2/specs.md"] = simplePage("c-dup", "develop", 102, 1)
	files["c-shareA/specs.md"] = simplePage("c-shareA", "develop", 110, 3)
	files["c-shareB/specs.md"] = simplePage("c-shareB", "develop", 112, 2) // 112 is c-shareA's too
	valid := map[string]int{}                                              // file → first hash
	for i := range 20 {
		name := fmt.Sprintf("v-%02d", i)
		files[name+"/specs.md"] = simplePage(name, "develop", 200+10*i, 1+i%4)
		valid[name+"/specs.md"] = 200 + 10*i
	}
	// Not pages: ignored, neither loaded nor skipped.
	files["README.md"] = "# The cache\n"
	files["docs/notes.md"] = "---\ntitle: notes\n---\n"
	dir := writeTree(t, files)
	// A broken link to a page is skipped too.
	if err := os.Symlink(filepath.Join(dir, "nowhere.md"), filepath.Join(dir, "b-link.md")); err != nil {
		t.Fatal(err)
	}

	wantSkipped := []string{"b-link.md"}
	for f := range files {
		if strings.HasPrefix(f, "b-") || strings.HasPrefix(f, "c-") {
			wantSkipped = append(wantSkipped, f)
		}
	}
	for i, f := range wantSkipped {
		wantSkipped[i] = filepath.Join(dir, filepath.FromSlash(f))
	}
	slices.Sort(wantSkipped)

	// Without the option: an error listing every invalid page, once.
	_, err := Load(dir, Options{})
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("error %v, want a *LoadError", err)
	}
	var errFiles []string
	for _, e := range le.Errs {
		errFiles = append(errFiles, e.File)
	}
	if !slices.Equal(errFiles, wantSkipped) {
		t.Errorf("errors about\n%q\nwant\n%q", errFiles, wantSkipped)
	}

	for _, raw := range []bool{false, true} {
		snap, err := Load(dir, Options{SkipInvalid: true, Raw: raw})
		if err != nil {
			t.Fatal(err)
		}
		// Every invalid page is listed, with the same place and reason as
		// the error.
		var got []string
		for i, s := range snap.Skipped {
			got = append(got, s.File)
			if s.Reason == "" || s.Line < 0 || s.Column < 0 {
				t.Errorf("skipped %+v", s)
			}
			if i < len(le.Errs) {
				e := le.Errs[i]
				if s.File != e.File || s.Line != e.Line || s.Column != e.Col || s.Reason != e.Msg {
					t.Errorf("skipped %+v, but the error is %+v", s, e)
				}
			}
		}
		if !slices.Equal(got, wantSkipped) {
			t.Errorf("skipped\n%q\nwant\n%q", got, wantSkipped)
		}
		// Every spec of every valid page is there, under its package, and
		// nothing else.
		want := map[string]string{} // hash → package
		for f, first := range valid {
			name := strings.TrimSuffix(f, "/specs.md")
			n := strings.Count(files[f], `"hash"`)
			for i := range n {
				want[hashN(first+i)] = name
			}
		}
		have := map[string]string{}
		for _, p := range snap.Packages {
			for _, s := range p.Specs {
				if _, dup := have[s.Hash]; dup {
					t.Errorf("hash %s twice", s.Hash)
				}
				have[s.Hash] = p.Name
			}
		}
		if !maps.Equal(have, want) {
			t.Errorf("loaded %d specs, want %d: %v", len(have), len(want), have)
		}
		if len(snap.Packages) != len(valid) || snap.Tag != "develop" {
			t.Errorf("%d packages, tag %q", len(snap.Packages), snap.Tag)
		}
		// Warnings are only about pages that were loaded.
		for _, w := range snap.Warnings {
			if slices.Contains(wantSkipped, w.File) {
				t.Errorf("warning about a skipped page: %+v", w)
			}
		}
	}
}

// TestSkipInvalidCounts: the canonicalization counts and warnings of a
// skipped page are not the snapshot's.
func TestSkipInvalidCounts(t *testing.T) {
	spec := simpleSpec(1)
	spec["compiler"] = "gcc@=13.2.0"
	meta := simpleMeta(1)
	meta["num_specs"] = 7
	dir := writeTree(t, map[string]string{
		"zlib/specs.md": simplePage("zlib", "develop", 5, 1),
		"a/specs.md":    testPage("a", "develop", meta, spec),
		"a/dup.md":      testPage("a", "develop", meta, simpleSpec(2)),
	})
	snap, err := Load(dir, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Skipped) != 2 || len(snap.Warnings) != 0 || len(snap.Canon) != 0 || len(snap.Packages) != 1 {
		t.Errorf("skipped %v, warnings %v, counts %v, %d packages", snap.Skipped, snap.Warnings, snap.Canon, len(snap.Packages))
	}
}

// TestSkipInvalidStillErrors: what no skipping can fix is an error still.
func TestSkipInvalidStillErrors(t *testing.T) {
	opt := Options{SkipInvalid: true}
	t.Run("missing path", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "nosuch")
		_, err := Load(path, opt)
		checkErr(t, err, path, 0, 0, "no such file or directory")
	})
	t.Run("no pages", func(t *testing.T) {
		dir := writeTree(t, map[string]string{"README.md": "# hi\n"})
		_, err := Load(dir, opt)
		checkNoPages(t, err, dir)
	})
	t.Run("every page invalid", func(t *testing.T) {
		dir := writeTree(t, map[string]string{"a/specs.md": "no front matter", "b/specs.md": head + "spec_details: [\n---\n"})
		_, err := Load(dir, opt)
		checkErr(t, err, filepath.Join(dir, "a", "specs.md"), 1, 0, "no front matter")
		checkErr(t, err, filepath.Join(dir, "b", "specs.md"), 5, len("spec_details: ["), "spec_details")
		if !strings.HasPrefix(err.Error(), "loading "+dir+": 2 bad pages (no valid package page left under "+dir+string(filepath.Separator)+"):\n") {
			t.Errorf("error %q", err)
		}
	})
	t.Run("every Spack file invalid", func(t *testing.T) {
		// Lockfiles that disagree on a hash are not pages: the note
		// said "no valid package page left".
		dir := t.TempDir()
		err := noPages(dir, true, []*Error{{File: filepath.Join(dir, "a.lock"), Msg: "hash h: a disagrees"}, {File: filepath.Join(dir, "b.lock"), Msg: "hash h: b disagrees"}}, nil, leftByContent{})
		if want := "loading " + dir + ": 2 bad files (no valid package page or Spack file left under " + dir + string(filepath.Separator) + "):\n"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error %q, want the prefix %q", err, want)
		}
	})
	t.Run("every page invalid or a linked folder", func(t *testing.T) {
		// A symbolic link to a folder under REV:PATH is skipped by its
		// name, which is no page's: no Spack file was there, and the
		// note said "no valid package page or Spack file left".
		dir := t.TempDir()
		err := noPages(dir, true, []*Error{{File: filepath.Join(dir, "linked"), Msg: "a symbolic link to a folder"}, {File: filepath.Join(dir, "llvm", "specs.md"), Msg: "no front matter"}, {File: filepath.Join(dir, "sub"), Msg: "a submodule"}}, nil, leftByContent{})
		if want := "loading " + dir + ": 3 bad files (no valid package page left under " + dir + string(filepath.Separator) + "):\n"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error %q, want the prefix %q", err, want)
		}
	})
	t.Run("single bad file", func(t *testing.T) {
		dir := writeTree(t, map[string]string{"page.md": "no front matter"})
		_, err := Load(filepath.Join(dir, "page.md"), opt)
		checkErr(t, err, filepath.Join(dir, "page.md"), 1, 0, "no front matter")
	})
	t.Run("several tags", func(t *testing.T) {
		dir := writeTree(t, map[string]string{
			"develop/zlib/specs.md": simplePage("zlib", "develop", 1, 1),
			"v1/zlib/specs.md":      simplePage("zlib", "v1", 2, 1),
			"v1/bad/specs.md":       "no front matter",
		})
		_, err := Load(dir, opt)
		checkErr(t, err, dir, 0, 0, "pages of 2 tags found", "develop (1 page)", "v1 (1 page)")
		checkErr(t, err, filepath.Join(dir, "v1", "bad", "specs.md"), 1, 0, "no front matter")
	})
}

// TestSkipNoteFolderQuoted (issue 35, classes a and e): the note of a
// folder whose every file is bad, "(no valid package page left under
// DIR/)", named the folder raw, where "loading DIR" quotes it
// (shownPath): a folder "n<newline>l" put its newline in the note, which
// the command shows as \n unquoted, and "dеv" (its е Cyrillic) read as
// the folder dev.
func TestSkipNoteFolderQuoted(t *testing.T) {
	for _, name := range []string{"n\nl", "dеv"} {
		dir := filepath.Join(t.TempDir(), name)
		if err := os.MkdirAll(filepath.Join(dir, "a"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "a", "specs.md"), []byte("no front matter"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir, Options{SkipInvalid: true})
		want := "(no valid package page left under " + shownPath(dir+string(filepath.Separator)) + ")"
		if err == nil || !strings.HasSuffix(err.Error(), want) || strings.Count(err.Error(), "\n") > 0 {
			t.Errorf("%q: %v; want it to end %s", name, err, want)
		}
	}
}
