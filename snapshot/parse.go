package snapshot

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

// envelope is the YAML front matter of a page, less the two big values
// when they are written as one-line JSON (the fast path).
type envelope struct {
	Title       string    `yaml:"title"`
	Layout      string    `yaml:"layout"`
	Categories  []string  `yaml:"categories"`
	Meta        yaml.Node `yaml:"meta"`
	SpecDetails yaml.Node `yaml:"spec_details"`
	SpecFiles   yaml.Node `yaml:"spec_files"` // the 2021–2022 layout
}

// jsonValue is a front-matter value written as one line of JSON.
type jsonValue struct {
	data []byte
	line int // 1-based line in the file
	col  int // 1-based column of data[0]
}

// page is what parsePage reads from a file, before validation.
type page struct {
	env         envelope
	meta        *jsonValue // nil when absent or written as YAML
	specDetails *jsonValue
	fmEnd       int // line of the closing ---
}

// notPageError means a file is not a package page (no front matter, or no
// layout: cache). Load ignores such files unless they must be pages (named
// specs.md, or named on the command line), where it is an error.
type notPageError struct{ err *Error }

func (e notPageError) Error() string { return e.err.Error() }

// parseFrontMatter splits a page into its YAML envelope and the one-line JSON
// values of meta and spec_details.
// The envelope goes by fastEnvelope when it can, unless general is set.
func parseFrontMatter(file string, data []byte, general bool) (*page, error) {
	if err := notText(file, data); err != nil {
		if !bytes.HasPrefix(data, []byte("---")) {
			return nil, notPageError{err} // an error only where a page must be
		}
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	p := &page{}
	var yamlText bytes.Buffer
	line, open := 0, false
	for rest := data; len(rest) > 0 || line == 0; {
		var l []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			l, rest = rest, nil
		}
		line++
		trimmed := bytes.TrimRight(l, " \t\r")
		if line == 1 {
			if string(trimmed) != "---" {
				return nil, notPageError{&Error{File: file, Line: 1, Msg: "no front matter: a package page starts with a line '---'"}}
			}
			open = true
			yamlText.WriteByte('\n') // keep YAML line numbers equal to file lines
			continue
		}
		if string(trimmed) == "---" {
			open = false
			p.fmEnd = line
			break
		}
		for _, f := range []struct {
			key string
			val **jsonValue
		}{{"meta", &p.meta}, {"spec_details", &p.specDetails}} {
			if v, col, ok := oneLineJSON(l, f.key, continues(rest)); ok {
				if *f.val != nil {
					return nil, &Error{File: file, Line: line, Msg: fmt.Sprintf("%s is given twice (lines %d and %d)", f.key, (*f.val).line, line)}
				}
				*f.val = &jsonValue{data: v, line: line, col: col}
				l = nil
			}
		}
		yamlText.Write(l)
		yamlText.WriteByte('\n')
	}
	if open {
		return nil, &Error{File: file, Line: 1, Msg: "front matter opened on line 1 is never closed (no second '---' line)"}
	}
	if !general && fastEnvelope(yamlText.Bytes(), &p.env) {
		return p, nil
	}
	if err := yaml.Unmarshal(yamlText.Bytes(), &p.env); err != nil {
		return nil, yamlError(file, yamlText.Bytes(), err)
	}
	return p, nil
}

// oneLineJSON returns the value of a top-level "key: {...}" or "key: [...]"
// line, and the 1-based column where it starts. A value left open on its
// line when the next line continues it (pretty-printed JSON: multi-line
// YAML flow style) is left to YAML; one left open otherwise is broken JSON.
func oneLineJSON(l []byte, key string, continued bool) ([]byte, int, bool) {
	if !bytes.HasPrefix(l, []byte(key)) || len(l) <= len(key) || l[len(key)] != ':' {
		return nil, 0, false
	}
	v := bytes.TrimLeft(l[len(key)+1:], " \t")
	col := len(l) - len(v) + 1
	v = bytes.TrimRight(v, " \t\r")
	if len(v) == 0 || (v[0] != '{' && v[0] != '[') {
		return nil, 0, false
	}
	if closed := len(v) > 1 && v[len(v)-1] == v[0]+2; continued && !closed { // '{'+2 == '}', '['+2 == ']'
		return nil, 0, false
	}
	return v, col, true
}

// continues reports whether the line that starts rest continues a value:
// it is indented, or closes a flow collection.
func continues(rest []byte) bool {
	return len(rest) > 0 && bytes.IndexByte([]byte(" \t]}"), rest[0]) >= 0
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

// isHash reports whether h looks like a Spack DAG hash: 32 characters of
// Spack's base32 alphabet.
func isHash(h string) bool {
	if len(h) != 32 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; !('a' <= c && c <= 'z' || '2' <= c && c <= '7') {
			return false
		}
	}
	return true
}

