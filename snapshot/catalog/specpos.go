package catalog

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/cachediff/cachediff/snapshot"
)

// withSpecColumn sets the column of an error about one spec of a one-line
// spec_details value: where the spec's object starts or, for an error
// about its hash, where the hash's value starts. It finds the place again
// only now, on the error path, so that loading valid pages pays nothing.
// Values written as multi-line YAML have no column.
func withSpecColumn(err error, val *jsonValue) error {
	var e *snapshot.Error
	if !errors.As(err, &e) || val == nil || val.col == 0 {
		return err
	}
	spec, atHash := e.SpecIndex()
	if spec == 0 {
		return err
	}
	if off := specOffset(val.data, spec-1, atHash); off >= 0 {
		e.Col = val.col + off
	}
	return err
}

// specOffset returns the byte offset in data, a JSON list of objects, of
// object i, or of the value of its "hash" key when atHash is set; -1 when
// there is no such place.
func specOffset(data []byte, i int, atHash bool) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return -1
	}
	for k := 0; dec.More(); k++ {
		if k < i {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return -1
			}
			continue
		}
		start := skipSpace(data, dec.InputOffset())
		if !atHash {
			return start
		}
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return -1
		}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return -1
			}
			if key == "hash" {
				return skipSpace(data, dec.InputOffset())
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return -1
			}
		}
		return start
	}
	return -1
}

// skipSpace returns the offset of the first byte at or after off that is
// not JSON white space, a comma or a colon (the separators a decoder's
// offset sits before).
func skipSpace(data []byte, off int64) int {
	i := int(off)
	for i < len(data) && bytes.IndexByte([]byte(" \t\r\n,:"), data[i]) >= 0 {
		i++
	}
	return i
}
