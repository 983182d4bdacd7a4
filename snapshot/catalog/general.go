package catalog

// The general decoders of a page's values: yaml.v3 and encoding/json. They
// decode every page the format allows and give every error with its line
// and column. The fast path (decodePage with a loading state:
// fastyaml.go, fastjson.go, fastmeta.go) decodes the pages generated
// today faster and hands anything else to these; with no state
// (TestFastPathsLoad, FuzzFastPaths) these alone are the oracle the fast
// path must agree with.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"gopkg.in/yaml.v3"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/snapshot"
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
//
// A one-line value that is not JSON but YAML flow style (keys without
// quotes, a trailing # comment) is read as YAML, as it would be written
// over several lines; one that is neither gets the JSON error.
func decodeValue(file, key string, fast *jsonValue, node *yaml.Node, v any) error {
	if fast != nil {
		err := decodeJSON(file, key, fast, v)
		if err != nil && !json.Valid(fast.data) {
			if len(fast.data) > maxYAML {
				// The JSON error, at its column: a value this long is
				// not read as YAML flow instead (maxYAML).
				var e *snapshot.Error
				if errors.As(err, &e) {
					cp := *e
					cp.Msg += fmt.Sprintf("; as YAML flow it would be %s, over the %s cachediff reads as YAML (the catalogue writes one line of JSON)", byteCount(len(fast.data)), byteCount(maxYAML))
					return &cp
				}
				return err
			}
			// An escape \/ in a double-quoted scalar is '/' to libyaml
			// and an error to yaml.v3: it reads the value with '/',
			// and the columns are put back.
			data, slash := flowSlashEscapes(fast.data)
			if off := flowEscapedQuote(data); off >= 0 {
				return &snapshot.Error{File: file, Line: fast.line, Col: fast.col + unslash(off, slash), Msg: key + ": " + escapedQuoteMessage}
			}
			if n := flowYAML(&jsonValue{data: data, line: fast.line, col: fast.col}); n != nil {
				if slash != nil {
					unslashColumns(n, data, fast.col, slash)
				}
				return decodeValue(file, key, nil, n, v)
			}
		}
		return err
	}
	// A one-line value read as flow YAML is not in the text that
	// checkMergeKeys judged.
	if err := mergeKeyError(file, node); err != nil {
		return err
	}
	if bad := base64Tagged(node); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: key + ": " + base64TagMessage(bad)}
	}
	if bad, why := scannedOtherwise(node); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: key + ": " + why + unreadValue}
	}
	if bad, what := yaml11Scalar(node, yaml11Reads); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: fmt.Sprintf("%s: %s: Jekyll reads front matter as YAML 1.1, so the site would show another value than cachediff reads; quote it", key, what)}
	}
	if bad := markupNode(node); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: markupMessage(key)}
	}
	if bad := wideIn(node); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: key + ": " + wideMappingMessage(bad)}
	}
	if written, expanded := expansion(node); expanded > maxExpansion*written+maxExpansionSlack {
		return &snapshot.Error{File: file, Line: node.Line, Col: node.Column, Msg: fmt.Sprintf(
			"%s: its aliases (*name) expand about %s written to %s, over the %d times cachediff reads: every copy is held and written out whole. The catalogue writes no alias; write the values out",
			key, byteCount(written), byteCount(expanded), maxExpansion)}
	}
	var generic any
	if err := node.Decode(&generic); err != nil {
		return &snapshot.Error{File: file, Line: node.Line, Col: node.Column, Msg: fmt.Sprintf("broken YAML in %s: %v", key, err)}
	}
	if bad := firstScalar(node, func(s string) bool { return !utf8.ValidString(s) }); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: fmt.Sprintf("%s: %s", key, notUTF8Message(scalarText(bad)))}
	}
	if bad := findScalar(node, notFinite); bad != nil {
		// JSON has no such number: encoding/json's "json: unsupported
		// value: +Inf" named neither the value nor its line.
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: fmt.Sprintf("%s: %s is a number that is not finite to YAML (%s), where a page has text or a count; quote it", key, quoteShort(bad.Value, 40), notFiniteName(bad.Value))}
	}
	data, err := json.Marshal(jsonable(generic))
	if err != nil {
		return &snapshot.Error{File: file, Line: node.Line, Col: node.Column, Msg: fmt.Sprintf("%s: %v", key, err)}
	}
	return decodeJSON(file, key, &jsonValue{data: data, line: node.Line}, v)
}

// notFinite reports whether yaml.v3 reads the scalar n as a float that
// is infinite or not a number (.inf, -.Inf, .NaN), which JSON cannot
// hold.
func notFinite(n *yaml.Node) bool {
	if n.ShortTag() != "!!float" {
		return false
	}
	var f float64
	return n.Decode(&f) == nil && (math.IsInf(f, 0) || math.IsNaN(f))
}

