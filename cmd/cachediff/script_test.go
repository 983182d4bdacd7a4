package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
)

// TestMain makes the test binary double as the cachediff command, so that
// scripts run it as a real process: its exit code, stdout and stderr.
func TestMain(m *testing.M) {
	testscript.Main(removingWeekly{m}, map[string]func(){
		"cachediff": main,
		// cachediff whose signal handler waits, between removing the
		// temporary files and dying, for main to end the process
		// (TestSignalWhileMainEnds).
		"cachediff-waitexit": func() {
			beforeDie = func() {
				select {
				case <-exiting:
				case <-time.After(time.Minute):
				}
			}
			main()
		},
		"gh":     func() { os.Exit(fakeGH()) },
		"gen":    func() { os.Exit(genPair()) },
		"cpweek": func() { os.Exit(cpWeek(os.Args[1:])) },
	})
}

// TestScript runs the command-line scripts in testdata/script. They see
// the repository's testdata and docs folders as $TESTDATA and $DOCS (and
// $CMDPATH, the folder of the programs below, a PATH without git), the
// programs cachediff, gh (a stand-in, see fakeGH), gen (a generated
// snapshot pair, see genPair) and cpweek (a week's pages written where
// the nightly job writes them, see cpWeek), and the commands
// besides testscript's own:
//
//	status N prog [args...]  runs prog and fails unless it exits with N
//	glob pattern...          fails unless every pattern matches a file in
//	                         the current directory (with !: unless none does)
//	bytes file text          writes text to file, with Go escapes (\x00,
//	                         \xe9, \n) decoded: binary and non-UTF-8 input
//	recipe DOC STEP FILE     writes the run: script of a workflow step in
//	                         DOC (a Markdown file) to FILE (see cmdRecipe)
//	gitrepo REPO DIR...      makes a git repository REPO with one commit per
//	                         folder DIR, each replacing _cache/develop with
//	                         the folder's contents (gittest.Commits), and
//	                         sets $COMMIT1, $COMMIT2... to their ids; the
//	                         scripts' git runs with fixed identities and
//	                         without the user's configuration
//	gitcommit REPO MESSAGE   commits everything in REPO's working tree and
//	                         sets $COMMIT to the new commit's id
//	prmerge REPO BASE HEAD   makes GitHub's test merge of a pull request,
//	                         HEAD into BASE, as refs/pull/1/merge, and sets
//	                         $MERGE to its id (see cmdPRMerge)
//	ghapi LOG                a stand-in for GitHub's issues API on
//	                         loopback, for gh (see cmdGHAPI)
//	action DOC STEP ACTION FILE
//	                         writes what a step of DOC that uses the
//	                         Action ACTION runs to FILE (see cmdAction)
//
// and the condition [exec:git] (testscript's own), for the scripts that
// need the git program.
func TestScript(t *testing.T) {
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Abs("../../docs")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			for _, kv := range gittest.Vars {
				k, v, _ := strings.Cut(kv, "=")
				env.Setenv(k, v)
			}
			env.Setenv("TESTDATA", testdata)
			env.Setenv("DOCS", docs)
			// The folder of the scripts' own programs (testscript.Main
			// puts it first on PATH): a PATH of it alone has cachediff
			// but not git.
			bin, _, _ := strings.Cut(env.Getenv("PATH"), string(os.PathListSeparator))
			env.Setenv("CMDPATH", bin)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status":    cmdStatus,
			"glob":      cmdGlob,
			"bytes":     cmdBytes,
			"recipe":    cmdRecipe,
			"gitrepo":   cmdGitRepo,
			"gitcommit": cmdGitCommit,
			"prmerge":   cmdPRMerge,
			"mirror":    cmdMirror,
			"serve":     cmdServe,
			"ghapi":     cmdGHAPI,
			"action":    cmdAction,
		},
		// [short] is true under go test -short: a script leaves its
		// slowest parts (a generated catalogue of thousands of specs) to
		// make test.
		Condition: func(cond string) (bool, error) {
			if cond == "short" {
				return testing.Short(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		RequireUniqueNames: true,
	})
}

// cpWeek is the program cpweek SRC DST: it copies the folder (or page)
// SRC to DST as the catalogue's nightly job writes it there, each page
// below _cache/<tag> tagged <tag> (gittest.CopyTree), so that a real
// week, tagged develop-2025-02-23 in its folder, becomes a night of
// _cache/develop.
func cpWeek(args []string) int {
	if len(args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cpweek SRC DST")
		return 2
	}
	if err := gittest.CopyTree(args[1], args[0], ""); err != nil {
		fmt.Fprintln(os.Stderr, "cpweek:", err)
		return 1
	}
	return 0
}

