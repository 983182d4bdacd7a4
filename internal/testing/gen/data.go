package gen

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
)

// BenchDir is the folder of benchmark data under the repository root
// (git-ignored, generated when absent).
const BenchDir = "testdata/bench"

// BenchPair returns the folder of the benchmark pair of about specs specs
// per tree (nightly churn, or heavy), generating it under BenchDir when it
// is absent. root is the repository root.
func BenchPair(root string, specs int, heavy bool) (string, *TruthDoc, error) {
	cfg := Default(1, specs)
	name := fmt.Sprintf("nightly-%d", specs)
	if heavy {
		cfg.Rates = Heavy
		name = fmt.Sprintf("heavy-%d", specs)
	}
	dir := filepath.Join(root, BenchDir, name)
	doc, err := Ensure(dir, cfg)
	return dir, doc, err
}

// ChurnPair returns the folder of the benchmark pair of about specs specs
// per tree at a churn level (see Churns), generating it under BenchDir
// when it is absent or was written by an older generator.
func ChurnPair(root string, specs int, c Churn) (string, *TruthDoc, error) {
	cfg := Default(1, specs)
	cfg.Rates = c.Rates
	dir := filepath.Join(root, BenchDir, fmt.Sprintf("churn%s-%d", strings.TrimSuffix(c.Name, "%"), specs))
	doc, err := Ensure(dir, cfg)
	return dir, doc, err
}

// RepoRoot returns the repository root from the source of this file, for
// benchmarks run in any package folder.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}