// notFiniteName names the value of a scalar notFinite holds for.
func notFiniteName(text string) string {
	switch {
	case strings.Contains(strings.ToLower(text), "nan"):
		return "not a number"
	case strings.HasPrefix(text, "-"):
		return "minus infinity"
	}
	return "infinity"
}

// flowYAML reads a one-line value as a YAML flow collection, at its line
// and column in the file, or returns nil when it is not one.
func flowYAML(val *jsonValue) *yaml.Node {
	// Read as the value of a key, as the site's YAML reader reads it in
	// the front matter: alone, yaml.v3 reads a flow collection and
	// nothing of what follows it on the line ("[...]]", "[...]x"), which
	// after a key is an error ("did not find expected key"), and the
	// site would publish the page without its specs.
	text := append([]byte(flowKey), val.data...)
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil
	}
	if m := doc.Content[0]; m.Kind != yaml.MappingNode || len(m.Content) != 2 {
		return nil
	}
	n := doc.Content[0].Content[1]
	if n.Kind != yaml.SequenceNode && n.Kind != yaml.MappingNode {
		return nil
	}
	markBangTags(n, func(int) []byte { return text })
	// Every node at its place in the file: the value is one line.
	var place func(n *yaml.Node)
	place = func(n *yaml.Node) {
		n.Line = val.line
		n.Column -= len(flowKey)
		if val.col > 0 {
			n.Column += val.col - 1
		}
		for _, c := range n.Content {
			place(c)
		}
	}
	place(n)
	return n
}

// unslashColumns puts the nodes of n, read from data, a one-line value
// at column col with its escapes \/ written '/' at slash
// (flowSlashEscapes), back at their columns in the file.
func unslashColumns(n *yaml.Node, data []byte, col int, slash []int) {
	cols := make([]int, len(slash)) // the columns of the '/', in data
	at, c := 0, col
	for k, off := range slash {
		c += utf8.RuneCount(data[at:off])
		at, cols[k] = off, c
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		k, _ := slices.BinarySearch(cols, n.Column)
		n.Column += k
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
}

// flowKey is the key flowYAML reads a value after.
const flowKey = "k: "

// firstScalar returns the first scalar of n (a key or a value, in the
// order of the text, aliases followed) whose text is bad, or nil. The
// text is what the site reads: a !!binary scalar's is the bytes it
// decodes to.
func firstScalar(n *yaml.Node, bad func(text string) bool) *yaml.Node {
	return findScalar(n, func(s *yaml.Node) bool { return bad(scalarText(s)) })
}

// findScalar returns the first scalar of n (a key or a value, in the
// order of the text, aliases followed, each node once) that match
// holds for, or nil.
func findScalar(n *yaml.Node, match func(*yaml.Node) bool) *yaml.Node {
	seen := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node) *yaml.Node
	walk = func(n *yaml.Node) *yaml.Node {
		if n == nil || seen[n] {
			return nil
		}
		seen[n] = true
		switch n.Kind {
		case yaml.AliasNode:
			return walk(n.Alias)
		case yaml.ScalarNode:
			if match(n) {
				return n
			}
			return nil
		}
		for _, c := range n.Content {
			if b := walk(c); b != nil {
				return b
			}
		}
		return nil
	}
	return walk(n)
}

// scalarText is a scalar's text as YAML decodes it: a !!binary one's is
// the bytes its base64 decodes to.
func scalarText(n *yaml.Node) string {
	if n.ShortTag() == "!!binary" {
		if b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(n.Value), "")); err == nil {
			return string(b)
		}
	}
	return n.Value
}

// notUTF8Message says what is wrong with s, a decoded value that is not
// UTF-8.
func notUTF8Message(s string) string {
	return fmt.Sprintf("a value decodes to %q, which is not UTF-8 text (a !!binary value?); a page's values are text", shorten(s, 40))
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
	e := &snapshot.Error{File: file, Line: val.line}
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
		e.Msg = fmt.Sprintf("broken JSON in %s: %s", key, syntaxText(se, val.data))
	case errors.As(err, &te):
		// te.Offset is where the value ends: say where it starts.
		var elem string
		off, elem = fieldOffset(val.data, te.Field, te.Offset)
		e.Msg = fmt.Sprintf("%s: %s%s is %s, want %v", key, fieldName(te), elem, te.Value, te.Type)
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

// fieldOffset returns the offset in data, a JSON object, of the value at
// field (a dotted path of keys, matched as encoding/json matches them:
// without regard to case) or, when that is a list or an object and end
// (where encoding/json found the bad value to end) falls inside it, of
// the element that ends at end, named by elem ("[2]", ".key"). It returns
// end when it finds no such place.
func fieldOffset(data []byte, field string, end int64) (off int64, elem string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var path []string
	if field != "" {
		path = strings.Split(field, ".")
	}
	for len(path) > 0 {
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return end, ""
		}
		found := false
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return end, ""
			}
			if k, _ := tok.(string); strings.EqualFold(k, path[0]) {
				found = true
				break
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return end, ""
			}
		}
		if !found {
			return end, ""
		}
		path = path[1:]
	}
	start := int64(skipSpace(data, dec.InputOffset()))
	if start >= int64(len(data)) || (data[start] != '[' && data[start] != '{') {
		return start, ""
	}
	// A list or an object: the element that ends at end.
	open, err := dec.Token()
	if err != nil {
		return start, ""
	}
	for i := 0; dec.More(); i++ {
		name := fmt.Sprintf("[%d]", i)
		if open == json.Delim('{') {
			tok, err := dec.Token()
			if err != nil {
				return start, ""
			}
			k, _ := tok.(string)
			name = "." + k
		}
		at := int64(skipSpace(data, dec.InputOffset()))
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return start, ""
		}
		if dec.InputOffset() == end {
			return at, name
		}
	}
	return start, ""
}

