package main

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestPackageDoc: the package doc (go doc) shows every usage line of
// --help and the exit-status rules of both forms and of --fail-on, so
// that it does not fall behind the command again.
func TestPackageDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(f.Doc.Text()), " ")
	for _, line := range strings.Split(strings.TrimSpace(synopsis()), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "Usage:"))
		if !strings.Contains(doc, line) {
			t.Errorf("the package doc lacks the usage line %q", line)
		}
	}
	for _, want := range []string{"0 when", "1 when", "2 on trouble", "--fail-on", "render exits"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the package doc does not say %q", want)
		}
	}
}
