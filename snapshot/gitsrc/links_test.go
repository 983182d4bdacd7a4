package gitsrc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLinksFollowedInLinearTime (issue 35's rule: a 4x input costs at
// most ~4.4x): files committed as links to files elsewhere in the
// repository are followed in the tree's listing, not by git cat-file
// --follow-symlinks, which reads every folder on each name's way: one
// name per link made N links into a folder of N files cost N² (1,000
// linked pages took 0.33 s, 4,000 took 3.7 s). Measured by the names git
// is asked to follow (none: each would cost git the whole store folder),
// the git processes (the same few) and the names looked up in listings
// (linear), never by the clock.
func TestLinksFollowedInLinearTime(t *testing.T) {
	files, links := linkedStore(50, 250)
	r, err := OpenRepo(commitFiles(t, files, links))
	if err != nil {
		t.Fatal(err)
	}
	type cost struct{ followed, runs, steps int64 }
	measure := func(arg string, n int) cost {
		f, g, s := gitFollowed.Load(), gitRuns.Load(), linkSteps.Load()
		snap, err := r.Load(arg, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if snap.Specs() != n {
			t.Fatalf("%s: %d specs loaded; want %d", arg, snap.Specs(), n)
		}
		return cost{gitFollowed.Load() - f, gitRuns.Load() - g, linkSteps.Load() - s}
	}
	small, big := measure("HEAD:small/build_cache", 50), measure("HEAD:big/build_cache", 200)
	if small.followed != 0 || big.followed != 0 {
		t.Errorf("names git was asked to follow: %d for 50 links, %d for 200; want none (each costs git the folders on its way)", small.followed, big.followed)
	}
	if small.runs != big.runs {
		t.Errorf("git processes: %d for 50 links, %d for 200; want the same few", small.runs, big.runs)
	}
	if small.steps == 0 || float64(big.steps) > 4.4*float64(small.steps) {
		t.Errorf("names looked up: %d for 50 links, %d for 200; want at most 4.4x", small.steps, big.steps)
	}
}

// TestLinkAnswersAsGit: links followed in the listing get git's own
// answers (git cat-file --batch-check --follow-symlinks), but for "./f",
// which leads to f as on disk (TestLinkThroughDotAsOnDisk), a submodule
// and a name in it (TestLinkIntoSubmoduleRefused), and a target
// of 5,000 bytes, which no checkout makes (TestLinkHubFollowedInLinearTime):
// to a file, a folder, a submodule, .git, nowhere; absolute, through
// "..", ".", "//" and a trailing "/"; chains, loops and a chain of 40 links (git's most);
// targets with a line break, a NUL, none, or of 5,000 bytes; out of the
// listed folder, back through it by its name, and out of the repository;
// from every folder listed.
func TestLinkAnswersAsGit(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := t.TempDir()
	git := func(stdin string, args ...string) string {
		t.Helper()
		out, err := gittest.Git(repo, nil, args...)
		if stdin != "" {
			out, err = gitIn(repo, stdin, args...)
		}
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return strings.TrimSpace(out)
	}
	git("", "init", "-q", "-b", "main")
	write := func(name, content string) {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a/f", "a/b/g", "a/b/c/h", "store/x", "d e/f", "top"} {
		write(f, f)
	}
	git("", "add", "--all")
	links := map[string]string{
		"a/abs":      "/etc/passwd",
		"a/up":       "../store/x",
		"a/upup":     "../../store/x",
		"a/uptop":    "../../../x",
		"a/dot":      "./f",
		"a/dots":     "b/../f",
		"a/double":   "b//g",
		"a/slash":    "f/",
		"a/dirslash": "b/",
		"a/dir":      "b",
		"a/dirup":    "b/..",
		"a/top":      "..",
		"a/none":     "nowhere",
		"a/sub":      "../s",
		"a/subin":    "../s/x",
		"a/git":      "../.git/config",
		"a/nl":       "f\nx",
		"a/nul":      "f\x00x",
		"a/empty":    "",
		"a/long":     strings.Repeat("b/../", 1000) + "f",
		"a/self":     "self",
		"a/p":        "q",
		"a/q":        "p",
		"a/via":      "dir/g",
		"a/viaup":    "up",
		"a/b/c/deep": "../../../d e/f",
		"a/b/c/rel":  "../../dir/c/h",
		"a/b/notdir": "g/x",
		"a/file2":    "b/g/",
		"a/space":    "../d e",
		"a/b/c/back": "../../b/g",
		"a/b/back2":  "../b/c/h",
	}
	for i := range 41 {
		links[fmt.Sprintf("a/chain%d", i)] = fmt.Sprintf("chain%d", i+1)
		links[fmt.Sprintf("a/ok%d", i)] = fmt.Sprintf("ok%d", i+1)
	}
	links["a/chain41"] = "f" // 42 links: a loop to git
	delete(links, "a/ok40")
	links["a/ok39"] = "f" // 40 links: followed
	links["a/ok0"] = "ok1"
	var names, blobs []string
	for name, target := range links {
		f := filepath.Join(t.TempDir(), "target")
		if err := os.WriteFile(f, []byte(target), 0o644); err != nil {
			t.Fatal(err)
		}
		names, blobs = append(names, name), append(blobs, f)
	}
	oids := strings.Fields(git(strings.Join(blobs, "\n")+"\n", "hash-object", "-w", "--stdin-paths"))
	var index strings.Builder
	for i, name := range names {
		fmt.Fprintf(&index, "120000 %s\t%s\n", oids[i], name)
	}
	git(index.String(), "update-index", "--add", "--index-info")
	git("", "update-index", "--add", "--cacheinfo", "160000,"+strings.Repeat("1", 40)+",s")
	git("", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "links")
	commit := git("", "rev-parse", "HEAD")
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, top := range []string{"", "a", "a/b", "a/b/c"} {
		out, err := gittest.Git(repo, nil, "ls-tree", "-r", "-t", "-z", "-l", "--full-tree", commit+":"+top)
		if err != nil {
			t.Fatal(err)
		}
		files, dirs, err := parseLsTree([]byte(out))
		if err != nil {
			t.Fatal(err)
		}
		var paths, oids []string
		for _, f := range files {
			if f.Kind == Symlink {
				paths, oids = append(paths, joinTop(top, f.Path)), append(oids, f.OID)
			}
		}
		if len(paths) == 0 {
			t.Fatalf("%q: no links listed", top)
		}
		got, _, err := r.resolveLinks(commit, top, files, dirs, true, paths, oids)
		if err != nil {
			t.Fatal(err)
		}
		want, err := r.follow(commit, paths, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range paths {
			g, w := got[i], want[i]
			if p == "a/dot" { // git knows no ".", a checkout does
				if g.typ != "blob" {
					t.Errorf("from %q, %s (to %q): %s; want the file, as on disk", top, p, links[p], g.typ)
				}
				continue
			}
			if p == "a/sub" || p == "a/subin" { // git: dangling; a checkout: the submodule's files
				if g.typ != "submodule" || w.typ != "dangling" {
					t.Errorf("from %q, %s (to %q): %s, git %s; want submodule, where git says dangling (TestLinkIntoSubmoduleRefused)", top, p, links[p], g.typ, w.typ)
				}
				continue
			}
			if p == "a/git" { // git: dangling; a checkout: its own .git's file
				if g.typ != "gitdir" || w.typ != "dangling" {
					t.Errorf("from %q, %s (to %q): %s, git %s; want gitdir, where git says dangling (TestLinkIntoGitDir)", top, p, links[p], g.typ, w.typ)
				}
				continue
			}
			if p == "a/long" { // git follows it, no checkout can make it
				if g.typ != "toolong" {
					t.Errorf("from %q, %s: %s; want toolong, as no checkout makes it", top, p, g.typ)
				}
				continue
			}
			if g.typ == "chain" && w.typ == "loop" {
				// Past git's 40 links, no loop: git says loop of both
				// (linkWalker.loopWalk tells them apart).
				continue
			}
			if g.typ != w.typ || g.typ == "blob" && (g.oid != w.oid || g.size != w.size) {
				t.Errorf("from %q, %s (to %q): %s %s; git says %s %s", top, p, links[p], g.typ, g.oid, w.typ, w.oid)
			}
		}
	}
}

// gitIn runs git in dir with stdin.
func gitIn(dir, stdin string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gittest.Env()
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.Output()
	return string(out), err
}

// TestLinkThroughDotAsOnDisk: a link whose target names "." (./x, a/./x)
// leads where it does on disk, in the checkout the site is built from.
// git's --follow-symlinks knows no "." and called it broken: an index
// named otherwise, committed as a link to ./../store/index.json, was
// dropped with a warning from git while a folder on disk read it.
func TestLinkThroughDotAsOnDisk(t *testing.T) {
	checkIndexLinkAsOnDisk(t, "./../store/./index.json")
}

// checkIndexLinkAsOnDisk commits an index as store/index.json and, in
// cache/, a link to it by target, and checks that HEAD:cache reads the
// packages the checked-out cache/ does, without a warning.
func checkIndexLinkAsOnDisk(t *testing.T, target string) {
	t.Helper()
	index, err := os.ReadFile("../../testdata/spack-formats/index.v7-layout2-unsigned.json")
	if err != nil {
		t.Fatal(err)
	}
	repo := commitFiles(t, map[string]string{"store/index.json": string(index)}, map[string]string{
		"cache/index.v7.json": target,
	})
	want, err := snapshot.Load(filepath.Join(repo, "cache"), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := loadArg(repo, "HEAD:cache", snapshot.Options{})
	if err != nil || len(snap.Packages) != len(want.Packages) || len(snap.Warnings) != 0 {
		t.Errorf("link to %s, from git: %v, %d packages, warnings %v; want the %d packages read on disk", target, err, len(packagesOf(snap)), warningsOf(snap), len(want.Packages))
	}
}

func packagesOf(s *snapshot.Snapshot) []*snapshot.Package {
	if s == nil {
		return nil
	}
	return s.Packages
}

func warningsOf(s *snapshot.Snapshot) []snapshot.Warning {
	if s == nil {
		return nil
	}
	return s.Warnings
}
