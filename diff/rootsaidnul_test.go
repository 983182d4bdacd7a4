package diff

import "testing"

// TestRootSaidKeyedApart (class a, lead (a) of the pass over 7b857354):
// rootSaid, by which two roots' items that read alike are labelled
// apart, joined an item's spellings and values by NUL, which a report
// given to render may hold in them: the root spelt "a\x00b", "c" and
// "d" read as the root spelt "a", "b\x00c" and "d", the versions
// "1\x002" → "3" as "1" → "2\x003", and the change added "x\x00recipe"
// as the changes added "x" and a recipe; each pair was labelled as if
// alike. rootChangeSaid keys its parts alike (said).
func TestRootSaidKeyedApart(t *testing.T) {
	for _, c := range [][2]Highlight{
		{{Kind: HighlightRootAdded, Value: "a\x00b", Values: []string{"c", "d"}}, {Kind: HighlightRootAdded, Value: "a", Values: []string{"b\x00c", "d"}}},
		{{Kind: HighlightRootChanged, Value: "a", From: "1\x002", To: "3"}, {Kind: HighlightRootChanged, Value: "a", From: "1", To: "2\x003"}},
		{{Kind: HighlightRootChanged, Value: "a", Changes: []Change{{Kind: "added", To: "x\x00recipe"}}}, {Kind: HighlightRootChanged, Value: "a", Changes: []Change{{Kind: "added", To: "x"}, {Kind: "recipe"}}}},
	} {
		if rootSaid(&c[0]) == rootSaid(&c[1]) {
			t.Errorf("%+v and %+v said alike", c[0], c[1])
		}
	}
	// A control: one root's spellings in any order read alike.
	x, y := Highlight{Kind: HighlightRootAdded, Value: "a", Values: []string{"b"}}, Highlight{Kind: HighlightRootAdded, Value: "b", Values: []string{"a"}}
	if rootSaid(&x) != rootSaid(&y) {
		t.Errorf("%+v and %+v said apart", x, y)
	}
}