func fieldName(te *json.UnmarshalTypeError) string {
	if te.Field != "" {
		return te.Field
	}
	return "the value"
}

// syntaxText is se's message, an error of decoding data, with the
// character it names quoted whole: encoding/json quotes the byte at the
// error as a character of its own, which names the first byte of one
// past ASCII as another ("invalid character 'Ã' in string escape code"
// for "\é", 'â' for '…').
func syntaxText(se *json.SyntaxError, data []byte) string {
	msg := se.Error()
	at := se.Offset - 1
	if at < 0 || at >= int64(len(data)) || data[at] < utf8.RuneSelf {
		return msg
	}
	q := strconv.Quote(string(rune(data[at]))) // encoding/json's quoteChar
	was := "'" + q[1:len(q)-1] + "'"
	r, size := utf8.DecodeRune(data[at:])
	is := fmt.Sprintf("'\\x%02x'", data[at])
	if r != utf8.RuneError || size > 1 {
		q = strconv.QuoteRune(r)
		is = "'" + q[1:len(q)-1] + "'"
	}
	return strings.Replace(msg, was, is, 1)
}

// posError is an error at a byte offset of a JSON value.
type posError struct {
	off int64
	err error
}

func (e *posError) Error() string { return e.err.Error() }

// specList decodes spec_details: a JSON array of spec objects. Unknown
// fields of a spec are kept in Spec.Extra.
type specList []snapshot.Spec

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
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		fields, dup, dupOff, err := objectFields(raw)
		if err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return &posError{off, fmt.Errorf("spec %d is %s, want an object", i+1, te.Value)}
			}
			return err
		}
		if dupOff >= 0 {
			return &posError{off + dupOff, fmt.Errorf("spec %d: key %s is given twice", i+1, quoteShort(dup, 60))}
		}
		if _, ok := fields[protoKey]; ok {
			return &posError{off + keyOffset(raw, protoKey), fmt.Errorf("spec %d: %s", i+1, protoMessage)}
		}
		if k := dtRowKey(fields); k != "" {
			return &posError{off + keyOffset(raw, k), fmt.Errorf("spec %d: the key %q: %s", i+1, k, dtRowMessage)}
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

// protoKey is the key that JavaScript reads, in an object written out,
// as the object's prototype, not as a field. The site's page of a package
// writes spec_details into a <script> element as such a text (Liquid's
// jsonify), and its table reads each spec's fields from the object: a
// spec without versions or variants, and with "__proto__": {"versions":
// [...]}, shows those versions, while cachediff, which compares no field
// it does not know, reads none. A pull request that added one to a spec
// changed the table and passed a gate with "no changes". No real page
// has the key.
const protoKey = "__proto__"

// dtRowKey returns the first key (in sorted order) of fields that
// DataTables reads from a row's object itself (DT_RowId, DT_RowClass,
// DT_RowAttr, DT_RowData: any key starting DT_Row), or "". The site's
// table is DataTables fed the specs as objects: "DT_RowClass": "hidden"
// or "DT_RowAttr": {"hidden": ""} hides the spec's row, while cachediff,
// which compares no field it does not know, read the spec unchanged. No
// real page has such a key.
func dtRowKey(fields map[string]json.RawMessage) string {
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if strings.HasPrefix(k, "DT_Row") {
			return k
		}
	}
	return ""
}

// dtRowMessage is the message of a spec with a dtRowKey.
const dtRowMessage = "the site's table (DataTables) reads a spec's keys starting DT_Row as the row's id, classes or attributes, so it could hide the spec's row while cachediff, which compares no field it does not know, read it unchanged; remove it"

// protoMessage is the message of a spec with protoKey.
const protoMessage = `the key "__proto__": the site's page writes spec_details into a <script> element, where JavaScript reads that key as the spec's prototype, from which the table takes any field the spec lacks (versions, variants, ...), so the site could show other specs than cachediff reads; remove it`

// keyOffset returns the offset in raw, a JSON object (valid JSON), of its
// key key (as decoded), or 0.
func keyOffset(raw []byte, key string) int64 {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return 0
	}
	for dec.More() {
		off := int64(skipSpace(raw, dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return 0
		}
		if k, _ := tok.(string); k == key {
			return off
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return 0
		}
	}
	return 0
}

