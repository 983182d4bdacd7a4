package catalog

import (
	"strings"
	"testing"
)

// TestScriptBreak: a string of spec_details (a key, a value cachediff
// compares or not) that holds "</script" or "<!--" after its escapes are
// decoded is an error at its place, by the fast and the general path
// alike. The site writes spec_details into a <script> element as JSON
// that keeps both as they are: the browser ends the script there (or
// keeps it open past the layout's own end tag) and shows no specs, while
// a field cachediff ignores ("note", size) changed nothing it compares,
// and a gate passed with "no changes".
func TestScriptBreak(t *testing.T) {
	h := hashN(1)
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"
	pre := `spec_details: [{"hash": "` + h + `", `
	for _, tc := range []struct {
		name, val string
		off       int // of the "<" in val
		want      string
	}{
		{"unknown field", `"note": "x</script>"`, 10, `"</script"`},
		{"size", `"size": "</SCRIPT >"`, 9, `"</script"`},
		{"key", `"<!--x": 1`, 1, `"<!--"`},
		{"comment then script", `"note": "<!--<script>"`, 9, `"<!--"`},
		{"escaped <", `"note": "\u003c/script>"`, 9, `"</script"`},
		{"escaped < in upper case", `"note": "\u003C\u002FScRiPt"`, 9, `"</script"`},
		{"escaped /", `"note": "<\/script>"`, 9, `"</script"`},
		{"escaped letter", `"note": "</\u0073cript>"`, 9, `"</script"`},
		{"escaped dash", `"note": "<!\u002d-"`, 9, `"<!--"`},
		{"in a list", `"variants": ["+a", "</script"]`, 20, `"</script"`},
		{"YAML flow, single quotes", `note: '</script>'`, 7, `"</script"`},
		{"YAML flow, \\x escape", `note: "\x3c!--"`, 7, `"<!--"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + pre + tc.val + otherFields(tc.val) + "}]\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len(pre)+tc.off+1, "spec_details: a string holds "+tc.want, "<script> element", "show no specs")
			}
		})
	}

	// Written as YAML: the decoded text is judged, wherever it is.
	for _, tc := range []struct {
		name, yaml string
		line, col  int
	}{
		{"block", "- hash: " + h + "\n  note: </script>\n", 7, 9},
		{"folded escape", "- hash: " + h + "\n  note: \"<\\\n    /script>\"\n", 7, 9},
		{"key", "- hash: " + h + "\n  <!--: 1\n", 7, 3},
		{"binary", "- hash: " + h + "\n  note: !!binary PC9zY3JpcHQ+\n", 7, 9},
		{"alias", "- hash: " + h + "\n  variants: [&a x]\n- hash: " + hashN(2) + "\n  note: &b \"<!-- \"\n  size: *b\n", 9, 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + "spec_details:\n" + tc.yaml + "---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", tc.line, tc.col, "spec_details: a string holds", "<script> element")
			}
		})
	}

	// What leaves the script alone stays read: a "<" before other text,
	// an opening tag, an escaped backslash before u003c, the same text in
	// meta (which the site does not write into the script) and in the
	// title.
	for _, val := range []string{
		`"note": "<script>alert(1)"`, `"note": "< /script>"`, `"note": "<!-x->"`, `"note": "\\u003c/script>"`,
		`"variants": ["<b>", "<img src=x onerror=alert(1)>"]`, `"note": "</scrip"`,
	} {
		page := []byte(head + pre + val + otherFields(val) + "}]\n---\n")
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", page, false); err != nil {
				t.Errorf("%s: %v", val, err)
			}
		}
	}
	page := []byte(strings.Replace(head, `"zlib"`, `"zlib</script>"`, 1) + `meta: {"note": "</script><!--"}` + "\n" + pre + `"os": "x"` + otherFields(`"os": "x"`) + "}]\n---\n")
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", page, false); err != nil {
			t.Errorf("meta and title: %v", err)
		}
	}
}