// parsePage reads one page: front matter, specs and meta, validated and
// (unless raw) canonicalized. It returns a notPageError for a file
// without front matter or without layout: cache, which Load ignores unless
// the file must be a page.
func parsePage(file string, data []byte, raw bool) (*Package, RuleCounts, []Warning, error) {
	return parsePageState(file, data, raw, &loadState{})
}

// parsePageState is parsePage with the state of a loading goroutine.
func parsePageState(file string, data []byte, raw bool, st *loadState) (*Package, RuleCounts, []Warning, error) {
	p, err := parseFrontMatter(file, data, st.general)
	if err != nil {
		return nil, nil, nil, err
	}
	env := &p.env
	for _, f := range []struct {
		key  string
		fast *jsonValue
		node *yaml.Node
	}{{"meta", p.meta, &env.Meta}, {"spec_details", p.specDetails, &env.SpecDetails}} {
		if f.fast != nil && f.node.Kind != 0 {
			return nil, nil, nil, &Error{File: file, Line: f.node.Line, Msg: fmt.Sprintf("%s is given twice (lines %d and %d)", f.key, f.fast.line, f.node.Line)}
		}
	}
	if env.SpecFiles.Kind != 0 {
		return nil, nil, nil, &Error{File: file, Line: env.SpecFiles.Line, Msg: "this is the 2021–2022 catalogue layout (index.md with spec_files and spec-N.json files), which cachediff does not support yet"}
	}
	if env.Layout != "cache" && p.specDetails == nil && env.SpecDetails.Kind == 0 {
		return nil, nil, nil, notPageError{&Error{File: file, Line: 1, Msg: "not a package page: the front matter has neither layout: cache nor spec_details"}}
	}
	if strings.TrimSpace(env.Title) == "" {
		return nil, nil, nil, &Error{File: file, Line: 2, Msg: "no title: a page's title is its package name"}
	}
	if p.specDetails == nil && env.SpecDetails.Kind == 0 {
		return nil, nil, nil, &Error{File: file, Line: p.fmEnd, Msg: "no spec_details in the front matter"}
	}
	pkg := &Package{Name: env.Title, File: file, Tag: tagOf(env.Categories)}
	pkg.Line = env.SpecDetails.Line
	if p.specDetails != nil {
		pkg.Line = p.specDetails.line
	}
	specs, err := decodeSpecs(file, p.specDetails, &env.SpecDetails, st)
	if err != nil {
		return nil, nil, nil, err
	}
	order, hashesOK := hashOrder(specs)
	if err := checkHashesUnless(hashesOK, file, pkg.Line, specs); err != nil {
		return nil, nil, nil, withSpecColumn(err, p.specDetails)
	}
	counts := RuleCounts{}
	if !raw {
		c := newCanonicalizer()
		c.cache = st.canon
		for i := range specs {
			c.spec(&specs[i])
		}
		counts = c.counts
	}
	sortByHash(specs, order)
	pkg.Specs = specs

	var warnings []Warning
	metaLine := env.Meta.Line
	if p.meta != nil {
		metaLine = p.meta.line
	}
	switch {
	case p.meta == nil && env.Meta.Kind == 0:
		warnings = append(warnings, Warning{File: file, Line: p.fmEnd, Message: "no meta in the front matter"})
	default:
		m, err := decodeMeta(file, p.meta, &env.Meta, st)
		if err != nil {
			return nil, nil, nil, err
		}
		if !st.general && metaAgrees(&m, specs, raw, st) {
			break
		}
		for _, msg := range checkMeta(&m, specs, raw) {
			warnings = append(warnings, Warning{File: file, Line: metaLine, Message: msg})
		}
	}
	return pkg, counts, warnings, nil
}

// checkHashes requires every spec to have a well-formed hash, once.
func checkHashes(file string, line int, specs []Spec) error {
	seen := make(map[string]int, len(specs))
	for i, s := range specs {
		switch {
		case s.Hash == "":
			return &Error{File: file, Line: line, spec: i + 1, Msg: fmt.Sprintf("spec_details: spec %d has no hash", i+1)}
		case !isHash(s.Hash):
			return &Error{File: file, Line: line, spec: i + 1, atHash: true, Msg: fmt.Sprintf("spec_details: spec %d has a malformed hash %q (want 32 characters of a-z and 2-7)", i+1, shorten(s.Hash, 40))}
		}
		if j, dup := seen[s.Hash]; dup {
			return &Error{File: file, Line: line, spec: i + 1, atHash: true, Msg: fmt.Sprintf("spec_details: hash %s is listed twice (specs %d and %d)", s.Hash, j+1, i+1)}
		}
		seen[s.Hash] = i
	}
	return nil
}

// tagOf returns the snapshot tag from categories: [package, <tag>].
func tagOf(categories []string) string {
	for _, c := range categories {
		if c != "package" {
			return c
		}
	}
	return ""
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
