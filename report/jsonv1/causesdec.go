package jsonv1

import (
	"encoding/json"
	"hash/maphash"
	"slices"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// The decoder of a report's "causes" (decodeBytes). encoding/json gave
// every set its own slice and every base its own SetBase, every path
// link's next its own int, and every cause of the table its own strings
// and list of changes: a report of a million based sets held about 2x
// its JSON once decoded, beside its JSON's bytes. causesDec reads the
// table, the paths and the sets itself, into the same types, laid out
// compactly: the sets' references in shared blocks (each set a slice of
// one, capped at its length), the bases and the links' nexts in blocks,
// the names and the changes' strings interned, and causes that changed
// alike sharing one list of changes as they are read (shareChanges made
// them share only after every cause had its own). The rest of the
// object is left to encoding/json.
//
// It reads a document checkShape has passed: every value has its shape
// (counts are whole numbers of at most 10 digits, strings are valid, a
// set's element is a reference or a base, no key is there twice), so it
// checks nothing itself.

// causesDec is the "causes" of a report being decoded: encoding/json
// calls its UnmarshalJSON with the object's bytes, which are the
// document's own (not a copy).
type causesDec struct {
	c    *diff.Causes // nil for "causes": null
	lens causeLens
}

// decodedDoc is a report.Document whose "causes" causesDec decodes: a
// field of the outer struct hides the embedded report's of that name.
type decodedDoc struct {
	report.Document
	Causes causesDec `json:"causes"`
	// Features are read before (featuresIn): a list of the known
	// features, each the string of report.Features.
	Features skipValue `json:"features"`
	// Packages and Highlights are read at their lengths (listsdec.go).
	Packages   packagesInto   `json:"packages"`
	Highlights highlightsInto `json:"highlights"`
}

// plainDoc is decodedDoc with the report's packages and highlights read
// by encoding/json as fields of the document: through packagesInto's
// plain path, encoding/json scanned the packages past to find their end,
// then json.Unmarshal checked them whole again before decoding them, two
// passes over most of the bytes that decode none.
type plainDoc struct {
	report.Document
	Causes   causesDec `json:"causes"`
	Features skipValue `json:"features"`
}

// skipValue is a value encoding/json leaves to causesDec: it only scans
// past it.
type skipValue struct{}

func (skipValue) UnmarshalJSON([]byte) error { return nil }

// causesRest is diff.Causes for encoding/json, with the table, the
// paths and the sets hidden.
type causesRest struct {
	*diff.Causes
	Table  skipValue `json:"table"`
	Paths  skipValue `json:"paths"`
	Sets   skipValue `json:"sets"`
	Groups skipValue `json:"groups"`
}

func (d *causesDec) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		d.c = nil
		return nil
	}
	c := d.c
	if c == nil {
		c = new(diff.Causes)
		d.c = c
	}
	if d.lens.shared > 0 && c.Shared == nil {
		// encoding/json fills it at its length, where it grew it by a
		// quarter at a time, each copy beside the one before (600,000
		// shared changes of 71 bytes, refused by the laws in the end,
		// peaked at 5x their JSON).
		c.Shared = make([]diff.SharedCause, 0, d.lens.shared)
	}
	if rl := d.lens.roots; rl != (rootLens{}) && c.Roots == nil {
		// So are causes.roots' lists (800,000 roots removed of 45
		// bytes peaked at 4.35x their JSON); encoding/json decodes
		// into the RootChanges made here.
		c.Roots = &diff.RootChanges{}
		if rl.added > 0 {
			c.Roots.Added = make([]diff.RootSpec, 0, rl.added)
		}
		if rl.removed > 0 {
			c.Roots.Removed = make([]diff.RootSpec, 0, rl.removed)
		}
		if rl.changed > 0 {
			c.Roots.Changed = make([]diff.RootChange, 0, rl.changed)
		}
		if rl.renamed > 0 {
			c.Roots.Renamed = make([]diff.RootRename, 0, rl.renamed)
		}
	}
	if err := json.Unmarshal(data, &causesRest{Causes: c}); err != nil {
		return err
	}
	r := &causesReader{w: walker{data: data}, seed: maphash.MakeSeed()}
	w := &r.w
	w.i++ // {
	for n := 0; ; n++ {
		w.ws()
		if w.data[w.i] == '}' && n == 0 {
			break
		}
		switch string(r.key()) {
		case "table":
			c.Table = r.table(c.Table, d.lens.table)
		case "paths":
			c.Paths = r.paths(c.Paths, d.lens.paths)
		case "sets":
			c.Sets = r.sets(c.Sets, d.lens.sets)
		case "groups":
			c.Groups = r.groups(d.lens.groups)
		default:
			w.skip() // checked by checkShape
		}
		if r.done('}') {
			break
		}
	}
	return nil
}

// causesReader reads the causes' lists from a checked document.
type causesReader struct {
	w    walker
	seed maphash.Seed
	// strs are strings interned by their hash: the names, hashes and
	// changes' strings that repeat over causes and links.
	strs [1024]string
	// changes are lists of changes by the hash of their strings.
	changes [256][]diff.Change
	buf     []diff.Change
	refs    []diff.CauseRef // a set's references, before they are laid in a block
	block   []diff.CauseRef // where the next sets' references go
	bases   []diff.SetBase  // where the next bases go
	overs   []int           // where the next overrides' causes go
	nexts   []int           // where the next links' nexts go
	names   []string        // where the next groups' vias go
}

