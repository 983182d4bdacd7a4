package jsonv1

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
)

// The decoders of a report's packages and highlights (decodeBytes),
// whose lists encoding/json grew a quarter at a time, each copy beside
// the one before, a string header of 16 bytes and a string of its own
// for each element: 4M distinct 5-character variants in one spec (32
// MB) peaked at 425-456 MB. Each list here is made at its length, and a
// list of strings as cachediff writes them (no escapes) holds its
// elements in one string: the rest of each object is left to
// encoding/json, into the values made here (a field of the outer struct
// hides the embedded one's of that name). They read a document
// checkShape has passed, and decode what encoding/json decodes
// (TestListsDecodeAsEncodingJSON).

// strsInto decodes a list of strings into *to.
type strsInto struct{ to *[]string }

func (d strsInto) UnmarshalJSON(data []byte) error {
	if n, size, ok := plainStrings(data, nil); ok {
		var b strings.Builder
		b.Grow(size)
		plainStrings(data, func(s []byte) { b.Write(s) })
		all := b.String()
		l := make([]string, 0, n)
		plainStrings(data, func(s []byte) {
			l = append(l, all[:len(s)])
			all = all[len(s):]
		})
		*d.to = l
		return nil
	}
	if isNull(data) {
		*d.to = nil
		return nil
	}
	n, _ := listElems(data, nil)
	*d.to = make([]string, 0, n)
	return json.Unmarshal(data, d.to)
}

func isNull(data []byte) bool { return bytes.Equal(bytes.TrimSpace(data), []byte("null")) }

// plainStrings reads the list data when it is of strings without
// escapes or control characters, valid UTF-8: n is their number and
// size their bytes, ok false for a list of anything else. each, when
// not nil, is called with each string's bytes, in order.
func plainStrings(data []byte, each func([]byte)) (n, size int, ok bool) {
	i := 0
	ws := func() {
		for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
			i++
		}
	}
	ws()
	if i >= len(data) || data[i] != '[' {
		return 0, 0, false
	}
	i++
	ws()
	if i < len(data) && data[i] == ']' {
		i++
		ws()
		return 0, 0, i == len(data)
	}
	for {
		ws()
		if i >= len(data) || data[i] != '"' {
			return 0, 0, false
		}
		j := bytes.IndexByte(data[i+1:], '"')
		if j < 0 {
			return 0, 0, false
		}
		raw := data[i+1 : i+1+j]
		for _, c := range raw {
			if c < 0x20 || c == '\\' {
				return 0, 0, false
			}
		}
		if !utf8.Valid(raw) {
			return 0, 0, false
		}
		if each != nil {
			each(raw)
		}
		n, size = n+1, size+len(raw)
		i += j + 2
		ws()
		if i >= len(data) {
			return 0, 0, false
		}
		switch data[i] {
		case ',':
			i++
		case ']':
			i++
			ws()
			return n, size, i == len(data)
		default:
			return 0, 0, false
		}
	}
}

// listElems calls f with each element of the JSON list data, as written
// (checkShape has checked it), and returns their number; f nil only
// counts them.
func listElems(data []byte, f func(k int, elem []byte) error) (int, error) {
	w := &walker{data: data}
	w.ws()
	if w.i >= len(data) || data[w.i] != '[' {
		return 0, nil
	}
	w.i++
	for n := 0; ; n++ {
		w.ws()
		if w.i < len(data) && data[w.i] == ']' && n == 0 {
			return 0, nil
		}
		start := w.i
		if err := w.skip(); err != nil {
			return n, err
		}
		if f != nil {
			if err := f(n, data[start:w.i]); err != nil {
				return n, err
			}
		}
		if done, err := w.next(']'); err != nil || done {
			return n + 1, err
		}
	}
}