// cmdGitRepo makes a git repository of snapshot folders, one commit each.
func cmdGitRepo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: gitrepo REPO DIR...")
	}
	dirs := make([]string, len(args)-1)
	for i, d := range args[1:] {
		dirs[i] = ts.MkAbs(d)
	}
	weeks, err := gittest.Commits(ts.MkAbs(args[0]), dirs...)
	ts.Check(err)
	for i, w := range weeks {
		ts.Setenv("COMMIT"+strconv.Itoa(i+1), w.ID)
	}
}

// cmdMirror writes a Spack mirror of a build-cache index (mirrorgen):
// mirror v2|v3|v3-noindex INDEX DIR [view=NAME] [sign=NAME].
func cmdMirror(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: mirror v2|v3|v3-noindex INDEX DIR [view=NAME] [sign=NAME]")
	}
	index, err := os.ReadFile(ts.MkAbs(args[1]))
	ts.Check(err)
	dir := ts.MkAbs(args[2])
	var o mirrorgen.Options
	for _, a := range args[3:] {
		k, v, _ := strings.Cut(a, "=")
		switch k {
		case "view":
			o.View = v
		case "sign":
			o.Sign = v
		default:
			ts.Fatalf("mirror: unknown option %q", a)
		}
	}
	switch args[0] {
	case "v2":
		ts.Check(mirrorgen.V2(dir, index))
	case "v3":
		ts.Check(mirrorgen.V3(dir, index, o))
	case "v3-noindex":
		o.NoIndex = true
		ts.Check(mirrorgen.V3(dir, index, o))
	default:
		ts.Fatalf("mirror: unknown layout %q", args[0])
	}
}

// cmdServe serves a folder over HTTP on loopback, as a web server serves
// a mirror (ETag, If-None-Match, 404), until the script ends: serve DIR
// LOG sets $URL to its root and appends each request to the file LOG
// ("GET /path 200", " if-none-match" when the request carried one).
func cmdServe(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: serve DIR LOG")
	}
	dir, logFile := ts.MkAbs(args[0]), ts.MkAbs(args[1])
	var mu sync.Mutex
	record := func(r *http.Request, status int) {
		mu.Lock()
		defer mu.Unlock()
		inm := ""
		if r.Header.Get("If-None-Match") != "" {
			inm = " if-none-match"
		}
		f, err := os.OpenFile(logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%s %s%s %d\n", r.Method, r.URL.Path, inm, status)
			f.Close()
		}
	}
	srv := httptest.NewServer(mirrorgen.Handler(dir, record))
	ts.Defer(srv.Close)
	ts.Setenv("URL", srv.URL)
}

// cmdGitCommit commits a repository's working tree.
func cmdGitCommit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: gitcommit REPO MESSAGE")
	}
	repo := ts.MkAbs(args[0])
	_, err := gittest.Git(repo, nil, "add", "-A")
	ts.Check(err)
	_, err = gittest.Git(repo, nil, "commit", "-q", "-m", args[1])
	ts.Check(err)
	id, err := gittest.Git(repo, nil, "rev-parse", "HEAD")
	ts.Check(err)
	ts.Setenv("COMMIT", strings.TrimSpace(id))
}

// cmdStatus runs a program and checks its exact exit code; testscript's
// exec only tells zero from non-zero, and cachediff's 1 and 2 differ.
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! status")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: status N prog [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: bad exit code %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdGlob checks which files match shell patterns.
func cmdGlob(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 0 {
		ts.Fatalf("usage: glob pattern...")
	}
	for _, pattern := range args {
		matches, err := filepath.Glob(ts.MkAbs(pattern))
		ts.Check(err)
		switch {
		case neg && len(matches) > 0:
			ts.Fatalf("%s unexpectedly matches %v", pattern, matches)
		case !neg && len(matches) == 0:
			ts.Fatalf("%s matches no file", pattern)
		}
	}
}

// cmdBytes writes a file whose content is given with Go escapes, for bytes
// a txtar archive cannot hold or should not (NUL, invalid UTF-8).
func cmdBytes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: bytes file text")
	}
	text, err := strconv.Unquote(`"` + strings.ReplaceAll(args[1], `"`, `\"`) + `"`)
	ts.Check(err)
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	ts.Check(os.WriteFile(path, []byte(text), 0o644))
}
