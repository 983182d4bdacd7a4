package diff_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// Three builds of b@1 alike, c over the first and d over the second;
// the first bumped to b@2, the second rebuilt, the third dropped: the
// update is the first build's, the rebuild the second's. With a spec
// left over, the classes of b@1's old facets were not joined, the
// update was a class of one pair, certain, left as the passes paired it
// by hash order, and c's edge crossed (new → old, the mirror: a spec
// added, the classes of b@1's new facets). Under 16 labellings, both
// ways (gCheck): the pairs keep every edge the pairs by place keep.
func TestUpdateLandsOnItsBuildLeftOver(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new []gSpec
		place    map[string]string
	}{
		{"removed", []gSpec{
			{"b", "o0", "1", nil}, {"b", "o1", "1", nil}, {"b", "o2", "1", nil},
			{"c", "o3", "1", [][2]string{{"b", "o0"}}},
			{"d", "o4", "1", [][2]string{{"b", "o1"}}},
		}, []gSpec{
			{"b", "n0", "2", nil}, {"b", "n1", "1", nil},
			{"c", "n3", "1", [][2]string{{"b", "n0"}}},
			{"d", "n4", "1", [][2]string{{"b", "n1"}}},
		}, map[string]string{"o0": "n0", "o1": "n1", "o3": "n3", "o4": "n4"}},
		{"added", []gSpec{
			{"b", "o0", "1", nil}, {"b", "o1", "1", nil},
			{"c", "o2", "1", [][2]string{{"b", "o0"}}},
			{"d", "o3", "1", [][2]string{{"b", "o1"}}},
		}, []gSpec{
			{"b", "n0", "2", nil}, {"b", "n1", "1", nil}, {"b", "n2", "2", nil},
			{"c", "n3", "1", [][2]string{{"b", "n0"}}},
			{"d", "n4", "1", [][2]string{{"b", "n1"}}},
		}, map[string]string{"o0": "n0", "o1": "n1", "o2": "n3", "o3": "n4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := gShape{sides: [2][]gSpec{tc.old, tc.new}, place: tc.place}
			for stream := range uint64(2) {
				if why := gCheck(t, sh, 16, 7400+stream); len(why) > 0 {
					t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
				}
			}
		})
	}
}

// The "added" shape of TestUpdateLandsOnItsBuildLeftOver (b as same, so
// that keptEdges counts its edges) under 20 labellings of the hashes
// and input order, both ways (checkLabellings): the pairs keep c's and
// d's edges, as the pairs by place do, and the cause groups are the
// same under every labelling. Apart, the classes of b@1's old facets
// went by the passes' hash order, and c's edge went to d's build's pair.
func TestUpdateLeftOverAnyLabels(t *testing.T) {
	sh := cycleShape{sides: [2][]symSpec{{
		{name: "same", id: "o0"}, {name: "same", id: "o1"},
		{name: "c", id: "o2", deps: [][2]string{{"same", "o0"}}},
		{name: "d", id: "o3", deps: [][2]string{{"same", "o1"}}},
	}, {
		{name: "same", id: "n0", version: "2"}, {name: "same", id: "n1"}, {name: "same", id: "n2", version: "2"},
		{name: "c", id: "n3", deps: [][2]string{{"same", "n0"}}},
		{name: "d", id: "n4", deps: [][2]string{{"same", "n1"}}},
	}}, want: map[string]string{"o0": "n0", "o1": "n1", "o2": "n3", "o3": "n4"}}
	checkLabellings(t, []drawnShape{{"added", sh, 7800}}, 20)
}

