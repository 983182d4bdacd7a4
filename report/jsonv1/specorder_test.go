package jsonv1

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
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

// TestDecodePairOrder (issue 35, pass 82): render checked the order of
// a package's removed and added specs, not of its pairs, which
// docs/json.md lists by the old spec's order, then the new hash: a saved
// report with two restacked, rebuilt or updated pairs swapped rendered
// them in an order the direct command never prints. A swap is refused,
// naming the pair out of place.
func TestDecodePairOrder(t *testing.T) {
	base := fullReport(t)
	tried := map[string]int{}
	for i := range base.Packages {
		sc := &base.Packages[i].Specs
		for _, l := range []struct {
			name  string
			pairs []diff.Pair
		}{{"restacked", sc.Restacked}, {"rebuilt", sc.Rebuilt}, {"updated", sc.Updated}} {
			if len(l.pairs) < 2 {
				continue
			}
			l.pairs[0], l.pairs[1] = l.pairs[1], l.pairs[0]
			_, err := DecodeBytes(jsonOf(t, base))
			l.pairs[0], l.pairs[1] = l.pairs[1], l.pairs[0]
			want := fmt.Sprintf("packages[%d].specs.%s[1]", i, l.name)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "pairs are listed by the old spec") {
				t.Errorf("%s pairs of %s swapped: error %v, want one at %s saying how pairs are listed", l.name, base.Packages[i].Name, err, want)
			}
			tried[l.name]++
		}
	}
	if len(tried) < 2 {
		t.Fatalf("swapped the pairs of %v: the generated report has too few packages with two pairs of a kind", tried)
	}
	if _, err := DecodeBytes(jsonOf(t, base)); err != nil {
		t.Fatalf("the report as written, after the swaps undone: %v", err)
	}
}
