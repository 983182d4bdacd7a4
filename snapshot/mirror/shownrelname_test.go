package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestShownRelKeepsName (adversarial pass i25, class e): a file of the
// mirror named quoted past 80 bytes was cut at its head alone, and the
// file's name went with the cut: --view of 120 Cyrillic characters was
// told `no view …: "v3/manifests/index/\u0433…1b2e015b": not found`, no
// file named. The cut is inside the folders, the name kept after it.
func TestShownRelKeepsName(t *testing.T) {
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	view := strings.Repeat("\u0433", 120)
	_, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: view})
	if err == nil || !strings.Contains(err.Error(), `\u0433`+cutmark.Of("v3/manifests/index/"+view+"/index.manifest.json")+`/index.manifest.json": not found`) {
		t.Errorf("--view of 120 Cyrillic characters: %v; want its index manifest named, cut inside the folder", err)
	}
	spec := "v3/manifests/spec/" + strings.Repeat("\u0456", 40) + "/x-1.0-" + strings.Repeat("a", 32) + ".spec.manifest.json"
	for rel, want := range map[string]string{
		spec:                         "/x-1.0-" + strings.Repeat("a", 32) + `.spec.manifest.json"`,
		strings.Repeat("\u0456", 70): `\u0456"`, // no folder: its tail
		"v3/" + strings.Repeat("\u0456", 100) + "/" + strings.Repeat("z", 200): strings.Repeat("z", 20) + `"`,
	} {
		got := mirror.ShownRel(rel)
		if !strings.HasSuffix(got, want) || !strings.Contains(got, cutmark.Of(rel)) || len(got) > 400 || strings.ContainsRune(got, '\u0456') {
			t.Errorf("ShownRel(%q) = %s; want it quoted in ASCII, cut with its mark, ending %s", rel, got, want)
		}
	}
	if got := mirror.ShownRel("v3/" + strings.Repeat("\u0456", 40)); !strings.HasPrefix(got, `"v3/\u0456`) || strings.Contains(got, "…") {
		t.Errorf("ShownRel of 83 bytes, none to cut between head and name: %s; want it whole", got)
	}
}
