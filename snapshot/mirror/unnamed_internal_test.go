package mirror

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestUnnamedEitherSpelling holds both spellings unnamed strips (lead a
// of i20): a folder's Get names the file as shownRel does, quoted
// ("\"build_cache/zl\\u0456b.spec.json\": 1000 bytes, …", TestBesideNamedOnce),
// and a git tree's GetMany (gitsrc, a batchStore) as it is
// ("build_cache/a: b.spec.json: 1000 bytes, …"). Without the raw
// spelling, a spec file beside a v2 index at a revision, over the limit,
// was named twice in its warning, the second time unquoted. A name
// quoted past 80 bytes is taken out as ShownRel cuts it, which gitsrc
// calls too.
func TestUnnamedEitherSpelling(t *testing.T) {
	for _, rel := range []string{"build_cache/a: b.spec.json", "build_cache/zl\u0456b.spec.json", "build_cache/x.spec.json", "build_cache/" + strings.Repeat("\u0456", 60) + ".spec.json"} {
		for _, at := range []string{rel, shownRel(rel)} {
			err := unnamed(fmt.Errorf("%s: 1000 bytes, %w of 500", at, ErrTooBig), rel)
			if err.Error() != "1000 bytes, over the limit of 500" || !errors.Is(err, ErrTooBig) {
				t.Errorf("unnamed(%q: …, %q) = %q; want the file's name gone, ErrTooBig kept", at, rel, err)
			}
		}
	}
}
