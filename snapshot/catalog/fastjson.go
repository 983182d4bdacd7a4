package catalog

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/fresh"
	"github.com/cachediff/cachediff/internal/intern"
	"github.com/cachediff/cachediff/internal/jsonbytes"

	"github.com/cachediff/cachediff/snapshot"
)

// A scanner for the one-line JSON values of a page, specialized to their
// shape: spec_details (a list of spec objects whose fields are strings or
// lists of strings) and meta (lists of strings and counts).
//
// It is a fast path only. It gives up (ok false) on anything it does not
// handle exactly as the general path (encoding/json through specList and
// meta) does: escapes in strings other than a list's (escapedString),
// null, a field of an unexpected type, a
// key given twice, broken JSON. The caller then runs the general path,
// which gives the same result or the error with its line and column.
// FuzzFastJSON checks that both paths agree.

type scanner struct {
	data []byte
	pos  int
	in   *intern.Table
	// items collects a spec's list elements, which then get one exact
	// allocation; uniq collects the page's hashes (and tarballs, when
	// kept), which become one string (refs say where each goes).
	items []string
	esc   []byte // escapedString's scratch
	uniq  []byte
	refs  []uniqRef
	// lists, when not nil, makes the scanner canonicalize the spec's
	// lists as it reads them (canonList), remembering each distinct
	// list text.
	lists *listTexts
	// tarballs keeps the specs' tarballs (else they are read and
	// dropped).
	tarballs bool
	// keys and vals, when set, remember the keys of the spec before and
	// scalar values read lately (spec, memoStr).
	keys *[12]keyMemo
	vals *[5]valMemos
}

// uniqRef places bytes uniq[start:end] in field (0 hash, 1 tarball) of
// spec i.
type uniqRef struct{ i, field, start, end int }

func (s *scanner) ws() {
	for s.pos < len(s.data) {
		// Every white space byte is at most ' ': one comparison ends
		// most calls, which find a value or a delimiter at once.
		if c := s.data[s.pos]; c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return
		}
		s.pos++
	}
}

// peek skips white space and returns the next byte, or 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.pos < len(s.data) {
		return s.data[s.pos]
	}
	return 0
}

func (s *scanner) eat(c byte) bool {
	if s.peek() == c {
		s.pos++
		return true
	}
	return false
}

// rawString returns the bytes of a JSON string without escapes (ok false
// for a string with a backslash or a control character).
func (s *scanner) rawString() ([]byte, bool) {
	if !s.eat('"') {
		return nil, false
	}
	d := s.data
	start := s.pos
	var high bool
	i := start
	// Eight bytes at a time while all are plain (most strings: hashes,
	// versions, names), then to the first that is not; the loop below
	// looks at it and, for non-ASCII text, what follows.
	for i+8 <= len(d) {
		if m := jsonbytes.Specials(binary.LittleEndian.Uint64(d[i:])); m != 0 {
			i += jsonbytes.First(m)
			break
		}
		i += 8
	}
	for ; i < len(d); i++ {
		if k := strClass[d[i]]; k != 0 {
			switch k {
			case classQuote:
				s.pos = i + 1
				if high && !utf8.Valid(d[start:i]) {
					return nil, false // encoding/json would write U+FFFD
				}
				return d[start:i], true
			case classHigh:
				high = true
			default: // a backslash or a control character
				return nil, false
			}
		}
	}
	return nil, false
}

// escapedString reads a string of a list with escapes, which rawString
// gives up on, as encoding/json reads it, into a scratch array (the
// caller copies it): one string with an escape ("\u0026" for "&", as
// Go's encoding/json writes it) sent the whole page down the general
// path, whose strings are not interned (a list's past rareFrom go to
// shared blocks here): a page of 64 specs of 2,000 variants, one
// escaped in each, allocated 3x and held 4.3x where the same page
// without it holds 3.8x (TestEscapedVariantsFast). ok false for a
// control character, bytes that are not UTF-8, or an escape
// encoding/json refuses.
func (s *scanner) escapedString() ([]byte, bool) {
	if !s.eat('"') {
		return nil, false
	}
	d := s.data
	start, high := s.pos, false
	for i := start; i < len(d); i++ {
		switch c := d[i]; {
		case c == '"':
			raw := d[start:i]
			if high && !utf8.Valid(raw) {
				return nil, false // encoding/json would write U+FFFD
			}
			out, ok := jsonbytes.AppendUnescaped(s.esc[:0], raw)
			if !ok {
				return nil, false
			}
			s.esc, s.pos = out, i+1
			return out, true
		case c == '\\':
			i++ // the escaped byte, a quote or not
		case c < 0x20:
			return nil, false
		case c >= 0x80:
			high = true
		}
	}
	return nil, false
}

