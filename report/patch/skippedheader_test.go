package patch

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSkippedHeaderAsWarnings (issue 35 class a): the patch names each
// skipped page on a line of its own under a count, as it names each
// warning under "# N warnings:", but the count ended "…: their specs
// are in no listing.", a sentence, not the header of the lines after
// it. It heads them as the warnings' count does, with a colon.
func TestSkippedHeaderAsWarnings(t *testing.T) {
	r := reporttest.OnePackage("zlib")
	r.Old.Skipped = []snapshot.Skipped{{File: "o.json", Line: 3, Reason: "bad hash"}}
	r.New.Skipped = []snapshot.Skipped{{File: "n.json", Reason: "no spec"}}
	r.Warnings = []snapshot.Warning{{File: "w.json", Message: "odd"}}
	var b bytes.Buffer
	if err := renderPatch(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		if i > 0 && (l == "#   old o.json:3: bad hash" || l == "#   w.json: odd") {
			if h := lines[i-1]; !strings.HasSuffix(h, ":") {
				t.Errorf("the line %q is under %q, which heads no list", l, h)
			}
		}
	}
}