// The "added" shape with b's builds each in a cycle with a build of e
// (bad input), the extra build of b@2 over the second's e: the classes
// of b@1's old facets and e's are resolved as one joint class, which
// kept no count of b's subs, paired both old builds of b with builds of
// b@2 by their edges, and the pairing was refused (a rebuild gone):
// the passes' pairs stood, by hash order. Under 16 labellings, both
// ways (gCheck), the report is the same and the mirror of the other way.
func TestUpdateLeftOverJointCycle(t *testing.T) {
	sh := gShape{sides: [2][]gSpec{{
		{"b", "o0", "1", [][2]string{{"e", "o4"}}}, {"b", "o1", "1", [][2]string{{"e", "o5"}}},
		{"c", "o2", "1", [][2]string{{"b", "o0"}}},
		{"d", "o3", "1", [][2]string{{"b", "o1"}}},
		{"e", "o4", "1", [][2]string{{"b", "o0"}}}, {"e", "o5", "1", [][2]string{{"b", "o1"}}},
	}, {
		{"b", "n0", "2", [][2]string{{"e", "n4"}}}, {"b", "n1", "1", nil}, {"b", "n2", "2", [][2]string{{"e", "n5"}}},
		{"c", "n3", "1", [][2]string{{"b", "n0"}}},
		{"d", "n6", "1", [][2]string{{"b", "n1"}}},
		{"e", "n4", "1", [][2]string{{"b", "n0"}}}, {"e", "n5", "1", [][2]string{{"b", "n2"}}},
	}}, structural: true}
	for stream := range uint64(2) {
		if why := gCheck(t, sh, 16, 7900+stream); len(why) > 0 {
			t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
		}
	}
}

// The joint cycle of TestUpdateLeftOverJointCycle with e's builds of
// two versions, both bumped to e@2, and the extra build of b@2 the one
// over the second's e: b's classes join by their old facets (subs of the
// new ones), e's by their new facets (subs of the old ones). The joint
// class kept no count of either's subs where they were of both sides,
// paired both builds of b with builds of b@2 by their edges, and the
// pairing was refused: the passes' pairs stood, by hash order (which
// build of b is updated, which rebuilt, and d's and c's causes changed
// with the labels). Under 16 labellings, both ways (gCheck): b's first
// build updated, its second rebuilt (d's edge kept), as many pairs of
// each kind as the passes found, the same report and the mirror of the
// other way.
func TestUpdateLeftOverJointSides(t *testing.T) {
	sh := gShape{sides: [2][]gSpec{{
		{"b", "o0", "1", [][2]string{{"e", "o4"}}}, {"b", "o1", "1", [][2]string{{"e", "o5"}}},
		{"c", "o2", "1", [][2]string{{"b", "o0"}}},
		{"d", "o3", "1", [][2]string{{"b", "o1"}}},
		{"e", "o4", "1", [][2]string{{"b", "o0"}}}, {"e", "o5", "3", [][2]string{{"b", "o1"}}},
	}, {
		{"b", "n0", "2", [][2]string{{"e", "n4"}}}, {"b", "n1", "1", nil}, {"b", "n2", "2", [][2]string{{"e", "n5"}}},
		{"c", "n3", "1", [][2]string{{"b", "n0"}}},
		{"d", "n6", "1", [][2]string{{"b", "n1"}}},
		{"e", "n4", "2", [][2]string{{"b", "n0"}}}, {"e", "n5", "2", [][2]string{{"b", "n2"}}},
	}}, place: map[string]string{"o0": "n0", "o1": "n1", "o2": "n3", "o3": "n6", "o4": "n4", "o5": "n5"}}
	for stream := range uint64(2) {
		if why := gCheck(t, sh, 16, 7960+stream); len(why) > 0 {
			t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
		}
	}
	o, n, id := gLoad(t, rand.New(rand.NewPCG(1, 7962)), sh)
	r := compareLawful(t, o, n, diff.Filter{})
	for _, p := range r.Packages {
		got := fmt.Sprintf("%d rebuilt, %d updated, %d added, %d removed", len(p.Specs.Rebuilt), len(p.Specs.Updated), len(p.Specs.Added), len(p.Specs.Removed))
		want := map[string]string{"b": "1 rebuilt, 1 updated, 1 added, 0 removed", "e": "0 rebuilt, 2 updated, 0 added, 0 removed"}[p.Name]
		if want != "" && got != want {
			t.Errorf("%s: %s, want %s", p.Name, got, want)
		}
		for _, x := range p.Specs.Updated {
			if p.Name == "b" && id[x.Old.Hash]+"→"+id[x.New.Hash] != "o0→n0" {
				t.Errorf("b's update is %s→%s, want o0→n0", id[x.Old.Hash], id[x.New.Hash])
			}
		}
	}
}
