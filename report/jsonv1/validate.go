package jsonv1

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// The shape check of Decode. encoding/json accepts a document with any
// field missing (it leaves the zero value: a report of {"schema":
// "cachediff/v1"} alone said "No changes"), null for a list, a key in
// another case, a duplicated key (the last wins), and it reports a value
// of the wrong type with Go type names and, inside the count objects, at
// an offset of the object rather than the document. So before it decodes,
// decodeReport walks the document once against the shape of cachediff/v1, read
// from the typed structs and their JSON tags: every field a v1 report has
// must be there (fields documented as optional, and the few added within
// v1 after its first release, may be absent), with a value of its JSON
// type, counts whole numbers of 0 or more, strings valid UTF-8; errors
// give the line, the column and the field's path.

// kind is the JSON type a field of the schema holds.
type kind uint8

const (
	kString kind = iota
	kCount       // a whole number, 0 or more
	kBool
	kList   // of elem
	kObject // with fields
	kCounts // diff.ValueCounts: an object keyed by value, of {old, new}
	kAny    // a type the walk does not know (a float, a map): any JSON value
)

type shape struct {
	kind     kind
	what     string // for messages: "a package", "a list of strings"
	elem     *shape
	fields   []field
	nullable bool // a pointer: null is nil
	// forms, when set, are the sets of fields (by index) an object may
	// have, one of them exactly: a set's element is a reference
	// {cause, path} or a base {set, via}.
	forms     []uint64
	formsWhat string
	// hashes, when set, are fields (by index) of which one at least
	// must hold a string other than "": a changed dependency's
	// old_hash and new_hash (hashesWhat says so).
	hashes     uint64
	hashesWhat string
}

type field struct {
	name     string
	shape    *shape
	optional bool
	// absentIfEmpty: cachediff writes no key where the value is "", so
	// "" is refused, not read as the key's absence: a string field of
	// omitempty, which cachediff leaves out where it is empty and never
	// writes as "" (encoding/json, and the writers of jsonpkg.go,
	// jsonseries.go and json.go's tail, which leave it out as omitempty
	// does): a package's old_file, which an added package has none of,
	// its new_file, which a removed package has none of, a side's rev,
	// date, layout and index_sha256, a snapshot's subject, a pair's
	// facet, from and to, a cause's hashes, a highlight's facet, value,
	// from, to, apart and unit, a log's revs.since and until.
	// "old_file": "" on an added package was read as no key, and render
	// wrote the report without it: not the report given; "rev": "" and
	// "date": "" on a folder's side so, "layout": "" and the rest too.
	absentIfEmpty bool
}

// addedInV1 are the fields added to cachediff/v1 after its first
// release: a report saved before them lacks them, and reads as if they
// were empty lists (TestDecodeOlderReport). A field added to the report
// from now on must be optional (omitempty) or listed here, or Decode
// refuses the reports saved before it (TestV1RequiredFields says so).
var addedInV1 = map[string]bool{
	"Side.skipped": true, "Options.packages": true, "Options.stacks": true, "Options.ignore": true,
	"Report.highlights": true, // computed from the report when absent
}

// notNull are the fields held by pointer that a document never has null:
// a pair's two specs (diff.Pair holds the loaded specs themselves).
var notNull = map[string]bool{"Pair.old": true, "Pair.new": true}

// documentShape is the shape of a cachediff/v1 document.
var documentShape = sync.OnceValue(func() *shape {
	return shapeOf(reflect.TypeFor[report.Document](), "a cachediff/v1 report")
})

var valueCountsType = reflect.TypeFor[diff.ValueCounts]()

var causeRefType = reflect.TypeFor[diff.CauseRef]()

var depChangeType = reflect.TypeFor[diff.DepChange]()

func shapeOf(t reflect.Type, what string) *shape {
	if t == valueCountsType {
		return &shape{kind: kCounts, what: "an object of counts keyed by value", elem: shapeOf(reflect.TypeFor[diff.OldToNew](), "an object {\"old\": n, \"new\": m}")}
	}
	switch t.Kind() {
	case reflect.String:
		return &shape{kind: kString, what: "a string"}
	case reflect.Int:
		return &shape{kind: kCount, what: "a count (a whole number, 0 or more)"}
	case reflect.Bool:
		return &shape{kind: kBool, what: "true or false"}
	case reflect.Slice:
		e := shapeOf(t.Elem(), "")
		return &shape{kind: kList, what: "a list of " + pluralOf(e), elem: e}
	case reflect.Pointer:
		s := *shapeOf(t.Elem(), what)
		s.nullable = true
		return &s
	case reflect.Struct:
		s := &shape{kind: kObject, what: what}
		if s.what == "" {
			s.what = "an object"
		}
		addFields(s, t)
		if t == causeRefType {
			// cause and path, set and via (the embedded SetBase), or
			// over and path (an override).
			for i := range s.fields {
				s.fields[i].optional = true
			}
			s.forms = []uint64{0b00011, 0b01100, 0b10010}
			for i := range s.fields {
				if s.fields[i].name == "over" { // a count, never null
					sh := *s.fields[i].shape
					sh.nullable = false
					s.fields[i].shape = &sh
				}
			}
			s.formsWhat = `a reference {"cause", "path"}, a base {"set", "via"} or an override {"over", "path"}, one of them`
		}
		if t == depChangeType {
			// cachediff writes a changed dependency for an edge of the
			// pair's old spec, its new spec or both, with each edge's
			// hash (loading refuses a dependency without one): an
			// element with neither is none it writes, and 2.5M
			// {"name":""} (30 MB, 12 bytes of JSON an element of 48)
			// in one pair's why rendered at a 292 MB peak.
			for i, f := range s.fields {
				if f.name == "old_hash" || f.name == "new_hash" {
					s.hashes |= 1 << i
				}
			}
			s.hashesWhat = `a changed dependency without "old_hash" or "new_hash": cachediff writes the hash of its edge on each side the pair has it`
		}
		return s
	}
	return &shape{kind: kAny, what: "a value"}
}

func addFields(s *shape, t reflect.Type) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("json")
		if tag == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		if f.Anonymous && !ok { // an embedded struct: its fields are this object's
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			addFields(s, ft)
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		fs := shapeOf(f.Type, "an object")
		if notNull[t.Name()+"."+name] {
			fs.nullable = false
		}
		s.fields = append(s.fields, field{
			name:     name,
			shape:    fs,
			optional: opts == "omitempty" || addedInV1[t.Name()+"."+name],

			absentIfEmpty: opts == "omitempty" && f.Type.Kind() == reflect.String,
		})
	}
}

func pluralOf(s *shape) string {
	switch s.kind {
	case kString:
		return "strings"
	case kCount:
		return "counts"
	case kBool:
		return "booleans"
	}
	return "objects"
}

// ShapeError is a value of a report that is not what cachediff/v1 has
// there: a missing field, a value of the wrong type, a negative count.
// Line and Column (1-based, in bytes) locate it in the document; Path
// is the field's path (packages[3].counts.old).
type ShapeError struct {
	Line, Column int
	Path         string
	Msg          string
}

func (e *ShapeError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("line %d, column %d: %s: %s", e.Line, e.Column, e.Path, e.Msg)
}

// walker walks a document against a shape.
type walker struct {
	doc   string // what the document is, for messages: "cachediff/v1 report"
	data  []byte
	i     int
	path  []pathStep
	depth int
	lens  *causeLens // when not nil, the causes' lists' lengths (causeLists)
	// nested makes skip follow the path into the values it skips and
	// refuse a key twice in their objects (skipNested): the walks that
	// check a document's shape, not the ones that look for one key.
	nested bool
}

type pathStep struct {
	key   string // a field, or a value of a count object
	index int    // a list element, when key is "" and not raw
	value bool   // key is a value of a count object, written ["key"]
	// raw: the key of an object skipped (skipNested) is the string of
	// rawLen bytes between quotes at rawAt in the document, unquoted
	// only when the path is written (no copy a key).
	raw           bool
	rawAt, rawLen int
}

// maxCountDigits is the most digits of a count (kCount).
const maxCountDigits = 10

// maxDepth bounds the nesting of unknown values, far beyond any report.
const maxDepth = 1000

func (w *walker) pathString() string {
	var b strings.Builder
	for _, s := range w.path {
		if s.raw {
			s.key = string(w.data[s.rawAt+1 : s.rawAt+1+s.rawLen])
			if strings.IndexByte(s.key, '\\') >= 0 {
				var k string
				if json.Unmarshal(w.data[s.rawAt:s.rawAt+2+s.rawLen], &k) == nil {
					s.key = k
				}
			}
		}
		switch {
		case s.value, s.raw && s.key == "", s.key != "" && !plainPathKey(s.key):
			// A key of no field (one the document adds) as its value
			// is written: a dot, a newline or 100 KB of it read as
			// two keys, or as the whole message.
			// Quoted in ASCII (quotedCut): %q left a lookalike as it
			// is, the key "сompiler-percent" (its с Cyrillic) read as
			// the rule's own.
			b.WriteString("[" + quotedCut(s.key, 40) + "]")
		case s.key != "":
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.key)
		default:
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		}
	}
	return b.String()
}

