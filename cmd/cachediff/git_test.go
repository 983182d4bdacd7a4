package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/quicktest"
)

// TestGitEqualsFolders: a diff of two REV:PATH snapshots is the diff of
// the folders they were committed from, byte for byte in every format,
// but for the paths (REV:PATH for the folder), the revisions (the JSON
// sides' rev and date, which a folder has not) and the headline's names
// (a folder's path; in git, where both sides are tagged develop, the
// commit's date and id). The repository is the real weekly series, one
// commit per week; each step of it is checked.
func TestGitEqualsFolders(t *testing.T) {
	series, repo, weeks := weeklyRepo(t)
	if len(weeks) != 5 {
		t.Fatalf("%d weeks, want 5", len(weeks))
	}
	first := 1
	formats := []string{"md", "json", "text", "patch"}
	if testing.Short() {
		// A quick inner loop: one step, in Markdown and JSON (the
		// headline's paths; the revisions and dates): each run from
		// git takes some 25 ms of git processes, and the text and
		// patch views of a report are TestGolden's. make test runs
		// all four steps in all four formats.
		first, formats = len(weeks)-1, formats[:2]
	}
	for i := first; i < len(weeks); i++ {
		oldDir, newDir := filepath.Join(series, weeks[i-1].Tag), filepath.Join(series, weeks[i].Tag)
		oldRev, newRev := weeks[i-1].ID+":_cache/develop", weeks[i].ID+":_cache/develop"
		for _, format := range formats {
			var fromDirs, fromGit, stderr bytes.Buffer
			dirCode := run([]string{"--format", format, oldDir, newDir}, &fromDirs, &stderr)
			gitCode := run([]string{"-C", repo, "--format", format, oldRev, newRev}, &fromGit, &stderr)
			if dirCode != 1 || gitCode != 1 || stderr.Len() > 0 {
				t.Fatalf("%s → %s, %s: exit %d from folders, %d from git: %s", weeks[i-1].Tag, weeks[i].Tag, format, dirCode, gitCode, stderr.String())
			}
			got := fromGit.String()
			if format == "json" {
				for _, w := range []gittest.Week{weeks[i-1], weeks[i]} {
					revs := "\n    \"rev\": \"" + w.ID + "\",\n    \"date\": \"" + w.Tag[len("develop-"):] + "T12:00:00Z\","
					if !strings.Contains(got, revs) {
						t.Errorf("%s → %s: the JSON lacks %q", weeks[i-1].Tag, weeks[i].Tag, revs)
					}
					got = strings.Replace(got, revs, "", 1)
				}
			}
			got = strings.ReplaceAll(strings.ReplaceAll(got, oldRev, oldDir), newRev, newDir)
			// Both sides' tag is develop: git names each by its date
			// and commit, a folder by its path.
			for j, w := range []gittest.Week{weeks[i-1], weeks[i]} {
				label := "develop " + w.Tag[len("develop-"):] + " " + w.ID[:7]
				if (format == "md" || format == "text") && !strings.Contains(got, label) {
					t.Errorf("%s → %s, --format %s: no %q in\n%s", weeks[i-1].Tag, weeks[i].Tag, format, label, got)
				}
				got = strings.ReplaceAll(got, label, []string{oldDir, newDir}[j])
			}
			want := fromDirs.String()
			if format == "text" {
				// Wrapped to a width: the longer paths wrap otherwise.
				got, want = strings.Join(strings.Fields(got), " "), strings.Join(strings.Fields(want), " ")
			}
			if got != want {
				t.Errorf("%s → %s, --format %s: the diff from git differs from the diff of the folders:\n%s",
					weeks[i-1].Tag, weeks[i].Tag, format, firstDifference(got, want))
			}
		}
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + ":\n  git:     " + g[i] + "\n  folders: " + w[i]
		}
	}
	return "one is longer: " + strconv.Itoa(len(g)) + " lines from git, " + strconv.Itoa(len(w)) + " from the folders"
}

// TestGitMissing: without the git program, REV:PATH says what it needs;
// folders still work.
func TestGitMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var stdout, stderr bytes.Buffer
	code := run([]string{"HEAD~1:_cache/develop", "HEAD:_cache/develop"}, &stdout, &stderr)
	want := "cachediff: loading HEAD~1:_cache/develop and HEAD:_cache/develop: no such file or directory, and not REV:PATH either: REV:PATH needs the git program, and it is not on PATH (install git, or give a folder on disk)\n"
	if code != 2 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
	stderr.Reset()
	if code := run([]string{"../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"}, &stdout, &stderr); code > 1 {
		t.Errorf("folders without git: exit %d: %s", code, stderr.String())
	}
}

