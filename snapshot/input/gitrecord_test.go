package input

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// snapRepo is a repository in a new temporary folder whose first commit
// holds snap/index.json and whose commits after it, commits-1 of them,
// are empty: the revisions HEAD~1… a hint's tests ask about beside
// snap. The test skips where git is not on PATH.
func snapRepo(t *testing.T, commits int) string {
	t.Helper()
	return gittest.IndexRepo(t, nil, slices.Repeat([]string{"{}"}, commits)...)
}
