package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// predeclared are Go's predeclared identifiers: functions, types and
// constants a declaration could shadow.
var predeclared = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`append cap clear close complex copy delete imag len make max min new panic print println real recover
		any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr
		true false iota nil`) {
		predeclared[n] = true
	}
}

// TestNoShadowedBuiltins: no variable, parameter, result, constant, type
// or function of the repository, tests included, is named like a
// predeclared identifier (new, min, max, real, clear, close, ...): the
// builtin is then out of reach in that scope, and a reader takes one for
// the other (issue 12). Struct fields are selected through their struct
// and shadow nothing.
func TestNoShadowedBuiltins(t *testing.T) {
	root := repoRoot(t)
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		for _, id := range declared(f) {
			if predeclared[id.Name] {
				p := fset.Position(id.Pos())
				rel, _ := filepath.Rel(root, p.Filename)
				t.Errorf("%s:%d:%d: %s shadows the builtin", rel, p.Line, p.Column, id.Name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("checked %d Go files under %s: the walk missed the repository", files, root)
	}
}

// declared returns the identifiers f declares in a scope where they would
// hide a predeclared one: not struct fields or interface methods.
func declared(f *ast.File) []*ast.Ident {
	var ids []*ast.Ident
	fields := func(l *ast.FieldList) {
		if l == nil {
			return
		}
		for _, fld := range l.List {
			ids = append(ids, fld.Names...)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl:
			if x.Recv == nil {
				ids = append(ids, x.Name)
			}
			fields(x.Recv)
		case *ast.FuncType:
			fields(x.TypeParams)
			fields(x.Params)
			fields(x.Results)
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				for _, e := range x.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						ids = append(ids, id)
					}
				}
			}
		case *ast.RangeStmt:
			if x.Tok == token.DEFINE {
				for _, e := range []ast.Expr{x.Key, x.Value} {
					if id, ok := e.(*ast.Ident); ok {
						ids = append(ids, id)
					}
				}
			}
		case *ast.ValueSpec:
			ids = append(ids, x.Names...)
		case *ast.TypeSpec:
			ids = append(ids, x.Name)
			fields(x.TypeParams)
		}
		return true
	})
	return ids
}
