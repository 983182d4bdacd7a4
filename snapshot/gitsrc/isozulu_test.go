package gitsrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCommitIconvDateZulu: git 2.45 and later write %cI of a zone of
// +0000 or -0000 as "Z" (date.c's show_date: "if (tz == 0) Z"), git
// 2.39 as "+00:00". The date of a commit in an encoding git converts
// with iconv is the one of its readings matching git's %cI, compared as
// "+00:00": with a newer git every such commit made in UTC was refused
// ("a commit without a readable committer date"), log --revs whole. A
// git that writes Z is stood for by one whose log output is rewritten.
func TestCommitIconvDateZulu(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in git is a shell script")
	}
	repo, tree := literalRepo(t)
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip(err)
	}
	bin := t.TempDir()
	script := "#!/bin/sh\ncase \"$*\" in\n*'--format=%H %cI %s'*) \"" + gitPath + "\" \"$@\" | sed 's/^\\([0-9a-f]* [0-9T:-]*\\)[+-]00:00 /\\1Z /';;\n*) exec \"" + gitPath + "\" \"$@\";;\nesac\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, zone := range []string{"+0000", "-0000", "+0100"} {
		id := literalCommit(t, repo, "tree "+tree+"\nauthor a <b> 1700000000 "+zone+"\ncommitter c <d> 1700000200 "+zone+"\nencoding ISO-8859-15\n\nsubject \xa4\n")
		want := map[string]string{"+0000": "2023-11-14T22:16:40+00:00", "-0000": "2023-11-14T22:16:40+00:00", "+0100": "2023-11-14T23:16:40+01:00"}[zone]
		commits, _, err := r.commits([]string{id})
		if err != nil {
			t.Errorf("zone %s: log --revs: %v", zone, err)
		} else if got := commits[0].Date.Format(time3339); got != want || commits[0].Subject != "subject €" {
			t.Errorf("zone %s: log --revs %s %q; want %s %q", zone, got, commits[0].Subject, want, "subject €")
		}
		tr, err := r.Resolve(id + ":c")
		if err != nil {
			t.Errorf("zone %s: REV:PATH: %v", zone, err)
		} else if got := tr.Date.Format(time3339); got != want {
			t.Errorf("zone %s: REV:PATH %s; want %s", zone, got, want)
		}
	}
}

// asTime3339 is git's %cI as time3339 writes it: git 2.45 and later
// write a zone of +0000 as Z, older ones and time3339 as +00:00.
func asTime3339(iso string) string {
	if zulu, ok := strings.CutSuffix(iso, "Z"); ok {
		return zulu + "+00:00"
	}
	return iso
}
