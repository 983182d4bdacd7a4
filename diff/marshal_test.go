package diff

import (
	"encoding/json"
	"testing"
)

// TestValueCountsNoHTMLEscaping: the keys of facets.*.counts are written
// as they are, < > & included, like every other string of the document
// (docs/json.md), not as \u003c; and they read back.
func TestValueCountsNoHTMLEscaping(t *testing.T) {
	vc := ValueCounts{{Value: "gcc<13&x>", OldToNew: OldToNew{Old: 1, New: 2}}, {Value: `q"\`, OldToNew: OldToNew{Old: 0, New: 1}}}
	data, err := vc.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"gcc<13&x>":{"old":1,"new":2},"q\"\\":{"old":0,"new":1}}`; string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
	var back ValueCounts
	if err := json.Unmarshal(data, &back); err != nil || len(back) != 2 || back[0] != vc[0] || back[1] != vc[1] {
		t.Errorf("read back %v, %v", back, err)
	}
}
