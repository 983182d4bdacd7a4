package mirror_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestBesideUnreadCounted (adversarial pass 217b, issue 35 class e):
// the files beside a layout-v2 mirror's index that do not read or
// decode (a partial clone lacking the blobs of the spec files a night
// rebuilt, from REV:PATH) are warnings, as a URL of the mirror does not
// list them: one each, thousands of lines of a report. The first 20 are
// named, and one warning more counts the rest; 4x as many files give as
// many warnings.
func TestBesideUnreadCounted(t *testing.T) {
	warnings := func(n int) []string {
		dir := t.TempDir()
		if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if err := os.WriteFile(filepath.Join(dir, "build_cache", fmt.Sprintf("bad%03d.spec.json", i)), []byte(`{"spec":`), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var out []string
		for _, w := range load(t, openDir(t, dir, mirror.Options{})).Warnings {
			if strings.Contains(w.Message, "beside the build cache's index") {
				out = append(out, w.File+": "+w.Message)
			}
		}
		return out
	}
	small, big := warnings(50), warnings(200)
	if len(small) != 21 || len(big) != 21 {
		t.Fatalf("%d and %d warnings of 50 and 200 spec files that do not decode beside the index; want 21 each (20 named, 1 counting the rest)", len(small), len(big))
	}
	if last := big[len(big)-1]; !strings.Contains(last, "bad020.spec.json: not read: 180 more files beside the build cache's index that did not read or decode") || !strings.Contains(last, "(of 200 in all)") {
		t.Errorf("the last warning: %s; want 180 more counted, of 200, the first of them bad020", last)
	}
}