// TestReadmeGitExample runs docs/usage.md's REV:PATH example in this
// repository (when it is a git clone): it must work as written.
func TestReadmeGitExample(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	if _, err := gittest.Git("../..", nil, "rev-parse", "--verify", "--quiet", "HEAD:testdata/real-series"); err != nil {
		t.Skip("not a git clone of cachediff with testdata/real-series committed")
	}
	readme, err := os.ReadFile("../../docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(readme), "\n") {
		cmd, ok := strings.CutPrefix(line, "cachediff HEAD:")
		if !ok {
			continue
		}
		cmd, _, _ = strings.Cut(cmd, " #") // a comment
		n++
		args := append([]string{"-C", "../.."}, strings.Fields("HEAD:"+cmd)...)
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 1 || !strings.HasPrefix(stdout.String(), "## cachediff: develop-2025-03-09 → develop-2025-03-16\n") {
			t.Errorf("docs/usage.md: %s: exit %d, %q…, stderr %s", line, code, stdout.String()[:min(60, stdout.Len())], stderr.String())
		}
	}
	if n == 0 {
		t.Error("docs/usage.md has no cachediff HEAD:… example")
	}
}

// TestLogRevsEqualsFolders: `log --revs HEAD~4..HEAD _cache/develop` on
// the repository of the real weekly series is `log` of the five week
// folders, step for step: the same JSON but for the paths (REV:PATH for
// the folder) and what only git has (each snapshot's rev, date and
// subject, which must be the week's commit, and the log's revs).
func TestLogRevsEqualsFolders(t *testing.T) {
	series, repo, weeks := weeklyRepo(t)
	var dirs []string
	for _, w := range weeks {
		dirs = append(dirs, filepath.Join(series, w.Tag))
	}
	var fromGit, fromDirs, stderr bytes.Buffer
	gitCode := run([]string{"log", "-C", repo, "-f", "json", "--revs", "HEAD~4..HEAD", "_cache/develop"}, &fromGit, &stderr)
	dirCode := run(append([]string{"log", "-f", "json"}, dirs...), &fromDirs, &stderr)
	if gitCode != 1 || dirCode != 1 || stderr.Len() > 0 {
		t.Fatalf("exit %d from git, %d from folders: %s", gitCode, dirCode, stderr.String())
	}
	var got, want map[string]any
	if err := json.Unmarshal(fromGit.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(fromDirs.Bytes(), &want); err != nil {
		t.Fatal(err)
	}
	// What git adds: each snapshot's commit.
	snaps, _ := got["snapshots"].([]any)
	if len(snaps) != len(weeks) {
		t.Fatalf("%d snapshots from git, want %d", len(snaps), len(weeks))
	}
	for i, s := range snaps {
		m := s.(map[string]any)
		w := weeks[i]
		if m["rev"] != w.ID || m["date"] != w.Tag[len("develop-"):]+"T12:00:00Z" || m["subject"] != w.Tag || m["path"] != w.ID+":_cache/develop" {
			t.Errorf("snapshot %d: %v; want the commit %s of %s", i, m, w.ID, w.Tag)
		}
	}
	// And how the commits were chosen: four, one a step.
	if r, _ := got["revs"].(map[string]any); !reflect.DeepEqual(r, map[string]any{"range": "HEAD~4..HEAD", "path": "_cache/develop", "commits": 4.0}) {
		t.Errorf("revs: %v", got["revs"])
	}
	delete(got, "revs")
	// The rest is the folders' log.
	rename := map[string]string{}
	for i, w := range weeks {
		rename[w.ID+":_cache/develop"] = dirs[i]
	}
	normalize(got, rename)
	normalize(want, nil)
	gotSteps, _ := got["steps"].([]any)
	wantSteps, _ := want["steps"].([]any)
	if len(gotSteps) != 4 || len(wantSteps) != 4 {
		t.Fatalf("%d steps from git, %d from folders; want 4", len(gotSteps), len(wantSteps))
	}
	for i := range gotSteps {
		if !reflect.DeepEqual(gotSteps[i], wantSteps[i]) {
			g, _ := json.MarshalIndent(gotSteps[i], "", "  ")
			w, _ := json.MarshalIndent(wantSteps[i], "", "  ")
			t.Errorf("step %d (%s → %s) differs:\n%s", i+1, weeks[i].Tag, weeks[i+1].Tag, firstDifference(string(g), string(w)))
		}
	}
	for _, k := range []string{"schema", "snapshots", "timeline"} {
		if !reflect.DeepEqual(got[k], want[k]) {
			t.Errorf("%s differs from the folders' log", k)
		}
	}
	if len(got) != len(want) {
		t.Errorf("fields %d from git, %d from folders", len(got), len(want))
	}
}

// normalize drops the fields only a snapshot from git has (rev, date,
// subject) and renames the strings of rename, in a decoded JSON value: a
// REV:PATH, alone or as the prefix of a page's name.
func normalize(v any, rename map[string]string) any {
	switch v := v.(type) {
	case map[string]any:
		if _, ok := v["rev"]; ok {
			delete(v, "rev")
			delete(v, "date")
			delete(v, "subject")
		}
		for k, x := range v {
			v[k] = normalize(x, rename)
		}
	case []any:
		for i, x := range v {
			v[i] = normalize(x, rename)
		}
	case string:
		for from, to := range rename {
			if rest, ok := strings.CutPrefix(v, from); ok {
				return to + rest
			}
		}
	}
	return v
}

// TestGitSpackIndex: Spack's own files come from git as from disk: the
// generated build-cache index pair (testdata/spack-gen), committed as two
// commits, diffs as the folders do, as a folder and as the index file
// alone, but for the paths and revisions.
func TestGitSpackIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("a git repository of its own: make test runs it (TestGitEqualsFolders covers REV:PATH under -short)")
	}
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	pair, err := filepath.Abs("../../testdata/spack-gen")
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(t.TempDir(), "cache")
	commits, err := gittest.Commits(repo, filepath.Join(pair, "old"), filepath.Join(pair, "new"))
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"", "/build_cache/index.json"} {
		oldDir, newDir := filepath.Join(pair, "old")+sub, filepath.Join(pair, "new")+sub
		oldRev, newRev := commits[0].ID+":_cache/develop"+sub, commits[1].ID+":_cache/develop"+sub
		var fromDirs, fromGit, stderr bytes.Buffer
		dirCode := run([]string{"-f", "json", oldDir, newDir}, &fromDirs, &stderr)
		gitCode := run([]string{"-C", repo, "-f", "json", oldRev, newRev}, &fromGit, &stderr)
		if dirCode != 1 || gitCode != 1 || stderr.Len() > 0 {
			t.Fatalf("%q: exit %d from folders, %d from git: %s", sub, dirCode, gitCode, stderr.String())
		}
		var got, want map[string]any
		if err := json.Unmarshal(fromGit.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(fromDirs.Bytes(), &want); err != nil {
			t.Fatal(err)
		}
		normalize(got, map[string]string{oldRev: oldDir, newRev: newDir})
		normalize(want, nil)
		if !reflect.DeepEqual(got, want) {
			g, _ := json.MarshalIndent(got, "", "  ")
			w, _ := json.MarshalIndent(want, "", "  ")
			t.Errorf("%q: the diff from git differs from the folders':\n%s", sub, firstDifference(string(g), string(w)))
		}
	}
}

