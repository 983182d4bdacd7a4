package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMirrorRootHintPastes (adversarial pass i22, class e): the mirror's
// root a hint gives back was written as it is, a shell word: a root
// named log (its v3/ given) was "give the mirror's root …: log", which
// pasted as cachediff log NEW ran the command log, and a root -m (its
// spec manifest given alone, as -m/v3/…) was "-m", read pasted as a
// flag. Each is written ./log, ./-m, as a folder's hint writes one
// (pathWord).
func TestMirrorRootHintPastes(t *testing.T) {
	t.Chdir(t.TempDir())
	manifest := "v3/manifests/spec/zlib/zlib-1-" + strings.Repeat("a", 32) + ".spec.manifest.json"
	for _, root := range []string{"log", "-m"} {
		if err := os.MkdirAll(filepath.Join(root, "v3/manifests/index"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(manifest)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, manifest), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"v3", "v3/manifests/index", manifest} {
			_, err := Load(filepath.Join(root, p), Options{})
			want := "which is read through its index: ./" + root
			if err == nil || !strings.Contains(err.Error(), want+";") && !strings.HasSuffix(err.Error(), want) {
				t.Errorf("%s/%s: %v; want %q", root, p, err, want)
			}
		}
	}
}