// plainPathKey reports whether key is written in a path as it is, after
// a dot: as a field's name is, of at most 40 letters, digits and _-.
func plainPathKey(key string) bool {
	if len(key) > 40 {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func (w *walker) errAt(at int, format string, args ...any) error {
	line, col := position(w.data, at)
	return &ShapeError{Line: line, Column: col, Path: w.pathString(), Msg: fmt.Sprintf(format, args...)}
}

// position is the 1-based line and byte column of offset at.
func position(data []byte, at int) (line, col int) {
	at = min(at, len(data))
	before := data[:at]
	line = bytes.Count(before, []byte("\n")) + 1
	col = at - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

func (w *walker) ws() {
	for w.i < len(w.data) {
		switch w.data[w.i] {
		case ' ', '\t', '\n', '\r':
			w.i++
		default:
			return
		}
	}
}

// found describes the value at w.i, for messages.
func (w *walker) found() string {
	if w.i >= len(w.data) {
		return "the end of the document"
	}
	switch c := w.data[w.i]; {
	case c == '"':
		return "a string"
	case c == '{':
		return "an object"
	case c == '[':
		return "a list"
	case c == '-' || '0' <= c && c <= '9':
		return "a number"
	case bytes.HasPrefix(w.data[w.i:], []byte("true")), bytes.HasPrefix(w.data[w.i:], []byte("false")):
		return "a boolean"
	case bytes.HasPrefix(w.data[w.i:], []byte("null")):
		return "null"
	case w.cutInWord():
		// "tr" at the end: named as "true" is (where a value may be,
		// want and value say the document ends instead). It was "the
		// character 't'", where the same cut a byte on said "a boolean".
		if c == 'n' {
			return "null"
		}
		return "a boolean"
	}
	r, size := utf8.DecodeRune(w.data[w.i:])
	if r == utf8.RuneError && size == 1 {
		// Not U+FFFD, which the document does not hold: the end, for a
		// document cut inside a character (as one cut before it), or
		// the byte.
		if !utf8.FullRune(w.data[w.i:]) {
			return "the end of the document"
		}
		return fmt.Sprintf("the byte %#02x, which is no UTF-8", w.data[w.i])
	}
	// In ASCII (%+q): as Go quotes a rune, a lookalike stays as it is,
	// and a key followed by a Cyrillic с read `want : after the key
	// "schema", not the character 'с'`, as if a c stood there.
	return fmt.Sprintf("the character %+q", r)
}

func (w *walker) want(s *shape) error {
	if w.cutInWord() {
		return w.errAt(w.i, "want %s, not the end of the document", s.what)
	}
	return w.errAt(w.i, "want %s, not %s", s.what, w.found())
}

// cutInWord says whether the document ends inside true, false or null
// at w.i ("tr"): cut short, where found names the word's first
// character as one that begins no value.
func (w *walker) cutInWord() bool {
	rest := w.data[w.i:max(w.i, w.textEnd())]
	for _, lit := range []string{"true", "false", "null"} {
		if len(rest) > 0 && len(rest) < len(lit) && string(rest) == lit[:len(rest)] {
			return true
		}
	}
	return false
}

// textEnd is the document's length less the bytes of a character it
// ends inside of (cut there): where a document cut before that
// character ends, which a message tells alike.
func (w *walker) textEnd() int {
	d := w.data
	for i := len(d) - 1; i >= 0 && i >= len(d)-utf8.UTFMax; i-- {
		if utf8.RuneStart(d[i]) {
			if d[i] >= utf8.RuneSelf && !utf8.FullRune(d[i:]) {
				return i
			}
			break
		}
	}
	return len(d)
}

// value checks the value at w.i against s and moves past it.
func (w *walker) value(s *shape) error {
	w.ws()
	if w.i >= w.textEnd() {
		return w.errAt(w.i, "the document ends early: want %s", s.what)
	}
	if s.nullable && bytes.HasPrefix(w.data[w.i:], []byte("null")) {
		w.i += len("null")
		return nil
	}
	switch s.kind {
	case kAny:
		return w.skip()
	case kString:
		if w.data[w.i] != '"' {
			return w.want(s)
		}
		_, _, err := w.strRaw()
		return err
	case kCount:
		start := w.i
		if c := w.data[w.i]; c != '-' && !('0' <= c && c <= '9') {
			return w.want(s)
		}
		if err := w.number(); err != nil {
			return err
		}
		// At most 10 digits: no snapshot holds 10^10 specs, and the
		// laws' sums of such counts cannot overflow int64 in any
		// document smaller than about 10^9 counts (with 15 digits,
		// counts over some 10,000 packages could be made to add up).
		n := w.data[start:w.i]
		if n[0] == '-' || bytes.ContainsAny(n, ".eE") {
			return w.errAt(start, "want %s, not %s", s.what, shortToken(n))
		}
		if len(n) > maxCountDigits {
			// A whole number all the same: it is too large, not of
			// the wrong kind.
			return w.errAt(start, "%s is more than any report holds (at most %d digits)", shortToken(n), maxCountDigits)
		}
		if strconv.IntSize < 64 && len(n) == maxCountDigits {
			// Where an int is 32 bits, encoding/json refused one past
			// it in its own words, naming Go's types.
			if v, err := strconv.ParseUint(string(n), 10, 64); err == nil && v > math.MaxInt {
				return w.errAt(start, "%s is more than any report holds here (at most %d on a 32-bit build)", n, math.MaxInt)
			}
		}
		return nil
	case kBool:
		for _, lit := range []string{"true", "false"} {
			if bytes.HasPrefix(w.data[w.i:], []byte(lit)) {
				w.i += len(lit)
				return nil
			}
		}
		return w.want(s)
	case kList:
		if w.data[w.i] != '[' {
			return w.want(s)
		}
		w.i++
		for n := 0; ; n++ {
			w.ws()
			if w.i < len(w.data) && w.data[w.i] == ']' && n == 0 {
				w.i++
				return nil
			}
			w.path = append(w.path, pathStep{index: n})
			w.ws()
			start := w.i
			if err := w.value(s.elem); err != nil {
				return err
			}
			if w.lens != nil {
				w.lens.elem(w.path, w.data[start:w.i], start)
			}
			w.path = w.path[:len(w.path)-1]
			if done, err := w.next(']'); done || err != nil {
				if done && err == nil && w.lens != nil {
					w.lens.count(w.path, n+1)
				}
				return err
			}
		}
	case kObject:
		return w.object(s)
	case kCounts:
		if w.data[w.i] != '{' {
			return w.want(s)
		}
		w.i++
		var keys countKeys
		for n := 0; ; n++ {
			w.ws()
			if w.i < len(w.data) && w.data[w.i] == '}' && n == 0 {
				w.i++
				return nil
			}
			at := w.i
			key, err := w.key()
			if err != nil {
				return w.listedTwice(&keys, err)
			}
			keys.add(w.data, at, w.i, key)
			depth := len(w.path)
			w.path = append(w.path, pathStep{key: key, value: true})
			if err := w.value(s.elem); err != nil {
				w.path = w.path[:depth]
				return w.listedTwice(&keys, err)
			}
			w.path = w.path[:depth]
			if done, err := w.next('}'); done || err != nil {
				if err := w.listedTwice(&keys, err); err != nil {
					return err
				}
				if w.lens != nil {
					w.lens.count(w.path, n+1)
				}
				return nil
			}
		}
	}
	panic("unreachable")
}

// countKeys are the keys of a counts object (kCounts) as the walker
// reads them, to find a value listed twice once the object is read: the
// offsets of each key's quotes, 8 bytes a key (16 allocated, grown by
// doubling), and the keys written with an escape, unquoted. A map of the
// keys read so far (a string and a map entry a key, 75 bytes allocated)
// held twice the report's JSON while render walked a canonicalized of 1M
// rules.
type countKeys struct {
	what    string // the message of a key twice, with the key quoted (quotedValue, %s): "the value %s is listed twice" when ""
	at      []countKey
	escaped map[uint32][]byte // by at: the keys written with an escape
	wide    map[string]bool   // the keys, when the document is past 4 GiB
	twice   int               // the first key listed twice, once wide found it (or -1)
	twiceAs string
}

// countKey is a key's opening and closing quotes.
type countKey struct{ at, end uint32 }

// add records the key whose opening quote is at, read to end (after
// the colon), key as it reads.
func (k *countKeys) add(data []byte, at, end int, key string) {
	if k.wide != nil || uint64(len(data)) > math.MaxUint32 {
		if k.wide == nil {
			k.wide, k.twice = map[string]bool{}, -1
		}
		if k.wide[key] && k.twice < 0 {
			k.twice, k.twiceAs = at, key
		}
		k.wide[key] = true
		return
	}
	end = at + 1 + bytes.LastIndexByte(data[at+1:end], '"')
	c := countKey{at: uint32(at), end: uint32(end)}
	if bytes.IndexByte(data[at+1:end], '\\') >= 0 {
		if k.escaped == nil {
			k.escaped = map[uint32][]byte{}
		}
		k.escaped[c.at] = []byte(key)
	}
	if len(k.at) == cap(k.at) {
		// By doubling: append grows a long list by a quarter, which
		// allocates 5x the list in all.
		k.at = slices.Grow(k.at, max(len(k.at), 16))
	}
	k.at = append(k.at, c)
}

// listedTwice returns the error of the first key of keys (in the
// document's order) listed before it too, as the walker would have found
// it reading that key, if there is one; err otherwise: a key listed
// twice is found before anything read after it. The key is quoted cut
// (shortValue): one of 100 KB hid what was wrong past the message's cap.
func (w *walker) listedTwice(keys *countKeys, err error) error {
	if keys.wide != nil {
		if keys.twice >= 0 {
			return w.errAt(keys.twice, keys.message(), quotedValue(keys.twiceAs))
		}
		return err
	}
	l := keys.at
	if len(l) < 2 {
		return err
	}
	text := func(c countKey) []byte {
		if e, ok := keys.escaped[c.at]; ok {
			return e
		}
		return w.data[c.at+1 : c.end]
	}
	slices.SortFunc(l, func(a, b countKey) int {
		return cmp.Or(bytes.Compare(text(a), text(b)), cmp.Compare(a.at, b.at))
	})
	first := -1
	for i := 1; i < len(l); i++ {
		if (first < 0 || l[i].at < l[first].at) && bytes.Equal(text(l[i]), text(l[i-1])) {
			first = i
		}
	}
	if first < 0 {
		return err
	}
	return w.errAt(int(l[first].at), keys.message(), quotedValue(string(text(l[first]))))
}

// message is the format of the error of a key listed twice.
func (k *countKeys) message() string {
	if k.what != "" {
		return k.what
	}
	return "the value %s is listed twice"
}

// object checks an object against s: every field that is not optional
// present, once, with a value of its shape; fields s does not know are
// skipped (they may be added within v1), but must be valid JSON.
func (w *walker) object(s *shape) error {
	if w.data[w.i] != '{' {
		return w.want(s)
	}
	// The keys s does not know, to find one twice once the object is
	// read, as a counts object's values are: a map of them (a string
	// and an entry a key, 75 bytes allocated) held a report of 1.6M
	// such keys of four letters (16 MB) at 6.3x its JSON. A key twice
	// is the error, before anything read after it.
	depth := len(w.path)
	unknown := countKeys{what: "key %s is there twice"}
	err := w.objectKeys(s, &unknown)
	if len(unknown.at) < 2 && unknown.wide == nil {
		return err
	}
	w.path = w.path[:depth]
	return w.listedTwice(&unknown, err)
}

// objectKeys is object's walk, which adds to unknown the keys s does
// not know.
func (w *walker) objectKeys(s *shape, unknown *countKeys) error {
	open := w.i
	w.i++
	var seen uint64   // fields of s, by index (no shape has 64)
	var filled uint64 // of those, the ones with a value other than "" and null
	for n := 0; ; n++ {
		w.ws()
		if w.i < len(w.data) && w.data[w.i] == '}' && n == 0 {
			w.i++
			break
		}
		w.ws()
		at := w.i
		raw, quoted, err := w.keyRaw()
		if err != nil {
			return err
		}
		fi := -1
		if quoted == nil {
			for j := range s.fields {
				if s.fields[j].name == string(raw) { // no copy
					fi = j
					break
				}
			}
		}
		var key string
		if fi >= 0 {
			key = s.fields[fi].name
		} else {
			key = string(raw)
			if quoted != nil {
				// Into a variable of its own: &key made every key's
				// string escape, 16 bytes of garbage a key while the
				// document is walked.
				var k string
				if err := json.Unmarshal(quoted, &k); err != nil {
					return w.errAt(at, "%v", err)
				}
				key = k
			}
			for j := range s.fields {
				if s.fields[j].name == key {
					fi = j
					break
				}
				if strings.EqualFold(s.fields[j].name, key) {
					// encoding/json would take it for the field.
					schema, _ := w.writer()
					return w.errAt(at, "key %s: %s writes %q", quotedValue(key), schema, s.fields[j].name)
				}
			}
		}
		if fi >= 0 {
			if seen&(1<<fi) != 0 {
				return w.errAt(at, "key %q is there twice", key)
			}
			seen |= 1 << fi
			w.path = append(w.path, pathStep{key: key})
			w.ws()
			start := w.i
			null := bytes.HasPrefix(w.data[w.i:], []byte("null"))
			if err := w.value(s.fields[fi].shape); err != nil {
				return err
			}
			if w.lens != nil && !null {
				w.lens.field(w.path, w.data[start:w.i])
			}
			if !null && string(w.data[start:w.i]) != `""` {
				filled |= 1 << fi
			} else if !null && s.fields[fi].absentIfEmpty {
				schema, _ := w.writer()
				none := "it is empty"
				if strings.HasSuffix(key, "_file") {
					none = "there is no file"
				}
				return w.errAt(start, `"", which %s never writes: where %s, the key is left out`, schema, none)
			}
			w.path = w.path[:len(w.path)-1]
		} else {
			unknown.add(w.data, at, w.i, key)
			w.path = append(w.path, pathStep{key: key, value: key == ""}) // "" as [""], no list's index
			if err := w.skip(); err != nil {
				return err
			}
			w.path = w.path[:len(w.path)-1]
		}
		if done, err := w.next('}'); err != nil {
			return err
		} else if done {
			break
		}
	}
	if s.forms != nil && !slices.Contains(s.forms, seen) {
		return w.errAt(open, "a set's element with %s: it is %s", fieldNames(s, seen), s.formsWhat)
	}
	for j, f := range s.fields {
		if seen&(1<<j) == 0 && !f.optional {
			_, doc := w.writer()
			return w.errAt(open, "no %q field: every %s has one (is the file cut short or edited?)", f.name, doc)
		}
	}
	if s.hashes != 0 && filled&s.hashes == 0 {
		return w.errAt(open, "%s", s.hashesWhat)
	}
	return nil
}

// writer is the schema of the document whose object the walk is in, and
// what that document is, for messages: in a cachediff/log/v1 document,
// a step's objects are a cachediff/v1 report's, where the log's own
// said "steps[0]: no "schema" field: every cachediff/log/v1 document
// has one", and the log's "Snapshots" "cachediff/v1 writes".
func (w *walker) writer() (schema, doc string) {
	if w.doc != LogSchema+" document" {
		return report.Schema, w.doc
	}
	if len(w.path) >= 2 && w.path[0].key == "steps" && !w.path[0].value {
		return report.Schema, report.Schema + " report"
	}
	return LogSchema, w.doc
}

// next moves past the comma or the closing bracket after an element;
// done says it was the closing bracket.
func (w *walker) next(closing byte) (done bool, err error) {
	w.ws()
	if w.i < len(w.data) {
		switch w.data[w.i] {
		case ',':
			w.i++
			return false, nil
		case closing:
			w.i++
			return true, nil
		}
	}
	return false, w.errAt(w.i, "want , or %c, not %s", closing, w.found())
}

// key reads an object key and the colon after it.
func (w *walker) key() (string, error) {
	raw, quoted, err := w.keyRaw()
	if err != nil || quoted == nil {
		return string(raw), err
	}
	var k string
	if err := json.Unmarshal(quoted, &k); err != nil {
		return "", w.errAt(w.i, "%v", err)
	}
	return k, nil
}

// keyRaw reads an object key and the colon after it without copying it:
// raw is the key as written between the quotes and, when it holds an
// escape, quoted is the key with its quotes, to unquote.
func (w *walker) keyRaw() (raw, quoted []byte, err error) {
	w.ws()
	if w.i >= len(w.data) || w.data[w.i] != '"' {
		return nil, nil, w.errAt(w.i, "want a key (a string), not %s", w.found())
	}
	start := w.i
	raw, escaped, err := w.strRaw()
	if err != nil {
		return nil, nil, err
	}
	if escaped {
		quoted = w.data[start:w.i]
	}
	w.ws()
	if w.i >= len(w.data) || w.data[w.i] != ':' {
		return nil, nil, w.errAt(w.i, "want : after the key %s, not %s", shortKeyToken(w.data[start:start+len(raw)+2]), w.found())
	}
	w.i++
	return raw, quoted, nil
}

// shortToken is a token of the document as written (a number, a key
// with its quotes), cut for a message as shortValue cuts a value: a
// count or a key of 100,000 characters was quoted whole.
func shortToken(b []byte) string {
	// 4 bytes a character at most: a longer token is cut within these,
	// its mark the digest of the whole token (of the bytes kept, two
	// tokens that differ past them read alike).
	const most = 4 * 61
	if len(b) <= most {
		return shortValue(string(b))
	}
	s := shortValue(string(b[:most]))
	if i := strings.LastIndex(s, "…"); i >= 0 && s != string(b[:most]) {
		return s[:i] + report.CutMarkBytes(b)
	}
	return s
}

// shortKeyToken is a key's token as shortToken shows it, each character
// past ASCII as its escape (\u0441), the cut's mark as it is: as
// written, a key "сchema" (its с Cyrillic) read `want : after the key
// "schema"`, the field's own name.
func shortKeyToken(b []byte) string {
	s := shortToken(b)
	head, mark := s, ""
	if s != string(b) { // cut: its mark, "…" and 8 digits, ends it
		head, mark = s[:len(s)-len(report.CutMark(""))], s[len(s)-len(report.CutMark("")):]
	}
	if !strings.ContainsFunc(head, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return s
	}
	var e strings.Builder
	for _, r := range head {
		switch {
		case r < utf8.RuneSelf:
			e.WriteRune(r)
		case r > 0xffff:
			fmt.Fprintf(&e, `\U%08x`, r)
		default:
			fmt.Fprintf(&e, `\u%04x`, r)
		}
	}
	return e.String() + mark
}

// str reads a string at w.i: valid escapes, no raw control characters,
// valid UTF-8 (encoding/json would silently replace invalid bytes).
func (w *walker) str() (string, error) {
	start := w.i
	raw, escaped, err := w.strRaw()
	if err != nil || !escaped {
		return string(raw), err
	}
	var s string
	if err := json.Unmarshal(w.data[start:w.i], &s); err != nil {
		return "", w.errAt(start, "%v", err)
	}
	return s, nil
}

// strRaw checks a string as str does and returns what is between its
// quotes, as it is written, and whether it holds an escape.
func (w *walker) strRaw() (raw []byte, escaped bool, err error) {
	start := w.i
	w.i++
	escaped = false
	for {
		j := bytes.IndexAny(w.data[w.i:], "\"\\")
		if j < 0 {
			return nil, false, w.errAt(start, "a string that never ends")
		}
		chunk := w.data[w.i : w.i+j]
		for k, c := range chunk {
			if c < 0x20 {
				return nil, false, w.errAt(w.i+k, "a control character (%#02x) in a string: JSON writes it as an escape", c)
			}
		}
		if !utf8.Valid(chunk) {
			k := 0
			for k < len(chunk) {
				r, n := utf8.DecodeRune(chunk[k:])
				if r == utf8.RuneError && n == 1 {
					break
				}
				k += n
			}
			return nil, false, w.errAt(w.i+k, "a string that is not valid UTF-8 (byte %#02x)", chunk[k])
		}
		w.i += j
		if w.data[w.i] == '"' {
			w.i++
			break
		}
		escaped = true
		if w.i+1 >= len(w.data) {
			return nil, false, w.errAt(start, "a string that never ends")
		}
		switch w.data[w.i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			w.i += 2
		case 'u':
			if w.i+6 > len(w.data) && isHex4(w.data[w.i+2:]) {
				// Cut inside the escape, as after its backslash.
				return nil, false, w.errAt(start, "a string that never ends")
			}
			if w.i+6 > len(w.data) || !isHex4(w.data[w.i+2:w.i+6]) {
				return nil, false, w.errAt(w.i, `a \u escape without four hexadecimal digits`)
			}
			// Half of a UTF-16 pair must be the first of a whole pair:
			// encoding/json reads a lone half as U+FFFD, another text.
			switch u := hex4(w.data[w.i+2 : w.i+6]); {
			case 0xDC00 <= u && u <= 0xDFFF:
				return nil, false, w.errAt(w.i, `a lone surrogate \u%s in a string (the second half of a UTF-16 pair, without the first)`, w.data[w.i+2:w.i+6])
			case 0xD800 <= u && u <= 0xDBFF:
				if w.i+12 > len(w.data) && lowHalfPrefix(w.data[w.i+6:]) {
					// Cut inside the pair's second half.
					return nil, false, w.errAt(start, "a string that never ends")
				}
				if w.i+12 > len(w.data) || w.data[w.i+6] != '\\' || w.data[w.i+7] != 'u' || !isHex4(w.data[w.i+8:w.i+12]) ||
					hex4(w.data[w.i+8:w.i+12]) < 0xDC00 || hex4(w.data[w.i+8:w.i+12]) > 0xDFFF {
					return nil, false, w.errAt(w.i, `a lone surrogate \u%s in a string (the first half of a UTF-16 pair, without the second)`, w.data[w.i+2:w.i+6])
				}
				w.i += 6
			}
			w.i += 6
		default:
			// The character whole: its first byte alone named 'Ã'
			// for an escaped 'é'.
			r, n := utf8.DecodeRune(w.data[w.i+1:])
			if !utf8.FullRune(w.data[w.i+1:]) {
				// Cut inside the character.
				return nil, false, w.errAt(start, "a string that never ends")
			}
			if r == utf8.RuneError && n <= 1 {
				return nil, false, w.errAt(w.i, "an unknown escape: \\ before the byte \\x%02x in a string", w.data[w.i+1])
			}
			if r > ' ' && r < utf8.RuneSelf && unicode.IsPrint(r) {
				return nil, false, w.errAt(w.i, "an unknown escape \\%c in a string", r)
			}
			// Past ASCII, a character that does not print, or a space:
			// as it is, \с (its с Cyrillic) read as the escape \c, a
			// U+202E after the backslash turned the message around, and
			// a space read "an unknown escape \  in a string", naming
			// none a reader could see.
			return nil, false, w.errAt(w.i, "an unknown escape: \\ before the character %+q in a string", r)
		}
	}
	return w.data[start+1 : w.i-1], escaped, nil
}

// lowHalfPrefix says whether b, the rest of a document cut short, begins
// a \u escape of the second half of a UTF-16 pair (\udc00 to \udfff).
func lowHalfPrefix(b []byte) bool {
	for i, c := range b {
		var ok bool
		switch i {
		case 0:
			ok = c == '\\'
		case 1:
			ok = c == 'u'
		case 2:
			ok = c == 'd' || c == 'D'
		case 3:
			ok = 'c' <= c && c <= 'f' || 'C' <= c && c <= 'F'
		default:
			ok = isHex4(b[i : i+1])
		}
		if !ok {
			return false
		}
	}
	return true
}

// hex4 is the value of four hexadecimal digits (isHex4).
func hex4(b []byte) int {
	n := 0
	for _, c := range b {
		n <<= 4
		switch {
		case c <= '9':
			n += int(c - '0')
		case c >= 'a':
			n += int(c-'a') + 10
		default:
			n += int(c-'A') + 10
		}
	}
	return n
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// number reads a JSON number at w.i.
func (w *walker) number() error {
	start := w.i
	digits := func() int {
		n := 0
		for w.i < len(w.data) && '0' <= w.data[w.i] && w.data[w.i] <= '9' {
			w.i++
			n++
		}
		return n
	}
	if w.data[w.i] == '-' {
		w.i++
	}
	malformed := func() error {
		if w.i >= w.textEnd() {
			// Cut short: "1." or "-" at the end of the document, named
			// as read, as badNumber names a malformed one.
			return w.errAt(start, "the document ends early, inside the number %q: want %s", shortToken(w.data[start:min(w.i, len(w.data))]), aNumber)
		}
		return w.badNumber(start)
	}
	first := w.i
	if digits() == 0 {
		return malformed()
	}
	if w.data[first] == '0' && w.i-first > 1 {
		return w.badNumber(start)
	}
	if w.i < len(w.data) && w.data[w.i] == '.' {
		w.i++
		if digits() == 0 {
			return malformed()
		}
	}
	if w.i < len(w.data) && (w.data[w.i] == 'e' || w.data[w.i] == 'E') {
		w.i++
		if w.i < len(w.data) && (w.data[w.i] == '+' || w.data[w.i] == '-') {
			w.i++
		}
		if digits() == 0 {
			return malformed()
		}
	}
	if w.i < len(w.data) && numberWordByte(w.data[w.i]) {
		// "1.5.3", "1x": a misspelt number, named whole, not a number
		// followed by a wrong byte.
		return w.badNumber(start)
	}
	return nil
}

// numberWordByte says whether c continues the word a number starts:
// ASCII letters, digits and the characters a number holds (_ . + -).
func numberWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '+' || c == '-'
}

// aNumber is what a JSON number looks like, for a message that refuses
// one and names what was read.
const aNumber = "a JSON number (such as 12, -0.5 or 1.5e-3)"

// badNumber refuses the malformed number at start, named as read: the
// word whole ("1.5.3", "01x"), quoted and cut as other tokens are.
func (w *walker) badNumber(start int) error {
	end := start
	for end < len(w.data) && numberWordByte(w.data[end]) {
		end++
	}
	return w.errAt(start, "want %s, not %q", aNumber, shortToken(w.data[start:end]))
}

// skip checks and moves past any JSON value.
func (w *walker) skip() error {
	w.ws()
	if w.i >= w.textEnd() {
		return w.errAt(w.i, "the document ends early: want a value")
	}
	switch c := w.data[w.i]; {
	case c == '"':
		_, _, err := w.strRaw()
		return err
	case c == '-' || '0' <= c && c <= '9':
		return w.number()
	case c == '[' || c == '{':
		if w.depth++; w.depth > maxDepth {
			return w.errAt(w.i, "values nested more than %d deep", maxDepth)
		}
		defer func() { w.depth-- }()
		closing := byte(']')
		if c == '{' {
			closing = '}'
		}
		w.i++
		if w.nested {
			return w.skipNested(c == '{', closing)
		}
		for n := 0; ; n++ {
			w.ws()
			if w.i < len(w.data) && w.data[w.i] == closing && n == 0 {
				w.i++
				return nil
			}
			if c == '{' {
				// The key as written: skipped, not copied (a string an
				// element's key, where topValue skips a whole report).
				if _, _, err := w.keyRaw(); err != nil {
					return err
				}
			}
			if err := w.skip(); err != nil {
				return err
			}
			if done, err := w.next(closing); done || err != nil {
				return err
			}
		}
	}
	for _, lit := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(w.data[w.i:], []byte(lit)) {
			w.i += len(lit)
			return nil
		}
	}
	if w.cutInWord() {
		return w.errAt(w.i, "want a value, not the end of the document")
	}
	return w.errAt(w.i, "want a value, not %s", w.found())
}

// skipNested is skip's walk of the elements of a list or an object
// (object) past its opening bracket, in a walk that checks a document's
// shape (walker.nested): the path follows the elements, so that an
// error inside names where it is, and a key twice in an object is
// refused as in an object of the shape, at the object's path, before
// anything read after it. The keys are their offsets, no copy a key:
// the first few in an array of the walk's own, then a countKeys.
func (w *walker) skipNested(object bool, closing byte) error {
	depth := len(w.path)
	var small [8]countKey
	ns := 0
	var keys *countKeys // past len(small) keys, or in a document past 4 GiB
	if object && uint64(len(w.data)) > math.MaxUint32 {
		keys = &countKeys{what: keyTwice}
	}
	fail := func(err error) error {
		w.path = w.path[:depth]
		switch {
		case !object:
			return err
		case keys != nil:
			return w.listedTwice(keys, err)
		}
		return w.fewTwice(small[:ns], err)
	}
	for n := 0; ; n++ {
		w.ws()
		if w.i < len(w.data) && w.data[w.i] == closing && n == 0 {
			w.i++
			return nil
		}
		if object {
			w.ws()
			at := w.i
			raw, quoted, err := w.keyRaw()
			if err != nil {
				return fail(err)
			}
			if keys == nil && ns < len(small) {
				small[ns] = countKey{uint32(at), uint32(at + 1 + len(raw))}
				ns++
			} else {
				if keys == nil {
					keys = &countKeys{what: keyTwice}
					for _, c := range small[:ns] {
						keys.add(w.data, int(c.at), int(c.end)+1, w.keyText(c))
					}
				}
				// The key itself only where countKeys keeps it: written
				// with an escape, or in a document past 4 GiB.
				var key string
				if quoted != nil {
					if err := json.Unmarshal(quoted, &key); err != nil {
						return fail(w.errAt(at, "%v", err))
					}
				} else if keys.wide != nil || uint64(len(w.data)) > math.MaxUint32 {
					key = string(raw)
				}
				keys.add(w.data, at, w.i, key)
			}
			w.path = append(w.path, pathStep{raw: true, rawAt: at, rawLen: len(raw)})
		} else {
			w.path = append(w.path, pathStep{index: n})
		}
		if err := w.skip(); err != nil {
			return fail(err)
		}
		w.path = w.path[:depth]
		if done, err := w.next(closing); err != nil {
			return fail(err)
		} else if done {
			break
		}
	}
	return fail(nil)
}

// keyTwice is the message of a key twice in an object, with the key
// quoted (quotedValue, %s).
const keyTwice = "key %s is there twice"

// keyText is the key whose quotes are at c, unquoted where it holds an
// escape (a copy then).
func (w *walker) keyText(c countKey) string {
	raw := w.data[c.at+1 : c.end]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	var k string
	if json.Unmarshal(w.data[c.at:c.end+1], &k) != nil {
		return string(raw)
	}
	return k
}

// fewTwice is listedTwice for the few keys of an object skipped
// (skipNested): the first key, in the document's order, listed before
// it too, each compared with those before it; err when none is.
func (w *walker) fewTwice(keys []countKey, err error) error {
	same := func(a, b countKey) bool {
		ra, rb := w.data[a.at+1:a.end], w.data[b.at+1:b.end]
		if bytes.IndexByte(ra, '\\') < 0 && bytes.IndexByte(rb, '\\') < 0 {
			return bytes.Equal(ra, rb)
		}
		return w.keyText(a) == w.keyText(b)
	}
	for i := 1; i < len(keys); i++ {
		for j := range i {
			if same(keys[i], keys[j]) {
				return w.errAt(int(keys[i].at), keyTwice, quotedValue(w.keyText(keys[i])))
			}
		}
	}
	return err
}

// end checks that nothing but white space follows the document.
func (w *walker) end() error {
	w.ws()
	if w.i < len(w.data) {
		found := w.found()
		if w.i >= w.textEnd() {
			// A character begun after a whole document is no end of
			// it cut short: a byte that is no UTF-8.
			found = fmt.Sprintf("the byte %#02x, which is no UTF-8", w.data[w.i])
		}
		return w.errAt(w.i, "more after the end of the document: %s", found)
	}
	return nil
}

// schemaOf reads the top-level "schema" field of a document, checking
// the document's syntax up to it: found is false when there is none.
func schemaOf(data []byte) (schema string, found bool, err error) {
	w := &walker{data: data}
	if what := foreignText(data); what != "" {
		return "", false, w.errAt(0, "not JSON: %s", what)
	}
	w.ws()
	if w.i >= len(data) {
		return "", false, w.errAt(w.i, "an empty document: not a cachediff JSON report")
	}
	if data[w.i] != '{' {
		switch found := w.found(); {
		case found == "the end of the document":
			// Cut inside its first character.
			return "", false, w.errAt(w.i, "the document ends early: want an object")
		case bytes.HasPrefix(data[w.i:], []byte("---")):
			// A catalogue page, or a folder's page named by mistake: its
			// '---' would read as a number.
			return "", false, w.errAt(w.i, "not JSON: it starts like a catalogue page; diff it with cachediff OLD NEW")
		case strings.HasPrefix(found, "the character "):
			if message(data[w.i:]) {
				// cachediff -f json A B > r.json 2>&1: a warning (or the
				// error) first, not a text report.
				return "", false, w.errAt(w.i, "not JSON: it starts with a message of cachediff's (standard error written into the file, as 2>&1 does); save the report with cachediff -o FILE")
			}
			if what, kind := ownFormat(data[w.i:]); what != "" {
				// A report of cachediff saved in another format
				// (cachediff old new > r.md, then render r.md -f html):
				// the character alone did not say what to do.
				saved := "the report saved with cachediff --format json"
				switch kind {
				case ownLog:
					saved = "the log saved with cachediff log --format json"
				case ownEither:
					saved = "the report or the log saved with cachediff --format json or cachediff log --format json"
				}
				return "", false, w.errAt(w.i, "not JSON: it starts like cachediff's %s, which render cannot read back; render reads %s (-o FILE)", what, saved)
			}
			return "", false, w.errAt(w.i, "not JSON: it starts with %s", found)
		default:
			return "", false, w.errAt(w.i, "not a cachediff JSON report: the document is %s, not an object", found)
		}
	}
	w.i++
	for n := 0; ; n++ {
		w.ws()
		if w.i < len(data) && data[w.i] == '}' && n == 0 {
			w.i++
			return "", false, w.end()
		}
		key, err := w.key()
		if err != nil {
			return "", false, err
		}
		if key == "schema" {
			w.path = append(w.path, pathStep{key: key})
			w.ws()
			if w.i >= len(data) || data[w.i] != '"' {
				found := w.found()
				if w.cutInWord() {
					// Cut inside true, false or null, as want says.
					found = "the end of the document"
				}
				return "", false, w.errAt(w.i, "want a string such as %q, not %s", report.Schema, found)
			}
			s, err := w.str()
			return s, true, err
		}
		if err := w.skip(); err != nil {
			return "", false, err
		}
		if done, err := w.next('}'); err != nil {
			return "", false, err
		} else if done {
			return "", false, w.end()
		}
	}
}

// schemaAgain is checkShape's error for the top-level "schema" key
// written again (escaped or not), nil where it is there once (up to the
// end of data or the first error in its syntax). Read where the first
// "schema" names one that this cachediff does not read: that one was
// refused for its value, and the same document with the two values the
// other way round for the key twice (checkShape), so the order of the
// two chose the message. A key in another case ("Schema") is left to
// the value of the one spelled "schema", as before, whatever the order.
func schemaAgain(data []byte) error {
	const key = "schema"
	w := &walker{data: data}
	w.ws()
	if w.i >= len(data) || data[w.i] != '{' {
		return nil
	}
	w.i++
	seen := false
	for n := 0; ; n++ {
		w.ws()
		if w.i < len(data) && data[w.i] == '}' && n == 0 {
			return nil
		}
		at := w.i
		raw, quoted, err := w.keyRaw()
		if err != nil {
			return nil
		}
		// As topValueCut reads a key: in place, unquoted only where it
		// holds an escape and is short enough to spell key.
		is := quoted == nil && string(raw) == key
		if quoted != nil && len(raw) <= 6*len(key) {
			is, _ = escapedIs(raw, key)
		}
		if is && seen {
			return w.errAt(at, "key %q is there twice", key)
		}
		seen = seen || is
		if err := w.skip(); err != nil {
			return nil
		}
		if done, err := w.next('}'); done || err != nil {
			return nil
		}
	}
}

// featuresIn is the top-level "features" of the JSON object data, a
// list of strings, or nil (none, or data is not such an object): read
// where checkShape refused data, for the feature of a newer cachediff
// that explains it, and before the rest of a document it passed. A null
// in the list is no feature (encoding/json reads it as ""): the list is
// not one of strings, and the shape's error says so ("features[0]: want
// a string, not null"), where unknownFeature's named a feature "" the
// report does not list.
//
// The list ends at its first feature this cachediff does not know
// (unknownFeature names that one), and each known one is the string of
// report.Features (compared as written, escapedIs where it holds an
// escape): decoded whole, a list of 4 million "a" (17 MB) cost 151 MB,
// and 193 MB where checkShape had refused the document.
func featuresIn(data []byte) []string {
	v := topValue(data, "features")
	if len(v) == 0 || v[0] != '[' {
		return nil
	}
	// each calls f with each element's index and string, as written
	// (quoted: with its quotes, where it holds an escape), until f says
	// stop; false where an element is not a string.
	each := func(f func(i int, raw, quoted []byte) (stop bool)) bool {
		w := &walker{data: v, i: 1}
		for n := 0; ; n++ {
			w.ws()
			if w.i < len(v) && v[w.i] == ']' && n == 0 {
				return true
			}
			if w.i >= len(v) || v[w.i] != '"' {
				return false
			}
			start := w.i
			raw, escaped, err := w.strRaw()
			if err != nil {
				return false
			}
			var quoted []byte
			if escaped {
				quoted = v[start:w.i]
			}
			if f(n, raw, quoted) {
				return true
			}
			if done, err := w.next(']'); done || err != nil {
				return err == nil
			}
		}
	}
	known := func(raw, quoted []byte) int {
		for k, f := range report.Features {
			if quoted == nil && string(raw) == f {
				return k
			}
			// An escape is at most 6 bytes a byte of f.
			if quoted != nil && len(raw) <= 6*len(f) {
				if is, _ := escapedIs(raw, f); is {
					return k
				}
			}
		}
		return -1
	}
	// First the length, the first unknown feature, and whether every
	// element is a string.
	n, unknown := 0, ""
	at := -1
	if !each(func(i int, raw, quoted []byte) bool {
		n++
		if at < 0 && known(raw, quoted) < 0 {
			at = i
			if quoted == nil {
				unknown = string(raw)
			} else {
				json.Unmarshal(quoted, &unknown) // strRaw has checked it
			}
		}
		return false
	}) {
		return nil
	}
	if at >= 0 {
		n = at + 1
	}
	out := make([]string, n)
	each(func(i int, raw, quoted []byte) bool {
		if i == at {
			out[i] = unknown
			return true
		}
		out[i] = report.Features[known(raw, quoted)]
		return false
	})
	return out
}

// stepsFeature is the error of the first step of the log data (a
// cachediff/log/v1 document that checkLogShape refused) that lists a
// feature this cachediff does not know, nil when none does.
func stepsFeature(data []byte) error {
	steps, _ := topValueCut(data, "steps")
	if len(steps) == 0 || steps[0] != '[' {
		return nil
	}
	w := &walker{data: steps, i: 1}
	for n := 0; ; n++ {
		w.ws()
		if w.i < len(steps) && steps[w.i] == ']' && n == 0 {
			return nil
		}
		start := w.i
		if err := w.skip(); err != nil {
			// The step the log is cut short (or broken) in: its
			// features where they are whole before that, as a
			// report's are read (featuresIn). A log cut short in its
			// steps named none, where the same step saved alone, or
			// the log cut after its steps, named the feature.
			if err := unknownFeature(featuresIn(steps[start:])); err != nil {
				return stepError(n, err)
			}
			return nil
		}
		if err := unknownFeature(featuresIn(steps[start:w.i])); err != nil {
			return stepError(n, err)
		}
		if done, err := w.next(']'); done || err != nil {
			return nil
		}
	}
}

// escapedIs reports whether the key raw, as written between its quotes,
// is key once unquoted, and fold whether it is key but for case, as
// encoding/json matches a key to a field (bytes.EqualFold); strRaw has
// checked its escapes. It unquotes raw in place, on the stack where
// raw is short (topValue's are at most 6 bytes a byte of key).
func escapedIs(raw []byte, key string) (is, fold bool) {
	var buf [64]byte
	u := buf[:0]
	for i := 0; i < len(raw); {
		if c := raw[i]; c != '\\' {
			u, i = append(u, c), i+1
			continue
		}
		var r rune
		switch raw[i+1] {
		case 'u':
			r, i = rune(hex4(raw[i+2:i+6])), i+6
			if utf16.IsSurrogate(r) {
				// A pair is one rune, read in place as encoding/json
				// reads it (a half without its other is U+FFFD): the
				// copy json.Unmarshal made cost 4 allocations a
				// top-level key that starts with one.
				r2 := rune(-1)
				if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' && isHex4(raw[i+2:i+6]) {
					r2 = rune(hex4(raw[i+2 : i+6]))
				}
				if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
					r, i = d, i+6
				} else {
					r = utf8.RuneError
				}
			}
		case 'b':
			r, i = '\b', i+2
		case 'f':
			r, i = '\f', i+2
		case 'n':
			r, i = '\n', i+2
		case 'r':
			r, i = '\r', i+2
		case 't':
			r, i = '\t', i+2
		default: // " \\ /
			r, i = rune(raw[i+1]), i+2
		}
		u = utf8.AppendRune(u, r)
	}
	is = string(u) == key
	return is, !is && bytes.EqualFold(u, []byte(key))
}

