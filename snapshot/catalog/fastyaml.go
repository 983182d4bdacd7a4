package catalog

import (
	"bytes"

	"gopkg.in/yaml.v3"
)

// fastEnvelope decodes the YAML envelope of a page (what is left of the
// front matter once the one-line JSON values are taken out) when it has
// the plain shape every generated page has:
//
//	title: "name"
//	layout: cache
//	categories: [package, develop]
//	meta: 0
//	spec_details: 0
//
// (the last two the placeholders of one-line JSON values) and blank
// lines. It gives up (false) on anything else, for yaml.v3 to
// decode: another key, a key twice, comments, other quoting, indentation,
// tabs or carriage returns, values written as YAML. TestFastEnvelope
// compares both over real, seed and rewritten pages.
func fastEnvelope(text []byte, env *envelope) bool {
	var e envelope
	var seen [5]bool
	line := 0 // text's lines are the file's
	for len(text) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i], text[i+1:]
		} else {
			l, text = text, nil
		}
		if len(l) == 0 {
			continue
		}
		var k int
		switch {
		case bytes.HasPrefix(l, []byte("title: ")):
			v := l[len("title: "):]
			if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' || !plainQuoted(v[1:len(v)-1]) {
				return false
			}
			e.Title = string(v[1 : len(v)-1])
		case bytes.HasPrefix(l, []byte("layout: ")):
			k = 1
			v := l[len("layout: "):]
			if string(v) != "cache" {
				return false // another layout is refused, at its line (decodePage)
			}
			e.Layout = layoutName{Name: "cache", Set: true, Line: line}
		case bytes.HasPrefix(l, []byte("categories: [")) && l[len(l)-1] == ']':
			k = 2
			v := l[len("categories: [") : len(l)-1]
			for len(v) > 0 {
				item := v
				if i := bytes.IndexByte(v, ','); i >= 0 {
					item, v = v[:i], v[i+1:]
					if len(v) == 0 || v[0] != ' ' {
						return false
					}
					v = v[1:]
				} else {
					v = nil
				}
				if !plainWord(item) {
					return false
				}
				e.Categories = append(e.Categories, string(item))
			}
			if len(e.Categories) == 0 {
				return false
			}
		case string(l) == "meta: 0", string(l) == "spec_details: 0": // a one-line value's placeholder
			k = 3
			n := &e.Meta
			if l[0] == 's' {
				k, n = 4, &e.SpecDetails
			}
			*n = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "0", Line: line, Column: len(l)}
		default:
			return false
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	*env = e
	return true
}

// plainQuoted reports whether the inside of a double-quoted YAML scalar
// is its value as is: printable ASCII without quotes or backslashes.
func plainQuoted(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// plainWord reports whether b is a plain YAML scalar that yaml.v3 and
// SafeYAML decode into a string as written: a letter, then letters,
// digits, '.', '_', '-', and not a null or a boolean.
func plainWord(b []byte) bool {
	if len(b) == 0 || !isASCIILetter(b[0]) {
		return false
	}
	for _, c := range b {
		if !isASCIILetter(c) && !('0' <= c && c <= '9') && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	if len(b) <= len("false") {
		// SafeYAML, which Jekyll reads front matter with, reads these
		// as a boolean or null in any case (yaml.v3 in some): the
		// general path decides (envelopeGuesses).
		for _, w := range [...]string{"null", "yes", "no", "on", "off", "true", "false"} {
			if bytes.EqualFold(b, []byte(w)) {
				return false
			}
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
