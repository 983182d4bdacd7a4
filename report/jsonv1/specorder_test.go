package jsonv1

import (
	"fmt"
	"strings"
	"testing"
)

// TestDecodeSpecOrder (issue 35, pass 81): a saved report with two
// removed or added specs of a package swapped rendered them in an order
// the direct command never prints, and render passed it. Specs are
// listed by versions, compiler, os, platform, target, variants, stacks,
// then hash: a swap is refused, naming the spec out of place; the report
// as written reads.
func TestDecodeSpecOrder(t *testing.T) {
	base := fullReport(t)
	if _, err := DecodeBytes(jsonOf(t, base)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	tried := 0
	for i := range base.Packages {
		for _, side := range []string{"removed", "added"} {
			list := base.Packages[i].Specs.Removed
			if side == "added" {
				list = base.Packages[i].Specs.Added
			}
			if len(list) < 2 {
				continue
			}
			list[0], list[1] = list[1], list[0]
			_, err := DecodeBytes(jsonOf(t, base))
			list[0], list[1] = list[1], list[0]
			want := fmt.Sprintf("packages[%d].specs.%s[1]", i, side)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "specs are listed by versions") {
				t.Errorf("%s of %s swapped: error %v, want one at %s saying how specs are listed", side, base.Packages[i].Name, err, want)
			}
			tried++
		}
	}
	if tried < 2 {
		t.Fatalf("swapped %d lists: the generated report has too few packages with two removed or added specs", tried)
	}
}
