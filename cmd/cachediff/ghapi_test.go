package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"
	"gopkg.in/yaml.v3"
)

// ghIssue is an issue (or a comment: no title, no number) as the fake
// GitHub API keeps it.
type ghIssue struct {
	ID     int               `json:"id"`
	Number int               `json:"number,omitempty"`
	Title  string            `json:"title,omitempty"`
	State  string            `json:"state,omitempty"`
	Body   string            `json:"body"`
	User   map[string]string `json:"user"`
	issue  int               // the issue a comment is on
}

var (
	ghIssuePath    = regexp.MustCompile(`^/repos/[^/]+/[^/]+/issues/([0-9]+)$`)
	ghCommentsPath = regexp.MustCompile(`^/repos/[^/]+/[^/]+/issues/([0-9]+)/comments$`)
	ghIssuesPath   = regexp.MustCompile(`^/repos/[^/]+/[^/]+/issues$`)
	ghCommentPath  = regexp.MustCompile(`^/repos/[^/]+/[^/]+/issues/comments/([0-9]+)$`)
)

// cmdGHAPI starts a stand-in for GitHub's REST API on loopback, until the
// script ends: ghapi LOG sets $GH_API_URL, which the fake gh then sends
// its requests to, and appends each request to LOG as "METHOD PATH" and,
// for a request with a body, its JSON on the next line. It keeps issues
// (GET, POST repos/O/R/issues; PATCH repos/O/R/issues/N) and their
// comments (GET, POST repos/O/R/issues/N/comments; PATCH
// repos/O/R/issues/comments/ID), all written by
// github-actions[bot]; GET lists only open issues (a PATCH of state
// closes one, as a person would). With $GH_TOKEN "read-only" (the token
// of a Dependabot pull request), every request but a GET gets HTTP 403.
func cmdGHAPI(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: ghapi LOG")
	}
	logFile := ts.MkAbs(args[0])
	var mu sync.Mutex
	var issues, comments []*ghIssue
	next := 1
	bot := map[string]string{"login": "github-actions[bot]", "type": "Bot"}
	h := func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		body, _ := io.ReadAll(r.Body)
		f, err := os.OpenFile(logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%s %s\n", r.Method, r.URL.Path)
			if len(body) > 0 {
				var compact bytes.Buffer
				if json.Compact(&compact, body) == nil {
					fmt.Fprintf(f, "%s\n", compact.Bytes())
				}
			}
			f.Close()
		}
		if r.Method != http.MethodGet && r.Header.Get("Authorization") == "token read-only" {
			// The token of a Dependabot or fork pull request: it reads only.
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, `{"message":"Resource not accessible by integration"}`)
			return
		}
		var in struct {
			Title *string `json:"title"`
			Body  *string `json:"body"`
			State *string `json:"state"`
		}
		if len(body) > 0 && json.Unmarshal(body, &in) != nil {
			http.Error(w, "bad JSON", http.StatusBadRequest)
			return
		}
		reply := func(status int, v any) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			json.NewEncoder(w).Encode(v)
		}
		find := func(n string) *ghIssue {
			for _, is := range issues {
				if strconv.Itoa(is.Number) == n {
					return is
				}
			}
			return nil
		}
		p := r.URL.Path
		switch {
		case ghIssuesPath.MatchString(p) && r.Method == http.MethodGet:
			open := []*ghIssue{}
			for _, is := range issues {
				if is.State == "open" {
					open = append(open, is)
				}
			}
			reply(200, open)
		case ghIssuesPath.MatchString(p) && r.Method == http.MethodPost && in.Title != nil:
			is := &ghIssue{ID: 1000 + next, Number: next, Title: *in.Title, State: "open", User: bot}
			if in.Body != nil {
				is.Body = *in.Body
			}
			next++
			issues = append(issues, is)
			reply(201, is)
		case ghIssuePath.MatchString(p) && r.Method == http.MethodPatch:
			is := find(ghIssuePath.FindStringSubmatch(p)[1])
			if is == nil {
				reply(404, map[string]string{"message": "Not Found"})
				return
			}
			if in.Title != nil {
				is.Title = *in.Title
			}
			if in.Body != nil {
				is.Body = *in.Body
			}
			if in.State != nil {
				is.State = *in.State
			}
			reply(200, is)
		case ghCommentsPath.MatchString(p) && (r.Method == http.MethodGet || r.Method == http.MethodPost && in.Body != nil):
			n := ghCommentsPath.FindStringSubmatch(p)[1]
			is := find(n)
			if is == nil {
				reply(404, map[string]string{"message": "Not Found"})
				return
			}
			if r.Method == http.MethodGet {
				list := []*ghIssue{}
				for _, c := range comments {
					if c.issue == is.Number {
						list = append(list, c)
					}
				}
				reply(200, list)
				return
			}
			c := &ghIssue{ID: 5000 + len(comments), Body: *in.Body, User: bot, issue: is.Number}
			comments = append(comments, c)
			reply(201, c)
		case ghCommentPath.MatchString(p) && r.Method == http.MethodPatch && in.Body != nil:
			id := ghCommentPath.FindStringSubmatch(p)[1]
			for _, c := range comments {
				if strconv.Itoa(c.ID) == id {
					c.Body = *in.Body
					reply(200, c)
					return
				}
			}
			reply(404, map[string]string{"message": "Not Found"})
		default:
			reply(404, map[string]string{"message": "Not Found"})
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(h))
	ts.Defer(srv.Close)
	ts.Setenv("GH_API_URL", srv.URL)
}

