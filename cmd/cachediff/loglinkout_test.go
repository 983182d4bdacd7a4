package main

import (
	"bytes"
	"cmp"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/report"
)

// TestLogRevsLinkOutOfPath: a symbolic link of PATH that leads out of it
// (snap/cache.json to ../Data/i.json, a Spack index in the repository,
// which REV:PATH follows) is read at each commit of a log, but a commit
// that changed only what it leads to changed no file of PATH, and git
// rev-list -- PATH lists only those that did: `cachediff
// git:HEAD~1:snap git:HEAD:snap` said "31 packages changed" (exit 1),
// while `log --revs HEAD~1..HEAD --fail-on any snap` said "no commit in
// this range changed snap" and passed (exit 0). Such a log is refused
// (exit 2), naming the link and its target, whether the link leads to
// the file itself, through a link to a folder out of PATH, through a
// chain of links, or nowhere yet (a dangling link that the commit makes
// whole), and with --since as with a range, and under --skip-invalid.
func TestLogRevsLinkOutOfPath(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	oldIndex, newIndex := genIndexes(t)
	for _, tc := range []struct {
		name   string
		links  map[string]string // link → target, made in the first commit
		first  bool              // Data/i.json in the first commit
		target string            // the target the message names
		since  bool              // --revs HEAD --since, not HEAD~1..HEAD
		skip   bool              // --skip-invalid
		path   string            // PATH, snap where empty
	}{
		{"file", map[string]string{"snap/cache.json": "../Data/i.json"}, true, "../Data/i.json", false, false, ""},
		{"file, since", map[string]string{"snap/cache.json": "../Data/i.json"}, true, "../Data/i.json", true, false, ""},
		{"file, skip-invalid", map[string]string{"snap/cache.json": "../Data/i.json"}, true, "../Data/i.json", false, true, ""},
		{"through a folder", map[string]string{"snap/cache.json": "../D/i.json", "D": "Data"}, true, "../D/i.json", false, false, ""},
		{"chain", map[string]string{"snap/cache.json": "../Data/j.json", "Data/j.json": "i.json"}, true, "../Data/j.json", false, false, ""},
		// A link to a folder is a listed skip, in a pair too, until
		// a commit out of PATH makes Data a file.
		{"folder, skip-invalid", map[string]string{"snap/data": "../Data"}, true, "../Data", false, true, ""},
		{"dangling", map[string]string{"snap/cache.json": "../Data/i.json"}, false, "../Data/i.json", false, false, ""},
		// Dot-named: followed as on disk (the pair read no index, and
		// the log passed, before).
		{"dot-named", map[string]string{"snap/.cache.json": "../Data/i.json"}, true, "../Data/i.json", false, false, ""},
		// The pair to compare is a command to paste: PATH quoted as
		// the shell reads it ("git:A:my snap" was two words).
		{"a path holding a space", map[string]string{"my snap/cache.json": "../Data/i.json"}, true, "../Data/i.json", false, false, "my snap"},
		// PATH named as the note names it (ccf807b9): the folder "the
		// repository" quoted, not read as the top.
		{"a folder named the repository", map[string]string{"the repository/cache.json": "../Data/i.json"}, true, "../Data/i.json", false, false, "the repository"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := cmp.Or(tc.path, "snap")
			repo := t.TempDir()
			git := func(args ...string) {
				t.Helper()
				if _, err := gittest.Git(repo, nil, args...); err != nil {
					t.Fatal(err)
				}
			}
			write := func(rel string, data []byte) {
				t.Helper()
				p := filepath.Join(repo, rel)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			git("init", "-q")
			write(path+"/x.md", []byte("not a page\n"))
			if _, folder := tc.links["snap/data"]; folder {
				write(path+"/own.json", oldIndex)
			}
			if tc.first {
				write("Data/i.json", oldIndex)
			} else {
				// A snapshot of its own beside the dangling link.
				write(path+"/own.json", oldIndex)
			}
			for l, target := range tc.links {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, l)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(target, filepath.Join(repo, l)); err != nil {
					t.Skip("no symbolic links:", err)
				}
			}
			git("add", "-A")
			git("commit", "-qm", "one", "--date", "2025-03-01T12:00:00Z")
			write("Data/i.json", newIndex)
			git("add", "-A")
			git("commit", "-qm", "two", "--date", "2025-03-02T12:00:00Z")

			var stdout, stderr bytes.Buffer
			if code := run([]string{"-C", repo, "git:HEAD~1:" + path, "git:HEAD:" + path}, &stdout, &stderr); code != exitDiffers && tc.first && strings.HasSuffix(tc.target, ".json") {
				t.Fatalf("the pair: exit %d, want %d: %s", code, exitDiffers, stderr.String())
			}
			stdout.Reset()
			stderr.Reset()
			args := []string{"log", "-C", repo, "--fail-on", "any", "--revs", "HEAD~1..HEAD", path}
			if tc.since {
				args = []string{"log", "-C", repo, "--fail-on", "any", "--revs", "HEAD", "--since", "2025-03-01", path}
			}
			if tc.skip {
				args = append([]string{"log", "--skip-invalid"}, args[1:]...)
			}
			code := run(args, &stdout, &stderr)
			if code != exitTrouble || stdout.Len() > 0 {
				t.Fatalf("exit %d, want %d (refused); stdout %q, stderr %q", code, exitTrouble, stdout.String(), stderr.String())
			}
			link := path + "/cache.json"
			for l := range tc.links {
				if strings.HasPrefix(l, path+"/") {
					link = l
				}
			}
			where := report.RevsPath(&diff.Revs{Path: path})
			want := ":" + link + `: a symbolic link out of ` + where + ` (to ` + tc.target + `): log --revs steps through the commits that changed ` + where
			// With the -C of the log: the pair without it was read
			// from the current folder.
			pair := "cachediff -C " + shellword.Shown(repo) + " " + shellword.Shown("git:A:"+path) + " " + shellword.Shown("git:B:"+path) + ")"
			if !strings.Contains(stderr.String(), want) || !strings.Contains(stderr.String(), pair) {
				t.Errorf("stderr %q, want %q and the pair to compare, %q", stderr.String(), want, pair)
			}
			if tc.first && strings.HasSuffix(tc.target, ".json") {
				pastePair(t, stderr.String())
			}
			// The range selected no commit, but the log is refused, not
			// "the log is snap as commit … left it" first.
			if strings.Contains(stderr.String(), "no commit in this range") {
				t.Errorf("stderr %q: the note of a log with no step, before its refusal", stderr.String())
			}
		})
	}
}

