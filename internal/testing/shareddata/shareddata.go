// Package shareddata finds the data the project's tests read in place but
// never copy into it (real Spack lockfiles): the folder shared beside the
// checkout, ../shared seen from the repository's root (the folder of
// go.mod), whichever package's folder a test runs in. A test that needs it
// and does not find it skips, with a message naming it; make test says in
// one line how many such tests there are when it is absent.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the folder shared/sub... beside the checkout that holds the
// working directory, or "" when it is absent (or there is no checkout: no
// go.mod in the working directory or above it).
func Dir(sub ...string) string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && fi.Mode().IsRegular() {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	p := filepath.Join(append([]string{dir, "..", "shared"}, sub...)...)
	if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
		return ""
	}
	return p
}

// Need returns Dir(sub...), or skips the test when it is absent.
func Need(t testing.TB, sub ...string) string {
	t.Helper()
	p := Dir(sub...)
	if p == "" {
		t.Skip(filepath.Join(append([]string{"../shared"}, sub...)...) + " (beside the checkout) is absent: its data is read in place, never copied into the project")
	}
	return p
}
