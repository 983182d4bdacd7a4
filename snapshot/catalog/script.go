package catalog

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// The site's layouts print a page's values as HTML, unescaped. The page
// of a package (layout cache) writes spec_details into a <script>
// element as JSON (Liquid's jsonify, which escapes neither "<" nor "/",
// so "</script" ends the element and "<!--" can keep it open), and its
// table (DataTables) renders each spec's hash, versions, variants,
// platform, os, target, compiler and size into its cells by string
// concatenation ('<button class="tag searchable-badge">' + data +
// '</button>'). The tag's listing (pages/api/data.json, layout table)
// prints each page's meta lists and title the same way. A pull request
// that changed one variant to "+x<style>#cache{display:none}</style>"
// hid the package's whole table while cachediff read "1 spec updated",
// and one that put such a string in a field cachediff does not compare
// (size, a field no page has) passed a gate with "no changes". No real
// page has a "<" anywhere: a "<" in any string of spec_details or meta,
// a key or a value, known to cachediff or not, its escapes decoded, is
// bad input. An entity (&lt;) prints as text, and is read.

// markupAt returns the offset in v, the text of the one-line JSON (or
// YAML flow) value of spec_details or meta, of the first character
// that decodes to "<"; ok is false when there is none. An escape
// (\u003c, \x3c) decodes to its character first: the site writes the
// decoded text.
func markupAt(v []byte) (off int, ok bool) {
	if bytes.IndexByte(v, '\\') < 0 {
		// No escape (every real page): the text is the bytes, and a
		// line without "<" costs one scan.
		off = bytes.IndexByte(v, '<')
		return off, off >= 0
	}
	for i := 0; i < len(v); {
		c, n := unescaped(v, i)
		if c == '<' {
			return i, true
		}
		i += n
	}
	return 0, false
}

// unescaped reads the character at v[i] as JSON or a YAML double-quoted
// string decodes it: an escape's character when it is ASCII, 0 for any
// other (a character beyond ASCII is no "<"), and the bytes read.
// Outside a string a backslash is an error that the decoder reports;
// read as an escape here, it refuses no more than it should.
func unescaped(v []byte, i int) (byte, int) {
	if v[i] != '\\' || i+1 >= len(v) {
		return v[i], 1
	}
	digits := 0
	switch v[i+1] {
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		c := v[i+1]
		if c == '/' || c == '\\' || c == '"' {
			return c, 2
		}
		return 0, 2
	}
	if i+2+digits > len(v) {
		return 0, 2
	}
	r, err := strconv.ParseUint(string(v[i+2:i+2+digits]), 16, 32)
	if err != nil || r >= 0x80 {
		return 0, 2 + digits
	}
	return byte(r), 2 + digits
}

// markupNode returns the first scalar (key or value) of a YAML value of
// spec_details or meta whose text holds "<", or nil: the check of
// markupAt for a value written as YAML.
func markupNode(n *yaml.Node) *yaml.Node {
	return firstScalar(n, func(text string) bool {
		return strings.IndexByte(text, '<') >= 0
	})
}

// markupMessage is the message of a string of key (spec_details or
// meta) that holds "<". It returns constants: a key that escaped (into
// fmt) would move parseFrontMatter's values to the heap, one allocation
// more a page.
func markupMessage(key string) string {
	if key == "meta" {
		return "meta" + markupWhy + "the tag's listing of packages" + markupEnd
	}
	return "spec_details" + markupWhy + "the package's table, and spec_details into a <script> element too" + markupEnd
}

// markupWhy and markupEnd make markupMessage's messages.
const (
	markupWhy = ": a string holds '<': the site's layout prints it as HTML (into "
	markupEnd = "), so markup there could hide or change what the site shows while cachediff read it; no page has '<': remove it"
)

// titleMarkup is the reason a page's title (or tag) that holds one of
// titleBad is bad input, or "".
//
// The layout cache prints the title raw into the page's <h1>, as a
// link's text, and inside an attribute (href="...?name={{ page.title
// }}"); the tag's listing prints title and tag into a JSON string
// ("uid": "{{ entry.title }}") and renders them as HTML. A "<" there
// is markup; a '"' ends the attribute (x" style="position:fixed;..."
// covers the page, no "<" needed) or the listing's JSON string, and a
// backslash escapes its end, so that the listing of every package of
// the tag fails to load. Every real title is a package name, every tag
// a release or a date.
//
// A control character (a newline, a tab, DEL) is bad input too: the
// listing's JSON string may not hold one raw, so it fails to load.
// So is a "'": the listing (layout table) prints the title's link
// inside href='...', which it would end.
func titleMarkup(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f || strings.ContainsRune(titleBad, r) })
	if i < 0 {
		return ""
	}
	return fmt.Sprintf("holds %q: the site's layout prints it as HTML, inside an attribute and a JSON string too, so it could add markup or end the attribute or string there, while cachediff read the package", s[i:i+1])
}

// titleBad are the characters a title or tag may not hold.
const titleBad = `<"\'`
