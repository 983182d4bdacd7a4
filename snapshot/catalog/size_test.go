package catalog

import (
	"testing"
)

// TestSizeKind: a spec's size that is not a string or a number is an
// error at the spec, by the fast and the general path alike. The site's
// table prints the size into its cell as HTML, and cachediff does not
// compare sizes: a list joins its items, and an object with the key
// toString throws where the table draws the cell. A size holding '<' is
// refused as any string of spec_details is (TestMarkup).
func TestSizeKind(t *testing.T) {
	h := hashN(1)
	pre := `spec_details: [{"hash": "` + h + `", `
	for _, tc := range []struct {
		name, size string
		want       string
	}{
		{"list", `["1", "2"]`, `size: want a string or a number, got [`},
		{"toString", `{"toString": 0}`, `size: want a string or a number, got {"toString": 0}`},
		{"boolean", `true`, `size: want a string or a number, got true`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			val := `"size": ` + tc.size
			page := []byte(head + pre + val + otherFields(val) + "}]\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len("spec_details: [")+1, "spec 1: "+tc.want, "a size is \"-\" or a number of bytes")
			}
		})
	}

	// What the catalogue writes, and other text or numbers, stay read.
	for _, size := range []string{`"-"`, `""`, `123`, `"12"`, `-0.5E-7`, `"1 MB"`, `"&lt;b&gt;"`} {
		val := `"size": ` + size
		page := []byte(head + pre + val + otherFields(val) + "}]\n" + oneMeta + "---\n")
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", page, false); err != nil {
				t.Errorf("%s: %v", size, err)
			}
		}
	}
}