// objectFields decodes a JSON object (valid JSON: encoding/json checked it
// before calling UnmarshalJSON) into its fields, keys as written, and
// finds the first key given twice: encoding/json would keep the last
// value of a key silently. dupOff is the offset in raw of that key's
// second occurrence, or -1 when no key is given twice.
func objectFields(raw []byte) (fields map[string]json.RawMessage, dup string, dupOff int64, err error) {
	if len(raw) == 0 || raw[0] != '{' {
		err = json.Unmarshal(raw, &fields) // the type error
		return nil, "", -1, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return nil, "", -1, err
	}
	fields = map[string]json.RawMessage{}
	for dec.More() {
		keyOff := int64(skipSpace(raw, dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return nil, "", -1, err
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, "", -1, err
		}
		if _, seen := fields[k]; seen {
			return nil, k, keyOff, nil
		}
		fields[k] = v
	}
	return fields, "", -1, nil
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

func specFromFields(fields map[string]json.RawMessage) (snapshot.Spec, error) {
	var s snapshot.Spec
	// The first field missing or null, in the order of specFields: the
	// same one on every run.
	for _, k := range specFields {
		raw, ok := fields[k]
		if !ok {
			return s, fmt.Errorf("no %q: %s", k, fieldsNeeded)
		}
		if string(raw) == "null" {
			return s, fmt.Errorf("%s: null: %s", k, fieldsNeeded)
		}
	}
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
			if string(raw) == "null" {
				continue
			}
			dst = &more(&s).Page().Tarball
		case "size":
			v, err := sizeValue(raw)
			if err != nil {
				return s, err
			}
			setSize(&s, v)
			continue
		default:
			if s.Extra() == nil {
				more(&s).Page().Extra = map[string]json.RawMessage{}
			}
			s.More.Page().Extra[k] = raw
			continue
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return s, fmt.Errorf("%s: want %s, got %s", k, kindOf(dst), shorten(string(raw), 40))
		}
	}
	return s, nil
}

// specFields are the fields every spec of a page has: every page the
// catalogue writes has them all, none null (a tarball is written for
// some). The site's page of a package draws its table from each spec's
// fields (the layout cache): a spec without variants, or with null
// ones, stops the table from being drawn at all (its script maps over
// them), one without stacks is gone from the page's view of a stack
// (?stack=), and a string field missing or null shows as "undefined" or
// "null". cachediff read such a spec as one with empty values, so a
// pull request that dropped a spec's "variants": [] emptied the site's
// page of the package and passed a gate with "no changes".
var specFields = [...]string{"hash", "versions", "variants", "compiler", "os", "platform", "target", "stacks", "size"}

// fieldsNeeded says why a spec needs each of specFields.
const fieldsNeeded = "every spec has hash, versions, variants, compiler, os, platform, target, stacks and size, none null: the site draws the package's table from them (a spec without variants stops it, one without stacks is left out of its stacks' views)"

func kindOf(dst any) string {
	if _, ok := dst.(*[]string); ok {
		return "a list of strings"
	}
	return "a string"
}

// sizeValue returns a spec's size as written: a string's text, or a
// number. The site's table prints the size into its cell as HTML (its
// DataTables column renders '<span class="filesize">' + size +
// '</span>'), and cachediff does not compare sizes. A "<" anywhere in
// spec_details is refused before this (markupAt, markupNode). A size
// that is not a string or a number prints as JavaScript makes it text:
// a list's items joined with commas, an object "[object Object]", or, for one
// with the key toString or valueOf, an error that stops the table from
// being drawn. The catalogue writes "-" or a number of bytes; anything
// else is bad input.
func sizeValue(raw json.RawMessage) (string, error) {
	if len(raw) > 0 && (raw[0] == '-' || '0' <= raw[0] && raw[0] <= '9') {
		return string(raw), nil // a number: json.Valid held it to JSON's form
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", fmt.Errorf("size: want a string or a number, got %s: %s", shorten(string(raw), 40), sizeNeeded)
	}
	return s, nil
}

// sizeNeeded says why a size is a string or a number.
const sizeNeeded = "the site's table prints a spec's size into its page as HTML, which cachediff does not compare, so a value JavaScript cannot make text could hide or change the package's table while a gate passed; a size is \"-\" or a number of bytes"

// shorten cuts s to at most n bytes, between characters, and marks the
// cut with cutmark.Of, "…" and 8 digits of the whole value's digest: two
// values that differ only past the cut read apart, as the reports' cuts
// do. A character's start is looked for no farther back than one
// character's length: bytes that start none (invalid UTF-8) keep their
// first n, where the walk back to a start cut them to nothing, "…".
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for i := n; i > n-utf8.UTFMax && i >= 0; i-- {
		if utf8.RuneStart(s[i]) {
			n = i // between characters: a warning kept in a report is text, as render reads it back
			break
		}
	}
	return s[:n] + cutmark.Of(s)
}

