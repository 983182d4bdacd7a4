package gitsrc

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestAmbiguousCutWayByID (class e): the log's refusal of NAME..HEAD,
// NAME both a tag and a branch of 6 folders of 112 é, gave both ways to
// write it whole cut to ~1.5 KB ("$'refs/tags/\xc3\xa9…'… (cut, 1261
// bytes more)") on a 2.7 KB line: each 5.4 KB whole, neither fits, and
// a way cut pastes as no command, or as a ref the cut part names. A way
// too long is given by the id of the commit its ref reads now, whole,
// which pasted through bash -c reads back as written.
func TestAmbiguousCutWayByID(t *testing.T) {
	r := xCommits(t, 3)
	git := gitRunner(t, r)
	revParse := func(rev string) string {
		t.Helper()
		out, err := gittest.Git(r.dir, nil, "rev-parse", rev)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(out)
	}
	name := strings.Repeat(strings.Repeat("é", 112)+"/", 5) + strings.Repeat("é", 112)
	git("tag", name, "HEAD~2")
	git("branch", name, "HEAD~1")
	err := r.CheckRange(name + "..HEAD")
	if err == nil {
		t.Fatal("CheckRange took an ambiguous range")
	}
	msg := err.Error()
	if strings.Contains(msg, "(cut, ") {
		t.Errorf("CheckRange: %q; want no way cut", msg)
	}
	ways := regexp.MustCompile(`([0-9a-f]{12})\.\.HEAD \(by the id of the commit "refs/(tags|heads)/`).FindAllStringSubmatch(msg, -1)
	if len(ways) != 2 {
		t.Fatalf("CheckRange: %q; want each way by its commit's id", msg)
	}
	bash, _ := exec.LookPath("bash")
	for _, w := range ways {
		want := revParse("refs/" + w[2] + "/" + name + "^{commit}")
		if !strings.HasPrefix(want, w[1]) {
			t.Errorf("the way of refs/%s: %s..HEAD; want the commit %s", w[2], w[1], want)
		}
		if bash == "" {
			continue
		}
		if out, err := exec.Command(bash, "-c", "printf %s "+w[1]+"..HEAD").Output(); err != nil || string(out) != w[1]+"..HEAD" {
			t.Errorf("%s..HEAD pasted through bash -c reads %q (%v)", w[1], out, err)
		}
	}
}

// TestDashedRangeCutWayByID (class e): log --revs -NAME..HEAD, of a
// branch -NAME of 6 folders of 112 é, was told "with its ref written in
// full, $'refs/heads/-\xc3\xa9…'… (cut, 847 bytes more)" on a 3.7 KB
// line: the way is 5.4 KB in ASCII, more than the message's 5 KB, and
// cut it pastes as no command. It is given by the id of the commit the
// ref reads now, whole: pasted through bash -c, a range the log takes.
func TestDashedRangeCutWayByID(t *testing.T) {
	r := xCommits(t, 3)
	name := "-" + strings.Repeat(strings.Repeat("é", 112)+"/", 5) + strings.Repeat("é", 112)
	gitRunner(t, r)("update-ref", "refs/heads/"+name, "HEAD~1")
	out, err := gittest.Git(r.dir, nil, "rev-parse", "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimSpace(out)[:12]
	for _, rng := range []string{name + "..HEAD", name + "~1..HEAD"} {
		_, err := r.Series(rng, "x", "", "")
		if err == nil {
			t.Fatalf("Series(-NAME…) took it")
		}
		way := strings.Replace(rng, name, id, 1)
		msg := err.Error()
		if strings.Contains(msg, "(cut, ") || !strings.Contains(msg, "write it by the id of the commit its ref reads now") || !strings.HasSuffix(msg, shellword.Shown(way)) {
			t.Errorf("Series(%s): %q; want it written %s, none cut", strings.Replace(rng, name, "-NAME", 1), msg, shellword.Shown(way))
		}
		if bash, _ := exec.LookPath("bash"); bash != "" {
			if got, err := exec.Command(bash, "-c", "printf %s "+shellword.Shown(way)).Output(); err != nil || string(got) != way {
				t.Errorf("%s pasted through bash -c reads %q (%v)", shellword.Shown(way), got, err)
			}
		}
	}
}