// weeklyRepo builds the git repository of the real weekly series (one
// commit per week into _cache/develop/) in a temporary folder, and returns
// the series' folder as committed (each week's pages tagged develop, as
// the nightly pages of _cache/develop are: gittest.CopyTree), the
// repository and its weeks; it skips the test when git is not on PATH.
// The repository is built once per test binary (the tests only read it)
// and removed when the tests end (see TestMain).
func weeklyRepo(t *testing.T) (series, repo string, weeks []gittest.Week) {
	t.Helper()
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	realSeries, err := filepath.Abs("../../testdata/real-series")
	if err != nil {
		t.Fatal(err)
	}
	weekly.once.Do(func() {
		if weekly.dir, weekly.err = os.MkdirTemp("", "cachediff-weekly-"); weekly.err != nil {
			return
		}
		weekly.repo = filepath.Join(weekly.dir, "catalogue")
		if weekly.weeks, weekly.err = gittest.Series(weekly.repo, realSeries); weekly.err != nil {
			return
		}
		weekly.series = filepath.Join(weekly.dir, "series")
		for _, w := range weekly.weeks {
			if weekly.err = gittest.CopyTree(filepath.Join(weekly.series, w.Tag), filepath.Join(realSeries, w.Tag), "develop"); weekly.err != nil {
				return
			}
		}
	})
	if weekly.err != nil {
		t.Fatal(weekly.err)
	}
	return weekly.series, weekly.repo, slices.Clone(weekly.weeks)
}