// fakeGHHTTP is gh api against $GH_API_URL: gh api [--method M] PATH
// [-f K=V] [-F K=V|K=@FILE] [--jq FILTER] [--paginate]. As gh, the
// fields make a JSON object body and the method POST when none is given;
// the reply goes through jq (the system's) when --jq is given; a status
// of 400 or more is an error, exit 1.
func fakeGHHTTP(args []string) int {
	method := ""
	var path, jq string
	fields := map[string]string{}
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--method" || a == "-X":
			i++
			method = args[i]
		case a == "--jq" || a == "-q":
			i++
			jq = args[i]
		case a == "-F" || a == "--field" || a == "-f" || a == "--raw-field":
			i++
			k, v, ok := strings.Cut(args[i], "=")
			if !ok {
				fmt.Fprintf(os.Stderr, "fake gh: field %q without =\n", args[i])
				return 2
			}
			if (a == "-F" || a == "--field") && strings.HasPrefix(v, "@") {
				data, err := os.ReadFile(v[1:])
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					return 1
				}
				v = string(data)
			}
			fields[k] = v
		case a == "--paginate":
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(os.Stderr, "fake gh: unknown flag %s\n", a)
			return 2
		default:
			path = a
		}
	}
	var body io.Reader
	if len(fields) > 0 {
		if method == "" {
			method = http.MethodPost
		}
		var data bytes.Buffer
		enc := json.NewEncoder(&data)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(fields); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		body = &data
	}
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequest(method, os.Getenv("GH_API_URL")+"/"+strings.TrimPrefix(path, "/"), body)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	req.Header.Set("Authorization", "token "+os.Getenv("GH_TOKEN"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if resp.StatusCode >= 400 {
		fmt.Fprintf(os.Stderr, "gh: %s (HTTP %d)\n", bytes.TrimSpace(out), resp.StatusCode)
		return 1
	}
	if jq == "" {
		os.Stdout.Write(out)
		return 0
	}
	cmd := exec.Command("jq", "-r", jq)
	cmd.Stdin = bytes.NewReader(out)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "fake gh: jq:", err)
		return 1
	}
	return 0
}

// actionMeta is the part of action.yml that cmdAction reads.
type actionMeta struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Steps []struct {
			ID   string            `yaml:"id"`
			Name string            `yaml:"name"`
			If   string            `yaml:"if"`
			Env  map[string]string `yaml:"env"`
			Run  string            `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

var (
	inputExpr  = regexp.MustCompile(`^\$\{\{ inputs\.([A-Za-z0-9_-]+) \}\}$`)
	outputExpr = regexp.MustCompile(`^\$\{\{ steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+) \}\}$`)
	ifTerm     = regexp.MustCompile(`^(inputs\.([A-Za-z0-9_-]+)|steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)) (==|!=) '([^']*)'$`)
)

