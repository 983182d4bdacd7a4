package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
	"gopkg.in/yaml.v3"
)

// The workflows of docs/ci.md and the repository's composite Action,
// action.yml, are checked by actionlint (github.com/rhysd/actionlint), the
// standard linter of GitHub Actions workflows: expressions and their
// types, contexts, step outputs, the inputs a step passes to an action,
// runner labels, permissions. actionlint lints workflows, not actions: the
// Action is checked by the workflows that use it (the docs' recipes use it
// as cachediff/cachediff@REF, linted here as the local action ./, so that
// actionlint reads action.yml and checks their inputs against it) and by
// TestActionRunUsesEnv.

// actionRef is how the docs' recipes name the Action.
var actionRef = regexp.MustCompile(`uses: cachediff/cachediff@[^\s]+`)

// yamlBlocks returns the ```yaml blocks of a Markdown document.
func yamlBlocks(t *testing.T, doc string) []string {
	t.Helper()
	var blocks []string
	for {
		_, block, ok := strings.Cut(doc, "```yaml\n")
		if !ok {
			return blocks
		}
		block, rest, ok := strings.Cut(block, "```\n")
		if !ok {
			t.Fatal("a ```yaml block without its end")
		}
		blocks = append(blocks, block)
		doc = rest
	}
}

// actionlintProject makes a repository for actionlint to lint in: .git,
// .github/workflows and the Action's action.yml at its root.
func actionlintProject(t *testing.T) (*actionlint.Project, string) {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{".git", ".github/workflows"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "action.yml"), action, 0o644); err != nil {
		t.Fatal(err)
	}
	proj, err := actionlint.NewProject(root)
	if err != nil {
		t.Fatal(err)
	}
	return proj, root
}