// Byte classes inside a JSON string: 0 is a plain byte.
const (
	classQuote = 1 + iota
	classHigh  // part of a multi-byte UTF-8 sequence
	classStop  // a backslash or a control character: not for the scanner
)

var strClass = func() (t [256]byte) {
	for c := range 0x20 {
		t[c] = classStop
	}
	t['\\'] = classStop
	t['"'] = classQuote
	for c := 0x80; c < 0x100; c++ {
		t[c] = classHigh
	}
	return t
}()

func (s *scanner) str(intern bool) (string, bool) {
	b, ok := s.rawString()
	if !ok {
		return "", false
	}
	if intern {
		return s.intern(b), true
	}
	return string(b), true
}

func (s *scanner) intern(b []byte) string {
	if s.in == nil {
		return string(b)
	}
	return s.in.Bytes(b)
}

// list reads a list of strings into s.items and returns where they are.
func (s *scanner) list() ([2]int, bool) {
	r := [2]int{len(s.items), len(s.items)}
	if !s.eat('[') {
		return r, false
	}
	if s.eat(']') {
		return r, true
	}
	for {
		at := s.pos
		b, ok := s.rawString()
		if !ok {
			s.pos = at
			if b, ok = s.escapedString(); !ok {
				return r, false
			}
		}
		var v string
		switch {
		case s.in == nil:
			v = string(b)
		case len(s.items)-r[0] < rareFrom:
			v = s.in.Bytes(b)
		default:
			v = s.in.Rare(b)
		}
		s.items = append(s.items, v)
		if s.eat(']') {
			r[1] = len(s.items)
			return r, true
		}
		if !s.eat(',') {
			return r, false
		}
	}
}

// rareFrom is how many strings of one list list interns as any other
// (intern.Table.Bytes); past it, as strings likely given once
// (intern.Table.Rare), filed the second time they are given: a spec of
// thousands of variants of its own filled the table with them
// (TestManyVariantsRare). A real spec has a few dozen variants at most.
const rareFrom = 256

// listFacets are the canonicalization facets of the list fields, in the
// order of listTexts.seen: versions, variants, stacks.
var listFacets = [3]struct{ facet string }{{"version"}, {"variant"}, {"stack"}}

// canonList reads list field f of a spec and returns it canonical and
// shared: the list seen before with the same text, or the list read,
// canonicalized and remembered.
//
// A text found is one that list read whole before, and list reads
// nothing after the closing bracket, so the same text reads as the same
// list: where listEnd puts the end only decides which text is looked
// up. (A text cut short at a bracket inside a string is no list's whole
// text: read from its start, the bytes that were read whole before end
// where that list ended.)
func (s *scanner) canonList(f int) ([]string, bool) {
	lt := s.lists
	s.ws()
	if last := &lt.last[f]; last.text != "" && bytes.HasPrefix(s.data[s.pos:], []byte(last.text)) {
		s.pos += len(last.text)
		lt.counted = append(lt.counted, last.counted...)
		return last.list, true
	}
	end := listEnd(s.data, s.pos)
	var slot *listText
	if end > 0 {
		text := s.data[s.pos:end]
		slot = &lt.recent[f][recentSlot(text)]
		e, ok := *slot, slot.text == string(text)
		if !ok && lt.base != nil {
			e, ok = lt.base.m[f][string(text)]
		}
		if !ok {
			e, ok = lt.seen[f][string(text)]
		}
		if ok {
			s.pos = end
			lt.counted = append(lt.counted, e.counted...)
			lt.found(f, slot, e)
			return e.list, true
		}
	}
	start, mark := s.pos, len(s.items)
	r, ok := s.list()
	if !ok {
		return nil, false
	}
	l := emptyList
	if n := r[1] - r[0]; n > 0 {
		l = make([]string, n)
		copy(l, s.items[r[0]:r[1]])
	}
	s.items = s.items[:mark]
	from := len(lt.counted)
	l = slices.Clip(lt.fin.List(listFacets[f].facet, l, &lt.counted))
	if end > 0 && s.pos == end && (end-start <= maxListText && r[1]-r[0] <= rareFrom || lt.long.Bytes(s.data[start:end])) {
		switch {
		case lt.seen[f] == nil:
			lt.seen[f] = make(map[string]listText)
		case len(lt.seen[f]) >= maxListTexts:
			lt.seen[f] = make(map[string]listText, maxListTexts/4)
			lt.size[f] = 0
		}
		e := listText{string(s.data[start:end]), l, slices.Clip(slices.Clone(lt.counted[from:]))}
		lt.seen[f][e.text] = e
		lt.size[f] += len(e.text)
		lt.found(f, slot, e)
	}
	return l, true
}

