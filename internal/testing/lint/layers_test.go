package lint

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/cachediff/cachediff"

// rule forbids the packages that from matches to import what to matches
// (both are paths inside the module, "" for its root).
type rule struct {
	why      string
	from, to func(pkg string) bool
}

func under(prefixes ...string) func(string) bool {
	return func(pkg string) bool {
		for _, p := range prefixes {
			if pkg == p || strings.HasPrefix(pkg, p+"/") {
				return true
			}
		}
		return false
	}
}

// isRuntime is internal/ without its test support and tools: the helpers
// the shipped packages use.
func isRuntime(pkg string) bool {
	return under("internal")(pkg) && !under("internal/testing", "internal/cmd")(pkg)
}

// testSupport is a package only tests import: internal/testing/*, and a
// package's own test support beside it (report/internal/reporttest),
// named *test as the standard library's httptest is.
func testSupport(pkg string) bool {
	return under("internal/testing")(pkg) || strings.HasSuffix(path.Base(pkg), "test")
}

func not(f func(string) bool) func(string) bool { return func(p string) bool { return !f(p) } }

func anyPkg(string) bool { return true }

// layers are the arrows the house forbids (docs/design.md, "Layout"):
// each runs from a lower package to a higher one, or from shipped code
// to test support. Go forbids cycles; these keep the order of the house.
var layers = []rule{
	{"a runtime helper is a leaf: it imports no package of the module but other runtime helpers",
		isRuntime, not(isRuntime)},
	{"test support and tools are for tests and tools only",
		func(p string) bool { return !testSupport(p) && !under("internal/cmd")(p) }, testSupport},
	{"commands are imported by nobody", anyPkg, under("cmd", "internal/cmd")},
	{"test support under internal/testing imports nothing of the module outside it: where a package's tests import it, and it depends on that package, go vet and go test build that package again, with all between, for those tests (spackgen's DAG.Graph, on diff, built diff thrice)",
		under("internal/testing"), not(under("internal/testing"))},
	{"the engine returns plain data: it imports no formatting and no source of snapshots",
		under("diff"), under("report", "templates", "cmd")},
	{"the engine reads snapshots through the model only",
		under("diff"), func(p string) bool { return under("snapshot")(p) && p != "snapshot" }},
	{"snapshots know nothing of the engine or of formatting",
		under("snapshot"), under("diff", "report", "templates")},
	{"formatting reads the engine's report, never a snapshot's source or format",
		func(p string) bool { return under("report")(p) && !testSupport(p) }, func(p string) bool { return under("snapshot")(p) && p != "snapshot" }},
	{"the registry of formats knows none of them: each registers itself with it (report/builtin lists them)",
		func(p string) bool { return p == "report" }, func(p string) bool {
			return under("report")(p) && p != "report/view" && !strings.HasPrefix(p, "report/internal/")
		}},
}

// TestLayers: no import runs from a lower package to a higher one (issue
// 30): every import of every non-test file against the rules above.
func TestLayers(t *testing.T) {
	root := repoRoot(t)
	fset := token.NewFileSet()
	imports := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".") || n == "gitbench") {
				return filepath.SkipDir // gitbench is a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if in, ok := strings.CutPrefix(p, module+"/"); ok {
				imports[pkg] = append(imports[pkg], in)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports["cmd/cachediff"]) == 0 || len(imports["diff"]) == 0 {
		t.Fatalf("the walk of %s found no imports of cmd/cachediff or diff", root)
	}
	arrows := 0
	for pkg, to := range imports {
		slices.Sort(to)
		for _, imp := range slices.Compact(to) {
			arrows++
			for _, r := range layers {
				if r.from(pkg) && r.to(imp) {
					t.Errorf("%s imports %s: %s", pkg, imp, r.why)
				}
			}
		}
	}
	t.Logf("%d packages, %d arrows checked", len(imports), arrows)
}

// TestEngineImportsNoFormatting: the engine, with all it depends on,
// links no template or formatting package (go list -deps ./diff).
func TestEngineImportsNoFormatting(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", module+"/diff").Output()
	if err != nil {
		t.Fatal(err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, module+"/snapshot") {
		t.Fatalf("go list -deps ./diff lists no snapshot: %q", deps)
	}
	for _, d := range deps {
		if d == "text/template" || d == "html/template" || strings.HasPrefix(d, module+"/report") ||
			strings.HasPrefix(d, module+"/templates") || strings.Contains(d, "sprig") {
			t.Errorf("diff depends on %s", d)
		}
	}
}
