package mirror_test

import (
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestViewDot: --view . names no view: v3/manifests/index/./ is the
// mirror's own index, which a view of that name read in its stead, with
// every spec of the cache in the "view". (Adversarial pass 71.)
func TestViewDot(t *testing.T) {
	dir := oldV3(t)
	for _, v := range []string{".", "./"} {
		if _, err := mirror.Open(mirror.Dir(dir), mirror.Options{View: v}); err == nil {
			t.Errorf("--view %q read the mirror's own index as a view", v)
		}
	}
}
