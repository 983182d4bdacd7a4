package catalog

import (
	"bytes"
	"fmt"
	"strconv"

	"gopkg.in/yaml.v3"
)

// The site's page of a package (its layout, cache) writes the page's
// spec_details into a <script> element, as JSON (Liquid's jsonify), and
// the table of specs is drawn from it. jsonify escapes neither "<" nor
// "/", so a string of spec_details, a key or a value cachediff reads or
// not (size, tarball, a field no page has), that holds "</script" ends
// the element there, and one that holds "<!--" can keep the layout's own
// "</script>" from ending it (HTML's script data escaped states): either
// way the browser runs no script and shows no specs, or others, while
// cachediff read them, and a pull request that added such a field to one
// spec passed a gate with "no changes". Such a string is bad input.
//
// HTML matches the tag name without regard to ASCII case; "<!--" is
// refused with no "<script" after it too, as no real page has either.

// scriptBreaks are what ends, or can keep open, the site's <script>, in
// lower case.
var scriptBreaks = [...]string{"</script", "<!--"}

// scriptBreak returns the offset in v, the text of the one-line JSON (or
// YAML flow) value of spec_details, of a "<" that starts a scriptBreaks
// in the text the value decodes to, and that text; ok is false when
// there is none. An escape (\u003c, \x3c, \/) decodes to its character
// first: the site writes the decoded text.
func scriptBreak(v []byte) (off int, what string, ok bool) {
	if bytes.IndexByte(v, '\\') < 0 {
		return rawBreak(v) // no escape (every real page): the text is the bytes
	}
	for i := 0; i < len(v); {
		c, n := unescaped(v, i)
		if c == '<' {
			if w, bad := breakAt(v, i+n, unescaped); bad {
				return i, w, true
			}
		}
		i += n
	}
	return 0, "", false
}

// rawBreak is scriptBreak of decoded text.
func rawBreak(v []byte) (off int, what string, ok bool) {
	for i := 0; ; {
		j := bytes.IndexByte(v[i:], '<')
		if j < 0 {
			return 0, "", false
		}
		i += j
		if w, bad := breakAt(v, i+1, rawByte); bad {
			return i, w, true
		}
		i++
	}
}

// breakAt reports which of scriptBreaks, if any, the text from offset i
// of v continues, reading characters with next.
func breakAt(v []byte, i int, next func([]byte, int) (byte, int)) (string, bool) {
	for _, b := range scriptBreaks {
		j, k := i, 1
		for ; k < len(b) && j < len(v); k++ {
			c, n := next(v, j)
			if lower(c) != b[k] {
				break
			}
			j += n
		}
		if k == len(b) {
			return b, true
		}
	}
	return "", false
}

// rawByte reads the byte at v[i].
func rawByte(v []byte, i int) (byte, int) { return v[i], 1 }

// unescaped reads the character at v[i] as JSON or a YAML double-quoted
// string decodes it: an escape's character when it is ASCII, 0 for any
// other (a character beyond ASCII matches nothing in scriptBreaks), and
// the bytes read. Outside a string a backslash is an error that the
// decoder reports; read as an escape here, it refuses no more than it
// should.
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

// lower is ASCII's lower case, as HTML matches tag names.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// scriptBreakNode returns the first scalar (key or value) of a YAML
// value of spec_details whose text holds one of scriptBreaks, and that
// one, or nil: the check of scriptBreak for a value written as YAML.
func scriptBreakNode(n *yaml.Node) (*yaml.Node, string) {
	var what string
	bad := firstScalar(n, func(text string) bool {
		_, w, ok := rawBreak([]byte(text))
		what = w
		return ok
	})
	return bad, what
}

// scriptBreakMessage is the message of a string that holds what (one of
// scriptBreaks).
func scriptBreakMessage(what string) string {
	return fmt.Sprintf("spec_details: a string holds %q: the site's page writes spec_details into a <script> element as JSON, which keeps %q as it is, so the browser would end (or keep open) the script there and show no specs, while cachediff read them; remove it", what, what)
}