// weekly is the repository weeklyRepo builds, once.
var weekly struct {
	once   sync.Once
	dir    string // removed by TestMain
	repo   string
	series string // the weeks as committed
	weeks  []gittest.Week
	err    error
}

// removingWeekly runs the tests, then removes weeklyRepo's repository
// and sharedPair's pairs.
// Under -short the tests' process collects its garbage less often
// (quicktest.Collect); the scripts' cachediff processes keep their
// environment's (TestMain runs them without calling Run). Otherwise the
// tests' process collects at the default pace, whatever GOGC make test
// sets: the tests of the memory limit read the heap's goal under a
// limit, and at GOGC=400 TestMemoryLimitKeepsRoomAboveLive found no room
// above a live heap of 32 MiB in the whole package's run (alone it
// passes at either pace: what the tests before it leave behind counts).
// A memory test's child (memChildEnv) keeps the GOGC its test gives it.
type removingWeekly struct{ m *testing.M }

func (r removingWeekly) Run() int {
	flag.Parse()
	if !testing.Short() && os.Getenv(memChildEnv) == "" {
		debug.SetGCPercent(100)
	}
	quicktest.Collect()
	code := r.m.Run()
	if weekly.dir != "" {
		os.RemoveAll(weekly.dir)
	}
	if sharedPairs.dir != "" {
		os.RemoveAll(sharedPairs.dir)
	}
	return code
}

// TestRenderRefusesLogRevsEdited: a saved log of `log --revs` whose
// commit ids were edited, in the snapshots and the steps alike, rendered
// a week as another commit (its subject as well, the subjects being read
// by commit id); now render exits 2: each snapshot of such a log is
// REV:PATH, its own commit, and no commit is there twice.
func TestRenderRefusesLogRevsEdited(t *testing.T) {
	_, repo, _ := weeklyRepo(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "-C", repo, "-f", "json", "--revs", "HEAD~4..HEAD", "_cache/develop"}, &stdout, &stderr); code != 1 {
		t.Fatalf("log: exit %d: %s", code, stderr.String())
	}
	saved := stdout.Bytes()
	for _, tc := range []struct {
		name, want string
		edit       func(doc map[string]any)
	}{
		{"a commit shown twice", "snapshots[3].rev: ", func(doc map[string]any) {
			snaps, steps := doc["snapshots"].([]any), doc["steps"].([]any)
			rev := snaps[2].(map[string]any)["rev"]
			snaps[3].(map[string]any)["rev"] = rev
			steps[2].(map[string]any)["new"].(map[string]any)["rev"] = rev
			steps[3].(map[string]any)["old"].(map[string]any)["rev"] = rev
		}},
		{"a commit id not its path's", "snapshots[1].rev: ", func(doc map[string]any) {
			rev := strings.Repeat("ab", 20)
			doc["snapshots"].([]any)[1].(map[string]any)["rev"] = rev
			doc["steps"].([]any)[0].(map[string]any)["new"].(map[string]any)["rev"] = rev
			doc["steps"].([]any)[1].(map[string]any)["old"].(map[string]any)["rev"] = rev
		}},
	} {
		if code, msg := renderEdited(t, saved, tc.edit); code != 2 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: exit %d, %q; want exit 2 and %q", tc.name, code, msg, tc.want)
		}
	}
}

// TestRenderRefusesSubjectOutsideRevs: only a log of --revs has commit
// subjects (a log of REV:PATH snapshots given has none); a saved one
// edited to hold one rendered it as the commit's ("release v1.0: all
// good"). Now render exits 2.
func TestRenderRefusesSubjectOutsideRevs(t *testing.T) {
	_, repo, _ := weeklyRepo(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "-C", repo, "-f", "json", "HEAD~1:_cache/develop", "HEAD:_cache/develop"}, &stdout, &stderr); code != 1 {
		t.Fatalf("log: exit %d: %s", code, stderr.String())
	}
	code, msg := renderEdited(t, stdout.Bytes(), func(doc map[string]any) {
		doc["snapshots"].([]any)[1].(map[string]any)["subject"] = "release v1.0: all good"
	})
	if code != 2 || !strings.Contains(msg, "snapshots[1].subject: ") {
		t.Errorf("exit %d, %q; want exit 2 and snapshots[1].subject", code, msg)
	}
}
