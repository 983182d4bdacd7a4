package diff_test

import (
	"strings"
	"testing"
)

// Cyclic graphs (bad input) whose new side gained or lost an edge, as
// drawn (drawGraph, cyclic shapes 106 and 217): resolved old to new
// alone, the old specs go first (levels, waits, seeds), and new → old
// paired the specs otherwise than old → new (a's builds in a cycle with
// an edge gained, zlib's ring over a's builds with an edge dropped), the
// same under every labelling but not each other's mirror. Under 16
// labellings, both ways (gCheck): the report is the same and the mirror
// of the other way.
func TestPairsMirrorBothWays(t *testing.T) {
	for _, tc := range []struct {
		name string
		old  []gSpec
		mut  func(nw []gSpec)
	}{
		{"gained", []gSpec{
			{"a", "o0", "1", [][2]string{{"a", "o3"}}},
			{"a", "o1", "1", [][2]string{{"b", "o5"}}},
			{"a", "o2", "1", nil},
			{"a", "o3", "1", [][2]string{{"a", "o0"}, {"a", "o1"}, {"a", "o0"}}},
			{"b", "o4", "1", nil},
			{"b", "o5", "1", [][2]string{{"a", "o1"}}},
			{"b", "o6", "1", [][2]string{{"a", "o0"}, {"a", "o0"}}},
		}, func(nw []gSpec) {
			gBump("a")(nw)
			gBump("b")(nw)
			nw[1].deps = append(nw[1].deps, [2]string{"a", "n0"})
		}},
		{"dropped", []gSpec{
			{"a", "o0", "1", [][2]string{{"zlib", "o13"}}},
			{"a", "o1", "1", [][2]string{{"zlib", "o13"}}},
			{"a", "o2", "1", [][2]string{{"a", "o1"}}},
			{"a", "o3", "1", [][2]string{{"a", "o0"}, {"a", "o1"}, {"a", "o0"}}},
			{"b", "o4", "1", [][2]string{{"a", "o1"}, {"a", "o3"}}},
			{"b", "o5", "1", [][2]string{{"a", "o1"}}},
			{"b", "o6", "1", [][2]string{{"a", "o1"}}},
			{"c", "o7", "1", [][2]string{{"b", "o4"}}},
			{"d", "o8", "1", [][2]string{{"b", "o6"}, {"a", "o3"}}},
			{"d", "o9", "1", [][2]string{{"c", "o7"}, {"c", "o7"}, {"b", "o6"}}},
			{"d", "o10", "1", [][2]string{{"a", "o0"}, {"c", "o7"}, {"a", "o2"}}},
			{"e", "o11", "1", [][2]string{{"b", "o6"}}},
			{"e", "o12", "1", [][2]string{{"a", "o0"}, {"e", "o11"}}},
			{"zlib", "o13", "1", [][2]string{{"zlib", "o14"}}},
			{"zlib", "o14", "1", [][2]string{{"c", "o7"}, {"b", "o6"}}},
			{"zlib", "o15", "1", [][2]string{{"a", "o1"}}},
			{"zlib", "o16", "1", [][2]string{{"a", "o0"}, {"zlib", "o16"}}},
		}, func(nw []gSpec) { nw[13].deps = nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := gMake(tc.old, tc.mut)
			sh.structural = true
			for stream := range uint64(2) {
				if why := gCheck(t, sh, 16, 7500+stream); len(why) > 0 {
					t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
				}
			}
		})
	}
}

// Two builds of b@1, the second over the first, against three: the
// first bumped to b@2, and two builds of b@1 over it alike (one key,
// structKeys). The pairing by edges and its mirror keep as many edges
// and their pairs' keys sum the same, one the other with the two alike
// swapped: each way kept its own pairing, by hash order, and new → old
// paired b's builds otherwise than old → new under some labellings (the
// signatures alike: the two builds are of one colour). Under 16
// labellings, both ways (gCheck): new → old is the mirror, by hashes.
func TestPairsMirrorAlikeSwapped(t *testing.T) {
	sh := gShape{sides: [2][]gSpec{{
		{"a", "o0", "1", nil},
		{"b", "o1", "1", [][2]string{{"a", "o0"}}},
		{"b", "o2", "1", [][2]string{{"b", "o1"}}},
	}, {
		{"a", "n0", "1", nil},
		{"b", "n1", "2", [][2]string{{"a", "n0"}}},
		{"b", "n2", "1", [][2]string{{"b", "n1"}}},
		{"b", "n3", "1", [][2]string{{"b", "n1"}}},
	}}, structural: true}
	for stream := range uint64(2) {
		if why := gCheck(t, sh, 16, 7700+stream); len(why) > 0 {
			t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
		}
	}
}

// Leaves of a alike but for their users' users: c over (o0, b's leaf
// o4) and c over (o3, b's o7, itself over o1); the new side a copy with
// one more build of b over o1's copy, left over. The new graph's keys
// (structKeys) all differ from the old's, o1's copy having a user more,
// and the class's order of o0 and o3 (by key, each side its own) went
// one way on the old side and the other on the new: o0 paired with
// o3's copy and o3 with o0's, 6 edges kept of 8. A new spec of the old
// spec's very key (its graph alike all round) comes first among its
// colour's. Under 16 labellings, both ways (gCheck): every edge the
// copy keeps is kept, and new → old is the mirror.
func TestPairsKeepEdgesOneLeftOver(t *testing.T) {
	old := []gSpec{
		{"a", "o0", "1", nil},
		{"a", "o1", "1", nil},
		{"a", "o2", "1", [][2]string{{"a", "o1"}}},
		{"a", "o3", "1", nil},
		{"b", "o4", "1", nil},
		{"b", "o5", "1", [][2]string{{"a", "o1"}}},
		{"b", "o7", "1", [][2]string{{"a", "o1"}}},
		{"c", "o8", "1", [][2]string{{"a", "o0"}, {"b", "o4"}}},
		{"c", "o9", "1", [][2]string{{"a", "o1"}}},
		{"c", "o10", "1", [][2]string{{"b", "o7"}, {"a", "o3"}}},
	}
	sh := gMake(old, func(nw []gSpec) {})
	sh.sides[1] = append(sh.sides[1], gSpec{"b", "n111", "1", [][2]string{{"a", "n1"}}})
	for stream := range uint64(2) {
		if why := gCheck(t, sh, 16, 7950+stream); len(why) > 0 {
			t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
		}
	}
}

// Two builds of a, a@2 under u and a@1, against two builds of a@3
// alike (identical twins: leaves of one stack), u gone: the classes
// a@2 → a@3 and a@1 → a@3, joined by their new facets, ordered the
// twins (of one structKey) as the passes paired them, one way round
// and not the other; each way kept its own order, resolved both ways
// alike, and new → old paired a@1 and a@2 with the twins crossed
// against old → new (a seeded lockfile, its package's old builds of two
// versions bumped to identical twins). Lockfiles, for the stacks, under
// 64 labellings, both ways (gCheck): new → old is the mirror, by
// hashes.
func TestAlikeTwinsMirror(t *testing.T) {
	sh := gShape{sides: [2][]gSpec{{
		{"a", "o0", "2", nil},
		{"a", "o1", "1", nil},
		{"u", "o2", "1", [][2]string{{"a", "o0"}}},
	}, {
		{"a", "n0", "3", nil},
		{"a", "n1", "3", nil},
	}}, structural: true, lock: true}
	for stream := range uint64(4) {
		if why := gCheck(t, sh, 16, 7800+stream); len(why) > 0 {
			t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
		}
	}
}
