package diff_test

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestHashWarningsQuoteInput (issue 35 class a): the warnings of a hash
// that names two builds put the package's name, its dependencies' names
// and its recipe hash (package_hash) as the input spelled them, and a
// Spack index lets any through: "zlib\n::error::x" wrote a newline and
// a workflow command into the message, which Visible shows as \n on
// standard error and in the text view, where the name of a backslash
// and n reads the same. Each is quoted in ASCII unless it is a plain
// name, so that no message holds a control character and no two read
// alike (but two dependencies' names or recipe hashes alike up to their
// cut, at 60 characters, which is quoted when the whole is not plain).
func TestHashWarningsQuoteInput(t *testing.T) {
	const h = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	d1, d2 := strings.Repeat("a", 32), strings.Repeat("b", 32)
	index := func(name, recipe, compiler, dep, depHash string) string {
		spec := func(n, hash, recipe, compiler string, deps []any) map[string]any {
			return map[string]any{"spec": map[string]any{"name": n, "version": "1", "hash": hash, "package_hash": recipe,
				"arch":     map[string]any{"platform": "linux", "platform_os": "rhel8", "target": "x86_64"},
				"compiler": map[string]any{"name": compiler, "version": "9"}, "parameters": map[string]any{}, "dependencies": deps},
				"ref_count": 0, "in_buildcache": true}
		}
		db := map[string]any{"database": map[string]any{"version": "7", "installs": map[string]any{
			h:       spec(name, h, recipe, compiler, []any{map[string]any{"name": dep, "hash": depHash, "parameters": map[string]any{"deptypes": []string{"link"}}}}),
			depHash: spec(dep, depHash, "r", "gcc", []any{}),
		}}}
		b, err := json.Marshal(db)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	dir := t.TempDir()
	hostile := []string{"zlib\n::error::x", `zlib\n::error::x`, "zlib \u202ex", `zlib \u202ex`, "zl\u0456b x", "zli b x", `"zlib"`, "zlib", strings.Repeat("z", 70) + "\n", strings.Repeat("z", 70) + `\n`}
	seen := map[string]string{}
	for i, v := range hostile {
		for _, c := range []struct{ what, old, new string }{
			{"name", index(v, "r1", "gcc", "dep", d1), index(v, "r1", "clang", "dep", d1)},
			{"dependency", index("zlib", "r1", "gcc", v, d1), index("zlib", "r1", "gcc", v, d2)},
			{"recipe", index("zlib", v, "gcc", "dep", d1), index("zlib", v+"2", "gcc", "dep", d1)},
		} {
			at := filepath.Join(dir, c.what+strconv.Itoa(i))
			r, err := diff.CompareWith(loadWritten(t, filepath.Join(at, "old", "index.json"), c.old, false), loadWritten(t, filepath.Join(at, "new", "index.json"), c.new, false), diff.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			n, msg := diff.HashConflicts(r)
			if n != 1 {
				t.Fatalf("%s %q: %d conflicts (%v), want one", c.what, v, n, r.Warnings)
			}
			for _, r := range msg {
				if r < ' ' || r == 0x7f || r > '~' && r != '→' && r != '…' {
					t.Errorf("%s %q: the message holds %q: %s", c.what, v, r, msg)
					break
				}
			}
			if len(v) > 60 && c.what != "name" {
				continue // cut (shortValue): alike past the cut, but quoted for what is there
			}
			if other, ok := seen[msg]; ok {
				t.Errorf("%s %q and %s read alike: %s", c.what, v, other, msg)
			}
			seen[msg] = strconv.Quote(v)
		}
	}
}