// found makes e, the list of field f just found or read, the last one
// read, and puts it in its slot of recent unless its text is longer
// than maxRecentText: the table outlives the Loads of a Shared (see
// maxRecentText).
func (lt *listTexts) found(f int, slot *listText, e listText) {
	lt.last[f] = e
	if len(e.text) <= maxRecentText {
		*slot = e
	}
}

// recentBytes is what recent holds: its texts and their lists' arrays
// (a text also in the tables is counted twice: this errs on the safe
// side).
func (lt *listTexts) recentBytes() int {
	n := 0
	for f := range lt.recent {
		for i := range lt.recent[f] {
			e := &lt.recent[f][i]
			n += len(e.text) + 16*len(e.list) + 2*len(e.counted)
		}
	}
	return n
}

// recentSlot is where text, a list's text from [ to ], goes in
// listTexts.recent: a mix of its length and of three words of it (its
// ends and middle), a few instructions whatever its length.
func recentSlot(text []byte) int {
	n := len(text)
	h := uint64(n)
	if n >= 8 {
		h ^= binary.LittleEndian.Uint64(text[n-8:])
		h = h*0x9e3779b97f4a7c15 ^ binary.LittleEndian.Uint64(text[(n-8)/2:])
		h = h*0x9e3779b97f4a7c15 ^ binary.LittleEndian.Uint64(text)
	} else {
		for _, c := range text {
			h = h<<8 | uint64(c)
		}
	}
	h *= 0x9e3779b97f4a7c15
	return int(h >> (64 - recentBits))
}

// listEnd returns the index after the first closing bracket after the
// list opening at d[start] (-1: none, or no list there). It closes the
// list unless a string in it holds a bracket: then the text up to it is
// no list's text, and canonList finds nothing by it (see there). Counting
// the quotes to skip such brackets cost a second pass over each list.
func listEnd(d []byte, start int) int {
	if start >= len(d) || d[start] != '[' {
		return -1
	}
	j := bytes.IndexByte(d[start+1:], ']')
	if j < 0 {
		return -1
	}
	return start + 1 + j + 1
}

// unique reads a string that no other spec has (a hash, a tarball) into
// s.uniq, for field of spec i.
func (s *scanner) unique(i, field int) bool {
	var b []byte
	ok := false
	if field == 0 {
		b, ok = s.hash()
	}
	if !ok {
		b, ok = s.rawString()
	}
	if ok {
		s.refs = append(s.refs, uniqRef{i, field, len(s.uniq), len(s.uniq) + len(b)})
		s.uniq = append(s.uniq, b...)
	}
	return ok
}

// hash reads a string of 32 characters of Spack's base32 alphabet, what
// rawString gives for a well-formed hash, tested eight bytes at a time
// (jsonbytes.HashWord); ok false (nothing read) for anything else.
func (s *scanner) hash() ([]byte, bool) {
	s.ws()
	d, i := s.data, s.pos
	if len(d)-i < 34 || d[i] != '"' || d[i+33] != '"' {
		return nil, false
	}
	for k := i + 1; k < i+33; k += 8 {
		if !jsonbytes.HashWord(binary.LittleEndian.Uint64(d[k:])) {
			return nil, false
		}
	}
	s.pos = i + 34
	return d[i+1 : i+33], true
}

// number reads a JSON number and returns its text.
func (s *scanner) number() ([]byte, bool) {
	s.ws()
	d, i := s.data, s.pos
	start := i
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && '1' <= d[i] && d[i] <= '9':
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	default:
		return nil, false
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
	}
	s.pos = i
	return d[start:i], true
}

// integer reads a JSON number that fits an int (what encoding/json
// accepts for an int field).
func (s *scanner) integer() (int, bool) {
	b, ok := s.number()
	if !ok {
		return 0, false
	}
	if len(b) <= 18 { // digits alone, which cannot overflow: no call
		n := 0
		for _, c := range b {
			if c < '0' || c > '9' {
				n = -1
				break
			}
			n = n*10 + int(c-'0')
		}
		if n >= 0 {
			return n, true
		}
	}
	n, err := strconv.ParseInt(string(b), 10, 0)
	return int(n), err == nil
}