// quoteShort is s quoted in ASCII (strconv.QuoteToASCII), cut to its
// first n bytes when longer, the cut marked inside the closing quote
// (cutQuote), as quoteValue marks one. The quoted text was cut instead
// (shorten of strconv.Quote), so that its quote never closed, `title:
// "xx…x… holds …`, and two values alike in their first n bytes (two
// keys, titles or tags) read alike; and quoted as strconv.Quote quotes,
// a lookalike was left as it is, so that categories: ["package",
// "develop", "dеvelop"] (its е Cyrillic) named the tag twice, and the key
// "permаlink" the permalink Jekyll reads.
func quoteShort(s string, n int) string { return cutQuote(s, n, strconv.QuoteToASCII) }

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
	// byStack is num_specs_by_stack as the fast path reads it
	// (fastMetaBuf), in the page's order and without a map: what
	// metaAgrees needs. NumSpecsByStack stays nil until countsMap makes
	// it from byStack, for checkMeta. nil when the fast path read none.
	byStack []stackCount
}

// countsMap makes NumSpecsByStack from byStack, when the fast path read
// the counts.
func (m *meta) countsMap() {
	if m.byStack == nil {
		return
	}
	m.NumSpecsByStack = make(map[string]int, len(m.byStack))
	for _, c := range m.byStack {
		m.NumSpecsByStack[c.name] = c.n
	}
	m.byStack = nil
}

// checkMeta compares a page's meta with its specs and describes each
// disagreement.
func checkMeta(m *meta, specs []snapshot.Spec, raw bool) []string {
	var msgs []string
	if m.NumSpecs != nil && *m.NumSpecs != len(specs) {
		msgs = append(msgs, fmt.Sprintf("meta says num_specs is %d, but the page lists %s", *m.NumSpecs, snapshot.Plural(len(specs), "spec")))
	}
	// The specs' values per facet, each with the specs that have it.
	sets := map[string]map[string]int{}
	add := func(facet, v string) {
		if sets[facet] == nil {
			sets[facet] = map[string]int{}
		}
		sets[facet][v]++
	}
	for i := range specs {
		s := &specs[i]
		add("compilers", s.Compiler)
		add("oss", s.OS)
		add("platforms", s.Platform)
		add("targets", s.Target)
		for _, v := range s.Versions {
			add("versions", v)
		}
	}
	byStack, _ := stackCounts(specs)
	sets["stacks"] = byStack
	// The counts are checked after the lists (below), whose stacks no
	// spec has (ghosts, sorted) they leave to the stacks message: named
	// here as well, a stack was two warnings. Their message goes here.
	countsAt := len(msgs)
	countsMsg := func(ghosts []string, counted int) {
		if m.NumSpecsByStack == nil {
			return
		}
		// The stacks whose counts disagree are one message, the first
		// few named: a warning each, larger than its input, made a meta
		// of 320k stacks no spec is in (11 MB) hold 81 MB of warnings.
		const most = 8
		// Only the stacks whose counts disagree are gathered and sorted,
		// not every key: a meta of 320k stacks no spec has, each listed
		// in stacks too, has none to name here.
		// A stack no spec has whose count disagrees is a ghost when
		// every such stack is (the common case, told by their number:
		// counted), else looked up among them.
		unspecced := 0
		for st, n := range m.NumSpecsByStack {
			if n != 0 && byStack[st] == 0 {
				unspecced++
			}
		}
		var wrongs []string
		disagree := func(st string) {
			got := byStack[st]
			if got == m.NumSpecsByStack[st] {
				return
			}
			if got == 0 && counted > 0 {
				if counted == unspecced {
					return // the stacks message says it is counted
				}
				if _, ghost := slices.BinarySearch(ghosts, st); ghost {
					return
				}
			}
			wrongs = append(wrongs, st)
		}
		for st := range byStack {
			disagree(st)
		}
		for st := range m.NumSpecsByStack {
			if _, ok := byStack[st]; !ok {
				disagree(st)
			}
		}
		slices.Sort(wrongs)
		wrong := len(wrongs)
		var named []string
		for _, st := range wrongs[:min(wrong, most)] {
			got, want := byStack[st], m.NumSpecsByStack[st]
			named = append(named, fmt.Sprintf("num_specs_by_stack[%s] is %d, but %s that stack", quoteValue(st), want, snapshot.Plural(got, "spec lists", "specs list")))
		}
		if wrong > 0 {
			msg := "meta says " + strings.Join(named, "; ")
			if wrong > most {
				msg += fmt.Sprintf("; and %d more stacks' counts disagree", wrong-most)
			}
			msgs = slices.Insert(msgs, countsAt, msg)
		}
	}
	countsDone := false
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
				v = snapshot.Canonical(f.facet, v)
			}
			claimed[v] = true
		}
		var extra, missing []string
		for v := range claimed {
			if sets[f.name][v] == 0 {
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
		counted := 0 // of the stacks no spec has, those num_specs_by_stack counts
		if len(extra) > 0 {
			msg := fmt.Sprintf("meta lists %s %s that no spec has", f.name, someValues(extra))
			if f.name == "stacks" {
				for _, v := range extra {
					if m.NumSpecsByStack[v] != 0 {
						counted++
					}
				}
				switch {
				case counted == len(extra) && counted == 1:
					msg += ", and num_specs_by_stack counts specs in it"
				case counted == len(extra):
					msg += ", and num_specs_by_stack counts specs in each"
				case counted > 0:
					msg += fmt.Sprintf(", and num_specs_by_stack counts specs in %d of them", counted)
				}
			}
			msgs = append(msgs, msg)
		}
		if len(missing) > 0 {
			msgs = append(msgs, fmt.Sprintf("meta %s lacks %s, which specs have", f.name, someValues(missing)))
		}
		if f.name == "stacks" {
			countsMsg(extra, counted)
			countsDone = true
		}
	}
	if !countsDone {
		countsMsg(nil, 0)
	}
	return msgs
}

