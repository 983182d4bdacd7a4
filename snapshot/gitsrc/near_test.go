package gitsrc

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
)

// TestMisspeltPathNamesTheOneMeant (issue 35, class e): a PATH with a
// typo in a folder's name (_cache/devlop, _cahce/develop) was "path
// _cache/devlop does not exist at HEAD" from REV:PATH and "no commit of
// HEAD changed _cache/devlop" from a log, naming no folder where one a
// typo away holds the catalogue. Each now names it, as typed (from the
// top, or from the current folder for a log's PATH); a name near none,
// or a correction that does not exist either, gets no hint.
func TestMisspeltPathNamesTheOneMeant(t *testing.T) {
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ spec, want string }{
		{"HEAD:_cache/devlop", "path _cache/devlop does not exist at HEAD (commit "},
		{"HEAD:_cache/Develop/zlib", "path _cache/Develop/zlib does not exist at HEAD (commit "},
		{"HEAD:_cahce/develop", "path _cahce/develop does not exist at HEAD (commit "},
		{"HEAD:_cache/nope", "path _cache/nope does not exist at HEAD (commit "},
		{"HEAD:_cache/devlop/curl", "path _cache/devlop/curl does not exist at HEAD (commit "},
	} {
		_, err := r.Resolve(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Resolve(%q): %v; want %q", c.spec, err, c.want)
			continue
		}
		fixed := map[string]string{
			"HEAD:_cache/devlop":       "HEAD:_cache/develop",
			"HEAD:_cache/Develop/zlib": "HEAD:_cache/develop/zlib",
			"HEAD:_cahce/develop":      "HEAD:_cache/develop",
		}[c.spec]
		switch hint := "did you mean " + fixed + "?"; {
		case fixed != "" && !strings.HasSuffix(err.Error(), hint):
			t.Errorf("Resolve(%q): %v; want it to end %q", c.spec, err, hint)
		case fixed == "" && strings.Contains(err.Error(), "did you mean"):
			t.Errorf("Resolve(%q): %v; want no hint", c.spec, err)
		}
	}
	for _, c := range []struct{ dir, path, rng, want string }{
		{"", "_cache/devlop", "HEAD", "no commit of HEAD changed _cache/devlop; did you mean _cache/develop? (at "},
		{"_cache", "devlop", "HEAD", "no commit of HEAD changed _cache/devlop; did you mean develop? (at "},
		{"", "_cache/nope", "HEAD", "no commit of HEAD changed _cache/nope"},
	} {
		dir := repo
		if c.dir != "" {
			dir = filepath.Join(repo, c.dir)
		}
		rd, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, err = rd.Series(c.rng, c.path, "", "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Series(%q, %q) in %q: %v; want %q", c.rng, c.path, c.dir, err, c.want)
		}
		if strings.HasSuffix(c.want, "nope") && strings.Contains(err.Error(), "did you mean") {
			t.Errorf("Series(%q, %q): %v; want no hint", c.rng, c.path, err)
		}
	}
}

// TestMisspeltDotPathNamesTheOneMeant (adversarial pass 207a, class e):
// a REV:PATH from the current folder with a typo (HEAD:./devlop in
// _cache, HEAD:../_cahce/develop in a folder below the top) got no
// suggestion, where the same typo from the top named the folder meant.
// It is named from the current folder after ./, else from the top, as
// pasted back it names it.
func TestMisspeltDotPathNamesTheOneMeant(t *testing.T) {
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	r, err := OpenRepo(filepath.Join(repo, "_cache"))
	if err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		"HEAD:./devlop":          "HEAD:./develop",
		"HEAD:./Develop/zlib":    "HEAD:./develop/zlib",
		"HEAD:../_cahce/develop": "HEAD:_cache/develop",
	} {
		_, err := r.Resolve(spec)
		if err == nil || !strings.HasSuffix(err.Error(), "did you mean "+want+"?") {
			t.Errorf("Resolve(%q) in _cache: %v; want it to end %q", spec, err, "did you mean "+want+"?")
			continue
		}
		if _, err := r.Resolve(want); err != nil {
			t.Errorf("Resolve(%q) in _cache, the suggestion pasted back: %v", want, err)
		}
	}
}

// TestLogPathOtherReadingNamesTheOneMeant (round 3 of issue 35, class
// e): log --revs reads PATH from the current folder, as git log does,
// where git:REV:PATH reads it from the top; and it takes PATH alone. In
// _cache, _cache/develop (pasted from a recipe's git:HEAD:_cache/develop)
// said only "no commit of HEAD changed _cache/_cache/develop", and so
// did git:_cache/develop or HEAD:_cache/develop given as the PATH. Each
// now names the PATH meant, from the current folder, which pasted back
// loads; a path that exists no way gets no hint.
func TestLogPathOtherReadingNamesTheOneMeant(t *testing.T) {
	repo := zlibRepo(t, pagetest.SimplePage("zlib", "develop", 1, 1))
	for _, c := range []struct{ dir, path, want, fixed string }{
		{"_cache", "_cache/develop", "; log --revs reads PATH from the current folder (_cache), as git log does, not from the top of the repository as git:REV:PATH does: _cache/develop from the top is develop here (at ", "develop"},
		{"_cache", "HEAD:_cache/develop", "; log --revs takes PATH alone (the range gives the revisions, and PATH is from the current folder): did you mean develop? (at ", "develop"},
		{"_cache", "git:HEAD~1:./develop", "did you mean develop? (at ", "develop"},
		{"", "git:_cache/develop", "did you mean _cache/develop? (at ", "_cache/develop"},
		{"_cache", "_cache/nope", "", ""},
		{"", "git:_cache/nope", "", ""},
	} {
		rd, err := OpenRepo(filepath.Join(repo, c.dir))
		if err != nil {
			t.Fatal(err)
		}
		_, err = rd.Series("HEAD", c.path, "", "")
		if err == nil || !strings.Contains(err.Error(), "no commit of HEAD changed") {
			t.Errorf("Series(HEAD, %q) in %q: %v; want no commit changed it", c.path, c.dir, err)
			continue
		}
		if c.want == "" {
			if strings.Contains(err.Error(), "did you mean") || strings.Contains(err.Error(), " here (at ") {
				t.Errorf("Series(HEAD, %q) in %q: %v; want no hint", c.path, c.dir, err)
			}
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Series(HEAD, %q) in %q: %v; want %q", c.path, c.dir, err, c.want)
		}
		if _, err := rd.Series("HEAD", c.fixed, "", ""); err != nil {
			t.Errorf("Series(HEAD, %q) in %q, the suggestion pasted back: %v", c.fixed, c.dir, err)
		}
	}
}
