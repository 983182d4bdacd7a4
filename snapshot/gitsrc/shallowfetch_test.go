package gitsrc

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestShallowFetchMakesTheRef (class e): in a clone of one branch
// (actions/checkout's, git clone --depth 1), the hint of a name no ref
// has said to fetch it, "git fetch --depth=N origin main", which fetches
// into FETCH_HEAD alone: pasted, the name was as unknown after it; and
// of origin/-x, "git fetch --depth=N origin -x", refused by git fetch as
// an unknown switch. Each fetch given, pasted through bash -c in the
// clone (N as 1), makes the name one git reads as a commit: a branch of
// origin into its remote-tracking ref, a tag or a branch given by name
// into a ref of its kind (an annotated tag, v1:v1, was refused as a
// branch's); of a clone whose one remote is not origin, from that one
// (origin was given, "'origin' does not appear to be a git repository");
// of a remote -up, after -- (git fetch read -up as options).
func TestShallowFetchMakesTheRef(t *testing.T) {
	bash, _ := exec.LookPath("bash")
	if bash == "" {
		t.Skip("no bash to paste into")
	}
	r, _ := xCommitsGit(t, 2,
		[]string{"update-ref", "refs/heads/-x", "HEAD~1"},
		[]string{"update-ref", "refs/heads/a;id", "HEAD~1"},
		[]string{"branch", "feature", "HEAD~1"},
		[]string{"tag", "-a", "-m", "v1", "v1", "HEAD~1"},
		[]string{"tag", "v2", "HEAD~1"})
	clone := filepath.Join(t.TempDir(), "clone")
	if _, err := gittest.Git(r.dir, nil, "clone", "-q", "--depth", "1", "--no-tags", "file://"+filepath.ToSlash(r.dir), clone); err != nil {
		t.Fatal(err)
	}
	c, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	// A clone whose one remote is named otherwise (git clone -o
	// upstream): origin was given, and pasted the fetch was refused.
	other := filepath.Join(t.TempDir(), "other")
	if _, err := gittest.Git(r.dir, nil, "clone", "-q", "--depth", "1", "--no-tags", "-o", "upstream", "file://"+filepath.ToSlash(r.dir), other); err != nil {
		t.Fatal(err)
	}
	o, err := OpenRepo(other)
	if err != nil {
		t.Fatal(err)
	}
	// A clone's one remote named -up (git clone -o -up): git fetch read
	// it as its options -u and -p, and the refspec as the remote.
	dash := filepath.Join(t.TempDir(), "dash")
	if _, err := gittest.Git(r.dir, nil, "clone", "-q", "--depth", "1", "--no-tags", "-o", "-up", "file://"+filepath.ToSlash(r.dir), dash); err != nil {
		t.Fatal(err)
	}
	d, err := OpenRepo(dash)
	if err != nil {
		t.Fatal(err)
	}
	fetch := regexp.MustCompile(`fetch it, (git fetch --depth=N .*), or name a revision`)
	for _, tc := range []struct {
		repo *Repo
		name string
	}{{c, "origin/-x"}, {c, "origin/a;id"}, {c, "v1"}, {c, "feature"}, {c, "tags/v2"}, {o, "feature"}, {o, "upstream/a;id"}, {d, "feature"}, {d, "v1"}} {
		name, clone := tc.name, tc.repo.dir
		_, err := tc.repo.Resolve(name + ":x")
		if err == nil {
			t.Fatalf("Resolve(%s:x) in the clone: taken before the fetch", name)
		}
		m := fetch.FindStringSubmatch(err.Error())
		if m == nil {
			t.Errorf("Resolve(%s:x): %q; want a fetch to paste", name, err)
			continue
		}
		cmd := exec.Command(bash, "-c", strings.Replace(m[1], "--depth=N", "--depth=1", 1))
		cmd.Dir, cmd.Env = clone, gittest.Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %s pasted: %v: %s", name, m[1], err, out)
			continue
		}
		if _, err := gittest.Git(clone, nil, "rev-parse", "--verify", "--quiet", name+"^{commit}"); err != nil {
			t.Errorf("%s: after %s, git reads no commit by the name", name, m[1])
		}
	}
}