// someValues lists the first few values of l, each as quoteValue
// names it (a stack "a, b" is one), and counts the rest: a meta of
// thousands of stacks no spec is in made a warning of all of them.
func someValues(l []string) string {
	const most = 8
	named := make([]string, 0, min(len(l), most))
	for _, v := range l[:min(len(l), most)] {
		named = append(named, quoteValue(v))
	}
	return snapshot.ListSome(named, len(l))
}

// quoteValue is a meta value v for a warning: cut to 80 bytes
// (shorten), quoted in ASCII, with the cut marked inside the quotes by
// cutmark.Of(v), "…" and 8 digits of the whole value's digest, as
// snapshot's and spackfmt's messages mark a cut name. Quoted as Go
// writes it, a compiler gсc@13.3.0 of the specs (its c Cyrillic) that
// meta lists as gcc@13.3.0 made two warnings that named the same text,
// `meta compilers lacks "gсc@13.3.0"` beside `meta lists compilers
// "gcc@13.3.0" that no spec has`; in ASCII it reads "g\u0441c@13.3.0",
// as the news names such a value. Marked with "…" alone, a stack of
// 90 x's and a 1 that meta lists and one of 90 x's and a 2 that the
// specs have read alike, `meta lists stacks "xx…x…" that no spec has`
// beside `meta stacks lacks "xx…x…"`.
func quoteValue(v string) string { return cutQuote(v, 80, strconv.QuoteToASCII) }

// cutQuote is quote(s), s cut first to its first n bytes when it is
// longer (shorten), the cut marked inside the closing quote with
// cutmark.Of(s), the digest of the whole value.
func cutQuote(s string, n int, quote func(string) string) string {
	if len(s) <= n {
		return quote(s)
	}
	q := quote(strings.TrimSuffix(shorten(s, n), cutmark.Of(s)))
	return q[:len(q)-1] + cutmark.Of(s) + `"`
}

// stackCounts counts the specs in each stack, each distinct list of
// stacks once, times the specs that have it, and says how many counts it
// added to (incs, for the tests): a page's specs share their canonical
// lists, and a page of 64 specs of 64k stacks each made 4M increments of
// a map of 64k names (2.4 s, growing faster than the page as the map
// outgrew the caches), where one list is 64k.
func stackCounts(specs []snapshot.Spec) (byStack map[string]int, incs int) {
	type stackList struct {
		l []string
		n int
	}
	var lists []stackList
	listAt := map[*string]int{} // lists' index, by their first string's address
	last := -1                  // the list of the spec before
	for i := range specs {
		l := specs[i].Stacks
		if len(l) == 0 {
			continue
		}
		p := unsafe.SliceData(l)
		at, ok := listAt[p]
		switch {
		case ok && len(lists[at].l) == len(l):
		case last >= 0 && slices.Equal(lists[last].l, l):
			// The same list as the spec before's, not shared (the
			// general path reads each spec's own).
			at = last
		default:
			at = len(lists)
			lists = append(lists, stackList{l: l})
		}
		listAt[p], last = at, at
		lists[at].n++
	}
	byStack = map[string]int{}
	for _, l := range lists {
		for _, st := range l.l {
			byStack[st] += l.n
		}
		incs += len(l.l)
	}
	return byStack, incs
}

// UnmarshalJSON decodes meta as encoding/json does, but refuses a key
// given twice (encoding/json keeps the last value silently), at the top
// level, where keys match without regard to case as encoding/json
// matches them to fields, and in num_specs_by_stack.
func (m *meta) UnmarshalJSON(data []byte) error {
	if key, off, twice := metaDupKey(data); off >= 0 && twice {
		return &posError{off, fmt.Errorf("key %s is given twice", quoteShort(key, 60))}
	} else if off >= 0 {
		return &posError{off, fmt.Errorf("key %s: %s", quoteShort(key, 60), metaKeyCase)}
	}
	type plain meta
	return json.Unmarshal(data, (*plain)(m))
}

