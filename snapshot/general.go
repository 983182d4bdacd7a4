package snapshot

// The general decoders of a page's values: yaml.v3 and encoding/json. They
// decode every page the format allows and give every error with its line
// and column. The fast paths (fast.go) decode the pages generated today
// faster and hand anything else to these; with the fast paths off
// (TestFastPaths, FuzzFastPaths) these alone are the oracle the fast paths
// must agree with.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// generalSpecs decodes spec_details, from its one-line JSON (fast) when it
// has one, else from its YAML node.
func generalSpecs(file string, fast *jsonValue, node *yaml.Node) (specList, error) {
	var specs specList
	err := decodeValue(file, "spec_details", fast, node, &specs)
	return specs, err
}

// generalMeta decodes meta as generalSpecs does spec_details.
func generalMeta(file string, fast *jsonValue, node *yaml.Node) (meta, error) {
	var m meta
	err := decodeValue(file, "meta", fast, node, &m)
	return m, err
}

// decodeValue decodes a front-matter value into v: from its one-line JSON
// when it has one (fast), else from its YAML node (a page whose values are
// written as multi-line YAML), by way of JSON so that both paths give the
// same result.
func decodeValue(file, key string, fast *jsonValue, node *yaml.Node, v any) error {
	if fast != nil {
		return decodeJSON(file, key, fast, v)
	}
	var generic any
	if err := node.Decode(&generic); err != nil {
		return &Error{File: file, Line: node.Line, Col: node.Column, Msg: fmt.Sprintf("broken YAML in %s: %v", key, err)}
	}
	data, err := json.Marshal(jsonable(generic))
	if err != nil {
		return &Error{File: file, Line: node.Line, Col: node.Column, Msg: fmt.Sprintf("%s: %v", key, err)}
	}
	return decodeJSON(file, key, &jsonValue{data: data, line: node.Line}, v)
}

// jsonable converts YAML's generic values to ones encoding/json accepts.
func jsonable(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = jsonable(e)
		}
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[fmt.Sprint(k)] = jsonable(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = jsonable(e)
		}
	}
	return v
}

// decodeJSON decodes one JSON value into v, reporting errors at their line
// and column in the file. Only the first column is known for values that
// came from YAML (col 0), so errors there name the line only.
func decodeJSON(file, key string, val *jsonValue, v any) error {
	err := json.Unmarshal(val.data, v)
	if err == nil {
		return nil
	}
	e := &Error{File: file, Line: val.line}
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var pe *posError
	switch {
	case errors.As(err, &pe):
		off = pe.off
		e.Msg = fmt.Sprintf("%s: %v", key, pe.err)
	case errors.As(err, &se):
		off = se.Offset - 1
		e.Msg = fmt.Sprintf("broken JSON in %s: %v", key, se)
	case errors.As(err, &te):
		off = te.Offset
		e.Msg = fmt.Sprintf("%s: %s is %s, want %v", key, fieldName(te), te.Value, te.Type)
	case errors.Is(err, io.ErrUnexpectedEOF):
		off = int64(len(val.data))
		e.Msg = fmt.Sprintf("broken JSON in %s: unexpected end of the value", key)
	default:
		e.Msg = fmt.Sprintf("%s: %v", key, err)
	}
	if off >= 0 && val.col > 0 {
		e.Col = val.col + int(off)
	}
	return e
}

func fieldName(te *json.UnmarshalTypeError) string {
	if te.Field != "" {
		return te.Field
	}
	return "the value"
}

// posError is an error at a byte offset of a JSON value.
type posError struct {
	off int64
	err error
}

func (e *posError) Error() string { return e.err.Error() }

// specList decodes spec_details: a JSON array of spec objects. Unknown
// fields of a spec are kept in Spec.Extra.
type specList []Spec

func (l *specList) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil {
		return err
	} else if tok != json.Delim('[') {
		return &posError{0, fmt.Errorf("want a list of specs, not %v", tokenKind(tok))}
	}
	for i := 0; dec.More(); i++ {
		off := dec.InputOffset()
		for off < int64(len(data)) && (data[off] == ',' || data[off] == ' ' || data[off] == '\t' || data[off] == '\r' || data[off] == '\n') {
			off++
		}
		var fields map[string]json.RawMessage
		if err := dec.Decode(&fields); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return &posError{off, fmt.Errorf("spec %d is %s, want an object", i+1, te.Value)}
			}
			return err
		}
		s, err := specFromFields(fields)
		if err != nil {
			return &posError{off, fmt.Errorf("spec %d: %w", i+1, err)}
		}
		*l = append(*l, s)
	}
	if _, err := dec.Token(); err != nil { // ]
		return err
	}
	if dec.More() {
		return &posError{dec.InputOffset(), errors.New("unexpected data after the list of specs")}
	}
	return nil
}

