package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestViewRefusalQuotedInASCII: the refusal of --view beside an
// argument that is no mirror names the view in ASCII, as the mirror
// names one ("no view"): quoted as Go does (%q), --view gе (its е
// Cyrillic) read as ge, and U+202E turned the line around; a view of
// 96 KB is cut about the cut's mark, within the line cap.
func TestViewRefusalQuotedInASCII(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "pages"), 0o755); err != nil {
		t.Fatal(err)
	}
	for view, want := range map[string]string{
		"g\u0435":                               `--view "g\u0435" reads a view`,
		"a\u202eb\x1b[31m":                      `--view "a\u202eb\x1b[31m" reads a view`,
		strings.Repeat("\u0435", 48<<10) + "\n": `--view "\u0435\u0435`,
	} {
		_, err := Load(dir, "pages", Options{Mirror: mirror.Options{View: view}}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), want) || strings.ContainsAny(err.Error(), "\u0435\u202e\x1b\n") || len(err.Error()) > 1<<10 {
			msg := "<nil>"
			if err != nil {
				msg = err.Error()[:min(len(err.Error()), 300)]
			}
			t.Errorf("--view of %d bytes: %q; want %s, in ASCII, within 1 KB", len(view), msg, want)
		}
	}
}