// metaKeyCase is why a key that is one of meta's in another case is
// refused.
const metaKeyCase = "meta's keys are read by the site as written (its listing of packages prints entry.meta.num_specs), so it would not read this one, while cachediff read it as one of num_specs, num_specs_by_stack, compilers, oss, platforms, targets, stacks or versions, which are lower case; write it so"

// metaDupKey returns the first key of a meta value given twice (twice),
// or, before it, that is one of metaKeys in another case; and the offset
// of that key (the second occurrence), or -1.
func metaDupKey(data []byte) (key string, off int64, twice bool) {
	if len(data) == 0 || data[0] != '{' {
		return "", -1, false // not an object: json.Unmarshal says what it is
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return "", -1, false
	}
	seen := map[string]bool{} // keys by foldKey: a map, not pairs compared
	for dec.More() {
		keyOff := int64(skipSpace(data, dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return "", -1, false
		}
		k, _ := tok.(string)
		valOff := int64(skipSpace(data, dec.InputOffset()))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return "", -1, false
		}
		// Keys that differ only in case fill the same field.
		f := foldKey(k)
		if seen[f] {
			return k, keyOff, true
		}
		seen[f] = true
		if metaKey[f] != "" && metaKey[f] != k {
			return k, keyOff, false
		}
		if k == "num_specs_by_stack" {
			if _, dup, off, err := objectFields(v); err == nil && off >= 0 {
				return k + "." + dup, valOff + off, true
			}
		}
	}
	return "", -1, false
}

// metaKey maps each of metaKeys, folded (foldKey), to itself.
var metaKey = func() map[string]string {
	m := map[string]string{}
	for _, k := range metaKeys {
		m[foldKey(k)] = k
	}
	return m
}()

// foldKey returns k with each character replaced by the least of those
// it equals without regard to case (unicode.SimpleFold's orbit), as
// encoding/json folds a key to match it to a field: foldKey(a) ==
// foldKey(b) exactly when strings.EqualFold(a, b) ("ſ" is "s", "K" the
// Kelvin sign is "k"). A byte that is not UTF-8 is U+FFFD to both.
func foldKey(k string) string {
	var b strings.Builder
	b.Grow(len(k))
	for _, r := range k {
		for {
			r2 := unicode.SimpleFold(r)
			if r2 <= r {
				r = r2
				break
			}
			r = r2
		}
		b.WriteRune(r)
	}
	return b.String()
}

// yaml11Scalar returns the first scalar of a value (a key or a value)
// whose type SafeYAML, which Jekyll reads front matter with, guesses,
// and reads as other than cachediff does: reads says how, or "". It
// returns that scalar and what reads said; or nil. SafeYAML guesses the
// type of a plain scalar, of one with any tag but !!binary (it ignores
// tags: !!str yes and ! "yes" are true to it), and of a scalar reached
// through an alias (it guesses again: *a, for &a "on", is true). A page
// written as multi-line YAML (the general path) could otherwise list
// specs on the site that differ from the ones cachediff reads. Quoted
// scalars with the tag "!" carry TaggedStyle (markBangTags): yaml.v3
// drops that tag.
func yaml11Scalar(n *yaml.Node, reads func(*yaml.Node) string) (*yaml.Node, string) {
	type visit struct {
		n     *yaml.Node
		alias bool
	}
	seen := map[visit]bool{}
	var walk func(n *yaml.Node, alias bool) (*yaml.Node, string)
	walk = func(n *yaml.Node, alias bool) (*yaml.Node, string) {
		if n == nil || seen[visit{n, alias}] {
			return nil, ""
		}
		seen[visit{n, alias}] = true
		switch n.Kind {
		case yaml.AliasNode:
			return walk(n.Alias, n.Alias != nil && n.Alias.Kind == yaml.ScalarNode)
		case yaml.ScalarNode:
			quoted := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0
			if n.ShortTag() == "!!binary" || quoted && n.Style&yaml.TaggedStyle == 0 && !alias {
				return nil, ""
			}
			if what := reads(n); what != "" {
				return n, what
			}
			return nil, ""
		}
		for _, c := range n.Content {
			if bad, what := walk(c, false); bad != nil {
				return bad, what
			}
		}
		return nil, ""
	}
	return walk(n, false)
}

// yaml11Reads says how SafeYAML reads the scalar n of spec_details or
// meta otherwise than cachediff, which reads them by way of JSON: when
// yaml.v3 reads text and SafeYAML a number, a boolean, null, a date or a
// time (yaml11Read), or fails; and when yaml.v3 reads a time, which
// cachediff reads as its RFC 3339 text. Or "". A number or a boolean to
// yaml.v3 is not text to cachediff either, which decoding says where
// text is wanted.
func yaml11Reads(n *yaml.Node) string {
	switch t := n.ShortTag(); {
	case t == "!!timestamp":
		var tm time.Time
		if n.Decode(&tm) != nil {
			return ""
		}
		return fmt.Sprintf("%s is a time to cachediff, which reads %q, but %s to the site", quoteShort(n.Value, 40), tm.Format(time.RFC3339Nano), safeYAMLReads(n.Value).what())
	case t != "!!str" && strings.HasPrefix(t, "!!"):
		return ""
	}
	// Text to yaml.v3: !!str, or a tag of its own (!foo on), which it
	// reads as text too.
	if r := safeYAMLReads(n.Value); r.kind != readText {
		return textButMessage(n.Value, r)
	}
	return ""
}

