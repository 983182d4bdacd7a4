package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestInvalidUTF8RevsPathRenders (86th adversarial pass): log --revs
// RANGE PATH, PATH a folder whose name is not UTF-8 (d\xff), prints the
// same in the direct command and in render of its JSON, which holds the
// byte as U+FFFD: the Atom feed's id and title, made of PATH, were
// urn:cachediff:log:d%FF and "changes to d\xff" direct, d%EF%BF%BD and
// "changes to d\uFFFD" rendered.
func TestInvalidUTF8RevsPathRenders(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("the file system takes only UTF-8 names")
	}
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := t.TempDir()
	dir := filepath.Join(repo, "d\xff")
	if err := os.CopyFS(dir, os.DirFS("../../testdata/hostile/old")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "first"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.RemoveAll(filepath.Join(dir, "gone")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"add", "-A"}, {"commit", "-q", "-m", "second"}, {"branch", "b\xff"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"log", "-C", repo, "--revs", "HEAD~1..b\xff", "d\xff"}
	var saved, serr bytes.Buffer
	if code := run(append(args, "-f", "json"), &saved, &serr); code == 2 {
		t.Fatalf("log -f json: %s", serr.String())
	}
	p := filepath.Join(t.TempDir(), "log.json")
	if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"md", "text", "html", "atom"} {
		var direct, rendered, derr, rerr bytes.Buffer
		want := run(append(args, "-f", f), &direct, &derr)
		got := run([]string{"render", "-f", f, p}, &rendered, &rerr)
		if got != want {
			t.Errorf("-f %s: render exits %d (%s), the direct command %d (%s)", f, got, rerr.String(), want, derr.String())
			continue
		}
		if !bytes.Equal(direct.Bytes(), rendered.Bytes()) {
			t.Errorf("-f %s: render is not what the direct command writes:\n%s", f, lineDiff(direct.Bytes(), rendered.Bytes()))
		}
	}
}
