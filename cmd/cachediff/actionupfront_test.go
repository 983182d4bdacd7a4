package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestActionDiffStepChecksFirst runs the Action's Diff step (action.yml)
// on inputs it refuses before anything runs, with no cachediff on PATH:
// each refusal is its own annotation, status 2, or, for an input it
// takes, the next refusal's (old without new). Held here, where the
// TestScript's ci-action takes a step of the workflow each: filters'
// --until=DATE with old and new (ci-action has --until with its value
// on the next line, and --until=* undone in the step's check failed no
// test), and a comment of "" or NONE taken as none (a GitHub expression
// compares without case, and the post step's if: skips them). Without
// jq (a self-hosted runner), comment: pr read as an event of no pull
// request, and any other input ran the diff before the step failed on
// "jq: command not found"; an event file jq cannot read read so too.
// Without gh, comment: pr or N ran the diff, and the post step failed
// on "gh: command not found".
// With cachediff (the test binary) on PATH: a since the filters'
// --until is before, or a misspelt --until (yesterdy), was refused by
// the log alone, on standard error, naming --since and cachediff log
// --help; the dates are checked first, as since alone was.
func TestActionDiffStepChecksFirst(t *testing.T) {
	step := newDiffStep(t)
	newEmpty := "::error::cachediff: new is empty, old is not: give both snapshots (or neither, and revs or since, for a changelog)\n"
	until := "::error::cachediff: filters: --until goes with revs or since (a changelog), not with old and new\n"
	notDate := "is not a date cachediff reads: want 2025-03-16"
	for _, tc := range []struct {
		name   string
		path   string // the tools on PATH
		env    []string
		want   string // the annotation, or its start where it ends in …
		stderr string // what standard error holds, where it may hold any
	}{
		{"--until=DATE", step.noCachediff, []string{"OLD=a", "NEW=b", "FILTERS=--package=zlib\n--until=2025-03-01"}, until, ""},
		{"--until DATE", step.noCachediff, []string{"OLD=a", "NEW=b", "FILTERS=--until\n2025-03-01"}, until, ""},
		{"comment empty", step.noCachediff, []string{"OLD=a", "NEW=", "TARGET="}, newEmpty, ""},
		{"comment NONE", step.noCachediff, []string{"OLD=a", "NEW=", "TARGET=NONE"}, newEmpty, ""},
		{"comment None", step.noCachediff, []string{"OLD=a", "NEW=", "TARGET=None"}, newEmpty, ""},
		{"comment #1", step.noCachediff, []string{"OLD=a", "NEW=b", "TARGET=#1"}, "::error::cachediff: comment must be pr, an issue number or none\n", ""},
		{"no jq, comment pr", step.noJQ, []string{"OLD=a", "NEW=b", "TARGET=pr", "GITHUB_EVENT_PATH=" + step.event}, step.jqMissing, ""},
		{"no jq", step.noJQ, []string{"OLD=a", "NEW=b"}, step.jqMissing, ""},
		{"event unread, comment pr", step.noCachediff, []string{"OLD=a", "NEW=b", "TARGET=pr", "GITHUB_EVENT_PATH=" + step.event + ".gone"},
			"::error::cachediff: comment: pr, but jq could not read the event (GITHUB_EVENT_PATH)\n", "jq: "},
		{"event without a pull request, comment pr", step.noCachediff, []string{"OLD=a", "NEW=b", "TARGET=pr", "GITHUB_EVENT_PATH=" + step.event},
			"::error::cachediff: comment: pr, but this event has no pull request\n", ""},
		{"no gh, comment pr", step.noCachediff, []string{"OLD=a", "NEW=b", "TARGET=pr", "GITHUB_EVENT_PATH=" + step.prEvent}, step.ghMissing, ""},
		{"no gh, comment 7", step.noCachediff, []string{"OLD=a", "NEW=b", "TARGET=7"}, step.ghMissing, ""},
		{"since after --until=DATE", step.withCachediff, []string{"SINCE=2025-03-10", "FILTERS=--until=2025-03-01"},
			"::error::cachediff: since 2025-03-10 is after --until 2025-03-01: no commit is in both\n", ""},
		{"since after --until DATE", step.withCachediff, []string{"SINCE=2025-03-10", "FILTERS=--until\n2025-03-01"},
			"::error::cachediff: since 2025-03-10 is after --until 2025-03-01: no commit is in both\n", ""},
		{"revs, --until=yesterdy", step.withCachediff, []string{"REVS=HEAD~1..HEAD", "FILTERS=--until=yesterdy"},
			"::error::cachediff: filters: --until: \"yesterdy\" " + notDate + "…", ""},
		{"since, the last --until misspelt", step.withCachediff, []string{"SINCE=2025-03-01", "FILTERS=--until=2025-03-10\n--until\ntomorow"},
			"::error::cachediff: filters: --until: \"tomorow\" " + notDate + "…", ""},
		{"since misspelt", step.withCachediff, []string{"SINCE=yesterdy", "FILTERS=--until=2025-03-10"},
			"::error::cachediff: since \"yesterdy\" " + notDate + "…", ""},
	} {
		code, stdout, stderr, outputs := step.run(t, tc.path, tc.env)
		want, prefix := strings.CutSuffix(tc.want, "…")
		okOut := stdout == want || prefix && strings.HasPrefix(stdout, want) && strings.Count(stdout, "\n") == 1
		okErr := tc.stderr == "" && stderr == "" || tc.stderr != "" && strings.HasPrefix(stderr, tc.stderr)
		if code != 2 || !okOut || !okErr || outputs != "status=2\n" {
			t.Errorf("%s: exit status %d, standard output %q, standard error %q, outputs %q; want exit status 2, %q alone, status=2 alone", tc.name, code, stdout, stderr, outputs, tc.want)
		}
	}
}

