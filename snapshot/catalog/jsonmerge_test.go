package catalog

import (
	"testing"
)

// TestJSONMergeKey: a key "<<" in a one-line JSON value (spec_details or
// meta), quoted as JSON writes every key, escaped, or in an object
// inside a field, is an error at the key, by the fast and the general
// path alike. SafeYAML, which Jekyll reads front matter with, merges the
// value of any key "<<", and raises when it is not a mapping: the site
// then published the page without its specs, while cachediff read a
// field it does not compare (or, in meta, a key it ignores), and a
// gate passed with "no changes".
func TestJSONMergeKey(t *testing.T) {
	h := hashN(1)
	pre := `spec_details: [{"hash": "` + h + `", `
	for _, tc := range []struct {
		name, val string
		off       int // of the key in val
	}{
		{"a string", `"<<": "x"`, 0},
		{"a list", `"os": "x", "<<": []`, 11},
		{"null", `"<<": null`, 0},
		{"a mapping", `"<<": {"versions": ["6.6.6"]}`, 0},
		{"escaped", `"\u003c\u003C": 1`, 0},
		{"in a field's object", `"note": {"a": [{"<<": 1}]}`, 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + pre + tc.val + otherFields(tc.val) + "}]\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len(pre)+tc.off+1, `spec_details: a key "<<"`, "SafeYAML", "without its specs")
			}
		})
	}
	metaPre := `meta: {"num_specs": 1, `
	page := []byte(head + metaPre + `"<<": []}` + "\n" + pre + `"os": "x"` + otherFields(`"os": "x"`) + "}]\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 5, len(metaPre)+1, `meta: a key "<<"`)
	}

	// "<<" that is no key is no merge key: a value, an item of a list, a
	// longer key, an escaped backslash before the key's text. Each holds
	// '<', which the site prints as HTML: refused as that, at the '<'.
	for _, tc := range []struct {
		val string
		off int
	}{{`"note": "<<"`, 9}, {`"variants": ["<<", "+x"]`, 14}, {`"<<<": 1`, 1}, {`"note": {"a": "<<"}`, 15}, {`"\\<<": 1`, 3}} {
		page := []byte(head + pre + tc.val + otherFields(tc.val) + "}]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 5, len(pre)+tc.off+1, "spec_details: a string holds '<'")
		}
	}
}
