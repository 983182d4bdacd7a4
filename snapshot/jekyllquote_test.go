package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJekyllMessagesQuoteInput (issue 35, class a): the reasons the
// loader gives for a file the site publishes otherwise than cachediff
// reads it (publishRule: leftOut, beside, besideRead, dotFolder) put the
// tag's folder, the page's home and the package as read: a folder
// "a\n::error::z" under _cache held a raw newline in the error, a line
// of its own starting ::error::. Each is quoted as the loader quotes a
// path (shownPath) or a name (quotedName).
func TestJekyllMessagesQuoteInput(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "testdata", "real", "v0.23.0", "bc", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	odd := "a\n::error::z"
	for _, c := range []struct {
		name, want string
		data       []byte
	}{
		{"_cache/_" + odd + "/bc/specs.md", `tag folder whose name starts with "_" ("_a\n::error::z")`, page},
		{"_cache/" + odd + "/bc/specs.txt", `(under _cache/"a\n::error::z")`, page},
		{"_cache/" + odd + "/libdwarf.spec.json", `(under _cache/"a\n::error::z")`, spec},
		{"_cache/_" + odd + "/libdwarf.spec.json", `(under _cache/"_a\n::error::z")`, spec},
		{"_cache/" + odd + "/bc/.x/specs.md", `(under _cache/"a\n::error::z")`, page},
		{"_cache/" + odd + "/bc/_specs.md", `the page belongs at "`, page},
		{"_cache/v0.23.0/" + odd + "../bc/specs.md", `so the site shows it at "/package/v0.23.0/a\n::error::z/bc/specs/"`, page},
	} {
		dir := t.TempDir()
		for name, data := range map[string][]byte{c.name: c.data, "_cache/v0.23.0/bc/specs.md": page} {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Skipf("this file system refuses the name %q: %v", name, err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Skipf("this file system refuses the name %q: %v", name, err)
			}
		}
		_, err := Load(dir, Options{})
		if err == nil {
			t.Errorf("%q: loaded", c.name)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) {
			t.Errorf("%q: %s\nwant it to say %s", c.name, msg, c.want)
		}
		for _, line := range strings.Split(msg, "\n")[1:] {
			if !strings.HasPrefix(line, "  ") {
				t.Errorf("%q: a line %q of its own in %q", c.name, line, msg)
			}
		}
	}
}
