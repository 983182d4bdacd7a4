package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTextNoWorkflowCommands (a seventh adversarial pass, issue 35): the
// text format is what a CI job prints, and GitHub Actions' runner reads
// a line of a job's output that starts "::" (after blank space) as a
// workflow command, and "##[" anywhere in one in its legacy form. A
// package named "::error::…", wrapped to the start of a line, made one:
// an error annotation forged by the input, at the default width. No line
// of the text report or log starts one, whatever the width.
func TestTextNoWorkflowCommands(t *testing.T) {
	good, err := filepath.Abs("../../testdata/real/develop-2025-03-23")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	hostile := filepath.Join(dir, "hostile")
	for i, name := range []string{
		"::error::forged-annotation-from-a-package-name-that-is-long-enough-to-wrap",
		"::add-mask::x",
		"zl##[add-mask]ib",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa::warning::cut-here",
	} {
		// Pages of other packages, whose specs are each's own.
		from := []string{"bc", "astyle", "ccache", "direnv"}[i]
		page, err := os.ReadFile(filepath.Join("..", "..", "testdata", "real", "v0.23.0", from, "specs.md"))
		if err != nil {
			t.Fatal(err)
		}
		folder := filepath.Join(hostile, "p"+strconv.Itoa(i))
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		text := strings.Replace(string(page), `title: "`+from+`"`, `title: "`+name+`"`, 1)
		if err := os.WriteFile(filepath.Join(folder, "specs.md"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, width := range []string{"20", "33", "40", "57", "60", "80", "100", "120"} {
		for _, args := range [][]string{
			{"--format", "text", "--width", width, hostile, good},
			{"--format", "text", "--width", width, good, hostile},
			{"log", "--format", "text", "--width", width, hostile, good, hostile},
		} {
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code > 1 {
				t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
			}
			if !strings.Contains(strings.Join(strings.Fields(stdout.String()), ""), "forged-annotation") {
				t.Fatalf("%q: the hostile name is not in the report: the case tests nothing", args)
			}
			for _, line := range strings.Split(stdout.String(), "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "::") || strings.Contains(line, "##[") {
					t.Errorf("%q: a workflow command in the text report: %q", args, line)
				}
			}
		}
	}
}
