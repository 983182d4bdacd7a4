package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLogRevsSkipNotedOnce: under --revs, the files the commits left
// out (--skip-invalid) are noted once for the log, with how many
// commits and the first and last: a page bad since the range's base was
// noted at each commit, word for word but its 40-digit id. One commit
// alone is noted as before.
func TestLogRevsSkipNotedOnce(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	repo := t.TempDir()
	page := func(version string) string {
		return "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n" +
			`meta: {"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"root": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["root"], "targets": ["x86_64_v3"], "versions": ["` + version + `"]}` + "\n" +
			`spec_details: [{"compiler": "gcc@13.2.0", "hash": "abcdefghijklmnopqrstuvwxyz234567", "os": "ubuntu22.04", "platform": "linux", "size": "-", "stacks": ["root"], "target": "x86_64_v3", "variants": ["+shared"], "versions": ["` + version + `"]}]` + "\n---\n"
	}
	// Commits: a bad page beside zlib, zlib updated, a second bad page,
	// both bad pages gone.
	for i, files := range []map[string]string{
		{"snap/zlib/specs.md": page("1.3.1"), "snap/bad/specs.md": "no front matter\n"},
		{"snap/zlib/specs.md": page("1.3.2")},
		{"snap/zlib/specs.md": page("1.3.3"), "snap/worse/specs.md": "no front matter\n"},
		{"snap/bad/specs.md": "", "snap/worse/specs.md": ""},
	} {
		for rel, data := range files {
			p := filepath.Join(repo, rel)
			if data == "" {
				if err := os.RemoveAll(filepath.Dir(p)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmds := [][]string{{"add", "-A"}, {"commit", "-qm", "c"}}
		if i == 0 {
			cmds = append([][]string{{"init", "-q"}}, cmds...)
		}
		for _, args := range cmds {
			if _, err := gittest.Git(repo, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	ids, err := gittest.Git(repo, nil, "log", "--format=%H", "--reverse")
	if err != nil {
		t.Fatal(err)
	}
	id := strings.Fields(string(ids))
	for _, c := range []struct {
		revs, want string
		code       int
	}{
		{"HEAD~3..HEAD", "cachediff: snap: skipped 1 to 2 invalid pages at each of 3 commits of the log's 4, " + id[0][:12] + " to " + id[2][:12] + ", listed in the log\n", exitDiffers},
		{"HEAD~3..HEAD~2", "cachediff: snap: skipped 1 invalid page at each of 2 commits, " + id[0][:12] + " to " + id[1][:12] + ", listed in the log\n", exitDiffers},
		// The skipped pages gone: no change.
		{"HEAD~1..HEAD", "cachediff: " + id[2] + ":snap: skipped 2 invalid pages, listed in the log\n", exitSame},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"log", "-C", repo, "--skip-invalid", "--revs", c.revs, "snap"}, &stdout, &stderr)
		if code != c.code || stderr.String() != c.want {
			t.Errorf("%s: exit %d, stderr %q; want exit %d, %q", c.revs, code, stderr.String(), c.code, c.want)
		}
	}
}
