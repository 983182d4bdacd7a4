package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestFileURLWithoutPath: file:// and file://localhost name no folder
// ("file://$MIRROR" with MIRROR unset) and are refused. (Adversarial
// pass 71: they read the working folder as the mirror, so that a CI step
// whose variable was unset compared its checkout, silently.)
func TestFileURLWithoutPath(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, u := range []string{"file://", "file://localhost", "FILE://"} {
		_, err := (&mirror.HTTP{NoCache: true}).Open(u, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "no path") {
			t.Errorf("Open(%q): %v; want an error: a file URL with no path", u, err)
		}
	}
	if _, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{}); err != nil {
		t.Errorf("file://%s: %v", dir, err)
	}
}
