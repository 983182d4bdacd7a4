package lint

import (
	"path/filepath"
	"testing"
)

// repoRoot is the absolute path of the repository the tests read.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}