// blockRefs is how many references a block holds; a set of more than a
// quarter of it gets a slice of its own.
const blockRefs = 4096

// done moves past the comma or the closing bracket after an element
// and says which it was.
func (r *causesReader) done(closing byte) bool {
	r.w.ws()
	c := r.w.data[r.w.i]
	r.w.i++
	return c == closing
}

// open moves past the bracket that opens a list or an object and says
// whether it is empty (and moved past its end too).
func (r *causesReader) open(closing byte) (empty bool) {
	w := &r.w
	w.ws()
	w.i++
	w.ws()
	if w.data[w.i] == closing {
		w.i++
		return true
	}
	return false
}

// key reads an object's key and the colon after it, unquoted: the
// callers switch on string(key), which copies nothing.
func (r *causesReader) key() []byte {
	raw, quoted, _ := r.w.keyRaw()
	if quoted == nil {
		return raw
	}
	var k string
	json.Unmarshal(quoted, &k)
	return []byte(k)
}

// str reads a string, interned.
func (r *causesReader) str() string {
	w := &r.w
	w.ws()
	start := w.i
	raw, escaped, _ := w.strRaw()
	if escaped {
		var s string
		json.Unmarshal(w.data[start:w.i], &s)
		return r.intern([]byte(s))
	}
	return r.intern(raw)
}

func (r *causesReader) intern(b []byte) string {
	h := maphash.Bytes(r.seed, b) % uint64(len(r.strs))
	if s := r.strs[h]; s == string(b) {
		return s
	}
	s := string(b)
	r.strs[h] = s
	return s
}

// count reads a count: a whole number of at most 10 digits.
func (r *causesReader) count() int {
	w := &r.w
	w.ws()
	n := 0
	for w.i < len(w.data) && '0' <= w.data[w.i] && w.data[w.i] <= '9' {
		n = n*10 + int(w.data[w.i]-'0')
		w.i++
	}
	return n
}

// table reads causes.table into l (empty, with room for n causes).
func (r *causesReader) table(l []diff.Cause, n int) []diff.Cause {
	if l == nil {
		l = make([]diff.Cause, 0, n)
	}
	if r.open(']') {
		return l
	}
	for {
		var c diff.Cause
		if !r.open('}') {
			for {
				switch string(r.key()) {
				case "name":
					c.Name = r.str()
				case "old_hash":
					c.OldHash = r.str()
				case "new_hash":
					c.NewHash = r.str()
				case "changes":
					c.Changes = r.changeList()
				case "path":
					c.Path = r.strList()
				default:
					r.w.skip()
				}
				if r.done('}') {
					break
				}
			}
		}
		l = append(l, c)
		if r.done(']') {
			return l
		}
	}
}

// groups reads causes.groups, n groups.
func (r *causesReader) groups(n int) []diff.CauseGroup {
	l := make([]diff.CauseGroup, 0, n) // not nil when empty, as encoding/json
	if r.open(']') {
		return l
	}
	for {
		var g diff.CauseGroup
		if !r.open('}') {
			for {
				switch string(r.key()) {
				case "name":
					g.Name = r.str()
				case "changes":
					g.Changes = r.changeList()
				case "specs":
					g.Specs = r.count()
				case "rebuilt":
					g.Rebuilt = r.count()
				case "updated":
					g.Updated = r.count()
				case "own":
					g.Own = r.count()
				case "via":
					g.Via = r.strBlock()
				default:
					r.w.skip()
				}
				if r.done('}') {
					break
				}
			}
		}
		l = append(l, g)
		if r.done(']') {
			return l
		}
	}
}

// strBlock reads a list of strings into the current block of names, as
// set does a set's references.
func (r *causesReader) strBlock() []string {
	if r.open(']') {
		return []string{}
	}
	start := len(r.names)
	for {
		if len(r.names) == cap(r.names) {
			// Moved to a new block whole: the list is one slice.
			moved := r.names[start:]
			r.names = make([]string, 0, max(blockRefs, 2*len(moved)))
			r.names = append(r.names, moved...)
			start = 0
		}
		r.names = append(r.names, r.str())
		if r.done(']') {
			k := len(r.names) - start
			return r.names[start : start+k : start+k]
		}
	}
}

// strList reads a list of strings.
func (r *causesReader) strList() []string {
	l := []string{}
	if r.open(']') {
		return l
	}
	for {
		l = append(l, r.str())
		if r.done(']') {
			return l
		}
	}
}

