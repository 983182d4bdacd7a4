package input

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestArgErrorNamesArgQuoted (class e): an argument's error named it as
// written: the folder a\nb (a backslash, an n) and the folder a, a line
// break, b read alike once the line break was escaped for the terminal.
// It is named as a snapshot's errors name a path: plain when plain,
// quoted when it holds a backslash or a control character, each its own.
func TestArgErrorNamesArgQuoted(t *testing.T) {
	dir := t.TempDir()
	got := map[string]string{}
	for _, name := range []string{`a\nb`, "a\nb", "plain"} {
		if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir, name, Options{Mirror: mirror.Options{View: "x"}}, snapshot.Options{})
		if err == nil {
			t.Fatalf("--view x %q: no error", name)
		}
		msg := err.Error()
		want := snapshot.ShownPath(name) + `: --view "x" reads a view of a Spack mirror`
		if len(msg) < len(want) || msg[:len(want)] != want {
			t.Errorf("--view x %q: %q; want it to start %q", name, msg, want)
		}
		got[name] = msg
	}
	if got[`a\nb`] == got["a\nb"] {
		t.Errorf("two arguments, one error: %q", got["a\nb"])
	}
	if want := `plain: --view "x"`; got["plain"][:len(want)] != want {
		t.Errorf("--view x plain: %q; want the name as it is", got["plain"])
	}
}