// TestLogRevsLinkWithinPath: a link that stays in PATH (to a file
// beside it, to one of a dot-folder of PATH, or out and back in by
// PATH's own name, PATH being a folder below the top) leads to nothing a
// commit can change without changing PATH: its log is not refused
// (TestLogRevsLinkOutOfPath).
func TestLogRevsLinkWithinPath(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	oldIndex, newIndex := genIndexes(t)
	for _, target := range []string{"data/i.txt", ".data/i.txt", "../snap/data/i.txt", "../../top/snap/data/i.txt"} {
		repo := t.TempDir()
		for _, f := range []struct {
			rel  string
			data []byte
		}{{"top/snap/x.md", []byte("not a page\n")}, {"top/snap/data/i.txt", oldIndex}, {"top/snap/.data/i.txt", oldIndex}} {
			p := filepath.Join(repo, f.rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Symlink(target, filepath.Join(repo, "top/snap/cache.json")); err != nil {
			t.Skip("no symbolic links:", err)
		}
		for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-qm", "one"}} {
			if _, err := gittest.Git(repo, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
		for _, rel := range []string{"top/snap/data/i.txt", "top/snap/.data/i.txt"} {
			if err := os.WriteFile(filepath.Join(repo, rel), newIndex, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, args := range [][]string{{"add", "-A"}, {"commit", "-qm", "two"}} {
			if _, err := gittest.Git(repo, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"log", "-C", repo, "--fail-on", "any", "--revs", "HEAD~1..HEAD", "top/snap"}, &stdout, &stderr)
		if code != exitDiffers || stderr.Len() > 0 {
			t.Errorf("a link to %q: exit %d, want %d (one step that changed); stderr %q", target, code, exitDiffers, stderr.String())
		}
	}
}

// genIndexes returns testdata's two generated build-cache indexes, old
// and new: a link's target that a commit changes.
func genIndexes(t *testing.T) (oldIndex, newIndex []byte) {
	t.Helper()
	oldIndex, err := os.ReadFile("../../testdata/spack-gen/old/build_cache/index.json")
	if err != nil {
		t.Fatal(err)
	}
	newIndex, err = os.ReadFile("../../testdata/spack-gen/new/build_cache/index.json")
	if err != nil {
		t.Fatal(err)
	}
	return oldIndex, newIndex
}

// pastePair reads the pair a log refused for a link out of PATH
// suggests, "(cachediff ARGS)" at the end of msg, as bash reads it, with
// A and B the log's two commits (HEAD~1, HEAD), and runs it: it is to
// compare them, exit 1.
func pastePair(t *testing.T, msg string) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		return
	}
	msg = strings.TrimSuffix(msg, "\n")
	i := strings.LastIndex(msg, "(cachediff ")
	if i < 0 || !strings.HasSuffix(msg, ")") {
		t.Fatalf("stderr %q: no pair to compare", msg)
	}
	line := strings.NewReplacer("git:A:", "git:HEAD~1:", "git:B:", "git:HEAD:").Replace(msg[i+1 : len(msg)-1])
	out, err := exec.Command(bash, "-c", `printf '%s\0' `+strings.TrimPrefix(line, "cachediff ")).Output()
	if err != nil {
		t.Fatalf("bash read %s: %v", line, err)
	}
	args := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != exitDiffers {
		t.Errorf("the pair suggested, %s, pasted: exit %d, want %d: %s", line, code, exitDiffers, stderr.String())
	}
}

// TestLinkOutTargetInASCII (issue 35, classes a and e): log --revs's
// refusal of a link out of PATH quotes the link's target in ASCII and
// cut (linkOutMessage): with %q, "../Dаta" (its а Cyrillic) read as the
// folder ../Data, and a target of 10,000 bytes went whole into the line.
func TestLinkOutTargetInASCII(t *testing.T) {
	revs := &diff.Revs{Path: "snap"}
	long := strings.Repeat("x", 10000)
	for _, c := range []struct{ target, want string }{
		{"../D\u0430ta", `(to "../D\u0430ta")`},
		// A plain target as it is, as every message names one
		// (linkword): always quoted here, a git tree's (to "gone"); cut at
		// 2 KB as everywhere (linkword.MaxShown).
		{long, `(to ` + long[:2<<10-len(report.CutMark(long))] + report.CutMark(long) + `)`},
		{"../Data", `(to ../Data)`},
		{"a), fine (b", `(to "a), fine (b")`},
	} {
		got := linkOutMessage("snap/cache.json", c.target, revs, "snap", "")
		if !strings.Contains(got, c.want) || len(got) > 3<<10 {
			t.Errorf("%.300q (%d bytes); want %q", got, len(got), c.want)
		}
	}
	// The link named as "loading PATH" names a file: snap/cаche.json
	// (its а Cyrillic) read as snap/cache.json.
	if got, want := linkOutMessage("c0:snap/c\u0430che.json", "../x", revs, "snap", ""), `"c0:snap/c\u0430che.json": a symbolic link`; !strings.HasPrefix(got, want) {
		t.Errorf("%q; want it to begin %q", got, want)
	}
	// The pairs to compare in ASCII, as PATH is named.
	top := "sn\u0430p"
	if got, want := linkOutMessage("c0:x", "../x", &diff.Revs{Path: top}, top, ""), `(cachediff $'git:A:sn\xd0\xb0p' $'git:B:sn\xd0\xb0p')`; !strings.HasSuffix(got, want) {
		t.Errorf("%q; want it to end %q", got, want)
	}
}
