package catalog

import (
	"testing"
)

// TestProtoKey: a spec with the key "__proto__" is an error at the key,
// by the fast and the general path alike, however the key is written.
// The site writes spec_details into a <script> element as an object
// literal, where JavaScript reads that key as the spec's prototype: a
// spec without versions and variants showed the prototype's in the
// table, while cachediff, which compares no field it does not know, read
// none, and a pull request that added the key passed a gate with "no
// changes".
func TestProtoKey(t *testing.T) {
	h := hashN(1)
	pre := `spec_details: [{"hash": "` + h + `", `
	for _, tc := range []struct {
		name, val string
		off       int // of the key in val
	}{
		{"one-line JSON", `"__proto__": {"versions": ["6.6.6"], "variants": ["+evil"]}`, 0},
		{"after other fields", `"os": "x", "__proto__": {"versions": ["6.6.6"]}`, 11},
		{"escaped", `"\u005f_proto__": {"versions": ["6.6.6"]}`, 0},
		{"empty", `"__proto__": {}`, 0},
		{"YAML flow", `__proto__: {versions: [6.6.6]}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + pre + tc.val + otherFields(tc.val) + "}]\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				col := len(pre) + tc.off + 1
				if tc.name == "YAML flow" {
					col = 0 // read by way of JSON: the line alone
				}
				checkErr(t, err, "p.md", 5, col, `spec 1: the key "__proto__"`, "prototype")
			}
		})
	}

	// Written as YAML: the spec_details line, and the spec.
	page := []byte(head + "spec_details:\n- hash: " + h + "\n  __proto__:\n    versions: [\"6.6.6\"]\n---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 6, 0, `spec 1: the key "__proto__"`)
	}

	// What JavaScript reads as a field stays read: the key in another
	// case, or inside a field's value, or in meta.
	for _, val := range []string{`"__PROTO__": 1`, `"note": {"__proto__": {"versions": ["1"]}}`, `"proto": 1`} {
		page := []byte(head + pre + val + otherFields(val) + "}]\n" + oneMeta + "---\n")
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", page, false); err != nil {
				t.Errorf("%s: %v", val, err)
			}
		}
	}
	page = []byte(head + `meta: {"num_specs": 1, "__proto__": {"num_specs": 2}}` + "\n" + pre + `"os": "x"` + otherFields(`"os": "x"`) + "}]\n---\n")
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", page, false); err != nil {
			t.Errorf("meta: %v", err)
		}
	}
}