// textButMessage says that the scalar text, which cachediff reads as
// text, SafeYAML reads as r.
func textButMessage(text string, r yaml11Read) string {
	return fmt.Sprintf("%s is text to cachediff but %s to the site", quoteShort(text, 40), r.what())
}

// base64Tagged returns the first scalar of n (a key or a value, in the
// order of the text, aliases followed) with a tag that SafeYAML, which
// Jekyll reads front matter with, decodes as base64 as it does !!binary,
// while yaml.v3 reads it as a local tag and keeps the text: !binary
// and !<x-private:binary>. title: !binary YWJj was the package YWJj to
// cachediff and abc on the site, and a key !binary spec_details no key
// spec_details to the site. Or nil.
func base64Tagged(n *yaml.Node) *yaml.Node {
	return findScalar(n, func(s *yaml.Node) bool { return s.Tag == "!binary" || s.Tag == "x-private:binary" })
}

// base64TagMessage says why the scalar n (base64Tagged) is refused.
func base64TagMessage(n *yaml.Node) string {
	return fmt.Sprintf("%s %s: SafeYAML, which Jekyll reads front matter with, decodes a scalar with this tag as base64 (as !!binary), while cachediff reads its text as written, so the site would show another value or key than cachediff reads; write the text out, without the tag", n.Tag, quoteShort(n.Value, 40))
}

// markBangTags sets TaggedStyle on each quoted or block scalar of n
// written with the non-specific tag "!" (! "yes", ! |-), which yaml.v3
// reads as text and keeps no trace of, while SafeYAML guesses its type
// as a plain scalar's (yaml11Scalar): libyaml reports any scalar with
// that tag as plain (plain_implicit), whatever its style. line returns the text of a line of n's
// positions; a scalar's column is that of its tag, when it has one.
func markBangTags(n *yaml.Node, line func(int) []byte) {
	// yaml.v3 counts columns in characters. A cursor keeps the byte
	// offset of the last column found, and the walk meets a line's
	// scalars left to right, so that each line is read once: converting
	// the line to characters for each scalar was quadratic on a long
	// line (a one-line spec_details of YAML flow of 600 KB took 12 s).
	var at struct{ line, col, off int } // column col of line starts at byte off
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil {
			return
		}
		if n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 && n.Style&yaml.TaggedStyle == 0 && n.Column >= 1 {
			l := line(n.Line)
			if at.line != n.Line || n.Column < at.col {
				at.line, at.col, at.off = n.Line, 1, 0
			}
			for at.col < n.Column && at.off < len(l) {
				_, size := utf8.DecodeRune(l[at.off:])
				at.off += size
				at.col++
			}
			if at.col == n.Column && at.off < len(l) && l[at.off] == '!' {
				n.Style |= yaml.TaggedStyle
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
}

// maxExpansion and maxExpansionSlack bound what a value's aliases make
// of it: at most maxExpansion times its size as written, and
// maxExpansionSlack bytes beyond. An alias (*v) is a copy of its
// anchor's value (&v) wherever it stands, held in memory and written to
// the JSON the value is read through: spec_details of 360 KB whose
// specs each took a list of 250 variants by alias held 50 MB, and
// yaml.v3's own guard lets about 400,000 values through. The catalogue
// writes no alias, and a hand-written page that names a list twice stays
// well under.
const (
	maxExpansion      = 4
	maxExpansionSlack = 64 << 10
)

// expansion returns n's size as written, each alias as itself, and as
// read, each alias as a copy of its anchor's value: the bytes of its
// scalars and 8 a node, in one walk (an anchor's value is measured
// once, however often it is named). A size past 1<<30 stays there.
func expansion(n *yaml.Node) (written, expanded int) {
	const most = 1 << 30
	memo := map[*yaml.Node]int{}
	var walk func(n *yaml.Node, depth int) (int, int)
	walk = func(n *yaml.Node, depth int) (w, e int) {
		if n == nil || depth > 10000 {
			return 0, 0
		}
		w = 8 + len(n.Value)
		if n.Kind == yaml.AliasNode {
			t := n.Alias
			if m, ok := memo[t]; ok {
				return w, m
			}
			memo[t] = 0 // in progress: an alias inside its own anchor counts nothing more
			_, te := walk(t, depth+1)
			memo[t] = te
			return w, te
		}
		e = w
		for _, c := range n.Content {
			cw, ce := walk(c, depth+1)
			w, e = min(w+cw, most), min(e+ce, most)
		}
		return w, e
	}
	return walk(n, 0)
}
