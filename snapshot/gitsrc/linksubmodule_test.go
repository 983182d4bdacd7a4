package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkIntoSubmoduleRefused: a symbolic link to a submodule, or to a
// file or folder in it (snap/gcc-runtime to ../sub/gcc-runtime), leads
// to the submodule's checked-out files in a checkout, which a folder on
// disk reads; git's lookup calls it dangling, and REV:PATH dropped the
// package with a warning of a broken link, exit 1 (18 specs fewer than
// the checkout, and a gate over two revisions saw no change the
// submodule made). It is an error, as a submodule among the files is; a
// dot-named link to the submodule itself is a dot-folder, not entered,
// as on disk, and one to a file named "..." in it (.t.json, read by
// content on disk) is refused too.
func TestLinkIntoSubmoduleRefused(t *testing.T) {
	repo := commitFiles(t, map[string]string{"snap/bc/specs.md": realPage(t, "bc")}, map[string]string{
		"snap/pk":          "../sub",
		"snap/gcc-runtime": "../sub/gcc-runtime/",
		"snap/x.json":      "../sub/i.json",
		"snap/.s":          "../sub/.",
		"snap/.t.json":     "../sub/...",
	})
	r := withSubmodules(t, repo, "sub")
	_, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if err == nil {
		t.Fatal("HEAD:snap loaded; want the links into the submodule refused")
	}
	for _, name := range []string{"snap/pk", "snap/gcc-runtime", "snap/x.json", "snap/.t.json"} {
		if !strings.Contains(err.Error(), "HEAD:"+name+": a symbolic link into a submodule") {
			t.Errorf("%s not refused as a link into a submodule: %v", name, err)
		}
	}
	if strings.Contains(err.Error(), "snap/.s:") {
		t.Errorf("the dot-named link to the submodule refused: %v", err)
	}
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Skipped) != 4 {
		t.Errorf("--skip-invalid: %d skips, want the 4 links: %v", len(got.Skipped), got.Skipped)
	}
	for _, w := range got.Warnings {
		if strings.Contains(w.Message, "not a regular file") || strings.Contains(w.Message, "broken") {
			t.Errorf("%s: warning %q beside its skip", w.File, w.Message)
		}
	}
}

// TestLinkThroughSubmoduleUp: a symbolic link that passes through a
// submodule's folder and climbs out of it by ".." (snap/x.json to
// ../sub/./../data/i.json) leads to a file of this repository, as on
// disk, where a checkout makes a folder of every submodule (an empty one
// when it is not checked out): a folder read the index. The
// walk stopped at the submodule and refused HEAD:snap, "a symbolic link
// into a submodule", exit 2. One through a name in the submodule
// (sub/x/../../data), which only its own repository knows, is refused
// still.
func TestLinkThroughSubmoduleUp(t *testing.T) {
	index := func(name string) string {
		data, err := os.ReadFile(filepath.Join("../../testdata/spack-formats", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	repo := commitFiles(t, map[string]string{
		"snap/README":  "an index\n",
		"snap2/README": "an index\n",
		"data/i.json":  index("index.v8-layout2-unsigned-mixed.json"),
	}, map[string]string{
		"snap/x.json":  "../sub/./../data/i.json",
		"snap2/x.json": "../sub/x/../../data/i.json",
	})
	r := withSubmodules(t, repo, "sub")
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if err != nil {
		t.Fatalf("HEAD:snap: %v; want the index read through sub/.., as on disk", err)
	}
	want, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:data/i.json"), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Specs() == 0 || got.Specs() != want.Specs() {
		t.Errorf("HEAD:snap: %d specs; want data/i.json's %d, read through sub/..", got.Specs(), want.Specs())
	}
	_, err = snapshot.LoadFrom(mustSource(t, r, "HEAD:snap2"), snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "HEAD:snap2/x.json: a symbolic link into a submodule") {
		t.Errorf("HEAD:snap2: %v; want the link through sub/x refused", err)
	}
}

// TestDotNamedSubmoduleAmongPages: a dot-named submodule among a tag's
// pages (_cache/develop/.s) is a dot-folder in a checkout, which Jekyll
// publishes the files of, and the loader refuses there, as it does a
// dot-named link to a submodule: REV:PATH left it out without a word, and
// git:HEAD~1:_cache/develop against git:HEAD:_cache/develop passed
// --fail-on any (exit 0) where the checked-out folder is refused (exit 2).
// Elsewhere (snap/.s) it is left alone, as on disk.
func TestDotNamedSubmoduleAmongPages(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		"_cache/develop/bc/specs.md": realPage(t, "bc"),
		"snap/bc/specs.md":           realPage(t, "bc"),
	}, nil)
	r := withSubmodules(t, repo, "_cache/develop/.s", "snap/.s")
	_, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "HEAD:_cache/develop/.s: a folder whose name starts with a dot") {
		t.Errorf("HEAD:_cache/develop with the submodule .s: %v; want it refused as a dot-folder among the pages", err)
	}
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if err != nil || got.Specs() == 0 {
		t.Errorf("HEAD:snap with the submodule .s: %v; want its page read, the dot-folder left alone", err)
	}
}