// TestShallowFetchOfSeveralRemotes (class e): in a clone of several
// remotes, none origin, the fetch of a name none of them begins with was
// from origin, which pasted said "'origin' does not appear to be a git
// repository". It is from REMOTE, one of the remotes it names; pasted
// with the first, the name reads.
func TestShallowFetchOfSeveralRemotes(t *testing.T) {
	bash, _ := exec.LookPath("bash")
	if bash == "" {
		t.Skip("no bash to paste into")
	}
	r, _ := xCommitsGit(t, 2, []string{"branch", "feature", "HEAD~1"})
	clone := filepath.Join(t.TempDir(), "clone")
	url := "file://" + filepath.ToSlash(r.dir)
	if _, err := gittest.Git(r.dir, nil, "clone", "-q", "--depth", "1", "--no-tags", "-o", "up", url, clone); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(clone, nil, "remote", "add", "x;id", url); err != nil {
		t.Fatal(err)
	}
	c, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Resolve("feature:x")
	m := regexp.MustCompile(`fetch it, (git fetch --depth=N REMOTE \S+), REMOTE one of up, 'x;id', or name`).FindStringSubmatch(fmt.Sprint(err))
	if m == nil {
		t.Fatalf("Resolve(feature:x): %v; want a fetch from REMOTE, one of up, 'x;id'", err)
	}
	cmd := exec.Command(bash, "-c", strings.NewReplacer("--depth=N", "--depth=1", "REMOTE", "'x;id'").Replace(m[1]))
	cmd.Dir, cmd.Env = clone, gittest.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s pasted: %v: %s", m[1], err, out)
	}
	if _, err := gittest.Git(clone, nil, "rev-parse", "--verify", "--quiet", "feature^{commit}"); err != nil {
		t.Errorf("after %s, git reads no commit by the name", m[1])
	}
}

// TestShallowNoRefCanBeNamed (class e): a name no ref can have (a*b,
// a?b, a[b, a\b, x.lock, .x) was given a fetch that git refused as an
// invalid refspec, and origin/* one that fetched every branch of origin,
// the name as unknown after it: it says no ref can be named so, and
// refNameOK answers as git check-ref-format --allow-onelevel does.
func TestShallowNoRefCanBeNamed(t *testing.T) {
	r, _ := xCommitsGit(t, 2)
	clone := filepath.Join(t.TempDir(), "clone")
	if _, err := gittest.Git(r.dir, nil, "clone", "-q", "--depth", "1", "--no-tags", "file://"+filepath.ToSlash(r.dir), clone); err != nil {
		t.Fatal(err)
	}
	c, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"origin/*", "a*b", "a?b", "a[b", `a\b`, "x.lock", "a/.x", "a//b"} {
		_, err := c.Resolve(name + ":x")
		if msg := fmt.Sprint(err); strings.Contains(msg, "git fetch") || !strings.Contains(msg, "no ref can be named") {
			t.Errorf("Resolve(%s:x): %s; want no fetch, no ref can be named so", name, msg)
		}
	}
	for _, name := range []string{"main", "a;id", "v1.0", "a/b", "a*b", "a?b", "a[b", `a\b`, "x.lock", "a/.x", ".x", "a..b", "a/", "a.", "a@{b", "@", "a@b", "a\x7fb", "a\x01b", "a//b", "ü", "a/b.lock/c"} {
		_, gitErr := gittest.Git(clone, nil, "check-ref-format", "--allow-onelevel", name)
		if got, want := refNameOK(name), gitErr == nil; got != want {
			t.Errorf("refNameOK(%q) = %v; git check-ref-format says %v", name, got, want)
		}
	}
}