func tokenKind(tok json.Token) string {
	switch tok.(type) {
	case json.Delim:
		return "an object"
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "null"
}

func specFromFields(fields map[string]json.RawMessage) (Spec, error) {
	var s Spec
	// In the order of the keys, not of the map: with several bad fields,
	// the one reported (in an error, or in the report's list of pages
	// --skip-invalid left out) is the same on every run.
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		raw := fields[k]
		var dst any
		switch k {
		case "hash":
			dst = &s.Hash
		case "compiler":
			dst = &s.Compiler
		case "versions":
			dst = &s.Versions
		case "os":
			dst = &s.OS
		case "platform":
			dst = &s.Platform
		case "target":
			dst = &s.Target
		case "variants":
			dst = &s.Variants
		case "stacks":
			dst = &s.Stacks
		case "tarball":
			dst = &s.Tarball
		case "size":
			s.Size = sizeString(raw)
			continue
		default:
			if s.Extra == nil {
				s.Extra = map[string]json.RawMessage{}
			}
			s.Extra[k] = raw
			continue
		}
		if string(raw) == "null" {
			continue
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return s, fmt.Errorf("%s: want %s, got %s", k, kindOf(dst), shorten(string(raw), 40))
		}
	}
	return s, nil
}

func kindOf(dst any) string {
	if _, ok := dst.(*[]string); ok {
		return "a list of strings"
	}
	return "a string"
}

// sizeString keeps a size as written: a string's text, or a number.
func sizeString(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// meta is a page's summary of its own specs. It is derived data: checked
// against the specs, never trusted over them.
type meta struct {
	NumSpecs        *int           `json:"num_specs"`
	NumSpecsByStack map[string]int `json:"num_specs_by_stack"`
	Compilers       []string       `json:"compilers"`
	OSs             []string       `json:"oss"`
	Platforms       []string       `json:"platforms"`
	Targets         []string       `json:"targets"`
	Stacks          []string       `json:"stacks"`
	Versions        []string       `json:"versions"`
}

// checkMeta compares a page's meta with its specs and describes each
// disagreement.
func checkMeta(m *meta, specs []Spec, raw bool) []string {
	var msgs []string
	if m.NumSpecs != nil && *m.NumSpecs != len(specs) {
		msgs = append(msgs, fmt.Sprintf("meta says num_specs is %d, but the page lists %s", *m.NumSpecs, plural(len(specs), "spec")))
	}
	byStack := map[string]int{}
	sets := map[string]map[string]bool{}
	add := func(facet, v string) {
		if sets[facet] == nil {
			sets[facet] = map[string]bool{}
		}
		sets[facet][v] = true
	}
	for _, s := range specs {
		add("compilers", s.Compiler)
		add("oss", s.OS)
		add("platforms", s.Platform)
		add("targets", s.Target)
		for _, v := range s.Versions {
			add("versions", v)
		}
		for _, st := range s.Stacks {
			byStack[st]++
			add("stacks", st)
		}
	}
	if m.NumSpecsByStack != nil {
		for _, st := range unionKeys(byStack, m.NumSpecsByStack) {
			if got, want := byStack[st], m.NumSpecsByStack[st]; got != want {
				msgs = append(msgs, fmt.Sprintf("meta says num_specs_by_stack[%s] is %d, but %s that stack", st, want, plural(got, "spec lists", "specs list")))
			}
		}
	}
	c := newCanonicalizer()
	for _, f := range []struct {
		name, facet string
		vals        []string
	}{
		{"compilers", "compiler", m.Compilers},
		{"oss", "", m.OSs},
		{"platforms", "", m.Platforms},
		{"targets", "", m.Targets},
		{"stacks", "", m.Stacks},
		{"versions", "version", m.Versions},
	} {
		if f.vals == nil {
			continue
		}
		claimed := map[string]bool{}
		for _, v := range f.vals {
			if !raw && f.facet != "" {
				v = c.str(f.facet, v)
			}
			claimed[v] = true
		}
		var extra, missing []string
		for v := range claimed {
			if !sets[f.name][v] {
				extra = append(extra, v)
			}
		}
		for v := range sets[f.name] {
			if !claimed[v] {
				missing = append(missing, v)
			}
		}
		slices.Sort(extra)
		slices.Sort(missing)
		if len(extra) > 0 {
			msgs = append(msgs, fmt.Sprintf("meta lists %s %s that no spec has", f.name, strings.Join(extra, ", ")))
		}
		if len(missing) > 0 {
			msgs = append(msgs, fmt.Sprintf("meta %s lacks %s, which specs have", f.name, strings.Join(missing, ", ")))
		}
	}
	return msgs
}

func unionKeys(a, b map[string]int) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}
