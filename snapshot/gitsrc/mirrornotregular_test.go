package gitsrc

import (
	"strings"
	"testing"
)

// TestMirrorResolveNotRegular (class c): a git tree's mirror refuses a
// file that is a submodule as "not a regular file", and a link followed
// 40 times (one to itself: its target read once, resolveAll) as a loop
// (TestMirrorLinkLoopSaid), naming it
// in ASCII (shownRel); no test asked either. Asked of a folder zlіb (its
// і Cyrillic).
func TestMirrorResolveNotRegular(t *testing.T) {
	dir := "zl\u0456b"
	repo := commitFiles(t, map[string]string{"m/v3/layout.json": `{"signing": false}`, "m/" + dir + "/f.json": "{}\n"},
		map[string]string{"m/" + dir + "/loop": "loop", "m/" + dir + "/to": "f.json"})
	gitlinkTo(t, repo, "m/"+dir+"/sub", "a blob\n")
	m := headMirror(t, repo)
	for rel, why := range map[string]string{dir + "/sub": "not a regular file", dir + "/loop": "its path leads through symbolic links in a loop"} {
		_, err := m.resolveAll([]string{dir + "/to", rel})
		want := `"zl\u0456b/` + strings.TrimPrefix(rel, dir+"/") + `": ` + why
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.ContainsRune(err.Error(), '\u0456') {
			t.Errorf("%+q: %v; want %s, in ASCII", rel, err, want)
		}
	}
}

// headMirror is the mirror a git tree holds at HEAD:m of repo.
func headMirror(t *testing.T, repo string) *mirrorStore {
	t.Helper()
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Source("HEAD:m")
	if err != nil {
		t.Fatal(err)
	}
	m, ok, err := s.asMirror()
	if err != nil || !ok {
		t.Fatalf("HEAD:m as a mirror: %v, %v", ok, err)
	}
	return m
}
