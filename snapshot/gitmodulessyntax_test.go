package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitmodulesAsGitReads: a .gitmodules that git's config parser reads
// as naming _cache (after a byte order mark; in the older section syntax
// [submodule.name]) names it for listsSubmodule too: a clone such a
// file names, out of the index, was its own top on disk and from git,
// while git named it a submodule.
func TestGitmodulesAsGitReads(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"\ufeff[submodule \"c\"]\n\tpath = _cache\n", true},
		{"[submodule.c]\n\tpath = _cache\n", true},
		{"[Submodule.c]\n\tpath = _cache\n", true},
		{"[submodule \"a.b\"]\n\tpath = _cache\n", true},
		{"[submodulex.c]\n\tpath = _cache\n", false},
		{"[core]\n\tpath = _cache\n", false},
		// A value read as git's parse_value reads one.
		{"[submodule \"c\"]\n\tpath = _ca\\\nche\n", true},
		{"[submodule \"c\"]\r\n\tpath = \"_ca\\\r\nche\"\r\n", true},
		{"[submodule \"c\"]\n\tpath = _cache\\\n", true},
		{"[submodule \"c\"]\n\tpath = _cache\x00x\n", true},
		{"[submodule \"c\"]\n\tpath = _cache # x \\\n", true},
		{"# x \\\n[submodule \"c\"]\n\tpath = _cache\n", true},
		{"[submodule \"c\"]\n\tpath = \" _cache\"\n", false},
		{"[submodule \"c\"]\n\tpath = _cach\\e\n", false},
		{"[submodule \"c\"]\n\tpath = \"_cache\n", false},
		// Section headers as git's get_base_var reads them, and every
		// value read to its end: each named _cache to git config -f.
		{"[submodule\t\"c\"]\n\tpath = _cache\n", true},
		{"[submodule \"a]b\"] path = _cache\n", true},
		{"[submodule \"a\\\"]b\"]\n\tpath = _cache\n", true},
		{"[core] [submodule \"c\"] path = _cache\n", true},
		{"[submodule \"c\"]\n\turl = x\\\n[core]\n\tpath = _cache\n", true},
		{"[submodule \"c\"]\r\n\turl = \"x\\\r\n[core]\"\r\n\tpath = _cache\r\n", true},
		{"[submodule \"c\"] # x\n\tpath = _cache\n", true},
		{"[submodule \"c\"]\n[core] path = _cache\n", false},
		{"[submodule \"c\"] # [core]\n\tpath = _cache\n", true},
	} {
		name := filepath.Join(t.TempDir(), ".gitmodules")
		if err := os.WriteFile(name, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := listsSubmodule(name, "_cache"); got != c.want {
			t.Errorf("%q: lists _cache %v, want %v (as git config -f reads it)", c.text, got, c.want)
		}
	}
}
