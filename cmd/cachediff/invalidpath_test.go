package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestInvalidUTF8PathRenders (pass 85b): snapshot folders whose names
// are not UTF-8 (bytes \xff and \xfe) print the same in the direct
// command and in render of its JSON, which holds each such byte as
// U+FFFD (JSON has no other way): the direct command printed them as
// \xff in text, HTML and patch, render as U+FFFD.
func TestInvalidUTF8PathRenders(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("the file system takes only UTF-8 names")
	}
	dir := t.TempDir()
	oldDir, newDir := filepath.Join(dir, "o\xff\xfe"), filepath.Join(dir, "n\xff")
	if err := os.CopyFS(oldDir, os.DirFS("../../testdata/hostile/old")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(newDir, os.DirFS("../../testdata/hostile/new")); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"diff", "log"} {
		pre := []string(nil)
		if cmd == "log" {
			pre = []string{"log"}
		}
		var saved, serr bytes.Buffer
		if code := run(append(pre, "-f", "json", oldDir, newDir), &saved, &serr); code == 2 {
			t.Fatalf("%s: %s", cmd, serr.String())
		}
		p := filepath.Join(dir, cmd+".json")
		if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"md", "text", "html", "patch", "atom"} {
			if cmd == "log" && f == "patch" {
				continue
			}
			var direct, rendered, derr, rerr bytes.Buffer
			want := run(append(pre, "-f", f, oldDir, newDir), &direct, &derr)
			got := run([]string{"render", "-f", f, p}, &rendered, &rerr)
			if got != want {
				t.Errorf("%s -f %s: render exits %d (%s), the direct command %d (%s)", cmd, f, got, rerr.String(), want, derr.String())
				continue
			}
			if !bytes.Equal(direct.Bytes(), rendered.Bytes()) {
				t.Errorf("%s -f %s: render is not what the direct command writes:\n%s", cmd, f, lineDiff(direct.Bytes(), rendered.Bytes()))
			}
		}
	}
}
