package mirror

import "testing"

// TestSpecBlobTypeWords (issue 35 class e: a message that sends the
// reader on a detour): the sibling, in a layout-v3 spec blob, of
// 0f7d3ba6, which tells a manifest's value of the wrong kind in JSON's
// words. A spec blob's were still Go's types:
//
//	{"spec": {"_meta": {"version": 5}, "nodes": {}}}
//	before: spec.nodes: json: cannot unmarshal object into Go value of type []json.RawMessage
//	after:  spec.nodes: an object, want a list
func TestSpecBlobTypeWords(t *testing.T) {
	for in, want := range map[string]string{
		`[1]`:                       "a list, want an object",
		`"x"`:                       "a string, want an object",
		`{"spec": []}`:              "spec: a list, want an object",
		`{"spec": 5}`:               "spec: a number, want an object",
		`{"spec": {"_meta": true}}`: "spec._meta: a boolean, want an object",
		`{"spec": {"_meta": {"version": 5}, "nodes": {}}}`:  "spec.nodes: an object, want a list",
		`{"spec": {"_meta": {"version": 5}, "nodes": "x"}}`: "spec.nodes: a string, want a list",
	} {
		if _, _, err := specNodes([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}
