package diff

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// DepChanges are a pair's changed dependencies (Why.Changed), decoded
// from JSON into a list made at its length: encoding/json grew it a
// quarter at a time, each copy beside the one before, so that a saved
// report whose one pair listed 2.5M changed dependencies ({"name":"",
// "new_hash":"b"}, 68 MB) rendered at a 381 MB peak (5.6x).
type DepChanges []DepChange

// UnmarshalJSON decodes l as encoding/json decodes a []DepChange, into
// a list made at its length. Elements as cachediff writes them (the
// keys name, old_hash and new_hash, each a string without escapes) are
// read in place; a list with anything else is left to encoding/json,
// into a list made at its length too.
func (l *DepChanges) UnmarshalJSON(data []byte) error {
	if n, ok := readDepChanges(data, nil); ok {
		*l = make(DepChanges, n)
		readDepChanges(data, *l)
		return nil
	}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		*l = nil
		return nil
	}
	*l = make(DepChanges, 0, jsonListLen(data))
	return json.Unmarshal(data, (*[]DepChange)(l))
}

// readDepChanges reads the list data into out when it is of elements as
// cachediff writes them (UnmarshalJSON), or only counts them when out is
// nil: n is their number, and ok false for a list of anything else
// (escapes, other keys, values of another type, not JSON).
func readDepChanges(data []byte, out []DepChange) (n int, ok bool) {
	i := 0
	ws := func() {
		for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
			i++
		}
	}
	// str reads a string without escapes or control characters, valid
	// UTF-8 (encoding/json would replace invalid bytes), at i.
	str := func() ([]byte, bool) {
		if i >= len(data) || data[i] != '"' {
			return nil, false
		}
		j := bytes.IndexByte(data[i+1:], '"')
		if j < 0 {
			return nil, false
		}
		raw := data[i+1 : i+1+j]
		for _, c := range raw {
			if c < 0x20 || c == '\\' {
				return nil, false
			}
		}
		if !utf8.Valid(raw) {
			return nil, false
		}
		i += j + 2
		return raw, true
	}
	// next moves past the comma or the closing bracket after an
	// element or a field: done at the closing one.
	next := func(closing byte) (done, ok bool) {
		ws()
		if i < len(data) && (data[i] == ',' || data[i] == closing) {
			i++
			return data[i-1] == closing, true
		}
		return false, false
	}
	ws()
	if i >= len(data) || data[i] != '[' {
		return 0, false
	}
	i++
	ws()
	if i < len(data) && data[i] == ']' {
		i++
		ws()
		return 0, i == len(data)
	}
	for {
		ws()
		if i >= len(data) || data[i] != '{' {
			return 0, false
		}
		i++
		var d *DepChange
		if out != nil {
			d = &out[n]
		}
		ws()
		if i < len(data) && data[i] == '}' {
			i++
		} else {
			for {
				ws()
				key, ok := str()
				if !ok {
					return 0, false
				}
				ws()
				if i >= len(data) || data[i] != ':' {
					return 0, false
				}
				i++
				ws()
				val, ok := str()
				if !ok {
					return 0, false
				}
				var to *string
				switch string(key) {
				case "name":
					if d != nil {
						to = &d.Name
					}
				case "old_hash":
					if d != nil {
						to = &d.OldHash
					}
				case "new_hash":
					if d != nil {
						to = &d.NewHash
					}
				default:
					return 0, false
				}
				if to != nil {
					*to = string(val)
				}
				done, ok := next('}')
				if !ok {
					return 0, false
				}
				if done {
					break
				}
			}
		}
		n++
		done, ok := next(']')
		if !ok {
			return 0, false
		}
		if done {
			ws()
			return n, i == len(data)
		}
	}
}

// jsonListLen is the number of elements of the JSON list data, valid
// JSON (0 for anything else): the commas between its elements, plus
// one.
func jsonListLen(data []byte) int {
	depth, commas, elems := 0, 0, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			if depth == 1 {
				elems = true
			}
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			if depth++; depth == 2 {
				elems = true
			}
		case ']', '}':
			depth--
		case ',':
			if depth == 1 {
				commas++
			}
		case ' ', '\t', '\n', '\r':
		default:
			if depth == 1 {
				elems = true
			}
		}
	}
	if !elems {
		return 0
	}
	return commas + 1
}
