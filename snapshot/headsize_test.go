package snapshot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHeadSizeFromConstant (issue 35, class e): a message of the
// package that tells how much of a file's head is read for its kind
// says detectSize, not a number written out: cutGzipByContent said "512
// bytes" whatever detectSize held. Its text says detectSize's value, and
// no string of the package's code spells that value out in bytes.
func TestHeadSizeFromConstant(t *testing.T) {
	if want := "the first " + strconv.Itoa(detectSize) + " bytes of its content"; !strings.Contains(cutGzipByContent, want) {
		t.Errorf("cutGzipByContent: %q; want %q", cutGzipByContent, want)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	spelt := strconv.Itoa(detectSize) + " bytes"
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, spelt) {
				t.Errorf("%s: a string spells out detectSize: %s", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
	}
}