// TestActionlintDocs: every workflow of docs/ci.md passes actionlint, and
// so does a workflow that uses the Action with every input it has (which
// makes actionlint parse action.yml). shellcheck runs on the run: scripts
// when it is installed.
func TestActionlintDocs(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := yamlBlocks(t, string(doc))
	if len(blocks) == 0 {
		t.Fatal("docs/ci.md has no ```yaml block")
	}
	proj, root := actionlintProject(t)
	var out bytes.Buffer
	opts := &actionlint.LinterOptions{}
	if sc, err := exec.LookPath("shellcheck"); err == nil {
		opts.Shellcheck = sc
	}
	l, err := actionlint.NewLinter(&out, opts)
	if err != nil {
		t.Fatal(err)
	}
	// The Action's own inputs, all of them, in a workflow.
	var meta struct {
		Inputs map[string]any `yaml:"inputs"`
	}
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(action, &meta); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	var with strings.Builder
	for _, k := range slices.Sorted(mapsKeys(meta.Inputs)) {
		with.WriteString("          " + k + ": x\n")
	}
	blocks = append(blocks, "on: workflow_dispatch\njobs:\n  all:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: cachediff/cachediff@v1\n        id: cd\n        with:\n"+with.String()+
		"      - run: echo \"$C $S $J $R\"\n        env:\n          C: ${{ steps.cd.outputs.changed }}\n          S: ${{ steps.cd.outputs.status }}\n          J: ${{ steps.cd.outputs.json }}\n          R: ${{ steps.cd.outputs.report }}\n")
	for i, b := range blocks {
		b = actionRef.ReplaceAllString(b, "uses: ./")
		path := filepath.Join(root, ".github", "workflows", "ci"+string(rune('a'+i))+".yml")
		if err := os.WriteFile(path, []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
		errs, err := l.Lint(path, []byte(b), proj)
		if err != nil {
			t.Fatalf("workflow %d of docs/ci.md: %v", i+1, err)
		}
		for _, e := range errs {
			t.Errorf("workflow %d: %s", i+1, e)
		}
	}
	// A control: actionlint read action.yml, and refuses an input it does
	// not declare and a step output it does not have.
	bad := "on: workflow_dispatch\njobs:\n  bad:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ./\n        id: cd\n        with:\n          no-such-input: x\n      - run: echo \"$X\"\n        env:\n          X: ${{ steps.cd.outputs.no-such-output }}\n"
	path := filepath.Join(root, ".github", "workflows", "bad.yml")
	errs, err := l.Lint(path, []byte(bad), proj)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	if all := strings.Join(msgs, "\n"); !strings.Contains(all, "no-such-input") || !strings.Contains(all, "no-such-output") {
		t.Errorf("actionlint did not check the Action's inputs and outputs; it said:\n%s", all)
	}
	if out.Len() > 0 {
		t.Logf("actionlint:\n%s", out.String())
	}
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestActionRunUsesEnv: the Action's metadata is what a composite action
// needs, and its run: scripts take every value through env:: no ${{ }}
// in a script (an input spliced into a script is shell code anyone who
// sets the input can inject), a shell on every run: step, every ${{
// inputs.X }} names a declared input, every output names a step output
// that the step writes, and bash parses every script (bash -n).
func TestActionRunUsesEnv(t *testing.T) {
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Name        string         `yaml:"name"`
		Description string         `yaml:"description"`
		Author      string         `yaml:"author"`
		Branding    map[string]any `yaml:"branding"`
		Inputs      map[string]struct {
			Description string  `yaml:"description"`
			Default     *string `yaml:"default"`
		} `yaml:"inputs"`
		Outputs map[string]struct {
			Description string `yaml:"description"`
			Value       string `yaml:"value"`
		} `yaml:"outputs"`
		Runs struct {
			Using string `yaml:"using"`
			Steps []struct {
				ID    string            `yaml:"id"`
				Name  string            `yaml:"name"`
				Uses  string            `yaml:"uses"`
				Shell string            `yaml:"shell"`
				If    string            `yaml:"if"`
				Env   map[string]string `yaml:"env"`
				With  map[string]string `yaml:"with"`
				Run   string            `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&action); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if action.Name == "" || action.Description == "" || action.Runs.Using != "composite" {
		t.Fatalf("action.yml: name %q, description %q, runs.using %q: want a named, described composite action", action.Name, action.Description, action.Runs.Using)
	}
	for k, in := range action.Inputs {
		if in.Description == "" || in.Default == nil {
			t.Errorf("input %s: no description or no default", k)
		}
	}
	inputRef := regexp.MustCompile(`\binputs\.([A-Za-z0-9_-]+)`)
	for _, m := range inputRef.FindAllStringSubmatch(string(data), -1) {
		if _, ok := action.Inputs[m[1]]; !ok {
			t.Errorf("action.yml uses inputs.%s, which it does not declare", m[1])
		}
	}
	written := map[string]bool{}
	for i, s := range action.Runs.Steps {
		if s.Uses != "" {
			if at := strings.LastIndex(s.Uses, "@"); at < 0 || strings.HasSuffix(s.Uses, "@main") || strings.HasSuffix(s.Uses, "@master") {
				t.Errorf("step %d uses %q: not pinned to a release", i+1, s.Uses)
			}
			continue
		}
		if s.Run == "" {
			t.Errorf("step %d: neither uses: nor run:", i+1)
			continue
		}
		if s.Shell != "bash" {
			t.Errorf("step %q: shell %q, want bash", s.Name, s.Shell)
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %q: a ${{ }} expression in its run: script; pass the value through env:", s.Name)
		}
		if strings.Contains(s.Run, "@latest") {
			t.Errorf("step %q installs @latest; the Action installs the cachediff of its own ref", s.Name)
		}
		cmd := exec.Command("bash", "-n")
		cmd.Stdin = strings.NewReader(s.Run)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("step %q: bash -n: %v\n%s", s.Name, err, out)
		}
		// actionlint shellchecks a workflow's scripts, not an action's:
		// shellcheck them here as actionlint would (its exclusions).
		if sc, err := exec.LookPath("shellcheck"); err == nil {
			cmd := exec.Command(sc, "--norc", "--shell=bash", "-e", "SC1091,SC2194,SC2050,SC2154,SC2157", "-")
			cmd.Stdin = strings.NewReader(s.Run)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("step %q: shellcheck: %v\n%s", s.Name, err, out)
			}
		}
		for _, m := range regexp.MustCompile(`echo "([a-z_]+)=`).FindAllStringSubmatch(s.Run, -1) {
			if s.ID != "" {
				written["steps."+s.ID+".outputs."+m[1]] = true
			}
		}
	}
	if len(action.Outputs) == 0 {
		t.Error("action.yml has no outputs")
	}
	for k, o := range action.Outputs {
		ref := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(o.Value, "${{"), "}}"))
		if !written[ref] {
			t.Errorf("output %s is %q, which no step writes", k, o.Value)
		}
	}
}

