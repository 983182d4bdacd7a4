package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestDotNamedInertLinkNotRefused: a dot-named link whose name no reader
// reads (.cache, .venv) stands in for nothing in a checkout: a folder it
// leads to is a dot-folder, not entered, and a file is not read. Left
// alone by REV:PATH before dot-named links were followed (0fb4c851), one
// out of the repository (.cache to /home/alice/.cache, committed from a
// laptop) then refused HEAD:snap, exit 2, where the checkout warns of
// it, broken, and reads the pages: a warning now. One named as a file
// read (.i.json, an index by content) is refused still, and so is one
// into a submodule named so.
func TestDotNamedInertLinkNotRefused(t *testing.T) {
	repo := commitFiles(t, map[string]string{"snap/bc/specs.md": realPage(t, "bc")}, map[string]string{
		"snap/.cache": "/home/alice/.cache",
		"snap/.venv":  "../../../venv",
		"snap/.s":     "../sub/x",
	})
	head, err := gitIn(repo, "", "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"update-index", "--add", "--cacheinfo", "160000," + strings.TrimSpace(head) + ",sub"},
		{"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "submodule"},
	} {
		if _, err := gitIn(repo, "", args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	if err != nil {
		t.Fatalf("HEAD:snap: %v; want its page read, as the checkout does", err)
	}
	out := 0
	for _, w := range got.Warnings {
		if strings.Contains(w.Message, "out of the repository") {
			out++
		}
	}
	if got.Specs() == 0 || out != 2 {
		t.Errorf("%d specs, %d warnings of a link out of the repository (%v); want the page's and 2", got.Specs(), out, got.Warnings)
	}
	repo = commitFiles(t, map[string]string{"snap/a.spec.json": "{}\n"}, map[string]string{"snap/.i.json": "/home/alice/i.json"})
	if r, err = OpenRepo(repo); err != nil {
		t.Fatal(err)
	}
	if _, err = snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "snap/.i.json: a symbolic link out of the repository") {
		t.Errorf("HEAD:snap with .i.json to /home/alice/i.json: %v; want it refused", err)
	}
}
