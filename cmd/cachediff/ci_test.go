package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"gopkg.in/yaml.v3"

	"github.com/cachediff/cachediff/internal/gen"
	"github.com/cachediff/cachediff/internal/gittest"
)

// The CI recipe in docs/ci.md is tested by running its run: steps as
// written (testdata/script/ci.txtar). cmdRecipe extracts a step; fakeGH
// stands in for the GitHub CLI.

// workflow is the part of a GitHub Actions workflow the tests read.
type workflow struct {
	Env  map[string]string `yaml:"env"`
	Jobs map[string]struct {
		Steps []struct {
			Name            string            `yaml:"name"`
			Uses            string            `yaml:"uses"`
			With            map[string]string `yaml:"with"`
			If              string            `yaml:"if"`
			ContinueOnError bool              `yaml:"continue-on-error"`
			Env             map[string]string `yaml:"env"`
			Run             string            `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// readWorkflows reads the workflows of the ```yaml blocks of a Markdown
// document, in order.
func readWorkflows(doc string) ([]workflow, error) {
	var wfs []workflow
	for {
		_, block, ok := strings.Cut(doc, "```yaml\n")
		if !ok {
			break
		}
		block, rest, ok := strings.Cut(block, "```\n")
		if !ok {
			return nil, errors.New("a ```yaml block without its end")
		}
		var wf workflow
		if err := yaml.Unmarshal([]byte(block), &wf); err != nil {
			return nil, fmt.Errorf("a workflow is not valid YAML: %v", err)
		}
		wfs = append(wfs, wf)
		doc = rest
	}
	if len(wfs) == 0 {
		return nil, errors.New("no ```yaml block")
	}
	return wfs, nil
}

// TestCIRecipePostStep: the post step is skipped for pull requests from
// forks, whose token cannot comment (HTTP 403, which would fail the job
// under bash -e even when the gate passed), and any other failure to post
// does not fail the job either: the gate alone decides the check. (The
// testscript runs the step's script; this checks what Actions reads
// around it.)
func TestCIRecipePostStep(t *testing.T) {
	wfs := ciWorkflows(t)
	found := false
	for _, job := range wfs[0].Jobs {
		for _, step := range job.Steps {
			if step.Name != "Post or update the comment" {
				continue
			}
			found = true
			if want := "github.event.pull_request.head.repo.full_name == github.repository"; step.If != want {
				t.Errorf("the post step's if: is %q, want %q (skip forks)", step.If, want)
			}
			if !step.ContinueOnError {
				t.Errorf("the post step has no continue-on-error: true")
			}
		}
	}
	if !found {
		t.Fatal("docs/ci.md has no step named \"Post or update the comment\"")
	}
}

// TestCIRecipeCheckout: the checkouts are what the testscripts make. The
// PR recipe checks out the event's default, GitHub's merge of the PR
// (no ref:), with its two parents (fetch-depth: 2), as ci.txtar fetches
// refs/pull/1/merge; the nightly one the pushed commit and its parent,
// as ci-nightly.txtar does, and its own steps fetch the rest.
func TestCIRecipeCheckout(t *testing.T) {
	wfs := ciWorkflows(t)
	if len(wfs) != 2 {
		t.Fatalf("docs/ci.md has %d workflows, want 2 (the PR comment, the nightly changelog)", len(wfs))
	}
	for i, name := range []string{"the PR recipe", "the nightly recipe"} {
		n := 0
		for _, job := range wfs[i].Jobs {
			for _, step := range job.Steps {
				if !strings.HasPrefix(step.Uses, "actions/checkout@") {
					continue
				}
				n++
				if got := step.With["fetch-depth"]; got != "2" {
					t.Errorf("%s: checkout with fetch-depth %q, want 2", name, got)
				}
				for _, k := range slices.Sorted(maps.Keys(step.With)) {
					if k != "fetch-depth" {
						t.Errorf("%s: checkout with %s: %q, which the tests do not make", name, k, step.With[k])
					}
				}
			}
		}
		if n != 1 {
			t.Errorf("%s: %d checkouts, want 1", name, n)
		}
	}
}

// cmdRecipe writes the run: script of a step of a workflow in a Markdown
// file (its ```yaml blocks; step names are unique across them) as a shell
// script: recipe DOC STEP-NAME FILE. The
// workflow's and the step's env values become defaults (a value the
// script's environment already has wins); values that are ${{ }}
// expressions are left to the test to set. A run: script that holds a
// ${{ }} expression is refused: the recipe passes values through env.
func cmdRecipe(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: recipe doc.md STEP-NAME script.sh")
	}
	wfs, err := readWorkflows(ts.ReadFile(args[0]))
	if err != nil {
		ts.Fatalf("%s: %v", args[0], err)
	}
	found := 0
	for _, wf := range wfs {
		for _, job := range wf.Jobs {
			for _, step := range job.Steps {
				if step.Name == args[1] {
					found++
				}
			}
		}
	}
	if found > 1 {
		ts.Fatalf("%s: %d steps named %q", args[0], found, args[1])
	}
	for _, wf := range wfs {
		for _, job := range wf.Jobs {
			for _, step := range job.Steps {
				if step.Name != args[1] {
					continue
				}
				if step.Run == "" || strings.Contains(step.Run, "${{") {
					ts.Fatalf("step %q: no run: script, or one with a ${{ }} expression", step.Name)
				}
				var b strings.Builder
				for _, env := range []map[string]string{wf.Env, step.Env} {
					for _, k := range slices.Sorted(maps.Keys(env)) {
						if v := env[k]; !strings.Contains(v, "${{") {
							fmt.Fprintf(&b, ": \"${%s=%s}\"; export %s\n", k, strings.ReplaceAll(v, `"`, `\"`), k)
						}
					}
				}
				b.WriteString(step.Run)
				ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(b.String()), 0o644))
				return
			}
		}
	}
	ts.Fatalf("%s: no step named %q", args[0], args[1])
}