// TestLinkIntoSubmoduleNamed: the error of a link into a submodule names
// the submodule, from the top: the link's own target can reach it
// through other links out of PATH (snap/gcc-runtime to
// ../vendor/gcc-runtime, vendor to third/cache), and named the target
// alone, "into a submodule (to \"../vendor/gcc-runtime\")", where vendor
// is no submodule. The submodule's name is quoted in ASCII, as the
// target is (quotedCut): as Go quotes (%q), its а (U+0430) stayed as it
// is, third/cаche read as third/cache (9a2bc05f undone failed no test).
func TestLinkIntoSubmoduleNamed(t *testing.T) {
	repo := commitFiles(t, map[string]string{"snap/bc/specs.md": realPage(t, "bc")}, map[string]string{
		"snap/gcc-runtime": "../vendor/gcc-runtime",
		"vendor":           "third/c\u0430che",
	})
	r := withSubmodules(t, repo, "third/c\u0430che")
	_, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), `HEAD:snap/gcc-runtime: a symbolic link into a submodule (to ../vendor/gcc-runtime, the submodule "third/c\u0430che")`) {
		t.Errorf("HEAD:snap: %v; want the link refused, naming the submodule third/c\u0430che in ASCII", err)
	}
}

// TestDotNamedSubmodulesInAnotherCase: two dot-named submodules whose
// names differ in case alone (snap/.s beside snap/.S) are dot-folders to
// a checkout, which the walk does not enter, as two dot-folders are: the
// checked-out folder read snap's page, exit 1, and HEAD:snap was refused,
// ".s is .S, below PATH, in another case ... REV:PATH reads both", exit
// 2, where it reads neither. One beside a dot-file of its name is
// refused still, as a dot-folder is, saying which one REV:PATH reads.
// At a mirror's top (m/.t beside m/.T), which a mirror does not read, as
// a dot-folder there (.github), they were refused so too.
func TestDotNamedSubmodulesInAnotherCase(t *testing.T) {
	index, err := os.ReadFile("../../testdata/spack-formats/index.v8-layout2-unsigned-mixed.json")
	if err != nil {
		t.Fatal(err)
	}
	repo := commitFiles(t, map[string]string{
		"m/build_cache/index.json": string(index),
		"snap/bc/specs.md":         realPage(t, "bc"),
		"file/bc/specs.md":         realPage(t, "bc"),
		"file/.T":                  "x\n",
	}, nil)
	r := withSubmodules(t, repo, "snap/.s", "snap/.S", "file/.t", "m/.t", "m/.T")
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if err != nil || got.Specs() == 0 {
		t.Errorf("HEAD:snap with the submodules .s and .S: %v; want its page read, the dot-folders left alone", err)
	}
	_, err = snapshot.LoadFrom(mustSource(t, r, "HEAD:file"), snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), `REV:PATH reads ".T" alone, and not the dot-named submodule ".t", which`) {
		t.Errorf("HEAD:file with the submodule .t beside the file .T: %v; want it refused, .T read alone", err)
	}
	if got, err := loadArg(repo, "HEAD:m", snapshot.Options{}); err != nil || got.Specs() == 0 {
		t.Errorf("HEAD:m, a mirror with the submodules .t and .T at its top: %v; want its index read", err)
	}
}