// skip reads any JSON value without escapes in its strings and returns
// its bytes, as encoding/json keeps them in a json.RawMessage.
func (s *scanner) skip(depth int) ([]byte, bool) {
	if depth > 100 {
		return nil, false
	}
	c := s.peek()
	start := s.pos
	switch c {
	case '"':
		if _, ok := s.rawString(); !ok {
			return nil, false
		}
	case '{', '[':
		s.pos++
		end := c + 2 // '{'+2 == '}', '['+2 == ']'
		if !s.eat(end) {
			for {
				if c == '{' {
					if _, ok := s.rawString(); !ok || !s.eat(':') {
						return nil, false
					}
				}
				if _, ok := s.skip(depth + 1); !ok {
					return nil, false
				}
				if s.eat(end) {
					break
				}
				if !s.eat(',') {
					return nil, false
				}
			}
		}
	case 't', 'f', 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if len(s.data)-s.pos >= len(lit) && string(s.data[s.pos:s.pos+len(lit)]) == lit {
				s.pos += len(lit)
				return s.data[start:s.pos], true
			}
		}
		return nil, false
	default:
		if _, ok := s.number(); !ok {
			return nil, false
		}
	}
	return s.data[start:s.pos], true
}

// end reports whether only white space is left.
func (s *scanner) end() bool {
	s.ws()
	return s.pos == len(s.data)
}

// Bits of the spec fields seen, to give up on a key given twice.
const (
	seenHash = 1 << iota
	seenCompiler
	seenVersions
	seenOS
	seenPlatform
	seenTarget
	seenVariants
	seenStacks
	seenTarball
	seenSize

	// seenAll are the fields every spec has (specFields): a spec
	// without one goes to the general path, which says so.
	seenAll = seenHash | seenCompiler | seenVersions | seenOS | seenPlatform | seenTarget | seenVariants | seenStacks | seenSize
)

// scanBufs is the scanner's scratch memory, kept from page to page.
type scanBufs struct {
	items []string
	uniq  []byte
	refs  []uniqRef
	lists listTexts
	keys  [12]keyMemo // the keys at each place of the last spec read (spec)
	vals  [5]valMemos // values its scalar fields had lately (memoStr)
}

// listTexts is what the scanner needs to canonicalize lists as it reads
// them: the canonical list of each distinct list text seen, per list
// field, and the rules the page's lists counted so far.
//
// A spec's versions, variants and stacks are mostly lists written before,
// on the same page or another (the same package built for other
// compilers and targets, the same stacks over many packages), so most
// lists are found by their text, whole: a hash of a few dozen bytes
// instead of reading, interning and canonicalizing each string of the
// list, sorting it and sharing it. (Of the 357k lists of a generated
// real-size week, 60k specs a tree, 113k were the text of the spec
// before, 210k were in the table, 35k were read.) The canonical list is
// shared by every spec that wrote it so; nothing modifies a loaded list.
type listTexts struct {
	// base is what the Loads before read, shared with the other states
	// of a Shared (shareLists), and seen what this state read since.
	base *listBase
	seen [3]map[string]listText
	size [3]int // the bytes of the texts in seen, per field
	// long admits to seen a list text longer than maxListText, or of
	// more than rareFrom strings, the second time it is read, not the
	// first.
	long intern.Door
	// last is, per list field, the text last read and its list: a list
	// is often the very list of the spec before it, and comparing its
	// text with the next bytes finds it without looking for its end.
	last [3]listText
	// recent are, per list field, the texts found or read lately, each
	// in the slot recentSlot gives its text: most lists of a page are
	// one of a few, and a real tree's stack lists under a hundred, and a
	// slot compares one text where the tables hash it and look it up in
	// two (base, then seen), each thousands of entries.
	recent [3][1 << recentBits]listText
	// fin canonicalizes the lists not seen yet (List), recording the
	// rules it applies in counted instead of counting them: the page's.
	fin *snapshot.Finisher
	// counted are the rules the lists of the page being read counted,
	// one entry per count (len(rules) stands for listRule): they are
	// counted once the page is read, so that a page the general path
	// reads instead counts only what that path counts.
	counted []uint16
}

// listText is the canonical form of one list text, and the rules
// canonicalizing it counted.
type listText struct {
	text    string // the list as written, from [ to ]
	list    []string
	counted []uint16
}

