package lint

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLayoutTable: docs/design.md's layout table names every package of
// the tree, and no package the tree does not have (issue 30: the table is
// a reference, so it must match). A row may name several packages.
func TestLayoutTable(t *testing.T) {
	root := repoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "\n## Layout\n")
	if !ok {
		t.Fatal("docs/design.md has no ## Layout section")
	}
	if end := strings.Index(table, "\n## "); end >= 0 {
		table = table[:end]
	}
	named := map[string]bool{}
	cell := regexp.MustCompile("`([a-z0-9_./-]+)`")
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first, _, _ := strings.Cut(line[1:], "|")
		for _, m := range cell.FindAllStringSubmatch(first, -1) {
			named[m[1]] = true
		}
	}
	var tree []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			tree = append(tree, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(tree)
	tree = slices.Compact(tree)
	for _, p := range tree {
		if !named[p] {
			t.Errorf("package %s is not in docs/design.md's layout table", p)
		}
	}
	for p := range named {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("docs/design.md's layout table names %s, which the tree does not have", p)
		}
	}
	if len(tree) < 10 {
		t.Fatalf("the walk found %d packages", len(tree))
	}
}
