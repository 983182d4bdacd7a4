package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSubjectEndsAtBlankLine (87th adversarial pass): git's %s is the
// message's first paragraph, which ends at a line of spaces, tabs or a
// CR alone (a CRLF message's blank line), as it begins after such
// lines: log --revs read "Subject\n \nBody" as the subject "Subject
// Body", where git log --format=%s says "Subject".
func TestSubjectEndsAtBlankLine(t *testing.T) {
	repo := commitFiles(t, map[string]string{"c/x.md": "first\n"}, nil)
	msgs := []string{
		"Subject\n \nBody line\n",
		"Subject\r\n\r\nBody line\r\n",
		" \n\t\nLead\nsecond\n\t \nbody\n",
		"Tabbed\n\t\nbody\n",
	}
	for i, msg := range msgs {
		if err := os.WriteFile(filepath.Join(repo, "c", "x.md"), []byte{byte('a' + i)}, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(repo, nil, "add", "--all"); err != nil {
			t.Fatal(err)
		}
		tree, err := gittest.Git(repo, nil, "write-tree")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, "msg"), []byte(msg), 0o644); err != nil {
			t.Fatal(err)
		}
		id, err := gittest.Git(repo, nil, "commit-tree", strings.TrimSpace(tree), "-p", "HEAD", "-F", filepath.Join(repo, "msg"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(repo, nil, "update-ref", "HEAD", strings.TrimSpace(id)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(repo, "msg")); err != nil {
		t.Fatal(err)
	}
	out, err := gittest.Git(repo, nil, "log", "--reverse", "--format=%s", "HEAD~4..HEAD")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for line := range strings.Lines(out) {
		want = append(want, strings.Join(strings.Fields(line), " "))
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := r.Series("HEAD~4..HEAD", "c", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range commits {
		if !c.Base {
			got = append(got, c.Subject)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("subjects %q; want %q, as git log --format=%%s", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("subject %d: %q; want %q, as git log --format=%%s", i, got[i], want[i])
		}
	}
}
