package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestMakeTestSaysSharedSkipped (issue 35, "the project's own tests":
// without ../shared, six tests were skipped silently): make test says so
// in one line, with the number of tests that skip. The line is taken from
// make -n test (as make would run it), run with ../shared taken to be
// absent, and its number checked against the tests of the tree that call
// shareddata.Need (directly, or through cmd/cachediff's sharedLockfiles).
func TestMakeTestSaysSharedSkipped(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("the make program is not on PATH")
	}
	root := repoRoot(t)
	cmd := exec.Command("make", "-n", "test")
	cmd.Dir = root
	for _, kv := range os.Environ() { // not the flags of a make that runs this test
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("make -n test: %v", err)
	}
	const guard = "[ -d ../shared/lockfiles ] ||"
	var line string
	for l := range strings.SplitSeq(string(out), "\n") {
		if strings.HasPrefix(l, guard) {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("make test says nothing when ../shared/lockfiles is absent; make -n test:\n%s", out)
	}
	sh := exec.Command("sh", "-c", "false ||"+strings.TrimPrefix(line, guard))
	sh.Dir = root
	said, err := sh.Output()
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	m := regexp.MustCompile(`\A\.\./shared/lockfiles not found: the (\d+) tests that read it are skipped\n\z`).FindSubmatch(said)
	if m == nil {
		t.Fatalf("make test says %q without ../shared; want one line that counts the tests skipped", said)
	}
	n, _ := strconv.Atoi(string(m[1]))
	if want := testsNeedingShared(t, root); n != want {
		t.Errorf("make test counts %d tests skipped without ../shared; the tree has %d", n, want)
	}
}

// testsNeedingShared counts the test, benchmark and fuzz functions of the
// tree that call shareddata.Need or sharedLockfiles.
func testsNeedingShared(t *testing.T, root string) int {
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || !(strings.HasPrefix(fn.Name.Name, "Test") || strings.HasPrefix(fn.Name.Name, "Benchmark") || strings.HasPrefix(fn.Name.Name, "Fuzz")) {
				continue
			}
			needs := false
			ast.Inspect(fn.Body, func(x ast.Node) bool {
				call, ok := x.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch f := call.Fun.(type) {
				case *ast.SelectorExpr:
					if id, ok := f.X.(*ast.Ident); ok && id.Name == "shareddata" && f.Sel.Name == "Need" {
						needs = true
					}
				case *ast.Ident:
					needs = needs || f.Name == "sharedLockfiles"
				}
				return !needs
			})
			if needs {
				n++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