// topValue is the value of key in the JSON object data, as written, or
// nil (no such key, the key twice, or data is not an object). A key
// twice is the shape's error, which checkShape names: the first value
// read for a feature there named a feature of a newer cachediff, which
// writes no key twice, and the order of the two chose the message.
func topValue(data []byte, key string) []byte {
	if v, cut := topValueCut(data, key); !cut {
		return v
	}
	return nil
}

// topValueCut is topValue, but where the key's value is cut short by
// the end of data (or broken), it is what there is of it, to the end
// of data, and cut says so: a log cut short in its steps still has the
// steps before the cut and the start of the one it is cut in.
func topValueCut(data []byte, key string) (v []byte, cut bool) {
	w := &walker{data: data}
	w.ws()
	if w.i >= len(data) || data[w.i] != '{' {
		return nil, false
	}
	w.i++
	for n := 0; ; n++ {
		w.ws()
		if w.i < len(data) && data[w.i] == '}' && n == 0 {
			return nil, false
		}
		// The key as written, unquoted only where it holds an escape
		// and is short enough to spell key (an escape is at most six
		// bytes a byte of it): a copy a key cost an allocation for
		// each top-level key of a report refused near its top.
		raw, quoted, err := w.keyRaw()
		if err != nil {
			return v, false
		}
		is := quoted == nil && string(raw) == key
		// The key in another case ("Features"), which encoding/json
		// takes for key: the key twice to it, which checkShape refuses
		// for the case (a rune that folds to a byte of key is at most 3
		// bytes).
		fold := quoted == nil && !is && len(raw) <= 3*len(key) && bytes.EqualFold(raw, []byte(key))
		if quoted != nil && len(raw) <= 6*len(key) {
			is, fold = escapedIs(raw, key)
		}
		if fold || is && v != nil {
			// Twice, whatever follows: a document cut short in (or
			// after) the second value is still refused for the key.
			return nil, false
		}
		w.ws()
		start := w.i
		if err := w.skip(); err != nil {
			if is {
				return data[start:], true
			}
			return v, false
		}
		if is {
			v = data[start:w.i]
		}
		if done, err := w.next('}'); done || err != nil {
			return v, false // a document cut short after it: its value as before
		}
	}
}