// recentBits sizes listTexts.recent: 512 slots a field, 96 KB a state.
// maxRecentText bounds the texts it holds, so that what it keeps alive
// is bounded too: 1,536 texts and their lists, some 100 KB for a real
// tree, and up to about 8 MB a loading state for lists of 1 KB of tiny
// strings (a review measured 6.4 MB of texts, arrays and strings), which
// Kept counts, so that Shared.put drops such a state. The longest
// list text of the real pages in ../shared (real, real-series, seeds:
// 1,419 lists) is 488 bytes.
const (
	recentBits    = 9
	maxRecentText = 1 << 10
)

// listBase is the list texts a Shared's states read in the Loads before,
// merged once by shareLists and read-only from then on: every state of
// the next Load looks its lists up in the same tables, instead of each
// keeping a copy of the others' (a real week at 60k specs: 6 MB of
// copies, and their tables grown as they were filled).
type listBase struct {
	m    [3]map[string]listText
	size int // the bytes of the texts in m
}

// maxListTexts bounds each of listTexts.seen, and of listBase: a table
// of a state that is full starts over, and shareLists keeps the newest
// texts, so that a snapshot of a million distinct lists keeps some
// thousands of texts, not a million, and a long series the lists it reads
// now. A generated real-size tree of 60k
// specs has about 15k distinct variant lists, 2.6k version lists and
// under a hundred stack lists, and the two trees of its real week 18k
// variant lists between them: the bound leaves room for both, for a
// diff whose Loads share their state (Shared). A table that starts over
// starts at a quarter of the bound, so that it is not grown from nothing
// again.
const maxListTexts = 1 << 15

// maxListText is the longest list text listTexts.seen keeps the first
// time it is read; a longer one is kept the second time (listTexts.long).
// The table holds a copy of each text it keeps, and a list of thousands
// of distinct variants a spec (100 KB of text) is read once or twice (the
// same spec on both sides), where keeping its text held a copy of most of
// the page (gen's many variants: the pages' variant lists, 1x the input,
// beside their canonical lists and strings); a list of thousands of
// stacks that most of a page's specs are in is read once and shared (not
// kept, each spec read and held its own: 64 specs of 64k stacks, 5.4 s
// and 320 MB). The longest list text of the real pages in ../shared is
// 488 bytes.
const maxListText = 16 << 10

// fastSpecListBuf decodes a spec_details value, with the scanner's
// scratch memory kept in bufs. ok is false when the general path must
// decide. Tarballs are kept when tarballs. When fin is not nil, each spec's versions, variants and stacks are
// canonicalized (fin.List) and shared, and bufs.lists.counted
// holds the rules that counted, for the caller to count once ok.
func fastSpecListBuf(data []byte, in *intern.Table, bufs *scanBufs, fin *snapshot.Finisher, tarballs bool) (specs specList, ok bool) {
	s := &scanner{data: data, in: in, items: bufs.items[:0], uniq: bufs.uniq[:0], refs: bufs.refs[:0], tarballs: tarballs, keys: &bufs.keys, vals: &bufs.vals}
	if fin != nil {
		s.lists = &bufs.lists
		s.lists.counted = s.lists.counted[:0]
		s.lists.fin = fin
	}
	defer func() { bufs.items, bufs.uniq, bufs.refs = s.items[:0], s.uniq[:0], s.refs[:0] }()
	if !s.eat('[') {
		return nil, false
	}
	if s.eat(']') {
		return nil, s.end()
	}
	// About the number of specs (a "{" each), and no more than the text
	// has room for specs with a hash: the array is written (Touch)
	// before it is read, so a line of braces must not make memory
	// resident for specs it cannot hold. Specs past n (hashless ones, a
	// broken page's) grow the array as they are read.
	n := min(bytes.Count(data, []byte("{")), len(data)/minSpecText+1)
	specs = make(specList, 0, n)
	fresh.Touch(specs) // each spec is stored whole, its pointers through the write barrier
	s.uniq = slices.Grow(s.uniq, n*32)
	for {
		sp, ok := s.spec(len(specs))
		if !ok {
			return nil, false
		}
		specs = append(specs, sp)
		if s.eat(']') {
			break
		}
		if !s.eat(',') {
			return nil, false
		}
	}
	if !s.end() {
		return nil, false
	}
	all := string(s.uniq)
	for _, r := range s.refs {
		if r.field == 0 {
			specs[r.i].Hash = all[r.start:r.end]
		} else {
			more(&specs[r.i]).Page().Tarball = all[r.start:r.end]
		}
	}
	return specs, true
}