// TestDotNamedSubmoduleNamedInClash: the refusal of a dot-named
// submodule beside a dot-file of its name in another case names the one
// REV:PATH does not read, and says what it is: b/.s beside the submodule
// b/.S said 'REV:PATH reads ".s" alone, and not the dot-folder', naming
// no folder, where b has none; c/.ſ beside the dot-folder c/.S/ and the
// submodule c/.s names the folder, ".S", which it is "is".
func TestDotNamedSubmoduleNamedInClash(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		"b/bc/specs.md": realPage(t, "bc"),
		"b/.s":          "x\n",
		"c/bc/specs.md": realPage(t, "bc"),
		"c/.S/x":        "x\n",
		"c/.ſ":          "x\n",
	}, nil)
	withSubmodules(t, repo, "b/.S", "c/.s")
	for arg, want := range map[string]string{
		"HEAD:b": `REV:PATH reads ".s" alone, and not the dot-named submodule ".S", which`,
		"HEAD:c": `".\u017f" is ".S", below PATH, in another case: a checkout on a case-insensitive file system (macOS, Windows) writes one over the other, or both into one folder, while REV:PATH reads ".\u017f" alone, and not the dot-folder ".S", which`,
	} {
		if _, err := loadArg(repo, arg, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want it refused, saying %s", arg, err, want)
		}
	}
}

// TestClashNamesLookalikesEscaped: a dot-file named with U+212A KELVIN
// SIGN beside the dot-folder .K was refused as '".K" is ".K"', two
// names that look the same; where the two differ in a rune of the same
// case, both are quoted in ASCII; and so are ".ſ" and ".S" (one lower
// case, one upper), as every case clash names its names
// (TestCaseClashNamesInASCII).
func TestClashNamesLookalikesEscaped(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		"k/bc/specs.md": realPage(t, "bc"),
		"k/.\u212a":     "x\n",
		"k/.K/y":        "y\n",
		"s/bc/specs.md": realPage(t, "bc"),
		"s/.ſ":          "x\n",
		"s/.S/y":        "y\n",
	}, nil)
	for arg, want := range map[string]string{
		"HEAD:k": `".\u212a" is ".K", below PATH, in another case: a checkout on a case-insensitive file system (macOS, Windows) writes one over the other, or both into one folder, while REV:PATH reads ".\u212a" alone, and not the dot-folder ".K", which`,
		"HEAD:s": `".\u017f" is ".S", below PATH`,
	} {
		if _, err := loadArg(repo, arg, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want it refused, saying %s", arg, err, want)
		}
	}
}

// TestWayDownLookalikesEscaped: the folder K beside U+212A KELVIN SIGN
// on the way to PATH was refused as '"K" is "K", on the way to PATH';
// both are quoted in ASCII, as below PATH
// (TestClashNamesLookalikesEscaped).
func TestWayDownLookalikesEscaped(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		"\u212a/bc/specs.md": realPage(t, "bc"),
		"K/x":                "x\n",
	}, nil)
	want := `"K" is "\u212a", on the way to PATH, in another case`
	if _, err := loadArg(repo, "HEAD:\u212a", snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("HEAD:\u212a beside K: %v; want it refused, saying %s", err, want)
	}
}

// withSubmodules commits in repo a submodule at each of paths (a gitlink
// to repo's own HEAD: a checkout holds another repository's files there,
// the object store none), and opens the repository.
func withSubmodules(t *testing.T, repo string, paths ...string) *Repo {
	t.Helper()
	head, err := gitIn(repo, "", "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if _, err := gitIn(repo, "", "update-index", "--add", "--cacheinfo", "160000,"+strings.TrimSpace(head)+","+p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gitIn(repo, "", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "submodules"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