// foreignText says what data is when it is a report saved otherwise
// than cachediff writes it, which the JSON reader would name by a byte
// ('\x1f', '\ufeff', '\x00'): compressed, UTF-16 (Windows PowerShell's
// > writes it), or behind a UTF-8 byte-order mark. "" when none of
// these.
func foreignText(data []byte) string {
	const save = "save the report with cachediff -o FILE"
	switch {
	case len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b:
		return "a gzip file; decompress it first (gzip -dc FILE | cachediff render -)"
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}), bytes.HasPrefix(data, []byte{0xfe, 0xff}),
		len(data) >= 2 && (data[0] == 0) != (data[1] == 0): // JSON text holds no NUL byte
		return "UTF-16 text; cachediff reads the UTF-8 JSON it writes (Windows PowerShell's > writes UTF-16: " + save + ")"
	case bytes.HasPrefix(data, []byte("\ufeff")):
		return "it starts with a UTF-8 byte-order mark, which JSON (RFC 8259) does not have and cachediff does not write; remove it, or " + save
	}
	return ""
}

// message reports whether data starts with a message cachediff writes
// to standard error ("cachediff: warning: …", "cachediff: loading …"),
// not its text report or log, whose headline names the snapshots with
// an arrow within its first lines (wrapped at a narrow --width).
func message(data []byte) bool {
	if !bytes.HasPrefix(data, []byte("cachediff: ")) || bytes.HasPrefix(data, []byte("cachediff log: ")) {
		return false
	}
	if bytes.HasPrefix(data, []byte("cachediff: warning: ")) {
		return true
	}
	head := data[:min(len(data), 512)]
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		// The headline and its wrapped lines, which start with spaces.
		end := i
		for end < len(head) && bytes.HasPrefix(head[end:], []byte("\n  ")) {
			if j := bytes.IndexByte(head[end+1:], '\n'); j >= 0 {
				end += 1 + j
			} else {
				end = len(head)
			}
		}
		head = head[:end]
	}
	return !bytes.Contains(head, []byte("→"))
}

