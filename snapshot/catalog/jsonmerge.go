package catalog

import (
	"bytes"
	"encoding/json"

	"github.com/cachediff/cachediff/internal/jsonbytes"
)

// jsonMergeKey returns the offset in v, the text of a one-line JSON value
// of the front matter (meta, spec_details), of the first key of an
// object in it that decodes to "<<", quoted or escaped as it may be; ok
// is false when there is none, or when v is not JSON (the value is then
// read as YAML flow style, and mergeKeyError judges its nodes).
//
// Jekyll reads the front matter with SafeYAML, whose handler merges the
// value of any key "<<" into the mapping that holds it (Hash#merge!),
// quoted or not: a mapping written in place merges while still empty,
// and any other value (a string, a list, a number, null) raises, so that
// Jekyll publishes the page without its front matter, and its package
// without specs. cachediff reads such a key of a spec as a field it does
// not compare, and ignores it in meta: {"<<": 1} in one spec passed a
// gate with "no changes" while the site showed none of the package's
// specs. No real page has the text "<<" or an escape, which alone could
// spell the key: others are not read again.
func jsonMergeKey(v []byte) (off int, ok bool) {
	if !bytes.Contains(v, []byte("<<")) && bytes.IndexByte(v, '\\') < 0 {
		return 0, false
	}
	if !maybeMergeKey(v) {
		return 0, false
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	type frame struct{ obj, wantKey bool }
	var open []frame // the containers open, innermost last
	for {
		at := skipSpace(v, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return 0, false // the end, or not JSON: decoded later, and judged there
		}
		if n := len(open); n > 0 && open[n-1].obj {
			f := &open[n-1]
			if f.wantKey {
				if s, isStr := tok.(string); isStr {
					if s == "<<" {
						return at, true
					}
					f.wantKey = false
					continue
				}
			} else {
				f.wantKey = true // this token starts the key's value
			}
		}
		switch tok {
		case json.Delim('{'):
			open = append(open, frame{obj: true, wantKey: true})
		case json.Delim('['):
			open = append(open, frame{})
		case json.Delim('}'), json.Delim(']'):
			open = open[:len(open)-1]
		}
	}
}

// maybeMergeKey reports whether a key of an object in v, read as JSON
// up to where it stops being JSON, may decode to "<<": one pass over
// its bytes, each key's escapes undone, where jsonMergeKey's tokens of
// encoding/json cost six allocations a string. A page whose only
// escape is one variant of each spec ("\u0076000100=1"), 64 specs of
// 2,000 variants, was tokenized whole: 145k of the 172k allocations of
// reading it (TestEscapedVariantsFast). A key it finds is judged by
// jsonMergeKey's tokens, which also say where a value stops being JSON;
// it finds every key those find.
func maybeMergeKey(v []byte) bool {
	var obj []bool // the containers open, innermost last: an object?
	wantKey := false
	var scratch []byte
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '{':
			obj, wantKey = append(obj, true), true
		case '[':
			obj, wantKey = append(obj, false), false
		case '}', ']':
			if len(obj) > 0 {
				obj = obj[:len(obj)-1]
			}
			wantKey = false
		case ',':
			wantKey = len(obj) > 0 && obj[len(obj)-1]
		case ':':
			wantKey = false
		case '"':
			start, escaped := i+1, false
			for i++; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' {
					escaped = true
					i++
				}
			}
			if i >= len(v) {
				return false // no end: not JSON, as the tokens find
			}
			if !wantKey {
				continue
			}
			key := v[start:i]
			if escaped {
				var ok bool
				if scratch, ok = jsonbytes.AppendUnescaped(scratch[:0], key); !ok {
					return true // the tokens judge it
				}
				key = scratch
			}
			if string(key) == "<<" {
				return true
			}
			wantKey = false
		}
	}
	return false
}
