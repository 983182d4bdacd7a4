package input

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestAmbiguousHintWayByID (class e): NAME given as a snapshot, NAME
// both a tag and a branch of 6 folders of 112 é, was told each way to
// write it whole cut ("$'git:refs/tags/\xc3\xa9…'… (cut, 949 bytes
// more)"): each is 5.4 KB in ASCII, and both do not fit the line's 8
// KB; a way cut pastes as no command, or as a ref the cut part names.
// A way too long for its room is given by the id of the commit its ref
// reads now, whole, which pasted through bash -c reads back as written.
func TestAmbiguousHintWayByID(t *testing.T) {
	dir := snapRepo(t, 3)
	name := strings.Repeat(strings.Repeat("é", 112)+"/", 5) + strings.Repeat("é", 112)
	for _, args := range [][]string{{"tag", name, "HEAD~2"}, {"branch", name, "HEAD~1"}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	hint := RevisionHint(dir, name, "snap", RoomAfter(""))
	ways := regexp.MustCompile(`git:([0-9a-f]{12}):snap \(by the id of the commit \$'refs/(tags|heads)/`).FindAllStringSubmatch(hint, -1)
	if len(ways) != 2 || strings.Contains(hint, "(cut, ") && strings.Contains(hint, "$'git:") {
		t.Fatalf("RevisionHint: %q; want each way by its commit's id, none cut", hint)
	}
	bash, _ := exec.LookPath("bash")
	for _, w := range ways {
		out, err := gittest.Git(dir, nil, "rev-parse", "refs/"+w[2]+"/"+name+"^{commit}")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out, w[1]) {
			t.Errorf("the way of refs/%s: git:%s:snap; want the commit %s", w[2], w[1], out)
		}
		if bash == "" {
			continue
		}
		way := "git:" + w[1] + ":snap"
		if got, err := exec.Command(bash, "-c", "printf %s "+way).Output(); err != nil || string(got) != way {
			t.Errorf("%s pasted through bash -c reads %q (%v)", way, got, err)
		}
	}
}
