package mirror_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/internal/testing/shelltest"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"

	_ "github.com/cachediff/cachediff/snapshot/catalog" // as in snapshot's tests
)

// This test of snapshot's hint for a folder inside a mirror opens the
// mirror the hint names: here, not beside snapshot's own tests, whose
// test binary would build package mirror again over snapshot's test
// build (go vet's and go test's CPU).

// TestMirrorPartHintQuotesInASCII (issue 35, classes a and e): the
// hint of a folder inside a v3 mirror named the root and the view as
// they are: "give the mirror's root …: mа with --view gе" (each а, е
// Cyrillic) read as the mirror m with the view ge, and a view's folder
// "g<newline>y" put a line of its own in the hint. Each is a shell word
// in ASCII, the folder it names quoted in ASCII; pasted into bash, where
// LANG is unset too, the root and the view read back and load.
func TestMirrorPartHintQuotesInASCII(t *testing.T) {
	data := []byte(`{"database": {"version": "8", "installs": {}}}`)
	m := filepath.Join(t.TempDir(), "mа")
	if err := mirrorgen.V3(m, data, mirrorgen.Options{View: "gе"}); err != nil {
		t.Fatal(err)
	}
	view := filepath.Join(m, "v3", "manifests", "index", "gе")
	for what, p := range map[string]string{"a view's folder": view, "a view's index manifest": filepath.Join(view, "index.manifest.json")} {
		_, err := snapshot.Load(p, snapshot.Options{})
		if err == nil {
			t.Errorf("%s: loads; want the hint of the mirror's root", what)
			continue
		}
		if want := `"v3/manifests/index/g\u0435/" folder`; what == "a view's folder" && !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %s", what, err, want)
		}
		_, line, _ := strings.Cut(err.Error(), "read through its index: ")
		line, _, _ = strings.Cut(line, "; ") // a note on the folder's files after
		if !strings.HasSuffix(line, `m\xd0\xb0' with --view $'g\xd0\xb5'`) {
			t.Errorf("%s: %v; want the root and the view in ASCII", what, err)
			continue
		}
		w := shelltest.PastedWords(t, line)
		if len(w) != 4 || w[0] != m || w[1] != "with" || w[2] != "--view" || w[3] != "gе" {
			t.Errorf("%s: %s reads in bash as %q; want %q with --view %q", what, line, w, m, "gе")
			continue
		}
		if _, err := mirror.Open(mirror.Dir(w[0]), mirror.Options{View: w[3]}); err != nil {
			t.Errorf("%s: the root and view pasted do not load: %v", what, err)
		}
	}
	part, ok := snapshot.MirrorPartOf("m\nx/v3/manifests/index/g\ny")
	if !ok {
		t.Fatal("no part")
	}
	if h := part.Hint(part.Root); strings.ContainsAny(h, "\n") || !strings.HasSuffix(h, `: $'./m\nx' with --view $'g\ny'`) || !strings.Contains(h, `"v3/manifests/index/g\ny/" folder`) {
		t.Errorf("a newline: %s", h)
	}
	// A package's folder of spec manifests, as a view's (class c:
	// 3e3d38c4's quoting of it undone alone, no check failed).
	part, ok = snapshot.MirrorPartOf("m/v3/manifests/spec/zl\u0456b")
	if h := part.Hint(part.Root); !ok || strings.ContainsFunc(h, func(r rune) bool { return r > '~' }) || !strings.Contains(h, `"v3/manifests/spec/zl\u0456b/" folder`) {
		t.Errorf("a spec folder zl\u0456b: %s", h)
	}
}