// ownKind is whose output ownFormat found: a report's, a log's, or
// either (a format that does not tell).
type ownKind int

const (
	ownReport ownKind = iota
	ownLog
	ownEither
)

// ownFormat names the format of cachediff's that data, not JSON, starts
// as ("" for none), by the heading, marker or header line each writes
// first, and whose output that is. A log's GitHub comment starts with
// the comment's marker then the log's heading, and a log's HTML page is
// told by its default title (a --title hides it): these were named a
// report's, with a hint to save the report with cachediff --format json
// where the log is saved with cachediff log --format json. An Atom feed
// is a diff's or a log's alike.
func ownFormat(data []byte) (what string, kind ownKind) {
	const comment = "<!-- cachediff -->"
	if rest, ok := bytes.CutPrefix(data, []byte(comment)); ok {
		rest = bytes.TrimLeft(rest, "\r\n")
		if bytes.HasPrefix(rest, []byte("# cachediff log: ")) {
			return "GitHub comment (Markdown)", ownLog
		}
		return "GitHub comment (Markdown)", ownReport
	}
	if bytes.HasPrefix(data, []byte("<!DOCTYPE html>")) {
		head := data[:min(len(data), 4096)]
		switch {
		case bytes.Contains(head, []byte("<title>cachediff log: ")):
			return "HTML page", ownLog
		case bytes.Contains(head, []byte("<title>cachediff: ")):
			return "HTML page", ownReport
		}
		return "HTML page", ownEither
	}
	for _, f := range []struct {
		head, what string
		kind       ownKind
	}{
		{"## cachediff: ", "Markdown report", ownReport},
		{"# cachediff log: ", "Markdown log", ownLog},
		{"# cachediff: ", "patch", ownReport},
		{"cachediff log:", "text log", ownLog},
		{"cachediff:", "text report", ownReport},
		{"<?xml ", "Atom feed", ownEither},
	} {
		if bytes.HasPrefix(data, []byte(f.head)) {
			return f.what, f.kind
		}
	}
	return "", ownReport
}