// cmdPRMerge makes the commit a pull_request workflow checks out:
// GitHub's test merge of the PR into its base branch (refs/pull/N/merge),
// whose first parent is the base branch and second the PR's head.
// prmerge REPO BASE HEAD commits the merge of HEAD into BASE in REPO,
// stores it as refs/pull/1/merge and sets $MERGE to its id. Its tree is
// git read-tree's three-way merge, which fails on a conflict (GitHub runs
// no pull_request workflow then). REPO's branch, index and working tree
// stay as they are.
func cmdPRMerge(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: prmerge REPO BASE HEAD")
	}
	repo := ts.MkAbs(args[0])
	index := filepath.Join(repo, ".git", "prmerge-index")
	defer os.Remove(index)
	git := func(args ...string) string {
		out, err := gittest.Git(repo, []string{"GIT_INDEX_FILE=" + index}, args...)
		ts.Check(err)
		return strings.TrimSpace(out)
	}
	base, head := git("rev-parse", args[1]+"^{commit}"), git("rev-parse", args[2]+"^{commit}")
	git("read-tree", "-i", "-m", "--aggressive", git("merge-base", base, head), base, head)
	tree := git("write-tree")
	merge := git("commit-tree", tree, "-p", base, "-p", head, "-m", "Merge "+head+" into "+base)
	git("update-ref", "refs/pull/1/merge", merge)
	ts.Setenv("MERGE", merge)
}

// jqMarker is the one --jq filter fakeGH understands: the ids of the
// comments whose body starts with a marker, of one author (login and
// type) when it says so. (Without the author, as the recipe once was,
// the tests see it edit a stranger's comment.)
var jqMarker = regexp.MustCompile(`^\.\[\] \| select\((?:\.user\.login == "([^"\\]+)" and \.user\.type == "([^"\\]+)" and \(\.body \| startswith\("([^"\\]+)"\)\)|\.body \| startswith\("([^"\\]+)"\))\) \| \.id$`)

// fakeGH stands in for the GitHub CLI's "gh api":
//
//	gh api PATH --paginate --jq FILTER  prints the ids of the comments in
//	                                    $GH_COMMENTS (a JSON list of
//	                                    {id, user: {login, type}, body})
//	                                    that FILTER selects
//	gh api --method M PATH -F body=@F   appends "M PATH" to gh.log and
//	                                    copies F to gh-body.md
func fakeGH() int {
	args := os.Args[1:]
	if len(args) == 0 || args[0] != "api" {
		fmt.Fprintln(os.Stderr, "fake gh: only gh api")
		return 2
	}
	var method, path, body, jq string
	for i := 1; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--method" || a == "-X":
			i++
			method = args[i]
		case a == "--jq" || a == "-q":
			i++
			jq = args[i]
		case a == "-F" || a == "--field" || a == "-f" || a == "--raw-field":
			i++
			if a == "-f" || a == "--raw-field" || !strings.HasPrefix(args[i], "body=@") {
				fmt.Fprintf(os.Stderr, "fake gh: want -F body=@FILE, got %s %s\n", a, args[i])
				return 2
			}
			data, err := os.ReadFile(strings.TrimPrefix(args[i], "body=@"))
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			body = string(data)
		case a == "--paginate":
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(os.Stderr, "fake gh: unknown flag %s\n", a)
			return 2
		default:
			path = a
		}
	}
	if method == "" || method == "GET" {
		m := jqMarker.FindStringSubmatch(jq)
		if m == nil {
			fmt.Fprintf(os.Stderr, "fake gh: unsupported --jq %q\n", jq)
			return 2
		}
		var comments []struct {
			ID   int `json:"id"`
			User struct {
				Login string `json:"login"`
				Type  string `json:"type"`
			} `json:"user"`
			Body string `json:"body"`
		}
		if f := os.Getenv("GH_COMMENTS"); f != "" {
			data, err := os.ReadFile(f)
			if err == nil {
				err = json.Unmarshal(data, &comments)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
		for _, c := range comments {
			if m[4] != "" && strings.HasPrefix(c.Body, m[4]) ||
				m[3] != "" && c.User.Login == m[1] && c.User.Type == m[2] && strings.HasPrefix(c.Body, m[3]) {
				fmt.Println(c.ID)
			}
		}
		return 0
	}
	log, err := os.OpenFile("gh.log", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		_, err = fmt.Fprintf(log, "%s %s\n", method, path)
		if cerr := log.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil {
		err = os.WriteFile("gh-body.md", []byte(body), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(`{"id": 1}`)
	return 0
}

// genPair writes a generated snapshot pair, DIR/old and DIR/new, of about
// SPECS specs per tree with heavy churn (a migration week): gen SPECS DIR.
// The same arguments give the same bytes.
func genPair() int {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gen SPECS DIR")
		return 2
	}
	specs, err := strconv.Atoi(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cfg := gen.Default(1, specs)
	cfg.Rates = gen.Heavy
	if _, err := gen.Write(os.Args[2], gen.Generate(cfg)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// ciWorkflows reads the workflows of docs/ci.md.
func ciWorkflows(t *testing.T) []workflow {
	t.Helper()
	doc, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	wfs, err := readWorkflows(string(doc))
	if err != nil {
		t.Fatal(err)
	}
	return wfs
}
