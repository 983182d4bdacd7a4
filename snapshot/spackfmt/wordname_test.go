package spackfmt

import (
	"strings"
	"testing"
)

// TestNoWordNamedAsIts (issue 35 class e: a message that names the
// wrong thing): a value that starts with t, f or n and is no true, false
// or null is named as the word it is, quoted. It was named by that
// letter's kind: `{tx` said "want a key, not a boolean", `"name": fals}`
// "want a string, not a boolean", `{} nope` "unexpected data after the
// document (null)". A word cut short by the end of the file says the
// file ends, as one cut before it does.
func TestNoWordNamedAsIts(t *testing.T) {
	for in, want := range map[string]string{
		`{tx`:                 `(top level): want a key, not "tx"`,
		`{"spec": tx}`:        `spec: want an object, not "tx"`,
		`{"spec": nope}`:      `spec: want an object, not "nope"`,
		`{} nope`:             `unexpected data after the document ("nope")`,
		`{} fx`:               `unexpected data after the document ("fx")`,
		`{"spec": t`:          "spec: want an object, not the end of the file",
		`{"spec": nul`:        "spec: want an object, not the end of the file",
		"{\"spec\": fals\xc3": "spec: want an object, not the end of the file",
		`{"spec": {"_meta": {"version": 4}, "nodes": [{"name": fals}]}}`: `spec.nodes[0].name: want a string, not "fals"`,
		// In a value the decoder skips, as in one it reads: it said
		// "bad literal".
		`{"spec": {"_meta": {"x": tx}}}`:     `spec._meta.x: want a value, not "tx"`,
		`{"spec": {"_meta": {"x": [nope]}}}`: `spec._meta.x[0]: want a value, not "nope"`,
		// Whole words are named as before.
		`{true`:           "(top level): want a key, not a boolean",
		`{"spec": null}`:  "spec: want an object, not null",
		`{"spec": false}`: "spec: want an object, not a boolean",
		`{} true`:         "unexpected data after the document (a boolean)",
		`{} nu`:           "unexpected data after the document (null)",
	} {
		if _, err := Decode("x.spec.json", []byte(in)); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}
