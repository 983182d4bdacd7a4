package jsonv1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unsafe"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// listOrder holds the report's lists of strings that cachediff writes
// sorted, or each value once, to that as the shape walk meets them,
// before anything is decoded (causeLens.elem): encoding/json made each
// element a string header of 16 bytes in a list grown a quarter at a
// time, so that 4M "" in options.stacks (12 MB) peaked at 298 MB (24x)
// and 4M "a" in a highlight's packages rendered at 9.8x, where the laws
// refused most such lists only once decoded, and some (the options',
// the highlights') not at all.
type listOrder struct {
	prev []byte // the list's previous element, as decoded
	// err is the first element refused whatever options.canonicalize
	// says; canonErr the first refused when it is true (a spec's and
	// a package's shared variants are sorted only when canonicalized),
	// each with where it is in the document (at), to say the first.
	err, canonErr     error
	errAt, canonErrAt int
	canonical         bool // options.canonicalize is true
}

// strList is what the walk holds a list of strings to.
type strList int

const (
	listNone     strList = iota
	listSorted           // sorted by bytes, each once: options.packages and .stacks, a highlight's and an update's packages
	listDistinct         // each once, in an order of its own: a package's versions
	listShared           // a package's shared variants: each once, sorted when canonicalized
	listSpec             // a spec's versions, variants or stacks (specList)
)

// strListAt is the kind of the list at path, and the facet of a spec's
// list (version, variant, stack).
func strListAt(path []pathStep) (strList, string) {
	key := func(i int) string {
		if i < 0 {
			i += len(path)
		}
		if i < 0 || i >= len(path) || path[i].value {
			return ""
		}
		return path[i].key
	}
	n := len(path)
	switch {
	case n == 2 && key(0) == "options" && (key(1) == "packages" || key(1) == "stacks"):
		return listSorted, ""
	case n == 3 && (key(0) == "highlights" || key(0) == "updates") && key(2) == "packages":
		return listSorted, ""
	case n == 4 && (key(0) == "packages" || key(0) == "highlights") && key(2) == "versions":
		switch key(3) {
		case "old", "new", "added", "removed":
			return listDistinct, ""
		}
	case n == 3 && key(0) == "packages" && key(2) == "shared_variants":
		return listShared, ""
	case key(0) == "packages" && key(2) == "specs" && (n == 6 || n == 7):
		// packages[i].specs.added[j].variants, or
		// packages[i].specs.rebuilt[j].old.variants.
		if n == 7 && key(5) != "old" && key(5) != "new" {
			return listNone, ""
		}
		switch key(-1) {
		case "versions":
			return listSpec, "version"
		case "variants":
			return listSpec, "variant"
		case "stacks":
			return listSpec, "stack"
		}
	}
	return listNone, ""
}

// elem checks element raw (as written, at offset at) of the list at
// path, its index the last step, against the one before it, when the
// list is one cachediff writes sorted or each value once (strListAt).
func (l *causeLens) elem(path []pathStep, raw []byte, at int) {
	o := &l.order
	if o.err != nil && o.canonErr != nil {
		return
	}
	k := path[len(path)-1].index
	list := path[:len(path)-1]
	kind, facet := strListAt(list)
	if kind == listNone || len(raw) < 2 || raw[0] != '"' {
		return
	}
	v := raw[1 : len(raw)-1]
	if bytes.IndexByte(v, '\\') >= 0 {
		var s string
		_ = json.Unmarshal(raw, &s) // the walk checked the string
		v = []byte(s)
	}
	prev := o.prev
	o.prev = v
	if k == 0 {
		return
	}
	a, b := unsafe.String(unsafe.SliceData(prev), len(prev)), unsafe.String(unsafe.SliceData(v), len(v))
	// The messages are made for the first refusal alone: a path and a
	// message for each element allocated many times the list.
	always := func(msg func() string) {
		if o.err == nil {
			o.err, o.errAt = &diff.LawError{Path: (&walker{path: path}).pathString(), Msg: msg()}, at
		}
	}
	canon := func(msg func() string) {
		if o.canonErr == nil {
			o.canonErr, o.canonErrAt = &diff.LawError{Path: (&walker{path: path}).pathString(), Msg: msg()}, at
		}
	}
	switch kind {
	case listSorted:
		what := func() string {
			if list[0].key == "options" {
				flag := map[string]string{"packages": "--package patterns", "stacks": "--stack names"}[list[1].key]
				return "cachediff writes the " + flag + " sorted (byte order), each once"
			}
			return "a" + map[string]string{"highlights": " highlight's", "updates": "n update's"}[list[0].key] + " packages are sorted by name, each once"
		}
		switch c := strings.Compare(a, b); {
		case c == 0:
			always(func() string { return fmt.Sprintf("%s is there twice: %s", quotedValue(b), what()) })
		case c > 0:
			always(func() string { return fmt.Sprintf("%s after %s, but %s", quotedValue(b), quotedValue(a), what()) })
		}
	case listDistinct:
		if a == b {
			always(func() string {
				return fmt.Sprintf("%s after %s: the versions are distinct, oldest first", quotedValue(b), quotedValue(a))
			})
		}
	case listShared:
		c := snapshot.ListOrder("variant")(a, b)
		switch {
		case a == b:
			always(func() string { return fmt.Sprintf("%s is there twice", quotedValue(b)) })
		case c > 0:
			canon(func() string {
				return fmt.Sprintf("%s comes after %s, but shared variants are in the order of a spec's variants, sorted (by name, then whole) when canonicalized (options.canonicalize)", quotedValue(a), quotedValue(b))
			})
		}
	case listSpec:
		twice := func() string {
			return fmt.Sprintf("%s is there twice: a spec lists each of its %ss once", quotedValue(b), facet)
		}
		if a == b && facet == "stack" {
			always(twice)
			return
		}
		switch c := snapshot.ListOrder(facet)(a, b); {
		case c == 0 || a == b:
			canon(twice)
		case c > 0:
			canon(func() string {
				words := ""
				if facet == "variant" {
					words = " (by name, then whole)"
				}
				return fmt.Sprintf("%s comes after %s, but a spec's %ss are sorted%s when canonicalized (options.canonicalize)", quotedValue(a), quotedValue(b), facet, words)
			})
		}
	}
}

// orderErr is the first element of a list that cachediff could not
// have written so (elem), in the document's order, or nil.
func (o *listOrder) orderErr() error {
	switch {
	case o.canonical && o.canonErr != nil && (o.err == nil || o.canonErrAt < o.errAt):
		return o.canonErr
	default:
		return o.err
	}
}