// listInto decodes the list data into *to, made at its length, each
// element by elem.
func listInto[T any](data []byte, to *[]T, elem func(e *T, data []byte) error) error {
	if isNull(data) {
		*to = nil
		return nil
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '[' {
		return json.Unmarshal(data, to) // encoding/json's error
	}
	n, err := listElems(data, nil)
	if err != nil {
		return json.Unmarshal(data, to) // encoding/json's error
	}
	l := make([]T, n)
	if _, err := listElems(data, func(k int, e []byte) error { return elem(&l[k], e) }); err != nil {
		return err
	}
	*to = l
	return nil
}

// rescanHook, when set (tests), is told the bytes of the packages or
// highlights handed to their decoders above, which encoding/json has
// scanned past first.
var rescanHook func(n int)

// plainListMax is the longest list inside a report's packages or
// highlights that decodeBytes leaves to encoding/json.
const plainListMax = 4096

// packagesInto decodes a report's packages into *to, each list inside
// at its length (a report whose lists inside are all short is read by
// encoding/json as it is, plainDoc).
type packagesInto struct {
	to *[]diff.Package
}

func (d packagesInto) UnmarshalJSON(data []byte) error {
	if rescanHook != nil {
		rescanHook(len(data))
	}
	return listInto(data, d.to, func(p *diff.Package, e []byte) error {
		return json.Unmarshal(e, &struct {
			*diff.Package
			Versions       versionsInto `json:"versions"`
			SharedVariants strsInto     `json:"shared_variants"`
			Specs          specsInto    `json:"specs"`
		}{Package: p, Versions: versionsInto{&p.Versions}, SharedVariants: strsInto{&p.SharedVariants}, Specs: specsInto{&p.Specs}})
	})
}

// versionsInto decodes a package's versions into *to.
type versionsInto struct{ to *diff.VersionChange }

func (d versionsInto) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil // as encoding/json leaves a struct
	}
	v := d.to
	return json.Unmarshal(data, &struct {
		*diff.VersionChange
		Old     strsInto `json:"old"`
		New     strsInto `json:"new"`
		Added   strsInto `json:"added"`
		Removed strsInto `json:"removed"`
	}{v, strsInto{&v.Old}, strsInto{&v.New}, strsInto{&v.Added}, strsInto{&v.Removed}})
}

// versionsPtrInto decodes a highlight's versions into *to.
type versionsPtrInto struct{ to **diff.VersionChange }

func (d versionsPtrInto) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		*d.to = nil
		return nil
	}
	if *d.to == nil {
		*d.to = new(diff.VersionChange)
	}
	return versionsInto{*d.to}.UnmarshalJSON(data)
}

// specsInto decodes a package's specs into *to.
type specsInto struct{ to *diff.SpecChanges }

func (d specsInto) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	c := d.to
	return json.Unmarshal(data, &struct {
		*diff.SpecChanges
		Added     specListInto `json:"added"`
		Removed   specListInto `json:"removed"`
		Rebuilt   pairListInto `json:"rebuilt"`
		Updated   pairListInto `json:"updated"`
		Restacked pairListInto `json:"restacked"`
	}{c, specListInto{&c.Added}, specListInto{&c.Removed}, pairListInto{&c.Rebuilt}, pairListInto{&c.Updated}, pairListInto{&c.Restacked}})
}

// specListInto decodes a list of specs into *to.
type specListInto struct{ to *[]diff.Spec }

func (d specListInto) UnmarshalJSON(data []byte) error {
	return listInto(data, d.to, specInto)
}

// specInto decodes a spec into *s.
func specInto(s *diff.Spec, data []byte) error {
	if isNull(data) {
		return nil
	}
	return json.Unmarshal(data, &struct {
		*diff.Spec
		Versions strsInto `json:"versions"`
		Variants strsInto `json:"variants"`
		Stacks   strsInto `json:"stacks"`
	}{s, strsInto{&s.Versions}, strsInto{&s.Variants}, strsInto{&s.Stacks}})
}

// specPtrInto decodes a pair's spec into *to.
type specPtrInto struct{ to **diff.Spec }

func (d specPtrInto) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		*d.to = nil
		return nil
	}
	if *d.to == nil {
		*d.to = new(diff.Spec)
	}
	return specInto(*d.to, data)
}

// pairListInto decodes a list of pairs into *to.
type pairListInto struct{ to *[]diff.Pair }

func (d pairListInto) UnmarshalJSON(data []byte) error {
	return listInto(data, d.to, func(p *diff.Pair, e []byte) error {
		return json.Unmarshal(e, &struct {
			*diff.Pair
			Old          specPtrInto `json:"old"`
			New          specPtrInto `json:"new"`
			StacksJoined strsInto    `json:"stacks_joined"`
			StacksLeft   strsInto    `json:"stacks_left"`
		}{p, specPtrInto{&p.Old}, specPtrInto{&p.New}, strsInto{&p.StacksJoined}, strsInto{&p.StacksLeft}})
	})
}

// highlightsInto decodes a report's highlights into *to, as
// packagesInto.
type highlightsInto struct {
	to *[]diff.Highlight
}

func (d highlightsInto) UnmarshalJSON(data []byte) error {
	if rescanHook != nil {
		rescanHook(len(data))
	}
	return listInto(data, d.to, func(h *diff.Highlight, e []byte) error {
		return json.Unmarshal(e, &struct {
			*diff.Highlight
			Versions versionsPtrInto `json:"versions"`
			Values   strsInto        `json:"values"`
			Packages strsInto        `json:"packages"`
		}{h, versionsPtrInto{&h.Versions}, strsInto{&h.Values}, strsInto{&h.Packages}})
	})
}