// minSpecText is the length of the shortest text of a spec with a hash:
// {"hash":"<32 characters>"}.
const minSpecText = len(`{"hash":""}`) + 32

// The keys of a spec the scanner knows, and keyExtra for any other.
const (
	keyHash = iota
	keyCompiler
	keyVersions
	keyOS
	keyPlatform
	keyTarget
	keyVariants
	keyStacks
	keyTarball
	keySize
	keyExtra
)

// specKey is the key constant of a spec's key.
func specKey(key []byte) int {
	switch string(key) {
	case "hash":
		return keyHash
	case "compiler":
		return keyCompiler
	case "versions":
		return keyVersions
	case "os":
		return keyOS
	case "platform":
		return keyPlatform
	case "target":
		return keyTarget
	case "variants":
		return keyVariants
	case "stacks":
		return keyStacks
	case "tarball":
		return keyTarball
	case "size":
		return keySize
	}
	return keyExtra
}

// memoStr reads a string value of scalar field f (compiler, os,
// platform, target, size): a value the field had lately, found in the
// slot its first bytes choose (valMemos) by its bytes, quotes included,
// as keys are; or read, interned and remembered in that slot.
func (s *scanner) memoStr(f int) (string, bool) {
	if s.vals == nil {
		return s.str(true)
	}
	s.ws()
	ms := &s.vals[f]
	d, pos := s.data, s.pos
	if len(d)-pos < 16 {
		return s.str(true)
	}
	// The slot of the value's first sixteen bytes: its text, or the
	// start of it and what follows it, which the specs of a page write
	// alike.
	le := binary.LittleEndian
	m := &ms.m[(le.Uint64(d[pos:])^le.Uint64(d[pos+8:])*0x9e3779b97f4a7c15)*0xff51afd7ed558ccd>>(64-valMemoBits)]
	if m.n > 0 && m.at(d, pos) {
		s.pos += m.n
		return m.s, true
	}
	v, ok := s.str(true)
	if ok {
		*m = valMemo{newKeyMemo(d[pos:s.pos], 0), v}
	}
	return v, ok
}

// valMemoBits is the log2 of the size of valMemos.m.
const valMemoBits = 6

// valMemos are values a scalar field had lately, each in a slot chosen by
// the bytes that start it: a page's specs take their compilers, oss and
// targets from a few, in no order (they are listed by hash), and finding
// one is a probe of one slot, where it was a comparison with each of the
// last eight values in turn. The 600k values of a real week at 60k specs
// per tree, by callgrind: 150 -> 106 instructions each, with the reads of
// those not found (45k -> 26k: 64 slots collide less than 8 values
// evict).
type valMemos struct {
	m [1 << valMemoBits]valMemo
}

// valMemo is a value a scalar field had: its text, quotes included, and
// the string read from it.
type valMemo struct {
	keyMemo
	s string
}

// keyMemo is a key the scanner read at some place in a spec: the text
// from the end of the value before (or the opening brace) to the start
// of the key's value, the comma, the key, the colon and the white space
// (n bytes, at most 16: longer texts are not remembered), and which key
// it is; or a value memoStr read (quotes included). lo holds the text's
// first eight bytes (those there are), hi its last eight, as loaded
// from memory: at compares at most two loads.
type keyMemo struct {
	lo, hi, mask uint64
	n            int
	field        int
}

func newKeyMemo(text []byte, field int) keyMemo {
	n := len(text)
	if n > 16 {
		return keyMemo{}
	}
	var b [16]byte
	copy(b[:], text)
	m := keyMemo{lo: binary.LittleEndian.Uint64(b[:8]), mask: ^uint64(0), n: n, field: field}
	if n < 8 {
		m.mask = 1<<(8*n) - 1
	}
	if n > 8 {
		m.hi = binary.LittleEndian.Uint64(text[n-8:])
	}
	return m
}

// at reports whether d holds m's text at pos (false too when fewer than
// eight bytes are left: the scanner then reads the key as a string).
func (m *keyMemo) at(d []byte, pos int) bool {
	if len(d)-pos < max(8, m.n) {
		return false
	}
	if binary.LittleEndian.Uint64(d[pos:])&m.mask != m.lo {
		return false
	}
	return m.n <= 8 || binary.LittleEndian.Uint64(d[pos+m.n-8:]) == m.hi
}