// checkShape walks data against the shape of a cachediff/v1 document.
func checkShape(data []byte) error {
	_, err := causeLists(data)
	return err
}

// causeLens are the lengths of a report's causes.table, causes.paths and
// causes.sets, as the walk of its shape counts them (0 when absent or
// empty): decodeBytes makes the lists that long before encoding/json
// fills them, where it grew them by a quarter at a time, each copy
// beside the one before (a report of a million based sets held a
// quarter more of its table and sets, 0.8x its JSON, while decoded).
//
// The walk counts too what bounds those lengths (causeLens.check): the
// sets' elements, their bases, the links with a next, and the whys
// (of the pairs and of the changed roots).
//
// And which elements of the lists something names (named): a set, a
// link or a cause of the table that nothing names was not written by
// cachediff, and an element that names a base of its own raises the
// bases' count it is held to (causeLens.check).
type causeLens struct {
	table, paths, sets, groups int
	shared                     int
	// sharedGroups and sharedPackages are the lengths of the shared
	// changes' groups and packages, summed: each group is in one shared
	// change at most (the laws), so that neither sum passes groups.
	sharedGroups, sharedPackages int
	roots                        rootLens // causes.roots' lists
	// rootChanges is the length of the first of causes.roots.changed's
	// changes longer than a root has facets, at rootChangesAt (0 when
	// none is): a root's own changes are one a facet at most.
	rootChanges, rootChangesAt int
	// ignore is the length of options.ignore: the facets --ignore
	// names, each once.
	ignore int
	// packages, stacks, highlights and warnings are the lengths of
	// options.packages and .stacks and of the top-level highlights and
	// warnings, which decodeBytes makes at their lengths.
	packages, stacks, highlights, warnings int
	// listed, facetValues and tripped bound the highlights before they
	// are decoded (newsBound): the length of the top-level packages,
	// the facets' added, removed and counts summed, and gate.tripped's.
	listed, facetValues, tripped int
	// versions are the longest of the packages' versions lists (old,
	// new, added, removed), and hlVersions the highlights' with the
	// first highlight whose list is longer than any package's
	// (hlVersionsAt): a highlight's versions are its package's.
	versions, hlVersions [4]int
	hlVersionsAt         [4]int
	// variants are the lengths of a package's shared_variants and of
	// its specs' variants lists, and sharedErr the
	// first package whose shared variants outnumber every spec's
	// variants (sharedBound).
	variants  sharedBound
	sharedErr error
	// causeChanges is the longest list of changes under causes (a
	// cause's, a group's, a root's), trippedValues the longest of
	// gate.tripped's values; hlChanges and hlValues are the highlights'
	// longest, with the first highlight of that length (hlChangesAt,
	// hlValuesAt): a highlight's changes are a cause's or a changed
	// root's own, its values a gate kind's or a root's other spellings.
	causeChanges, trippedValues, hlChanges, hlValues int
	hlChangesAt, hlValuesAt                          int
	// updPackages is the longest of updates' packages, of updates[updPackagesAt]:
	// an update's packages are packages the report lists.
	updPackages, updPackagesAt int
	// hlPackages is the longest of the highlights' packages, of
	// highlights[hlPackagesAt]: a highlight's packages are packages
	// the report lists, a shared cause's groups' (which a filtered
	// report need not list) or a root's old and new package.
	hlPackages, hlPackagesAt int
	// nestedList is the longest list inside packages or highlights
	// (a spec's variants, a package's specs...): decodeBytes reads them
	// with the list decoders only past plainListMax.
	nestedList int
	// order are the lists cachediff writes sorted or each value once.
	order                     listOrder
	elems, bases, nexts, whys int
	rootWhys                  int // of the whys, the changed roots'
	named                     *causeNames
	// unnamed is the error of an element that nothing names, among
	// fewer than those named: decodeBytes returns it after the laws,
	// which name an edit that left it so (a pair removed) where they
	// see one.
	unnamed error
}

// newsBound is the most highlights a report of the lengths counted can
// have: at least the bound the laws hold them to (checkNewsItems: an
// item per package added, removed or whose versions changed, per facet
// value that came, went or moved, per root added, removed or changed,
// the causes' and the gate's), from the lists' lengths alone.
func (l *causeLens) newsBound() int {
	return l.listed + l.facetValues + l.roots.added + l.roots.removed + l.roots.changed + diff.MaxCauseHighlights + 1 + l.tripped
}

// rootLens are the lengths of causes.roots' lists (0 when absent or
// empty).
type rootLens struct{ added, removed, changed, renamed int }

// causeNames are the indexes of causes.sets, causes.paths and
// causes.table that a why, a set's element or a link's next names, by
// bit; each limit is past any index a list of the document can hold.
type causeNames struct {
	sets, paths, table          namedBits
	setLimit, pathLimit, causes int
}

// manyUnnamed is how many elements that nothing names are refused
// before they are decoded, when they outnumber the named ones too: an
// edit by hand leaves fewer (a pair removed, a reference out of range),
// which the laws name better, and fewer cost nothing to decode.
const manyUnnamed = 1024

// namedBits is a set of indexes, one bit each.
type namedBits []uint64

// add adds v, unless it is limit or more: no list of the document is
// that long (the laws refuse the reference), and the bits stay a
// fraction of the document's size.
func (b *namedBits) add(v, limit int) {
	if v >= limit {
		return
	}
	i := v / 64
	if i >= len(*b) {
		grown := make(namedBits, min(max(2*len(*b), i+1), limit/64+1))
		copy(grown, *b)
		*b = grown
	}
	(*b)[i] |= 1 << (v % 64)
}

// missing is the first index of [from, n) not in b (-1 when none is),
// and how many are not.
func (b namedBits) missing(from, n int) (first, count int) {
	first = -1
	for k := from; k < n; k++ {
		if i := k / 64; i >= len(b) || b[i]&(1<<(k%64)) == 0 {
			if first < 0 {
				first = k
			}
			count++
		}
	}
	return first, count
}

// causeLists is checkShape, and the lengths of the causes' lists.
func causeLists(data []byte) (causeLens, error) {
	// The shortest elements: a set [], a link {"name":""}, a cause
	// {"name":"","changes":[]}, each with a comma.
	n := len(data)
	names := &causeNames{setLimit: n/2 + 1, pathLimit: n/8 + 1, causes: n/16 + 1}
	w := &walker{data: data, doc: report.Schema + " report", lens: &causeLens{named: names}, nested: true}
	if err := w.value(documentShape()); err != nil {
		return causeLens{}, err
	}
	// The last element compared is of the document's bytes, which
	// decodeBytes lets go once decoded: held here, they stayed to the
	// end (1.4x the heap of a report of based sets).
	w.lens.order.prev = nil
	return *w.lens, w.end()
}