// cmdAction writes, as one shell script, what the runner does for a step
// of a workflow in a Markdown file that uses this repository's Action
// (uses: cachediff/cachediff@REF): action DOC STEP ACTION.yml FILE. The
// script runs the Action's run: steps (but its build steps: the tests'
// cachediff is on PATH) in order, each in its own bash -eo pipefail, its
// env: made from the step's with: (the Action's defaults for the rest;
// a value that is a ${{ }} expression other than an input or a step's
// output, read from $GITHUB_OUTPUT, is left to the test to set), its
// if: (terms joined by &&, each inputs.X or steps.ID.outputs.Y compared
// with a quoted string, ignoring case as GitHub does, in ${{ }} or not)
// evaluated on the inputs and on
// $GITHUB_OUTPUT. After a step fails, only the steps whose if: starts
// with !cancelled() run, and the script exits with the first failure's
// status, as the Action fails. The step's own with:
// values that are ${{ env.X }} or ${{ vars.X }} (a repository variable)
// take the test's $X, or else the workflow's env value, when the script
// is written.
func cmdAction(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: action doc.md STEP-NAME action.yml script.sh")
	}
	doc := ts.ReadFile(args[0])
	var uses map[string]string
	var wfEnv map[string]string
	for _, block := range yamlBlocksOf(doc) {
		var wf struct {
			Env  map[string]string `yaml:"env"`
			Jobs map[string]struct {
				Steps []struct {
					Name string            `yaml:"name"`
					Uses string            `yaml:"uses"`
					With map[string]string `yaml:"with"`
				} `yaml:"steps"`
			} `yaml:"jobs"`
		}
		if err := yaml.Unmarshal([]byte(block), &wf); err != nil {
			ts.Fatalf("%s: %v", args[0], err)
		}
		for _, job := range wf.Jobs {
			for _, s := range job.Steps {
				if s.Name == args[1] {
					if !strings.HasPrefix(s.Uses, "cachediff/cachediff@") {
						ts.Fatalf("step %q uses %q, not the Action", s.Name, s.Uses)
					}
					uses, wfEnv = s.With, wf.Env
					if uses == nil {
						uses = map[string]string{}
					}
				}
			}
		}
	}
	if uses == nil {
		ts.Fatalf("%s: no step named %q", args[0], args[1])
	}
	var meta actionMeta
	if err := yaml.Unmarshal([]byte(ts.ReadFile(args[2])), &meta); err != nil {
		ts.Fatalf("%s: %v", args[2], err)
	}
	envExpr := regexp.MustCompile(`^\$\{\{ (?:env|vars)\.([A-Za-z0-9_]+) \}\}$`)
	inputs := map[string]string{}
	for k, in := range meta.Inputs {
		inputs[k] = in.Default
		if v, ok := uses[k]; ok {
			if m := envExpr.FindStringSubmatch(v); m != nil {
				if v = ts.Getenv(m[1]); v == "" {
					v = wfEnv[m[1]]
				}
			}
			inputs[k] = v
		}
	}
	for k := range uses {
		if _, ok := meta.Inputs[k]; !ok {
			ts.Fatalf("step %q: the Action has no input %q", args[1], k)
		}
	}
	var b strings.Builder
	// failed: the status of the first step that failed. A step then runs
	// only when its if: starts with !cancelled(), as on a runner.
	b.WriteString("failed=0\n")
	for _, s := range meta.Runs.Steps {
		if s.Run == "" || s.Name == "Install cachediff" || s.ID == "build-key" {
			continue
		}
		cond := `[ "$failed" -eq 0 ]`
		if s.If != "" {
			expr := s.If
			if e, ok := strings.CutPrefix(expr, "${{ "); ok {
				expr, ok = strings.CutSuffix(e, " }}")
				if !ok {
					ts.Fatalf("step %q: an if: the tests cannot read: %q", s.Name, s.If)
				}
			}
			terms := []string{cond}
			if e, ok := strings.CutPrefix(expr, "!cancelled() && "); ok {
				expr, terms = e, nil
			}
			for _, t := range strings.Split(expr, " && ") {
				m := ifTerm.FindStringSubmatch(strings.TrimSpace(t))
				if m == nil {
					ts.Fatalf("step %q: an if: the tests cannot read: %q", s.Name, s.If)
				}
				// GitHub ignores case when it compares strings: both
				// sides are compared lower-cased.
				var val string
				if m[2] != "" {
					val = shellQuote(strings.ToLower(inputs[m[2]]))
				} else {
					val = `"$(sed -n 's/^` + m[4] + `=//p' "$GITHUB_OUTPUT" | tail -n 1 | tr '[:upper:]' '[:lower:]')"`
				}
				op := "="
				if m[5] == "!=" {
					op = "!="
				}
				terms = append(terms, "[ "+val+" "+op+" "+shellQuote(strings.ToLower(m[6]))+" ]")
			}
			cond = strings.Join(terms, " && ")
		}
		fmt.Fprintf(&b, "# %s\nif %s; then\n(\n", s.Name, cond)
		for _, k := range slices.Sorted(maps.Keys(s.Env)) {
			v := s.Env[k]
			if m := inputExpr.FindStringSubmatch(v); m != nil {
				v = inputs[m[1]]
				if strings.Contains(v, "${{") {
					continue
				}
			} else if m := outputExpr.FindStringSubmatch(v); m != nil {
				// A step's output, read from $GITHUB_OUTPUT as the step starts.
				fmt.Fprintf(&b, "export %s=\"$(sed -n 's/^%s=//p' \"$GITHUB_OUTPUT\" | tail -n 1)\"\n", k, m[2])
				continue
			} else if strings.Contains(v, "${{") {
				continue
			}
			fmt.Fprintf(&b, "export %s=%s\n", k, shellQuote(v))
		}
		fmt.Fprintf(&b, "exec bash --noprofile --norc -eo pipefail <<'CACHEDIFF_STEP'\n%sCACHEDIFF_STEP\n) || { s=$?; [ \"$failed\" -ne 0 ] || failed=$s; }\nfi\n", s.Run)
	}
	b.WriteString("exit \"$failed\"\n")
	ts.Check(os.WriteFile(ts.MkAbs(args[3]), []byte(b.String()), 0o644))
}

// shellQuote quotes s for the shell, in single quotes.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// yamlBlocksOf returns the ```yaml blocks of a Markdown document.
func yamlBlocksOf(doc string) []string {
	var blocks []string
	for {
		_, block, ok := strings.Cut(doc, "```yaml\n")
		if !ok {
			return blocks
		}
		block, rest, _ := strings.Cut(block, "```\n")
		blocks = append(blocks, block)
		doc = rest
	}
}