// TestActionCommentTooSmallOnly: the Diff step's render of the comment
// annotated "max-bytes … is too small for the comment" on any status of
// render but 1, whatever its trouble: a render that failed otherwise
// (here a cachediff that fails a render given --max-bytes, as one killed
// or out of memory would) was said to be of max-bytes. Only render's
// own "--max-bytes N is too small" is, and a max-bytes the marker line
// fills (19: render is not run); the step fails on each, the diff's
// status kept.
func TestActionCommentTooSmallOnly(t *testing.T) {
	step := newDiffStep(t)
	binary, err := exec.LookPath("cachediff") // the test binary as the command (TestMain)
	if err != nil {
		t.Skip("no cachediff command:", err)
	}
	failing := t.TempDir()
	for _, tool := range []string{"jq", "mktemp", "cat", "head", "rm"} {
		if p, err := exec.LookPath(tool); err == nil {
			if err := os.Symlink(p, filepath.Join(failing, tool)); err != nil {
				t.Fatal(err)
			}
		}
	}
	stub := "#!/bin/sh\ncase \" $* \" in *\" --max-bytes \"*) echo 'cachediff: write /dev/full: no space left on device' >&2; exit 2 ;; esac\nexec " + shellQuote(binary) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(failing, "cachediff"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	old, err := filepath.Abs("../../testdata/real/develop-2025-03-23")
	if err != nil {
		t.Fatal(err)
	}
	pair := []string{"OLD=" + old, "NEW=" + old, "FORMAT=text"}
	for _, tc := range []struct {
		name, path, maxBytes, want, stderr string
	}{
		{"render fails otherwise", failing, "1000", "", "cachediff: write /dev/full: no space left on device\n"},
		{"max-bytes too small", step.withCachediff, "30", "::error::cachediff: max-bytes 30 is too small for the comment: its hidden marker line takes 19 bytes, and the report the rest\n", "cachediff: --max-bytes 11 is too small: "},
		{"max-bytes the marker fills", failing, "19", "::error::cachediff: max-bytes 19 is too small for the comment: its hidden marker line takes 19 bytes, and the report the rest\n", ""},
	} {
		code, stdout, stderr, outputs := step.run(t, tc.path, append(pair, "MAX_BYTES="+tc.maxBytes))
		if code != 1 || stdout != tc.want || !strings.HasPrefix(stderr, tc.stderr) || !strings.HasPrefix(outputs, "status=0\n") || strings.Contains(outputs, "comment=") {
			t.Errorf("%s: exit status %d, standard output %q, standard error %q, outputs %q; want exit status 1, %q alone, standard error %q…, status=0 and no comment",
				tc.name, code, stdout, stderr, outputs, tc.want, tc.stderr)
		}
	}
}

// diffStep is the Action's Diff step, to run in bash with a PATH of
// the tools given: noCachediff (jq and mktemp alone: a case that ran
// cachediff fails), noJQ (mktemp alone), withCachediff (jq, mktemp,
// the tools the step runs after the diff, and cachediff, the test
// binary).
type diffStep struct {
	bash, script                     string
	noCachediff, noJQ, withCachediff string
	event                            string // an event of no pull request
	prEvent                          string // an event of pull request 1
	jqMissing                        string // the annotation without jq
	ghMissing                        string // the annotation without gh
}

func newDiffStep(t *testing.T) *diffStep {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	if _, err := exec.LookPath("jq"); err != nil {
		t.Skip("no jq, which the Diff step needs:", err)
	}
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action actionMeta
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	s := &diffStep{bash: bash, jqMissing: "::error::cachediff: the Action needs jq, which is not on this runner's PATH (GitHub's runners have it): install it before this step\n"}
	for _, st := range action.Runs.Steps {
		if st.ID == "diff" {
			s.script = st.Run
		}
	}
	if s.script == "" {
		t.Fatal("action.yml: no step of id diff")
	}
	bin := func(tools ...string) string {
		dir := t.TempDir()
		for _, tool := range tools {
			if p, err := exec.LookPath(tool); err == nil {
				if err := os.Symlink(p, filepath.Join(dir, tool)); err != nil {
					t.Fatal(err)
				}
			}
		}
		return dir
	}
	s.noCachediff, s.noJQ = bin("jq", "mktemp"), bin("mktemp")
	if _, err := exec.LookPath("cachediff"); err == nil {
		s.withCachediff = bin("jq", "mktemp", "cat", "head", "rm", "cachediff")
	}
	s.event = filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(s.event, []byte(`{"ref": "refs/heads/main"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s.prEvent = filepath.Join(filepath.Dir(s.event), "pr.json")
	if err := os.WriteFile(s.prEvent, []byte(`{"pull_request": {"number": 1}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s.ghMissing = "::error::cachediff: comment posts with the GitHub CLI (gh), which is not on this runner's PATH (GitHub's runners have it): install it before this step, or set comment: none\n"
	return s
}

// run runs the step with PATH path and env over the inputs' defaults,
// in a folder of its own: its exit status, standard output and error,
// and the outputs it wrote.
func (s *diffStep) run(t *testing.T, path string, env []string) (int, string, string, string) {
	t.Helper()
	if path == "" {
		t.Skip("no cachediff command (TestMain)")
	}
	dir := t.TempDir()
	output := filepath.Join(dir, "output")
	cmd := exec.Command(s.bash, "--noprofile", "--norc", "-eo", "pipefail", "-c", s.script)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + path, "GITHUB_OUTPUT=" + output, "RUNNER_TEMP=" + dir, "GITHUB_STEP_SUMMARY=" + filepath.Join(dir, "summary"),
		"OLD=", "NEW=", "REVS=", "SINCE=", "CATALOGUE=_cache/develop", "FORMAT=md", "FAIL_ON=", "FILTERS=", "LINK_BASE=", "MAX_BYTES=", "COMMENT_KEY=", "TARGET=none"}, env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(output)
	return code, stdout.String(), stderr.String(), string(got)
}