// logShape is the shape of a cachediff/log/v1 document: its steps are
// cachediff/v1 reports, checked in place so that an error in one gives
// its line in the log.
var logShape = sync.OnceValue(func() *shape {
	type logDoc struct {
		Schema    string              `json:"schema"`
		Steps     []report.Document   `json:"steps"`
		Snapshots []diff.SnapshotInfo `json:"snapshots"`
		Timeline  diff.Timeline       `json:"timeline"`
		Revs      *diff.Revs          `json:"revs,omitempty"` // cachediff log --revs only
		// Highlights are the steps' news; cachediff before issue 34 wrote
		// none. DecodeLog computes them from the steps.
		Highlights []diff.Highlight `json:"highlights,omitempty"`
	}
	return shapeOf(reflect.TypeFor[logDoc](), "a "+LogSchema+" document")
})

// checkLogShape walks data against the shape of a cachediff/log/v1
// document.
func checkLogShape(data []byte) error { return walkShape(data, logShape(), LogSchema+" document") }

func walkShape(data []byte, s *shape, doc string) error {
	w := &walker{data: data, doc: doc, nested: true}
	if err := w.value(s); err != nil {
		return err
	}
	return w.end()
}

// versionLists are the lists of a package's versions (causeLens.versions).
var versionLists = [4]string{"old", "new", "added", "removed"}

// count records a list of n elements at path if it is one of the
// causes' lists, or one of its sets.
func (l *causeLens) count(path []pathStep, n int) {
	if len(path) >= 2 && !path[0].value && (path[0].key == "packages" || path[0].key == "highlights") {
		l.nestedList = max(l.nestedList, n)
	}
	if len(path) == 3 && path[0].key == "updates" && !path[0].value && path[2].key == "packages" && n > l.updPackages {
		l.updPackages, l.updPackagesAt = n, path[1].index
	}
	if len(path) == 3 && path[0].key == "highlights" && !path[0].value && path[2].key == "packages" && n > l.hlPackages {
		l.hlPackages, l.hlPackagesAt = n, path[1].index
	}
	if last := path[len(path)-1]; !last.value && (last.key == "changes" || last.key == "values") {
		switch {
		case len(path) == 3 && path[0].key == "highlights" && !path[0].value && last.key == "changes":
			if n > l.hlChanges {
				l.hlChanges, l.hlChangesAt = n, path[1].index
			}
		case len(path) == 3 && path[0].key == "highlights" && !path[0].value:
			if n > l.hlValues {
				l.hlValues, l.hlValuesAt = n, path[1].index
			}
		case path[0].key == "causes" && !path[0].value && last.key == "changes":
			l.causeChanges = max(l.causeChanges, n)
		case len(path) == 4 && path[0].key == "gate" && !path[0].value && path[1].key == "tripped":
			l.trippedValues = max(l.trippedValues, n)
		}
	}
	if len(path) == 3 && path[0].key == "causes" && path[1].key == "sets" && !path[1].value {
		l.elems += n
		return
	}
	if len(path) == 2 && path[0].key == "options" && !path[1].value {
		switch path[1].key {
		case "ignore":
			l.ignore = n
		case "packages":
			l.packages = n
		case "stacks":
			l.stacks = n
		}
		return
	}
	if len(path) == 4 && (path[0].key == "packages" || path[0].key == "highlights") && !path[0].value && path[2].key == "versions" {
		k := slices.Index(versionLists[:], path[3].key)
		switch {
		case k < 0:
		case path[0].key == "packages":
			l.versions[k] = max(l.versions[k], n)
		case n > l.hlVersions[k]:
			l.hlVersions[k], l.hlVersionsAt[k] = n, path[1].index
		}
		return
	}
	if len(path) >= 3 && path[0].key == "packages" && !path[0].value {
		switch kind, facet := strListAt(path); {
		case kind == listShared:
			l.sharedCount(path[1].index, n, true)
			return
		case kind == listSpec && facet == "variant":
			l.sharedCount(path[1].index, n, false)
			return
		}
	}
	if len(path) == 1 && !path[0].value {
		switch path[0].key {
		case "highlights":
			l.highlights = n
		case "warnings":
			l.warnings = n
		case "packages":
			l.listed = n
		}
		return
	}
	if len(path) == 3 && path[0].key == "facets" && !path[0].value && !path[1].value && !path[2].value {
		switch path[2].key {
		case "added", "removed", "counts":
			l.facetValues += n
		}
		return
	}
	if len(path) == 2 && path[0].key == "gate" && !path[0].value && path[1].key == "tripped" {
		l.tripped = n
		return
	}
	if len(path) == 4 && path[0].key == "causes" && !path[0].value && path[1].key == "shared" && !path[1].value {
		switch path[3].key {
		case "groups":
			l.sharedGroups += n
		case "packages":
			l.sharedPackages += n
		}
		return
	}
	if len(path) == 5 && path[0].key == "causes" && path[1].key == "roots" && path[2].key == "changed" && path[4].key == "changes" {
		if n > len(diff.FacetNames()) && l.rootChanges == 0 {
			l.rootChanges, l.rootChangesAt = n, path[3].index
		}
		return
	}
	if len(path) == 3 && path[0].key == "causes" && path[1].key == "roots" {
		switch path[2].key {
		case "added":
			l.roots.added = n
		case "removed":
			l.roots.removed = n
		case "changed":
			l.roots.changed = n
		case "renamed":
			l.roots.renamed = n
		}
		return
	}
	if len(path) != 2 || path[0].key != "causes" || path[0].value || path[1].value {
		return
	}
	switch path[1].key {
	case "table":
		l.table = n
	case "paths":
		l.paths = n
	case "sets":
		l.sets = n
	case "groups":
		l.groups = n
	case "shared":
		l.shared = n
	}
}

// sharedBound are the lengths of a package's shared_variants and of the
// longest of its specs' variants lists, as the walk counts them.
type sharedBound struct {
	pkg                 int // the package's index + 1; 0 before any
	shared, variantsMax int
}

// sharedCount records a list of n shared variants (shared) or of a
// spec's variants of package k. Each listed spec, old and new, has every
// shared variant (the laws), each once, so that no package's shared
// variants outnumber its longest list of a spec's variants: more were
// decoded, and the laws' index of them took 4M distinct "abcde"
// (32 MB) to 318 MB before the laws refused them.
func (l *causeLens) sharedCount(k, n int, shared bool) {
	if l.variants.pkg != k+1 {
		l.sharedDone()
		l.variants = sharedBound{pkg: k + 1}
	}
	if shared {
		l.variants.shared = n
	} else {
		l.variants.variantsMax = max(l.variants.variantsMax, n)
	}
}

// sharedDone checks the package counted (sharedCount): its shared
// variants no more than its longest list of a spec's variants. A few
// more (manyUnnamed at most: a spec or a pair removed by hand) are left
// to the laws, which name the edit.
func (l *causeLens) sharedDone() {
	b := l.variants
	if l.sharedErr != nil || b.shared-b.variantsMax <= manyUnnamed {
		return
	}
	msg := fmt.Sprintf("%d variants, but no spec of the package lists more than %d: a shared variant is every listed spec's, each once", b.shared, b.variantsMax)
	if b.variantsMax == 0 {
		msg = fmt.Sprintf("%d variants, but no spec of the package lists any: a shared variant is every listed spec's, each once", b.shared)
	}
	l.sharedErr = &diff.LawError{Path: fmt.Sprintf("packages[%d].shared_variants", b.pkg-1), Msg: msg}
}

// fieldNames names the fields of s in seen, quoted: `fields "a", "b"`,
// `field "a"` or "no field".
func fieldNames(s *shape, seen uint64) string {
	var l []string
	for j, f := range s.fields {
		if seen&(1<<j) != 0 {
			l = append(l, strconv.Quote(f.name))
		}
	}
	switch len(l) {
	case 0:
		return "no field"
	case 1:
		return "field " + l[0]
	}
	return "fields " + strings.Join(l, ", ")
}

// field records a field at path, of a value not null, if it is one that
// bounds the causes' lists: a set's base ({"set": j}), a link's next, a
// why (a pair's, or a changed root's in causes.roots).
//
// It records too which set, link or cause the value (a count, val as
// written) names: a why's set, via and self; a set's element's set, via,
// path, cause and over; a link's next.
func (l *causeLens) field(path []pathStep, val []byte) {
	last := path[len(path)-1].key
	if len(path) == 2 && path[0].key == "options" && last == "canonicalize" {
		l.order.canonical = string(val) == "true"
	}
	inSet := len(path) == 5 && path[0].key == "causes" && path[1].key == "sets"
	inWhy := len(path) >= 2 && path[len(path)-2].key == "why" && !path[len(path)-2].value
	switch {
	case inSet && last == "set":
		l.bases++
	case len(path) == 4 && last == "next" && path[0].key == "causes" && path[1].key == "paths":
		l.nexts++
		l.named.path(val)
	case last == "why":
		l.whys++
		if path[0].key == "causes" { // causes.roots.changed[i].why
			l.rootWhys++
		}
	}
	if !inSet && !inWhy {
		return
	}
	switch last {
	case "set":
		l.named.set(val)
	case "via", "path":
		l.named.path(val)
	case "cause", "over", "self":
		l.named.cause(val)
	}
}

// countOf is the count val, as the walk has checked it: at most 10
// digits.
func countOf(val []byte) int {
	n := 0
	for _, c := range val {
		n = n*10 + int(c-'0')
	}
	return n
}

func (n *causeNames) set(val []byte)   { n.sets.add(countOf(val), n.setLimit) }
func (n *causeNames) path(val []byte)  { n.paths.add(countOf(val), n.pathLimit) }
func (n *causeNames) cause(val []byte) { n.table.add(countOf(val), n.causes) }

// whysNamed says what the whys counted are: the pairs' and, when there
// are any, the changed roots' (a lockfile's report), which "pairs'
// whys" counted among the pairs'.
func (l *causeLens) whysNamed() string {
	if l.rootWhys == 0 {
		return fmt.Sprintf("%d pairs' whys", l.whys)
	}
	return fmt.Sprintf("%d pairs' whys, %d changed roots' whys", l.whys-l.rootWhys, l.rootWhys)
}

