package gitsrc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLineBreakRevisionCut (class e): a revision or range holding a line
// break or a NUL was quoted whole (%+q): 9,000 letters and a newline
// as REV:PATH made a 10 KB line, cut by the command's cap of 8 KB before
// "has a line break or a NUL, which no revision has", and `log --revs`
// of it "bad revision range" of 9 KB. Each is quoted as quotedInput
// quotes (ASCII, cut past 2 KB about its mark), as is every revision
// and ref name these messages quote whole so (an unknown one, a dashed
// range, an ambiguous name, a reflog's ref).
func TestLineBreakRevisionCut(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 1)
	long := strings.Repeat("a", 9000) + "\nb"
	_, err := r.Resolve(long + ":x")
	if msg := fmt.Sprint(err); !strings.HasSuffix(msg, `\nb" has a line break or a NUL, which no revision has`) || len(msg) > maxQuotedInput+200 {
		t.Errorf("Resolve of a 9 KB revision with a line break: %.200s… (%d bytes); want it cut, the reason kept", msg, len(msg))
	}
	for _, rng := range []string{long, "-" + strings.Repeat("z", 9000) + "..HEAD"} {
		_, err := r.Series(rng, "x", "", "")
		if msg := fmt.Sprint(err); !strings.HasPrefix(msg, `bad revision range "`) || len(msg) > 2*maxQuotedInput {
			t.Errorf("Series(%.20q…): %.200s… (%d bytes); want a bad revision range, cut", rng, msg, len(msg))
		}
	}
}