// spec reads spec number i.
func (s *scanner) spec(i int) (sp snapshot.Spec, ok bool) {
	if !s.eat('{') {
		return sp, false
	}
	if s.eat('}') {
		return sp, false // no field: the general path says which
	}
	var seen int
	var extraKeys map[string]bool
	s.items = s.items[:0]
	var lists [3][2]int // versions, variants, stacks in s.items
	for place := 0; ; place++ {
		// The specs of a page, and of the pages after it, write their
		// keys alike: what comes between the value before (or the
		// brace) and the value at a place, the comma, the key, the
		// colon and the white space, is mostly what the spec before had
		// there, which a comparison of its bytes finds without reading
		// the key as a string.
		field := -1
		var key []byte
		start := s.pos
		if s.keys != nil && place < len(s.keys) {
			if m := &s.keys[place]; m.n > 0 && m.at(s.data, s.pos) {
				s.pos += m.n
				field = m.field
			}
		}
		if field < 0 {
			if place > 0 {
				// eat(','), else eat('}'), with the white space skipped
				// once: a comma follows all fields but the last.
				switch s.peek() {
				case ',':
					s.pos++
				case '}':
					s.pos++
					if seen&seenAll != seenAll {
						return sp, false
					}
					return s.specEnd(sp, seen, &lists), true
				default:
					return sp, false
				}
			}
			var ok bool
			key, ok = s.rawString()
			if !ok || !s.eat(':') {
				return sp, false
			}
			s.ws()
			field = specKey(key)
			if s.keys != nil && place < len(s.keys) && field != keyExtra {
				s.keys[place] = newKeyMemo(s.data[start:s.pos], field)
			}
		}
		var ok bool
		var bit int
		switch field {
		case keyHash:
			bit = seenHash
			ok = s.unique(i, 0)
		case keyCompiler:
			bit = seenCompiler
			sp.Compiler, ok = s.memoStr(0)
		case keyVersions:
			bit = seenVersions
			if s.lists != nil {
				sp.Versions, ok = s.canonList(0)
			} else {
				lists[0], ok = s.list()
			}
		case keyOS:
			bit = seenOS
			sp.OS, ok = s.memoStr(1)
		case keyPlatform:
			bit = seenPlatform
			sp.Platform, ok = s.memoStr(2)
		case keyTarget:
			bit = seenTarget
			sp.Target, ok = s.memoStr(3)
		case keyVariants:
			bit = seenVariants
			if s.lists != nil {
				sp.Variants, ok = s.canonList(1)
			} else {
				lists[1], ok = s.list()
			}
		case keyStacks:
			bit = seenStacks
			if s.lists != nil {
				sp.Stacks, ok = s.canonList(2)
			} else {
				lists[2], ok = s.list()
			}
		case keyTarball:
			bit = seenTarball
			if s.tarballs {
				ok = s.unique(i, 1)
			} else {
				_, ok = s.rawString()
			}
		case keySize:
			bit = seenSize
			var size string
			if s.peek() == '"' {
				size, ok = s.memoStr(4) // a "<" was refused with the line (markupAt)
			} else {
				var b []byte
				b, ok = s.number()
				size = s.intern(b)
			}
			setSize(&sp, size)
		default:
			k := string(key)
			if extraKeys[k] || k == protoKey || strings.HasPrefix(k, "DT_Row") {
				return sp, false // the general path says why
			}
			var raw []byte
			if raw, ok = s.skip(0); !ok {
				return sp, false
			}
			if sp.Extra() == nil {
				more(&sp).Page().Extra = map[string]json.RawMessage{}
				extraKeys = map[string]bool{}
			}
			extraKeys[k] = true
			sp.More.Page().Extra[k] = json.RawMessage(string(raw))
		}
		if !ok || seen&bit != 0 {
			return sp, false
		}
		seen |= bit
	}
}

// specEnd is spec sp once its closing brace is read: its lists put in
// place (seen says which it has; lists, where they are in s.items), unless
// canonList gave them.
func (s *scanner) specEnd(sp snapshot.Spec, seen int, lists *[3][2]int) snapshot.Spec {
	if s.lists != nil {
		return sp
	}
	// One allocation for the spec's lists, each capped so that an append
	// never runs into the next.
	all := make([]string, len(s.items))
	copy(all, s.items)
	for k, f := range [...]struct {
		bit int
		dst *[]string
	}{{seenVersions, &sp.Versions}, {seenVariants, &sp.Variants}, {seenStacks, &sp.Stacks}} {
		if seen&f.bit != 0 {
			r := lists[k]
			*f.dst = all[r[0]:r[1]:r[1]]
		}
	}
	return sp
}

