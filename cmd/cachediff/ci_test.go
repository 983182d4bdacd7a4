package main

import (
	"cmp"
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

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// The CI recipe in docs/ci.md is tested by running its run: steps as
// written (testdata/script/ci.txtar). cmdRecipe extracts a step; fakeGH
// stands in for the GitHub CLI.

// workflow is the part of a GitHub Actions workflow the tests read.
type workflow struct {
	Name string `yaml:"name"`
	// On: the events the workflow runs on, each with its filters (an
	// event written with none, "pull_request:", is there, a null).
	On          map[string]yaml.Node `yaml:"on"`
	Env         map[string]string    `yaml:"env"`
	Concurrency struct {
		Group            string `yaml:"group"`
		CancelInProgress bool   `yaml:"cancel-in-progress"`
	} `yaml:"concurrency"`
	Jobs map[string]struct {
		Steps []struct {
			ID              string            `yaml:"id"`
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
	found := false
	for _, job := range ciWorkflow(t, "cachediff").Jobs {
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

// TestCIRecipeCommentOrder: the PR recipe's runs of one pull request
// are one concurrency group, and a push cancels the run of the push
// before it. Without it, two pushes in a row run side by side: the
// first run, finishing last, edits the comment with the report of a head
// the PR no longer has (a stale answer in the place users read it), and
// two first runs that both find no comment post two.
func TestCIRecipeCommentOrder(t *testing.T) {
	c := ciWorkflow(t, "cachediff").Concurrency
	if !strings.Contains(c.Group, "github.event.pull_request.number") {
		t.Errorf("the PR recipe's concurrency group is %q, want one per pull request (github.event.pull_request.number)", c.Group)
	}
	if !c.CancelInProgress {
		t.Errorf("the PR recipe's concurrency has no cancel-in-progress: true")
	}
}

// TestCIRecipeCheckout: the checkouts are what the testscripts make. The
// PR recipe checks out the event's default, GitHub's merge of the PR
// (no ref:), with its two parents (fetch-depth: 2), as ci.txtar fetches
// refs/pull/1/merge; the push recipe the pushed commit and its parent,
// as ci-nightly.txtar does, and its own steps fetch the rest; the update
// job (ci-update.txtar) and the release recipe the tip alone (the
// default, depth 1); the mirror recipe checks out nothing.
func TestCIRecipeCheckout(t *testing.T) {
	want := map[string]string{
		"cachediff":               "2",
		"cachediff nightly":       "2",
		"update the catalogue":    "",
		"cachediff weekly":        "",
		"cachediff release notes": "",
		"cachediff mirror":        "none",
	}
	wfs := ciWorkflows(t)
	if len(wfs) != len(want) {
		t.Errorf("docs/ci.md has %d workflows, want %d", len(wfs), len(want))
	}
	for _, wf := range wfs {
		depth, ok := want[wf.Name]
		if !ok {
			t.Errorf("docs/ci.md: a workflow named %q, which this test does not know", wf.Name)
			continue
		}
		n := 0
		for _, job := range wf.Jobs {
			for _, step := range job.Steps {
				if !strings.HasPrefix(step.Uses, "actions/checkout@") {
					continue
				}
				n++
				if got := step.With["fetch-depth"]; got != depth {
					t.Errorf("%s: checkout with fetch-depth %q, want %q", wf.Name, got, depth)
				}
				for _, k := range slices.Sorted(maps.Keys(step.With)) {
					if k != "fetch-depth" {
						t.Errorf("%s: checkout with %s: %q, which the tests do not make", wf.Name, k, step.With[k])
					}
				}
			}
		}
		if wantN := map[bool]int{true: 0, false: 1}[depth == "none"]; n != wantN {
			t.Errorf("%s: %d checkouts, want %d", wf.Name, n, wantN)
		}
	}
}

// TestCIRecipesPinned: no recipe installs cachediff @latest, and every
// setup-go says what it caches (cache: false where there is no go.sum,
// which would warn on every run); the Action is used at a ref.
func TestCIRecipesPinned(t *testing.T) {
	for _, wf := range ciWorkflows(t) {
		for _, job := range wf.Jobs {
			for _, step := range job.Steps {
				if strings.Contains(step.Run, "@latest") {
					t.Errorf("%s: step %q installs @latest", wf.Name, step.Name)
				}
				if strings.HasPrefix(step.Uses, "actions/setup-go@") && step.With["cache"] != "false" {
					t.Errorf("%s: setup-go without cache: false, in a repository without go.sum", wf.Name)
				}
				if strings.HasPrefix(step.Uses, "cachediff/cachediff") && !strings.Contains(step.Uses, "@") {
					t.Errorf("%s: the Action without a ref", wf.Name)
				}
			}
		}
	}
}

// TestCIRunUsesEnv: no run: script of any workflow of docs/ci.md holds a
// ${{ }} expression, the tested steps and the others alike: values reach
// the scripts through env:, so that nothing in an event, an input or a
// variable is spliced into shell code.
func TestCIRunUsesEnv(t *testing.T) {
	for _, wf := range ciWorkflows(t) {
		for _, job := range wf.Jobs {
			for _, step := range job.Steps {
				if strings.Contains(step.Run, "${{") {
					t.Errorf("%s: step %q: a ${{ }} expression in its run: script", wf.Name, cmp.Or(step.Name, step.ID))
				}
			}
		}
	}
}

// TestCIEveryRunStepTested: every run: step of docs/ci.md is run by a
// testscript (recipe $DOCS/ci.md 'STEP' in testdata/script/ci*.txtar),
// but the steps that install cachediff and the catalogue's own
// generator: the recipes in the docs are the ones the tests run.
func TestCIEveryRunStepTested(t *testing.T) {
	scripts, err := filepath.Glob("testdata/script/ci*.txtar")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no testdata/script/ci*.txtar: %v", err)
	}
	recipeLine := regexp.MustCompile(`(?m)^recipe \$DOCS/ci\.md '((?:[^']|'')*)'`)
	tested := map[string]bool{}
	for _, f := range scripts {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range recipeLine.FindAllStringSubmatch(string(data), -1) {
			tested[strings.ReplaceAll(m[1], "''", "'")] = true
		}
	}
	untested := map[string]bool{"Install cachediff": true, "Put cachediff on PATH": true, "Regenerate the catalogue": true}
	for _, wf := range ciWorkflows(t) {
		for _, job := range wf.Jobs {
			for _, step := range job.Steps {
				if step.Run != "" && !tested[step.Name] && !untested[step.Name] {
					t.Errorf("%s: step %q is run by no testscript (recipe $DOCS/ci.md '…')", wf.Name, cmp.Or(step.Name, step.Run))
				}
			}
		}
	}
}

// TestCIRecipesBuildOnce: a recipe that installs cachediff with go
// install (no Action) keeps the binary in actions/cache under a key that
// names the version it installs, and runs setup-go and go install only
// on a miss: otherwise every run compiles cachediff and its dependencies
// again.
func TestCIRecipesBuildOnce(t *testing.T) {
	installs := 0
	for _, wf := range ciWorkflows(t) {
		for _, job := range wf.Jobs {
			miss := ""
			for _, step := range job.Steps {
				switch {
				case strings.HasPrefix(step.Uses, "actions/cache@") && strings.Contains(step.With["key"], "env.CACHEDIFF_VERSION"):
					if _, ok := wf.Env["CACHEDIFF_VERSION"]; !ok {
						t.Errorf("%s: the cache's key names env.CACHEDIFF_VERSION, which the workflow's env: lacks", wf.Name)
					}
					miss = "steps." + step.ID + ".outputs.cache-hit != 'true'"
				case strings.HasPrefix(step.Uses, "actions/setup-go@"), strings.Contains(step.Run, "go install"):
					if strings.Contains(step.Run, "go install") {
						installs++
					}
					if miss == "" || step.If != miss {
						t.Errorf("%s: step %q (if: %q) runs on every run: want an actions/cache of cachediff keyed on env.CACHEDIFF_VERSION before it, and if: %q", wf.Name, cmp.Or(step.Name, step.Uses), step.If, cmp.Or(miss, "steps.ID.outputs.cache-hit != 'true'"))
					}
				}
			}
		}
	}
	if installs == 0 {
		t.Error("no recipe runs go install: the test checks nothing")
	}
}

// TestCIUpdateConditions: the update job's cachediff steps run when
// ci-update.txtar runs them: the diff only after a commit (a night with
// no change posts nothing), the post after a tripped gate too (the
// Action's step fails last) but not after trouble (which writes no
// changed output), and the Action is used, with git:REV:PATH snapshots.
func TestCIUpdateConditions(t *testing.T) {
	want := map[string]struct{ id, ifc, uses string }{
		"Commit and push the catalogue":        {id: "commit"},
		"Diff the night":                       {"diff", "steps.commit.outputs.changed == 'true'", "cachediff/cachediff@"},
		"Post the night to the tracking issue": {"", "${{ !cancelled() && steps.diff.outputs.changed == 'true' }}", ""},
		"Publish the feed":                     {"", "${{ !cancelled() && steps.diff.outputs.changed == 'true' }}", ""},
	}
	seen := 0
	for _, job := range ciWorkflow(t, "update the catalogue").Jobs {
		for _, step := range job.Steps {
			w, ok := want[step.Name]
			if !ok {
				continue
			}
			seen++
			if step.ID != w.id || step.If != w.ifc || !strings.HasPrefix(step.Uses, w.uses) || (w.uses == "") != (step.Uses == "") {
				t.Errorf("step %q: id %q, if %q, uses %q; want %q, %q, %q…", step.Name, step.ID, step.If, step.Uses, w.id, w.ifc, w.uses)
			}
			if step.Name == "Diff the night" && (step.With["old"] != "git:HEAD~1:_cache/develop" || step.With["new"] != "git:HEAD:_cache/develop") {
				t.Errorf("the diff reads %q and %q, want git:HEAD~1:_cache/develop and git:HEAD:_cache/develop", step.With["old"], step.With["new"])
			}
		}
	}
	if seen != len(want) {
		t.Errorf("the update job has %d of the %d steps the tests run", seen, len(want))
	}
}

// ciWorkflow returns the workflow of docs/ci.md with that name.
func ciWorkflow(t *testing.T, name string) workflow {
	t.Helper()
	for _, wf := range ciWorkflows(t) {
		if wf.Name == name {
			return wf
		}
	}
	t.Fatalf("docs/ci.md has no workflow named %q", name)
	return workflow{}
}

// cmdRecipe writes the run: script of a step of a workflow in a Markdown
// file (its ```yaml blocks; step names are unique across them) as a shell
// script: recipe DOC STEP-NAME FILE. The
// workflow's and the step's env values become defaults (a value the
// script's environment already has wins); a value that is a step's
// output is read from $GITHUB_OUTPUT, as the step starts; other ${{ }}
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
						v := env[k]
						if m := outputExpr.FindStringSubmatch(v); m != nil {
							// A step's output, read from $GITHUB_OUTPUT as the step starts.
							fmt.Fprintf(&b, ": \"${%s=$(sed -n 's/^%s=//p' \"$GITHUB_OUTPUT\" | tail -n 1)}\"; export %s\n", k, m[2], k)
						} else if !strings.Contains(v, "${{") {
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
//
// or, when $GH_API_URL is set (by the ghapi command), sends the request
// to that stand-in for GitHub's API (see fakeGHHTTP).
func fakeGH() int {
	args := os.Args[1:]
	if len(args) == 0 || args[0] != "api" {
		fmt.Fprintln(os.Stderr, "fake gh: only gh api")
		return 2
	}
	if os.Getenv("GH_API_URL") != "" {
		return fakeGHHTTP(args[1:])
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
// SPECS specs per tree with listedChurn: gen SPECS DIR. The same
// arguments give the same bytes.
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
	cfg.Rates = listedChurn
	if _, err := gen.Write(os.Args[2], gen.Generate(cfg)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// listedChurn is genPair's churn: almost every spec changes in a way the
// Markdown report lists in a row (restacked, updated, added or removed),
// none rebuilt only (counted, not listed). ci.txtar's report of nearly 4
// times GitHub's comment limit takes 1,600 specs of it (235 KB), where
// gen.Heavy's, a third of them rebuilt, took 4,500 (272 KB): the trees
// that it commits, fetches and diffs from git are two fifths as large
// (232 pages, 2.7 MB).
var listedChurn = gen.Rates{Restacked: 0.6, Updated: 0.3, Removed: 0.05, Added: 0.05, PackagesAdded: 0.01, PackagesRemoved: 0.01}

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

// TestCINoEarlyPipeEnd: no run: script of the recipes or the Action pipes
// a command into one that stops reading early (head, grep -q, grep -m):
// Actions runs them with bash -eo pipefail, so the writer's SIGPIPE
// (exit 141) fails the step. The PR recipe's "gh api … | head -n 1" did,
// when the workflow's comment was there more than once (ci.txtar shows it
// for the recipe; the Action's step was the same).
func TestCINoEarlyPipeEnd(t *testing.T) {
	early := regexp.MustCompile(`\|\s*(?:head\b|grep\s+(?:-\w*[qm]))`)
	for _, f := range []string{"../../docs/ci.md", "../../action.yml"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if early.MatchString(line) {
				t.Errorf("%s:%d: a pipe into a reader that stops early, which pipefail turns into a failed step: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// TestCIWorkflowRunBase: the workflow_run advice logs from the commit
// the update run started from (github.event.workflow_run.head_sha, the
// tip before its push) to the default branch's tip, which holds the
// push. It once said to check head_sha out and diff its HEAD~1 with its
// HEAD: the night before, every night.
func TestCIWorkflowRunBase(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	_, item, ok := strings.Cut(string(doc), "- **`on: workflow_run`**")
	if !ok {
		t.Fatal("docs/ci.md: no item on workflow_run")
	}
	item, _, _ = strings.Cut(item, "\n- ")
	item = strings.Join(strings.Fields(item), " ")
	if strings.Contains(item, "check out `github.event.workflow_run.head_sha`") {
		t.Errorf("docs/ci.md: the workflow_run item checks out head_sha, the tip before the update's push: %s", item)
	}
	if !strings.Contains(item, "`BEFORE: ${{ github.event.workflow_run.head_sha }}`") {
		t.Errorf("docs/ci.md: the workflow_run item does not log from head_sha (BEFORE): %s", item)
	}
}

// TestCIRecipeOwnGate: the PR recipe says that a pull request runs the
// workflow as it has it, so one that edits the workflow decides its own
// gate: a passed check says nothing about such a PR until its workflow
// change is reviewed.
func TestCIRecipeOwnGate(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	_, pr, _ := strings.Cut(string(doc), "\n## Pull requests\n")
	pr, _, _ = strings.Cut(pr, "\n## ")
	pr = strings.Join(strings.Fields(pr), " ")
	for _, want := range []string{"decides its own gate", "CODEOWNERS", "pull_request_target"} {
		if !strings.Contains(pr, want) {
			t.Errorf("docs/ci.md's Pull requests section does not say %q: a PR that edits the workflow decides its own gate", want)
		}
	}
}

// TestActionCommentOrder: the Action's comment: pr edits one comment per
// pull request, so, as for the PR recipe (TestCIRecipeCommentOrder), its
// section says to run one workflow run per PR at a time.
func TestActionCommentOrder(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, _ := strings.Cut(string(doc), "\n## The Action\n")
	sec, _, _ = strings.Cut(sec, "\n## ")
	if !strings.Contains(strings.Join(strings.Fields(sec), " "), "`concurrency:` group") {
		t.Errorf("docs/ci.md's Action section does not say to give comment: pr a concurrency group")
	}
}

// TestCIRecipeTriggersEveryChange: the recipes that gate a change of the
// catalogue (the PR gate, the push changelog) start on every change that
// can alter it, as GitHub decides whether a workflow starts. A change of
// a .gitattributes above the catalogue alone rewrites the pages in a
// checkout (working-tree-encoding, ident), which cachediff refuses, but
// only when it runs: with paths "_cache/develop/**" alone such a PR
// started no workflow. And GitHub matches a paths: filter against the
// first 300 changed files only: a PR of 300 files sorting before _cache/
// (AAA/…, .x/…, _a/…) and a deleted page started none either, so the
// recipes have no paths: filter at all.
func TestCIRecipeTriggersEveryChange(t *testing.T) {
	var others []string
	for i := range 300 {
		others = append(others, fmt.Sprintf("AAA/%03d", i))
	}
	changes := [][]string{
		{"_cache/develop/bc/specs.md"},
		{"_cache/.gitattributes"},
		{".gitattributes"},
		{"_cache"},
		append(slices.Clone(others), "_cache/develop/bc/specs.md"),
		append(slices.Clone(others), ".gitattributes"),
	}
	// starts reports whether GitHub starts a workflow of paths filter
	// on a change of these files: no filter, or one of the first 300
	// files matching a pattern.
	starts := func(paths, changed []string) bool {
		if paths == nil {
			return true
		}
		return slices.ContainsFunc(changed[:min(len(changed), 300)], func(f string) bool {
			return slices.ContainsFunc(paths, func(p string) bool { return ghPathMatch(t, p, f) })
		})
	}
	n := 0
	for _, wf := range ciWorkflows(t) {
		for _, event := range []string{"pull_request", "push"} {
			on, ok := wf.On[event]
			if !ok {
				continue
			}
			var filters struct {
				Paths []string `yaml:"paths"`
			}
			if err := on.Decode(&filters); err != nil {
				t.Fatalf("workflow %q: on.%s: %v", wf.Name, event, err)
			}
			paths := filters.Paths
			n++
			for _, changed := range changes {
				if !starts(paths, changed) {
					t.Errorf("workflow %q on %s with paths %v does not start on a change of %d files ending in %s", wf.Name, event, paths, len(changed), changed[len(changed)-1])
				}
			}
		}
	}
	if n != 2 {
		t.Errorf("docs/ci.md: %d workflows run on pull_request or push, want the PR and the push recipes", n)
	}
}

// ghPathMatch reports whether a path matches a GitHub Actions paths
// pattern, as its filter pattern cheat sheet says: "**" matches any
// characters, "*" any but a slash, the whole path. Patterns using other
// special characters are refused: the test does not guess at them.
func ghPathMatch(t *testing.T, pattern, path string) bool {
	t.Helper()
	if strings.ContainsAny(pattern, "?+[]!\\") {
		t.Fatalf("paths pattern %q: only * and ** are read here", pattern)
	}
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch {
		case strings.HasPrefix(pattern[i:], "**"):
			re.WriteString(".*")
			i++
		case pattern[i] == '*':
			re.WriteString("[^/]*")
		default:
			re.WriteString(regexp.QuoteMeta(pattern[i : i+1]))
		}
	}
	re.WriteString("$")
	return regexp.MustCompile(re.String()).MatchString(path)
}
