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

// TestMakeFuzzTargets: make fuzz runs every fuzz test of the tree, each
// in the package that defines it. go test -fuzz in a package without the
// named test only warns "no fuzz tests to fuzz" and passes, so a fuzz
// test that moved to another package (as the log decoder's did when the
// formats left package report) was silently fuzzed no more.
func TestMakeFuzzTargets(t *testing.T) {
	root := repoRoot(t)
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^\t\$\(GO\) test (\./\S*) -run '\^\$\$' -fuzz '\^(Fuzz\w+)\$\$' \$\(FUZZFLAGS\)$`)
	var run []string
	for _, m := range line.FindAllStringSubmatch(string(mk), -1) {
		run = append(run, filepath.Clean(m[1])+" "+m[2])
	}
	def := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	var have []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, m := range def.FindAllStringSubmatch(string(src), -1) {
			have = append(have, filepath.Clean("./"+rel)+" "+m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(have)
	if len(have) == 0 {
		t.Fatal("no fuzz test found in the tree")
	}
	for _, r := range run {
		if !slices.Contains(have, r) {
			t.Errorf("make fuzz runs %s, which that package does not define", r)
		}
	}
	for _, h := range have {
		if !slices.Contains(run, h) {
			t.Errorf("make fuzz does not run %s", h)
		}
	}
}
