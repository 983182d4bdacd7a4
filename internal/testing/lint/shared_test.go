package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSharedDataOneRule (issue 35, "the project's own tests": one package
// looked for ../shared in parent folders, another only beside the
// checkout): the real data in ../shared is found by one rule,
// internal/testing/shareddata's, which the Makefile's count of skipped
// tests knows. No other Go file spells a path to it: no string literal
// that is a path starting "../shared" (relative to whatever folder the
// test runs in), and no list of literals (a filepath.Join's arguments, a
// slice) that has both ".." and "shared" (relative to its package's
// folder, which breaks when the package moves). A message that names the
// folder, with words after it, is no path.
func TestSharedDataOneRule(t *testing.T) {
	root := repoRoot(t)
	own := filepath.Join(root, "internal", "testing", "shareddata")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == own || (p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var lits []ast.Expr
			switch n := n.(type) {
			case *ast.BasicLit:
				if s, ok := stringLit(n); ok && strings.HasPrefix(filepath.ToSlash(s), sharedPath) && !strings.Contains(s, " ") {
					t.Errorf("%s: %s names ../shared itself; use shareddata.Dir or shareddata.Need", fset.Position(n.Pos()), n.Value)
				}
				return true
			case *ast.CallExpr:
				lits = n.Args
			case *ast.CompositeLit:
				lits = n.Elts
			default:
				return true
			}
			var up, shared bool
			for _, e := range lits {
				if b, ok := e.(*ast.BasicLit); ok {
					s, _ := stringLit(b)
					up = up || s == ".."
					shared = shared || s == "shared"
				}
			}
			if up && shared {
				t.Errorf("%s: a path to ../shared of its own, relative to its package's folder; use shareddata.Dir or shareddata.Need", fset.Position(n.Pos()))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// sharedPath is ../shared, spelt so that this file does not name it.
const sharedPath = ".." + "/shared"

// stringLit is the value of a string literal.
func stringLit(b *ast.BasicLit) (string, bool) {
	if b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}