// fastMeta decodes a meta value. ok is false when the general path must
// decide (for example an unknown key: encoding/json matches struct keys
// without regard to case).
func fastMeta(data []byte, in *intern.Table) (m meta, ok bool) {
	m, ok = fastMetaBuf(data, in, &metaBufs{})
	m.countsMap()
	return m, ok
}

// metaBufs is fastMetaBuf's memory, kept from page to page: a page's meta
// is checked against its specs and then dropped, so its lists and counts
// need not outlive the next page.
type metaBufs struct {
	items   []string
	byStack []stackCount
}

// metaKeys are the keys of a meta, in the order fastMetaBuf numbers them
// (bit k of its seen is key k).
var metaKeys = [...]string{"num_specs", "num_specs_by_stack", "compilers", "oss", "platforms", "targets", "stacks", "versions"}

// fastMetaBuf is fastMeta with its lists and counts in bufs: they are
// valid until the next call with bufs.
func fastMetaBuf(data []byte, in *intern.Table, bufs *metaBufs) (m meta, ok bool) {
	s := &scanner{data: data, in: in, items: bufs.items[:0]}
	defer func() { bufs.items = s.items[:0] }()
	if !s.eat('{') {
		return m, false
	}
	if s.eat('}') {
		return m, s.end()
	}
	var seen int
	for {
		key, ok := s.rawString()
		if !ok || !s.eat(':') {
			return m, false
		}
		k := -1
		for i, name := range metaKeys {
			if string(key) == name {
				k = i
				break
			}
		}
		if k < 0 || seen&(1<<k) != 0 {
			return m, false
		}
		seen |= 1 << k
		switch k {
		case 0:
			var n int
			n, ok = s.integer()
			m.NumSpecs = &n
		case 1:
			if bufs.byStack == nil {
				bufs.byStack = make([]stackCount, 0, 32)
			}
			m.byStack, ok = s.counts(bufs.byStack[:0])
			if ok {
				bufs.byStack = m.byStack[:0]
			}
		default: // a list, in the order of metaKeys
			lists := [...]*[]string{&m.Compilers, &m.OSs, &m.Platforms, &m.Targets, &m.Stacks, &m.Versions}
			*lists[k-2], ok = s.sharedStrings()
		}
		if !ok {
			return m, false
		}
		if s.eat('}') {
			return m, s.end()
		}
		if !s.eat(',') {
			return m, false
		}
	}
}

// sharedStrings reads a list of strings into s.items, where it stays:
// valid while s.items is not reused. An empty list is a non-nil empty
// slice, as encoding/json makes it.
func (s *scanner) sharedStrings() ([]string, bool) {
	r, ok := s.list()
	if !ok {
		return nil, false
	}
	if r[0] == r[1] {
		return emptyList, true
	}
	return s.items[r[0]:r[1]:r[1]], true
}

// counts reads an object of integers, appending its members to dst
// (empty, not nil). A key given twice, or more than maxCounts keys, is
// left to the general path.
func (s *scanner) counts(dst []stackCount) ([]stackCount, bool) {
	if !s.eat('{') {
		return nil, false
	}
	if s.eat('}') {
		return dst, true
	}
	var names map[string]struct{} // past maxCounts members, their names
	for {
		k, ok := s.str(true)
		if !ok || !s.eat(':') {
			return nil, false
		}
		switch {
		case names != nil:
			if _, twice := names[k]; twice {
				return nil, false
			}
			names[k] = struct{}{}
		case len(dst) == maxCounts:
			// A meta of thousands of stacks (no real page has more than
			// a few dozen): left to the general path, it was decoded a
			// token at a time (metaDupKey) and again by encoding/json.
			names = make(map[string]struct{}, 2*maxCounts)
			for _, c := range dst {
				names[c.name] = struct{}{}
			}
			if _, twice := names[k]; twice {
				return nil, false
			}
			names[k] = struct{}{}
		default:
			for _, c := range dst {
				if c.name == k {
					return nil, false
				}
			}
		}
		n, ok := s.integer()
		if !ok {
			return nil, false
		}
		dst = append(dst, stackCount{k, n})
		if s.eat('}') {
			return dst, true
		}
		if !s.eat(',') {
			return nil, false
		}
	}
}

// maxCounts is how many members counts reads looking for a key given
// twice among those before it; past it, a map of their names does.
const maxCounts = 256
