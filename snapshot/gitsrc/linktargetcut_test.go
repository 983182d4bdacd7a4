package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkTargetCutMarkOutside: a link's target too long to name whole, cut in
// a REV:PATH's message, was quoted whole with its cut's mark, which read
// "\u2026" and 8 digits inside the quotes, as a target that holds them;
// the mark is as it is, before the closing quote (quotedCut).
func TestLinkTargetCutMarkOutside(t *testing.T) {
	target := "../../" + strings.Repeat("\u0456", 700)
	repo := commitFiles(t, map[string]string{"snap/build_cache/pkg0.spec.json": specFile(0)},
		map[string]string{"snap/build_cache/x.json": target})
	s, err := loadArg(repo, "HEAD:snap/build_cache", snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := cutmark.Of(target) + `")`
	found := false
	for _, w := range s.Warnings {
		if strings.Contains(w.Message, "broken symbolic link") {
			found = true
			if !strings.Contains(w.Message, want) || strings.Contains(w.Message, `\u2026`) {
				t.Errorf("%s; want the cut's mark %s as it is, before the closing quote", w.Message, cutmark.Of(target))
			}
		}
	}
	if !found {
		t.Errorf("warnings %+v; want one of the broken link", s.Warnings)
	}
}
