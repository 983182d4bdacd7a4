package catalog

import (
	"bytes"
	"encoding/json"
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