// check refuses causes' lists longer than the report's own counts let
// them be, before they are decoded: each element became a Go value of
// 24 to 96 bytes (and the laws kept more), so that 8 million empty
// sets "[]," (24 MB) peaked at 337 MB before anything refused them. A
// report cachediff writes holds
//
//   - set 0 (the empty set), and beside it only sets that a why (a
//     pair's or a changed root's) or another set's base names: at most
//     1 + the whys + the bases;
//   - only links that a set's element (a reference's path, a base's
//     via) or a pair's via starts, or another link's next names: the
//     links without a next are at most the sets' elements + the whys;
//   - only causes that a set's reference or a pair's own change (why.self)
//     names: at most the sets' references + the whys.
func (l *causeLens) check() error {
	refs := l.elems - l.bases
	switch {
	case l.sets > 1+l.whys+l.bases:
		return &diff.LawError{Path: "causes.sets", Msg: fmt.Sprintf("%d sets, but the report names at most %d (set 0, %s, %d bases): a set is one that a pair or a base names", l.sets, 1+l.whys+l.bases, l.whysNamed(), l.bases)}
	case l.paths-l.nexts > l.elems+l.whys:
		return &diff.LawError{Path: "causes.paths", Msg: fmt.Sprintf("%d links without a next, but the report starts at most %d paths (%d sets' elements, %s): a link is one that a path reaches", l.paths-l.nexts, l.elems+l.whys, l.elems, l.whysNamed())}
	case l.table > refs+l.whys:
		return &diff.LawError{Path: "causes.table", Msg: fmt.Sprintf("%d causes, but the report names at most %d (%d sets' references, %s): a cause of the table is one that a set or a pair names", l.table, refs+l.whys, refs, l.whysNamed())}
	case l.rootChanges > 0:
		// encoding/json grew the list a quarter at a time: 2.5M
		// {"kind":""} (30 MB) in a root's changes peaked at 10x, and
		// rendered.
		return &diff.LawError{Path: fmt.Sprintf("causes.roots.changed[%d].changes", l.rootChangesAt), Msg: fmt.Sprintf("%d changes, but a root's own changes are one for each facet that changed, at most %d (%s)", l.rootChanges, len(diff.FacetNames()), strings.Join(diff.FacetNames(), ", "))}
	case l.ignore > len(diff.FacetNames()):
		// encoding/json grew the list a quarter at a time: 4M
		// "platform" (44 MB) peaked at 244 MB, and rendered.
		return &diff.LawError{Path: "options.ignore", Msg: fmt.Sprintf("%d facets, but --ignore names each facet once at most, %d (%s)", l.ignore, len(diff.FacetNames()), strings.Join(diff.FacetNames(), ", "))}
	case l.sharedGroups > l.groups:
		// encoding/json grew the lists a quarter at a time: 10M
		// groups [0,0,…] (21 MB) in one shared change peaked at 10x.
		return &diff.LawError{Path: "causes.shared", Msg: fmt.Sprintf("its %d changes list %d groups, but causes.groups holds %d: a group is in one shared change at most", l.shared, l.sharedGroups, l.groups)}
	case l.sharedPackages > l.groups:
		return &diff.LawError{Path: "causes.shared", Msg: fmt.Sprintf("its %d changes list %d packages, but causes.groups holds %d: they are the packages of its groups, each group in one shared change at most", l.shared, l.sharedPackages, l.groups)}
	case l.highlights > l.newsBound():
		// The laws refuse more highlights than the news can be
		// (checkNewsItems), but after the list is decoded, made at its
		// length: 1M {"kind":"gate-passed","packages":[]} (37 MB)
		// peaked at 287 MB before they were refused.
		return &diff.LawError{Path: "highlights", Msg: fmt.Sprintf("%d items, but the report's news are at most %d: an item for each of its %d packages, each facet value listed (%d), each root added, removed or changed (%d), %d causes and the gate's", l.highlights, l.newsBound(), l.listed, l.facetValues, l.roots.added+l.roots.removed+l.roots.changed, diff.MaxCauseHighlights)}
	}
	if l.updPackages > l.listed {
		// Decoded, and refused by the laws after: 4M distinct names
		// (35 MB) in one update's packages peaked at 201 MB.
		return &diff.LawError{Path: fmt.Sprintf("updates[%d].packages", l.updPackagesAt), Msg: fmt.Sprintf("%d packages, but the report lists %d: an update's packages are those of its updated pairs", l.updPackages, l.listed)}
	}
	if err := l.order.orderErr(); err != nil {
		return err
	}
	if l.sharedDone(); l.sharedErr != nil {
		return l.sharedErr
	}
	// A highlight's changes and values were read and not checked
	// (render computes the highlights): 1M {"kind":"other"} (17 MB) in
	// one's changes rendered at 134 MB, 4M "a" (16 MB) in its values at
	// 98 MB.
	if bound := 1 + len(diff.FacetNames()) + l.causeChanges; l.hlChanges > bound {
		return &diff.LawError{Path: fmt.Sprintf("highlights[%d].changes", l.hlChangesAt), Msg: fmt.Sprintf("%d changes, but a highlight's are a root cause's (the longest here has %d) or a changed root's own (a provider, a change for each facet and its cause's), at most %d", l.hlChanges, l.causeChanges, bound)}
	}
	if bound := max(l.roots.added, l.roots.removed, l.roots.changed, l.trippedValues); l.hlValues > bound {
		return &diff.LawError{Path: fmt.Sprintf("highlights[%d].values", l.hlValuesAt), Msg: fmt.Sprintf("%d values, but a highlight's are a tripped gate kind's (the longest here has %d) or a root's other spellings (causes.roots' lists hold %d, %d and %d roots), at most %d", l.hlValues, l.trippedValues, l.roots.added, l.roots.removed, l.roots.changed, bound)}
	}
	if bound := max(l.listed, l.groups, 2); l.hlPackages > bound {
		// Read and not checked either: 4M distinct names (48 MB) in a
		// coverage item's packages rendered at 162 MB.
		return &diff.LawError{Path: fmt.Sprintf("highlights[%d].packages", l.hlPackagesAt), Msg: fmt.Sprintf("%d packages, but a highlight's are packages the report lists (%d), a shared cause's groups (causes.groups holds %d) or a root's old and new one, each once: at most %d", l.hlPackages, l.listed, l.groups, bound)}
	}
	for k, name := range versionLists {
		if l.hlVersions[k] > l.versions[k] {
			// A highlight's versions were read and not checked (render
			// computes the highlights): 4M versions (32 MB) in one
			// rendered at 191 MB.
			return &diff.LawError{Path: fmt.Sprintf("highlights[%d].versions.%s", l.hlVersionsAt[k], name), Msg: fmt.Sprintf("%d versions, but no package's versions.%s has more than %d: a highlight's versions are its package's", l.hlVersions[k], name, l.versions[k])}
		}
	}
	// Within those counts, elements that nothing names: a set of a base
	// of its own ([{"set": 1, "via": 0}]) raised the sets' bound by the
	// base it holds, and a link with a next was bounded by nothing, so
	// that a million of either appended rendered (and peaked at 6x
	// their JSON). Many, and more than the named ones, are refused
	// before they are decoded; else after the laws (l.unnamed), which
	// name the edit that left them so where they see one.
	n := l.named
	if n == nil {
		return nil
	}
	table := l.table
	if l.sets == 0 {
		// A report without sets may be of cachediff before issue 35,
		// whose pairs wrote their causes out whole beside the table
		// (the count above bounds it by the whys).
		table = 0
	}
	for _, list := range []struct {
		bits            namedBits
		from, len       int
		what, noun      string
		unnamed, reason string
	}{
		{n.sets, 1, l.sets, "sets", "sets", "no why (of a pair or of a changed root) and no set's base names it", "a set is one that a pair or a base names"},
		{n.paths, 0, l.paths, "paths", "links", "no set's element, why's via or link's next reaches it", "a link is one that a path reaches"},
		{n.table, 0, table, "table", "causes", "no set's reference or override and no why's self names it", "a cause of the table is one that a set or a pair names"},
	} {
		first, count := list.bits.missing(list.from, list.len)
		if first < 0 {
			continue
		}
		msg := list.unnamed
		if count > 1 {
			msg += fmt.Sprintf(", nor %d more of its %d %s", count-1, list.len, list.noun)
		}
		err := &diff.LawError{Path: fmt.Sprintf("causes.%s[%d]", list.what, first), Msg: msg + ": " + list.reason}
		if count > manyUnnamed && count > list.len-list.from-count {
			return err
		}
		if l.unnamed == nil {
			l.unnamed = err
		}
	}
	return nil
}

// has says whether v is in b.
func (b namedBits) has(v int) bool {
	i := v / 64
	return i < len(b) && b[i]&(1<<(v%64)) != 0
}

// unreached refuses, before the laws, causes' sets and links that no
// why reaches (by the sets' bases, along the links' nexts) when they
// are many and more than those reached: a chain or a loop of sets
// [{"set": k+1, "via": 0}] or of links {"name": "a", "next": k+1} names
// each of its elements but reaches none from a pair, so that
// causeLens.check let it be decoded, and the laws' structures then
// took its memory past 6x its JSON (1.2M sets in a chain, 31 MB:
// 193 MB) before anything refused it.
func unreached(r *diff.Report) error {
	c := r.Causes
	if c == nil || len(c.Sets) <= manyUnnamed && len(c.Paths) <= manyUnnamed {
		return nil
	}
	sets := make(namedBits, len(c.Sets)/64+1)
	links := make(namedBits, len(c.Paths)/64+1)
	var stack []int32
	set := func(s int) {
		if s > 0 && s < len(c.Sets) && !sets.has(s) {
			sets.add(s, len(c.Sets))
			stack = append(stack, int32(s))
		}
	}
	link := func(p int) {
		for p >= 0 && p < len(c.Paths) && !links.has(p) {
			links.add(p, len(c.Paths))
			if c.Paths[p].Next == nil {
				return
			}
			p = *c.Paths[p].Next
		}
	}
	why := func(w *diff.Why) {
		if w != nil {
			set(w.Set)
			if w.Via != nil {
				link(*w.Via)
			}
		}
	}
	for _, p := range r.Packages {
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
			for i := range l {
				why(l[i].Why)
			}
		}
	}
	if c.Roots != nil {
		for _, ch := range c.Roots.Changed {
			why(ch.Why)
		}
	}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, ref := range c.Sets[k] {
			if ref.SetBase != nil {
				set(ref.Set)
				link(ref.Via)
			} else {
				link(ref.Path)
			}
		}
	}
	for _, list := range []struct {
		bits                namedBits
		from, len           int
		what, noun, reached string
	}{
		{sets, 1, len(c.Sets), "sets", "sets", "no why (of a pair or of a changed root) reaches it by the sets' bases"},
		{links, 0, len(c.Paths), "paths", "links", "no why reaches it by the sets' elements and the links' nexts"},
	} {
		first, count := list.bits.missing(list.from, list.len)
		if count > manyUnnamed && count > list.len-list.from-count {
			return &diff.LawError{Path: fmt.Sprintf("causes.%s[%d]", list.what, first),
				Msg: fmt.Sprintf("%s, nor %d more of its %d %s: a report holds only what its pairs reach", list.reached, count-1, list.len, list.noun)}
		}
	}
	return nil
}