// changeList reads a cause's changes: the list of an earlier cause that
// changed alike when there is one at hand.
func (r *causesReader) changeList() []diff.Change {
	r.buf = r.buf[:0]
	if !r.open(']') {
		for {
			var ch diff.Change
			if !r.open('}') {
				for {
					switch string(r.key()) {
					case "kind":
						ch.Kind = r.str()
					case "from":
						ch.From = r.str()
					case "to":
						ch.To = r.str()
					default:
						r.w.skip()
					}
					if r.done('}') {
						break
					}
				}
			}
			r.buf = append(r.buf, ch)
			if r.done(']') {
				break
			}
		}
	}
	var h maphash.Hash
	h.SetSeed(r.seed)
	for _, ch := range r.buf {
		for _, s := range [...]string{ch.Kind, ch.From, ch.To} {
			h.WriteString(s)
			h.WriteByte(0)
			h.WriteByte(byte(len(s)))
		}
	}
	slot := &r.changes[h.Sum64()%uint64(len(r.changes))]
	if *slot != nil && slices.Equal(*slot, r.buf) {
		return *slot
	}
	l := make([]diff.Change, len(r.buf)) // not nil when empty, as encoding/json
	copy(l, r.buf)
	*slot = l
	return l
}

// paths reads causes.paths into l (empty, with room for n links).
func (r *causesReader) paths(l []diff.PathLink, n int) []diff.PathLink {
	if l == nil {
		l = make([]diff.PathLink, 0, n)
	}
	if r.open(']') {
		return l
	}
	for {
		var p diff.PathLink
		if !r.open('}') {
			for {
				switch string(r.key()) {
				case "name":
					p.Name = r.str()
				case "next":
					r.w.ws()
					if r.w.data[r.w.i] == 'n' { // null
						r.w.i += len("null")
						p.Next = nil
						break
					}
					if len(r.nexts) == cap(r.nexts) {
						r.nexts = make([]int, 0, max(n-len(l), 64))
					}
					r.nexts = append(r.nexts, r.count())
					p.Next = &r.nexts[len(r.nexts)-1]
				default:
					r.w.skip()
				}
				if r.done('}') {
					break
				}
			}
		}
		l = append(l, p)
		if r.done(']') {
			return l
		}
	}
}

// sets reads causes.sets into l (empty, with room for n sets).
func (r *causesReader) sets(l [][]diff.CauseRef, n int) [][]diff.CauseRef {
	if l == nil {
		l = make([][]diff.CauseRef, 0, n)
	}
	if r.open(']') {
		return l
	}
	for {
		l = append(l, r.set())
		if r.done(']') {
			return l
		}
	}
}

// set reads one set, its references laid in the current block.
func (r *causesReader) set() []diff.CauseRef {
	r.refs = r.refs[:0]
	if !r.open(']') {
		for {
			var ref diff.CauseRef
			if !r.open('}') {
				for {
					switch string(r.key()) {
					case "cause":
						ref.Cause = r.count()
					case "path":
						ref.Path = r.count()
					case "set":
						r.base(&ref).Set = r.count()
					case "via":
						r.base(&ref).Via = r.count()
					case "over":
						ref.Over = r.over(r.count())
					default:
						r.w.skip()
					}
					if r.done('}') {
						break
					}
				}
			}
			r.refs = append(r.refs, ref)
			if r.done(']') {
				break
			}
			if len(r.refs) == blockRefs/4+1 {
				// A set of its own slice: made once at its length, its
				// elements left counted ahead, where append grew it 5x
				// over (a set of 3 million bases, 96 MB of references,
				// allocated 504 MB) and it was copied at its end.
				big := make([]diff.CauseRef, len(r.refs), len(r.refs)+r.countAhead())
				copy(big, r.refs)
				scratch := r.refs[:0]
				r.refs = big
				defer func() { r.refs = scratch }()
			}
		}
	}
	k := len(r.refs)
	if k > blockRefs/4 {
		if k == blockRefs/4+1 { // ended where it would have been made
			return append(make([]diff.CauseRef, 0, k), r.refs...)
		}
		return r.refs[:k:k]
	}
	if cap(r.block)-len(r.block) < k || r.block == nil {
		r.block = make([]diff.CauseRef, 0, blockRefs)
	}
	start := len(r.block)
	r.block = append(r.block, r.refs...)
	return r.block[start : start+k : start+k]
}

// countAhead counts the elements of the list the reader is in, from
// the one it is at to the end, without moving: the commas outside any
// string, list or object within it (the document is checked).
func (r *causesReader) countAhead() int {
	data := r.w.data
	n, depth := 1, 0
	for i := r.w.i; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		}
	}
	return n
}

// over is an override's cause (CauseRef.Over), laid in the current
// block of them.
func (r *causesReader) over(c int) *int {
	if len(r.overs) == cap(r.overs) {
		r.overs = make([]int, 0, blockRefs)
	}
	r.overs = append(r.overs, c)
	return &r.overs[len(r.overs)-1]
}

// base is ref's base, made in the current block of bases if it has none
// yet (encoding/json made the embedded SetBase for either field).
func (r *causesReader) base(ref *diff.CauseRef) *diff.SetBase {
	if ref.SetBase == nil {
		if len(r.bases) == cap(r.bases) {
			r.bases = make([]diff.SetBase, 0, blockRefs)
		}
		r.bases = append(r.bases, diff.SetBase{})
		ref.SetBase = &r.bases[len(r.bases)-1]
	}
	return ref.SetBase
}
