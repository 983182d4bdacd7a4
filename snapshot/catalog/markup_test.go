package catalog

import (
	"strings"
	"testing"
)

// TestMarkup: a "<" in any string of spec_details or meta (a key, a
// value cachediff compares or not), after its escapes are decoded, is an
// error at its place, by the fast and the general path alike. The site
// prints them as HTML: the table's cells are built by concatenation
// ('<button class="tag searchable-badge">' + data + '</button>'), the
// tag's listing prints meta's lists, and spec_details is written into a
// <script> element as JSON that keeps "</script" and "<!--". A pull
// request that changed one variant to
// "+x<style>#cache{display:none}</style>" hid the package's table while
// cachediff read "1 spec updated", and the recommended gate passed.
func TestMarkup(t *testing.T) {
	h := hashN(1)
	pre := `spec_details: [{"hash": "` + h + `", `
	style := `<style>#cache{display:none}</style>`
	for _, tc := range []struct {
		name, val string
		off       int // of the "<" in val
	}{
		{"variant", `"variants": ["+a", "+x` + style + `"]`, 22},
		{"versions", `"versions": ["1.0` + style + `"]`, 17},
		{"os", `"os": "x` + style + `"`, 8},
		{"target", `"target": "` + style + `"`, 11},
		{"compiler", `"compiler": "gcc@13` + style + `"`, 19},
		{"platform", `"platform": "linux` + style + `"`, 18},
		{"stacks", `"stacks": ["e4s<b>"]`, 15},
		{"size", `"size": "-` + style + `"`, 10},
		{"unknown field", `"note": "x</script>"`, 10},
		{"key", `"<!--x": 1`, 1},
		{"a lone <", `"note": "a < b"`, 11},
		{"escaped <", `"variants": ["\u003cimg src=x onerror=alert(1)>"]`, 14},
		{"escaped < in upper case", `"note": "\u003C\u002FScRiPt"`, 9},
		{"after an escape", `"note": "\"<b>"`, 11},
		{"in an object", `"note": {"a": ["<"]}`, 16},
		{"YAML flow, single quotes", `note: '</script>'`, 7},
		{"YAML flow, \\x escape", `note: "\x3c!--"`, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + pre + tc.val + otherFields(tc.val) + "}]\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len(pre)+tc.off+1, "spec_details: a string holds '<'", "the site's layout prints it as HTML")
			}
		})
	}

	// Written as YAML: the decoded text is judged, wherever it is.
	for _, tc := range []struct {
		name, yaml string
		line, col  int
	}{
		{"block", "- hash: " + h + "\n  variants: [+x<b>]\n", 7, 14},
		{"folded escape", "- hash: " + h + "\n  note: \"<\\\n    /script>\"\n", 7, 9},
		{"key", "- hash: " + h + "\n  <!--: 1\n", 7, 3},
		{"binary", "- hash: " + h + "\n  note: !!binary PC9zY3JpcHQ+\n", 7, 9},
		{"alias", "- hash: " + h + "\n  variants: [&a x]\n- hash: " + hashN(2) + "\n  note: &b \"<b> \"\n  size: *b\n", 9, 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + "spec_details:\n" + tc.yaml + "---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", tc.line, tc.col, "spec_details: a string holds '<'", "the site's layout prints it as HTML")
			}
		})
	}

	// meta: the tag's listing prints its lists as HTML.
	spec := pre + `"os": "x"` + otherFields(`"os": "x"`) + "}]\n"
	for _, tc := range []struct {
		name, meta string
		line, col  int
	}{
		{"one line", `meta: {"num_specs": 1, "compilers": ["gcc<b>"]}`, 5, 42},
		{"one line, escaped", `meta: {"oss": ["\u003cb>"]}`, 5, 17},
		{"YAML", "meta:\n  compilers: [\"<i>\"]\n", 6, 15},
	} {
		t.Run("meta "+tc.name, func(t *testing.T) {
			page := []byte(head + tc.meta + "\n" + spec + "---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", tc.line, tc.col, "meta: a string holds '<'", "the site's layout prints it as HTML")
			}
		})
	}

	// The title and the tag: printed in the <h1>, in an attribute and in
	// the listing's JSON string; '"' ends the attribute, a backslash the
	// string.
	for _, tc := range []struct {
		name, title, cats string
		line              int
		want              string
	}{
		{"title <", `"zlib<b>"`, "[package, develop]", 2, `title: "zlib<b>" holds "<"`},
		{"title quote", `'x" style="position:fixed;inset:0;background:#fff'`, "[package, develop]", 2, `holds "\""`},
		{"title backslash", `"x\\"`, "[package, develop]", 2, `holds "\\"`},
		{"title apostrophe", `"aaa' style='position:fixed;inset:0"`, "[package, develop]", 2, `holds "'"`},
		{"title newline", `"x\n| row |"`, "[package, develop]", 2, `holds "\n"`},
		{"title tab", `"x\ty"`, "[package, develop]", 2, `holds "\t"`},
		{"tag DEL", `zlib`, `[package, "dev\x7f"]`, 4, `holds "\x7f"`},
		{"tag <", `"zlib"`, "[package, \"develop<b>\"]", 4, `categories: the tag "develop<b>" holds "<"`},
		{"tag quote", `"zlib"`, "[package, 'develop\"']", 4, `holds "\""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte("---\ntitle: " + tc.title + "\nlayout: cache\ncategories: " + tc.cats + "\n" + spec + "---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", tc.line, 0, tc.want, "the site's layout prints it as HTML")
			}
		})
	}

	// What holds no '<' stays read: an entity (printed as text), a '>',
	// an escaped backslash before u003c, a quote in spec_details (a
	// variant's value may be quoted), the real pages' shapes.
	for _, val := range []string{
		`"note": "&lt;b&gt;"`, `"note": "a > b"`, `"note": "\\u003c/script>"`,
		`"variants": ["cflags=\"-O2\""]`, `"size": "-"`, `"size": 123`,
	} {
		page := []byte(head + pre + val + otherFields(val) + "}]\n" + oneMeta + "---\n")
		for _, parse := range bothPaths {
			if _, _, _, err := parse("p.md", page, false); err != nil {
				t.Errorf("%s: %v", val, err)
			}
		}
	}
	page := []byte(strings.Replace(head, `"zlib"`, `"py-x_y.z"`, 1) + `meta: {"num_specs": 1, "oss": ["x"]}` + "\n" + spec + "---\n")
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", page, false); err != nil {
			t.Errorf("plain title and meta: %v", err)
		}
	}
}
