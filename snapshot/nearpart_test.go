package snapshot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNearPartOfEnvironments (class e): a folder of environments, one
// lockfile of which is bad, was told "did you mean new/rhel or
// new/suse? each holds a snapshot of its own", sending the reader to
// one environment of several where the folder is the snapshot meant.
// The folders are named as parts of it, which fails as a whole on its
// bad file; a folder below of another kind than the file that failed
// (a catalogue beside a bad lockfile) is still the one meant.
func TestNearPartOfEnvironments(t *testing.T) {
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`
	bad := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5}, broken`
	for _, c := range []struct {
		name  string
		files map[string]string
		line  string // the line that names the folders below
	}{
		{"environments", map[string]string{"rhel/spack.lock": lock, "suse/spack.lock": lock, "ubuntu/spack.lock": bad},
			"rhel and suse each hold a snapshot of their own, but are parts of "},
		{"one environment", map[string]string{"rhel/spack.lock": lock, "ubuntu/spack.lock": bad},
			"rhel holds a snapshot of its own, but is a part of "},
		// Broken before its "_meta" said it is a lockfile: of the kind
		// its name says. Sniffed alone, of none: "did you mean".
		{"an empty lockfile", map[string]string{"rhel/spack.lock": lock, "suse/spack.lock": lock, "ubuntu/spack.lock": ""},
			"rhel and suse each hold a snapshot of their own, but are parts of "},
		{"a lockfile not JSON", map[string]string{"rhel/spack.lock": lock, "ubuntu/spack.lock": "garbage"},
			"rhel holds a snapshot of its own, but is a part of "},
		{"a lockfile bad before its _meta", map[string]string{"rhel/spack.lock": lock, "ubuntu/spack.lock": `{"roots": 3}`},
			"rhel holds a snapshot of its own, but is a part of "},
		{"a catalogue beside a bad lockfile", map[string]string{"develop/p0/specs.md": simplePage("p0", "develop", 3, 1), "ubuntu/spack.lock": bad},
			"did you mean develop? it holds a snapshot of its own"},
	} {
		dir := t.TempDir()
		for name, text := range c.files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := Load(dir, Options{})
		var le *LoadError
		if !errors.As(err, &le) {
			t.Errorf("%s: %v; want a LoadError", c.name, err)
			continue
		}
		lines := le.Lines()
		for i := range lines {
			lines[i] = strings.ReplaceAll(lines[i], dir+string(filepath.Separator), "")
		}
		if len(lines) != 2 {
			t.Errorf("%s: %q; want its second line to say %q", c.name, lines, c.line)
			continue
		}
		if !strings.Contains(lines[1], c.line) {
			t.Errorf("%s: %q; want %q", c.name, lines[1], c.line)
		}
		if strings.HasPrefix(c.line, "did") == strings.Contains(lines[1], "part") {
			t.Errorf("%s: %q; want parts named as such only where a file of their kind failed", c.name, lines[1])
		}
	}
}
