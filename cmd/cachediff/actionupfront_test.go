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
// compares without case, and the post step's if: skips them).
func TestActionDiffStepChecksFirst(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Runs struct {
			Steps []struct {
				ID  string `yaml:"id"`
				Run string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	script := ""
	for _, s := range action.Runs.Steps {
		if s.ID == "diff" {
			script = s.Run
		}
	}
	if script == "" {
		t.Fatal("action.yml: no step of id diff")
	}
	// A PATH of no cachediff: a case that ran it fails otherwise.
	bin := t.TempDir()
	for _, tool := range []string{"jq", "mktemp"} {
		if p, err := exec.LookPath(tool); err == nil {
			if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
				t.Fatal(err)
			}
		}
	}
	newEmpty := "::error::cachediff: new is empty, old is not: give both snapshots (or neither, and revs or since, for a changelog)\n"
	until := "::error::cachediff: filters: --until goes with revs or since (a changelog), not with old and new\n"
	for _, tc := range []struct {
		name string
		env  []string
		want string
	}{
		{"--until=DATE", []string{"OLD=a", "NEW=b", "FILTERS=--package=zlib\n--until=2025-03-01"}, until},
		{"--until DATE", []string{"OLD=a", "NEW=b", "FILTERS=--until\n2025-03-01"}, until},
		{"comment empty", []string{"OLD=a", "NEW=", "TARGET="}, newEmpty},
		{"comment NONE", []string{"OLD=a", "NEW=", "TARGET=NONE"}, newEmpty},
		{"comment None", []string{"OLD=a", "NEW=", "TARGET=None"}, newEmpty},
		{"comment #1", []string{"OLD=a", "NEW=b", "TARGET=#1"}, "::error::cachediff: comment must be pr, an issue number or none\n"},
	} {
		dir := t.TempDir()
		output := filepath.Join(dir, "output")
		cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = append([]string{"PATH=" + bin, "GITHUB_OUTPUT=" + output, "RUNNER_TEMP=" + dir, "GITHUB_STEP_SUMMARY=" + filepath.Join(dir, "summary"),
			"OLD=", "NEW=", "REVS=", "SINCE=", "CATALOGUE=_cache/develop", "FORMAT=md", "FAIL_ON=", "FILTERS=", "LINK_BASE=", "MAX_BYTES=", "COMMENT_KEY=", "TARGET=none"}, tc.env...)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		got, _ := os.ReadFile(output)
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || stdout.String() != tc.want || stderr.Len() > 0 || string(got) != "status=2\n" {
			t.Errorf("%s: %v, standard output %q, standard error %q, outputs %q; want exit status 2, %q alone, status=2 alone", tc.name, err, stdout.String(), stderr.String(), got, tc.want)
		}
	}
}
