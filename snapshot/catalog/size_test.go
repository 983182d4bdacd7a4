package catalog

import (
	"testing"
)

// TestSizeMarkup: a spec's size that holds '<', or that is not a string
// or a number, is an error at the spec, by the fast and the general path
// alike, however it is written. The site's table prints the size into
// its cell as HTML, and cachediff does not compare sizes: a pull request
// that set one spec's size to "-<style>#cache{display:none}</style>"
// hid the package's table on the site and passed a gate with "no
// changes"; a list of escaped strings joins to the same markup, and an
// object with the key toString throws where the table draws the cell.
func TestSizeMarkup(t *testing.T) {
	h := hashN(1)
	pre := `spec_details: [{"hash": "` + h + `", `
	for _, tc := range []struct {
		name, size string
		want       string
	}{
		{"style", `"-<style>#cache{display:none}</style>"`, `size: "-<style>#cache{display:none}</style>" holds '<'`},
		{"img", `"<img src=x onerror=alert(1)>"`, `size: "<img src=x onerror=alert(1)>" holds '<'`},
		{"escaped", `"\u003cimg src=x onerror=alert(1)>"`, `size: "<img src=x onerror=alert(1)>" holds '<'`},
		{"list of escaped", `["\u003cimg src=x onerror=alert(1)>"]`, `size: want a string or a number, got [`},
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

	// Written as YAML: the spec's line.
	page := []byte(head + "spec_details:\n- hash: " + h + "\n  size: '<b>1</b>'\n" + otherFieldsYAML("hash: x\nsize: y", "  ") + "---\n")
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page, false)
		checkErr(t, err, "p.md", 6, 0, `spec 1: size: "<b>1</b>" holds '<'`)
	}

	// What the catalogue writes, and other text or numbers, stay read.
	for _, size := range []string{`"-"`, `""`, `123`, `"12"`, `-0.5E-7`, `"1 MB"`, `"&lt;b&gt;"`} {
		val := `"size": ` + size
		page := []byte(head + pre + val + otherFields(val) + "}]\n---\n")
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", page, false); err != nil {
				t.Errorf("%s: %v", size, err)
			}
		}
	}
}