// TestActionBuildCached: the Action builds cachediff once per version of
// its source, and its Go toolchain step neither warns nor caches in vain.
// setup-go's own cache cannot serve it: the Action's checkout is outside
// GITHUB_WORKSPACE, where @actions/glob's hashFiles ignores every file,
// so a cache-dependency-path there makes setup-go warn "Restore cache
// failed: Some specified paths were not resolved" on every run, cache
// nothing, and the build run every time. Instead: setup-go with cache:
// false, and the built binary in actions/cache under a key made from the
// Action's own source (its ref's content: go.mod, go.sum, the Go files
// and the embedded templates), setup-go and the build skipped on a hit.
// The key step is run here, on a checkout of a few files (the live
// tree changes under other tests): the same key twice, another for a
// change to a Go file, a template or go.sum but not to testdata, and
// cachediff's folder put on PATH.
func TestActionBuildCached(t *testing.T) {
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Runs struct {
			Steps []struct {
				ID   string            `yaml:"id"`
				Name string            `yaml:"name"`
				Uses string            `yaml:"uses"`
				If   string            `yaml:"if"`
				Env  map[string]string `yaml:"env"`
				With map[string]string `yaml:"with"`
				Run  string            `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	var keyStep, cacheID, keyRun string
	miss := ""
	for _, s := range action.Runs.Steps {
		switch {
		case strings.HasPrefix(s.Uses, "actions/cache@"):
			if !strings.Contains(s.With["key"], "steps.") || !strings.Contains(s.With["path"], "steps.") {
				t.Errorf("actions/cache: key %q, path %q: want the key step's outputs", s.With["key"], s.With["path"])
			}
			cacheID = s.ID
			miss = "steps." + s.ID + ".outputs.cache-hit != 'true'"
		case strings.HasPrefix(s.Uses, "actions/setup-go@"):
			if s.With["cache"] != "false" {
				t.Errorf("setup-go: cache %q, want false (the Action's go.sum is outside GITHUB_WORKSPACE)", s.With["cache"])
			}
			if strings.Contains(s.With["cache-dependency-path"], "action_path") {
				t.Errorf("setup-go: cache-dependency-path %q is outside GITHUB_WORKSPACE", s.With["cache-dependency-path"])
			}
			if miss == "" || s.If != miss {
				t.Errorf("setup-go: if %q, want it after actions/cache and only on a miss (%q)", s.If, miss)
			}
		case s.Name == "Install cachediff":
			if miss == "" || s.If != miss {
				t.Errorf("the build: if %q, want it only on a miss of the cache (%q)", s.If, miss)
			}
		case s.Run != "" && cacheID == "" && keyStep == "":
			keyStep, keyRun = s.ID, s.Run
		}
	}
	if cacheID == "" || keyStep == "" {
		t.Fatalf("action.yml: no step that keys the build before an actions/cache step of it")
	}
	// The key step runs on an Action's checkout of a few files: the same
	// key twice, a test file's change (testdata) keeps it, a Go file's
	// change makes another.
	root := t.TempDir()
	for name, data := range map[string]string{
		"go.mod": "module x\n", "go.sum": "", "main.go": "package main\n",
		"templates/a.tmpl": "{{.}}", "cmd/x/testdata/big.txt": "data", "README.md": "read me",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func() map[string]string {
		dir := t.TempDir()
		out, path := filepath.Join(dir, "output"), filepath.Join(dir, "path")
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", keyRun)
		cmd.Env = append(os.Environ(), "GITHUB_ACTION_PATH="+root, "GITHUB_OUTPUT="+out, "GITHUB_PATH="+path,
			"RUNNER_TEMP="+dir, "RUNNER_OS=Linux", "RUNNER_ARCH=X64")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("the key step: %v\n%s", err, b)
		}
		o, _ := os.ReadFile(out)
		p, _ := os.ReadFile(path)
		m := map[string]string{"PATH": strings.TrimSpace(string(p))}
		for _, l := range strings.Split(strings.TrimSpace(string(o)), "\n") {
			k, v, _ := strings.Cut(l, "=")
			m[k] = v
		}
		m["dir"] = strings.TrimPrefix(m["dir"], dir)
		m["PATH"] = strings.TrimPrefix(m["PATH"], dir)
		return m
	}
	// The Action runs on macOS runners too, whose xargs, date and sed
	// are BSD's, and which have shasum but not always sha256sum.
	for _, gnu := range []*regexp.Regexp{regexp.MustCompile(`xargs\s+(-\w*\s+)*-d`), regexp.MustCompile(`\bdate\s+(-\w+\s+)*-d\b`), regexp.MustCompile(`\bsed\s+-i\b`), regexp.MustCompile(`readlink\s+-f`), regexp.MustCompile(`^\s*sha256sum|\|\s*sha256sum`)} {
		if gnu.MatchString(keyRun) {
			t.Errorf("the key step uses %s, which a macOS runner lacks", gnu)
		}
	}
	a, b := run(), run()
	if !regexp.MustCompile(`^cachediff-Linux-X64-[0-9a-f]{64}$`).MatchString(a["key"]) || a["key"] != b["key"] {
		t.Errorf("the key step: keys %q and %q, want one cachediff-OS-ARCH-SHA256", a["key"], b["key"])
	}
	for _, c := range []struct {
		file, data string
		same       bool
	}{
		{"cmd/x/testdata/big.txt", "other data", true},
		{"README.md", "other", true},
		{"main.go", "package main // changed\n", false},
		{"templates/a.tmpl", "{{.}}!", false},
		{"go.sum", "x v1.0.0 h1:\n", false},
	} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(c.file)), []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		k := run()["key"]
		if (k == b["key"]) != c.same {
			t.Errorf("the key step: after %s changed, key %q (before %q): want it the same: %v", c.file, k, b["key"], c.same)
		}
		b["key"] = k
	}
	if a["dir"] == "" || a["PATH"] != a["dir"] {
		t.Errorf("the key step: dir %q, PATH %q: want the binary's folder on PATH", a["dir"], a["PATH"])
	}
	if !strings.HasSuffix(a["gomod"], "/go.mod") {
		t.Errorf("the key step: gomod %q, want the Action's go.mod", a["gomod"])
	}
}
