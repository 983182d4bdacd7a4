package spackfmt

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/jsonbytes"
)

// scanner is a pull reader of one JSON document held in memory. It reads
// only what the decoders ask for and skips the rest (CPU features, hashes
// of patches, external paths) without building values, which is what keeps
// a 300 MB index within a small multiple of reading its bytes. It keeps the
// path from the document's root to the value being read, for messages.
type scanner struct {
	file string
	data []byte
	pos  int
	path []pathElem
	// intern maps short, repeated values (OS, platform, target, deptypes,
	// variant spellings) to one string each.
	intern map[string]string
	lists  map[string][]string
	hashes hashTable
	// hashes' refs and bytes are carved out of blocks (internHash); the
	// next blocks' size in refs.
	refSlab  []hashRef
	arena    []byte
	hashNext int
	// escBlock is the block the strings with escapes are unescaped into
	// (unescaped).
	escBlock []byte
}

// pathElem is one step of a JSON path: an object key, at the offset of
// its opening quote in the input, or an array index when key is -1. It
// holds no pointer: object pushes one for every key it reads, and a
// pointer written to the path while the collector marks (the first
// snapshot's collection runs while the second loads) costs a write
// barrier; pathString reads the keys again.
type pathElem struct {
	key int
	idx int
}

// newScanner returns a scanner of data. Its intern table is nil until a
// value is interned (Sniff interns none); Decode lends it one of
// internPool's.
func newScanner(file string, data []byte) *scanner {
	return &scanner{file: file, data: data, hashNext: 8}
}

// internPool holds intern tables for reuse, file after file: a folder of
// thousands of small spec files would otherwise make a table for each
// (the most of what decoding one allocated), and the values the files
// share (OS, target, variant spellings) are interned across them. A
// table stops growing at maxInterned entries; the pool lets the
// collector drop tables that are not in use. A plain map, not an
// intern.Table as the catalogue's fast path has: the table's cache of
// recent values costs more than it saves on the values of Spack's files
// (BenchmarkDecodeIndex's CPU time). A pointer, so that a test that
// measures a Decode gives it a pool of its own (withInternTable).
var internPool = &sync.Pool{New: func() any { return make(map[string]string, 256) }}

const maxInterned = 1 << 16

// pathString writes the current path as dotted keys and [i] indexes, the
// way jq names a value: database.installs.abc.spec.version. Keys that are
// not plain words are quoted.
func (s *scanner) pathString() string {
	var b strings.Builder
	for _, p := range s.path {
		if p.key < 0 {
			fmt.Fprintf(&b, "[%d]", p.idx)
			continue
		}
		whole := s.keyAt(p.key)
		key := whole
		if len(key) > maxQuoted {
			key = []byte(clipBytes(key))
		}
		if plainKey(whole) {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.Write(key)
		} else {
			b.WriteByte('[')
			b.WriteString(strconv.Quote(string(key)))
			b.WriteByte(']')
		}
	}
	if b.Len() == 0 {
		return "(top level)"
	}
	return b.String()
}

// keyPath is key as pathString writes it after an object's path: .key
// when plain, else ["key"], quoted (and clipped).
func keyPath(key string) string {
	if plainKey([]byte(key)) {
		return "." + clip(key)
	}
	return "[" + strconv.Quote(clip(key)) + "]"
}

// keyQuote is the offset of the opening quote of the key whose value
// is being read (object's fn).
func (s *scanner) keyQuote() int {
	return s.path[len(s.path)-1].key
}

// keyAt is the key whose opening quote is at offset at, as object read
// it.
func (s *scanner) keyAt(at int) []byte {
	k := scanner{file: s.file, data: s.data, pos: at}
	key, err := k.rawString()
	if err != nil { // object read it
		return []byte("?")
	}
	return key
}

func plainKey(k []byte) bool {
	if len(k) == 0 {
		return false
	}
	for _, c := range k {
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// errAt is an *Error at byte offset off with the current path. Its
// string arguments are clipped (clipArgs).
func (s *scanner) errAt(off int, format string, args ...any) error {
	line, col := lineCol(s.data, off)
	return &Error{File: s.file, Line: line, Col: col, Path: s.pathString(), Msg: fmt.Sprintf(format, clipArgs(args)...)}
}

// maxQuoted is the most bytes of one value of the input (a key, a name,
// a version) that a message quotes.
const maxQuoted = 200

// clip cuts s to at most maxQuoted bytes, at the start of a character,
// marking the cut with "…" and 8 digits of the whole value's digest
// (cutmark, as the reports cut values): a key or a name of megabytes
// makes no message of megabytes, and two names that differ past the cut
// read apart, where both read as their first maxQuoted bytes and "…".
func clip(s string) string {
	head, cut := clipHead(s)
	if !cut {
		return s
	}
	return head + cutmark.Of(s)
}

// clipped is a part of a message made of values already clipped (shown,
// clip) that warnf and errAt keep whole.
type clipped string

// clipBytes is clip of b, which it does not copy whole.
func clipBytes(b []byte) string {
	head, cut := clipHead(b)
	if !cut {
		return string(b)
	}
	return string(head) + cutmark.OfBytes(b)
}

// clipHead is the part of s that clip keeps, and whether it cut s. A
// start is looked for no farther back than one character's length:
// bytes that start none (invalid UTF-8, which the message quotes as
// escapes) keep their first maxQuoted, where the walk back to a start
// cut a key of 300 bytes 0x80 to nothing, "…".
func clipHead[T string | []byte](s T) (T, bool) {
	if len(s) <= maxQuoted {
		return s, false
	}
	n := maxQuoted
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			n = i // between characters, never inside one
			break
		}
	}
	return s[:n], true
}

// shown is a name or hash of the input (a package's, a record's key) as
// a message puts it: as it is when plain (letters, digits and -_.+@),
// else clipped and quoted in ASCII, the clip's mark inside the quotes,
// so that it holds no newline or control character, and two names never
// read alike (a newline reads "\n", a backslash and n "\\n").
func shown(s string) string {
	plain := s != ""
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c == '_' || c == '-' || c == '.' || c == '+' || c == '@' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	if plain {
		return clip(s)
	}
	return quoted(s)
}

// quoted is s clipped and quoted in ASCII, as shown puts a name that is
// not plain.
func quoted(s string) string {
	head, cut := clipHead(s)
	if !cut {
		return strconv.QuoteToASCII(s)
	}
	q := strconv.QuoteToASCII(head)
	return q[:len(q)-1] + cutmark.Of(s) + `"`
}

// clipArgs clips the strings and byte strings of a message's arguments,
// which quote the input. A clipped argument (of type clipped: shown
// values, a list of them) is kept whole: clipped again, a long name
// quoted lost its closing quote, `"a b … b…/aaaaaaa: dependency`, and a
// list its names past the first 200 bytes.
func clipArgs(args []any) []any {
	out := args
	for i, a := range args {
		var c string
		switch v := a.(type) {
		case string:
			if len(v) <= maxQuoted {
				continue
			}
			c = clip(v)
		case []byte:
			if len(v) <= maxQuoted {
				continue
			}
			c = clipBytes(v)
		default:
			continue
		}
		if &out[0] == &args[0] {
			out = append([]any(nil), args...)
		}
		out[i] = c
	}
	return out
}

func (s *scanner) errf(format string, args ...any) error {
	return s.errAt(s.pos, format, args...)
}

// lineCol turns a byte offset into a 1-based line and byte column.
func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off + 1
	if i := bytes.LastIndexByte(data[:off], '\n'); i >= 0 {
		col = off - i
	}
	return line, col
}

func (s *scanner) ws() {
	if s.pos < len(s.data) && s.data[s.pos] > ' ' {
		return // the common case: no white space
	}
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\n', '\r', '\t':
			s.pos++
		default:
			return
		}
	}
}

// peek returns the first byte of the next value, or 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.pos >= len(s.data) {
		return 0
	}
	return s.data[s.pos]
}

// kindName names the JSON kind of a value starting with c, for messages.
func kindName(c byte) string {
	switch {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	case c == 0:
		return "the end of the file"
	}
	return fmt.Sprintf("%q", c)
}

func (s *scanner) want(what string) error {
	if s.peek() != 0 && s.cutInWord() {
		// "tr" at the end of the file: cut short, as one cut before
		// the value is (literal says so where a value is read).
		return s.errf("want %s, not the end of the file", what)
	}
	return s.errf("want %s, not %s", what, s.nextName())
}

// cutInWord says whether the rest of the file is a start of true, false
// or null short of its end (or inside a character after that start).
func (s *scanner) cutInWord() bool {
	rest := trimCutChar(s.data[s.pos:])
	for _, w := range []string{"true", "false", "null"} {
		if len(rest) < len(w) && w[:len(rest)] == string(rest) {
			return true
		}
	}
	return false
}

// wordName names a value starting with a letter: a boolean or null
// where the word is one (or one cut short by the end of the file), the
// word quoted where it is none ("tx", "truex", "True"; wordEnd).
func (s *scanner) wordName(c byte) string {
	word := s.data[s.pos:wordEnd(s.data, s.pos)]
	switch string(word) {
	case "true", "false", "null":
		return kindName(c)
	}
	if s.cutInWord() {
		return kindName(c)
	}
	// The word with the characters past ASCII it runs on into, quoted
	// in ASCII (quoted): a word's end at the first such character
	// named "truе" (its е Cyrillic) "tru", and %q would have left it a
	// lookalike of true.
	end := s.pos + len(word)
	for end < len(s.data) && (s.data[end] >= utf8.RuneSelf || wordEnd(s.data, end) > end) {
		end = max(end+1, wordEnd(s.data, end))
	}
	return quoted(string(s.data[s.pos:end]))
}

// nextName names what the next value starts with (kindName): peek's 0
// is the end of the file, or a NUL byte in it. A character past ASCII is
// named whole (kindName named its first byte as a character of its own:
// 'Ã' for 'é'), a byte that is no UTF-8 as such, and a file that ends
// inside a character ends there, as one cut anywhere else.
func (s *scanner) nextName() string {
	c := s.peek()
	switch {
	case c >= utf8.RuneSelf:
		return charName(s.data[s.pos:])
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		return s.wordName(c)
	case c != 0 || s.pos >= len(s.data):
		return kindName(c)
	}
	return "a NUL byte"
}

// trimCutChar is b less the bytes of a character it ends inside of (a
// file cut there), or b.
func trimCutChar(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if b[i] >= utf8.RuneSelf && !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// charName names the character that rest, the rest of the input,
// starts with, its first byte past ASCII.
func charName(rest []byte) string {
	r, size := utf8.DecodeRune(rest)
	switch {
	case r != utf8.RuneError || size > 1:
		// In ASCII, as names are quoted (quoted): '１' (fullwidth) read
		// as the 1 that is no error there.
		return strconv.QuoteRuneToASCII(r)
	case !utf8.FullRune(rest):
		return "the end of the file"
	}
	return fmt.Sprintf("the byte %#02x, which is no UTF-8", rest[0])
}

// once records key in seen, a bit for each of names (the keys of one
// object that the decoder reads, at most 32), and is an error when it was
// met before in the object: Spack (Python's json) keeps the last value of
// a key given twice and drops the others without a word, where the
// decoder would read both (the union of two "installs", say), and
// neither can tell which value was meant (docs/design.md, "Bad input").
// A key not in names, which the decoder skips, may repeat.
//
// The objects read once a spec (a node, its arch, its dependencies, an
// index's record) call twice from the case that reads the key instead,
// with the key's bit: a look through names for every key would cost
// string compares on the decoder's hottest path. Objects of free names
// use a keySet.
func (s *scanner) once(seen *uint32, key []byte, names ...string) error {
	for i, n := range names {
		if string(key) == n {
			return s.twice(seen, 1<<i, key)
		}
	}
	return nil
}

// twice records bit, key's among the keys of one object that the decoder
// reads, in seen, and is an error when it was recorded before (once).
func (s *scanner) twice(seen *uint32, bit uint32, key []byte) error {
	if *seen&bit != 0 {
		return s.givenTwice(key)
	}
	*seen |= bit
	return nil
}

// givenTwice is the error of a key met twice in one object (once). It
// is never inlined, so that twice, which calls it, is: twice runs for
// every key the decoder reads, a call of its own each cost the spack
// scenario more than the check.
//
//go:noinline
func (s *scanner) givenTwice(key []byte) error {
	return s.errf("key %q is given twice in one object; Spack would read the last one alone", key)
}

// keySet finds a key given twice in an object whose keys are free
// names (a spec's parameters, the object form of its dependencies), as
// once does for the objects of fixed keys. Most keys are new: a key
// whose bit of mask (a hash of the key) is clear is, and only the others
// are looked for among the keys before. Past maxScanKeys keys, when
// every bit may be set, a key that comes after every key of the run
// (byte order) joins the run, one that comes before every key of the
// down run joins that, and the others go to a hash table (tab); a key is looked for
// in the runs (binary search) unless it is past their ends. Spack writes
// a spec's variants sorted by name, then its six flags, so a spec of
// many variants keeps a short map: its keys all in one map cost the time
// of a map that outgrew the caches, growing faster than the keys
// (TestManyVariantsDecodeAllocs). Keys in decreasing order (a file
// rewritten in reverse) filled the map, some 40 bytes a key where its
// input has 16: one spec of 1.28M such variants peaked at 7x its input;
// the down run keeps them at 4 bytes a key
// (TestReversedVariantsDecodePeak).
//
// It keeps the keys' slices, not copies of their bytes (object's keys
// stay valid): add runs for every parameter of every spec. The run
// keeps each key as its offset in the input (data, given to reset): a
// key is a slice of the input up to its closing quote, or, when it has
// escapes, the text up to it unescaped again where the run is searched
// (keyAt). A key with escapes went to tab through esc, a copy and a
// slot of its own, 18 bytes a key and more: a pair of spec files of one
// node of 4M variants each named with a tab ("v\t0000000", in Spack's
// order; 72 MB a file) held 144 MB of keys at the diff's peak, 4.2x to
// 4.3x its input in RSS, 6.3x under load (TestEscapedRunKeysAllocate).
// As slices, 16 bytes a key and doubled as the run grew, the run of a
// spec of 1.28M variants held 50 MB while the file decoded, more than
// the file (TestManyVariantsDecodeAllocs). A map of strings over the input, and
// of copies of those with escapes, one malloc a key, doubled a spec of
// many variants out of order (TestReversedVariantsDecodeAllocs). The
// tables go with the input (reset, drop).
type keySet struct {
	mask uint64
	n    int
	keys [maxScanKeys][]byte
	past bool // past the scan: the keys are in the runs and tab
	// tab holds the other keys: each as its offset in data plus one (0
	// is an empty slot), placed by its hash (open addressing), at most
	// three quarters full. A key with escapes, no slice of the input, is
	// copied into esc, after its length, and its entry is its offset
	// there plus one with escKey set. A map of every key out of order,
	// strings over the input, cost some 50 bytes a key where tab costs 5
	// to 11: a spec of 1.28M parameters "v0", "v1", ... (not in byte
	// order, "v10" before "v9") peaked at 6.5x its input, the map 100 MB
	// of the 190 (TestUnorderedKeysDecodePeak). The keys with escapes
	// were such a map, of copies: the same spec, each key written with
	// an escape ("\u0076000001"), peaked at 7.4x its input
	// (TestEscapedKeysDecode).
	tab  []uint32
	tabN int
	esc  []byte
	escN int // the keys in esc
	// big holds, as copies, the keys past what esc's offsets reach (2 GB
	// of copies in one object: keys with escapes, and those of tab past
	// 2 GB of input, which an entry of data cannot name).
	big   map[string]struct{}
	data  []byte   // the input the runs' offsets are in
	last  []byte   // the run's last key
	run   []uint32 // past maxScanKeys, offsets in data of keys in increasing order
	least []byte   // the down run's last key
	down  []uint32 // past maxScanKeys, offsets in data of keys in decreasing order
	unesc []byte   // the key with escapes keyAt read last, unescaped
}

const maxScanKeys = 64

// reset empties k for the keys of an object of data, the input.
func (k *keySet) reset(data []byte) {
	k.mask, k.n, k.past, k.big, k.data, k.last, k.least = 0, 0, false, nil, data, nil, nil
	if cap(k.esc) > maxScratch {
		k.esc = nil
	}
	if cap(k.unesc) > maxScratch {
		k.unesc = nil
	}
	k.esc, k.escN = k.esc[:0], 0
	k.run, k.down = k.run[:0], k.down[:0]
	if len(k.tab) > maxScratch {
		k.tab = nil
	}
	if k.tabN > 0 {
		clear(k.tab)
		k.tabN = 0
	}
}

// drop lets go of the keys and the input (reset takes them again).
func (k *keySet) drop() {
	clear(k.keys[:k.n])
	k.reset(nil)
}

// add records key, whose opening quote is at offset quote in the input
// (object's key), and reports whether it was recorded before.
func (k *keySet) add(key []byte, quote int) bool {
	if bit := keyBit(key); k.mask&bit == 0 && k.n < maxScanKeys {
		k.mask |= bit
		k.keys[k.n] = key
		k.n++
		return false
	}
	return k.addSlow(key, quote)
}

// keyBit is key's bit of a keySet's mask: a hash of its length and its
// first and last bytes, which tells apart most of Spack's parameters.
func keyBit(key []byte) uint64 {
	if len(key) == 0 {
		return 1
	}
	return 1 << ((uint(len(key))*131 + uint(key[0])*31 + uint(key[len(key)-1])) & 63)
}

// offset is where key is in k.data, when it is a slice of it followed
// by a quote (a key without escapes) at an offset a uint32 holds.
func (k *keySet) offset(key []byte) (uint32, bool) {
	if len(key) == 0 || len(k.data) == 0 || uint64(len(k.data)) > math.MaxUint32 {
		return 0, false
	}
	at := uintptr(unsafe.Pointer(unsafe.SliceData(key))) - uintptr(unsafe.Pointer(unsafe.SliceData(k.data)))
	if at >= uintptr(len(k.data)) || uintptr(len(k.data))-at <= uintptr(len(key)) || k.data[at+uintptr(len(key))] != '"' {
		return 0, false
	}
	return uint32(at), true
}

// keyAt is the key of the run at offset at: the input up to its
// closing quote, unescaped when it has escapes (into unesc, which the
// next call overwrites).
func (k *keySet) keyAt(at uint32) []byte {
	rest := k.data[at:]
	key := rest[:bytes.IndexByte(rest, '"')]
	if bytes.IndexByte(key, '\\') < 0 {
		return key
	}
	i := 0
	for rest[i] != '"' {
		if rest[i] == '\\' {
			i++
		}
		i++
	}
	// rawString unescaped it so when it was read (AppendUnescaped).
	k.unesc, _ = jsonbytes.AppendUnescaped(k.unesc[:0], rest[:i])
	return k.unesc
}

// runOffset is where the run keeps key, whose opening quote is at
// offset quote: its offset in data (offset), or, a key with escapes,
// that of its text after the quote.
func (k *keySet) runOffset(key []byte, quote int) (uint32, bool) {
	if at, ok := k.offset(key); ok {
		return at, true
	}
	if quote < 0 || quote+1 >= len(k.data) || uint64(len(k.data)) > math.MaxUint32 || k.data[quote] != '"' {
		return 0, false
	}
	return uint32(quote + 1), true
}

// addSlow is add when key's bit is set, or the scan is full.
func (k *keySet) addSlow(key []byte, quote int) bool {
	if k.past {
		if k.has(key) {
			return true
		}
		up := len(k.run) == 0 || bytes.Compare(key, k.last) > 0 // after every key of the run: not in it
		if !up {
			if _, found := slices.BinarySearchFunc(k.run, key, func(at uint32, key []byte) int {
				return bytes.Compare(k.keyAt(at), key)
			}); found {
				return true
			}
		}
		down := len(k.down) == 0 || bytes.Compare(key, k.least) < 0 // before every key of the down run
		if !down {
			if _, found := slices.BinarySearchFunc(k.down, key, func(at uint32, key []byte) int {
				return bytes.Compare(key, k.keyAt(at))
			}); found {
				return true
			}
		}
		if at, ok := k.runOffset(key, quote); ok && (up || down) {
			if up {
				k.run = appendDoubling(k.run, at)
				k.last = key
			} else {
				k.down = appendDoubling(k.down, at)
				k.least = key
			}
			return false
		}
		k.put(key)
		return false
	}
	bit := keyBit(key)
	if k.mask&bit != 0 {
		for _, seen := range k.keys[:k.n] {
			if string(seen) == string(key) {
				return true
			}
		}
	}
	if k.n < maxScanKeys {
		k.mask |= bit
		k.keys[k.n] = key
		k.n++
		return false
	}
	k.past = true
	for _, seen := range k.keys[:k.n] {
		k.put(seen)
	}
	k.put(key)
	return false
}

// keySeed hashes the keys of every keySet's tab.
var keySeed = maphash.MakeSeed()

// escKey marks an entry of tab that is an offset in esc, not in data
// (put files a key past it in data in esc).
const escKey = 1 << 31

// has reports whether key is in tab, as a slice of the input or in esc,
// whichever it is (a key given with escapes and then without is the
// same key).
func (k *keySet) has(key []byte) bool {
	if k.big != nil {
		if _, ok := k.big[string(key)]; ok {
			return true
		}
	}
	if len(k.tab) == 0 {
		return false
	}
	mask := uint64(len(k.tab) - 1)
	for i := maphash.Bytes(keySeed, key) & mask; ; i = (i + 1) & mask {
		at := k.tab[i]
		if at == 0 {
			return false
		}
		if k.keyIs(at, key) {
			return true
		}
	}
}

// keyIs reports whether the key of tab's entry e is key. A key of the
// input ends at its first quote: a key holding one (written "x\":") is
// none of them, though the input may read on as it does past x's quote
// ({"x":"v"}, the key x with a string value).
func (k *keySet) keyIs(e uint32, key []byte) bool {
	if e&escKey != 0 {
		return string(k.escAt(e)) == string(key)
	}
	rest := k.data[e-1:]
	return len(rest) > len(key) && rest[len(key)] == '"' && string(rest[:len(key)]) == string(key) && bytes.IndexByte(key, '"') < 0
}

// escAt is the key of tab's entry e, one of esc.
func (k *keySet) escAt(e uint32) []byte {
	rest := k.esc[e&^escKey-1:]
	n, size := binary.Uvarint(rest)
	return rest[size : size+int(n)]
}

// entryKey is the key of tab's entry e.
func (k *keySet) entryKey(e uint32) []byte {
	if e&escKey != 0 {
		return k.escAt(e)
	}
	return k.keyAt(e - 1)
}

// put adds key, not in the set, to tab: a slice of the input, or a
// copy in esc (a key with escapes), or in big past esc's reach.
func (k *keySet) put(key []byte) {
	e, ok := k.offset(key)
	if ok && e+1 < escKey {
		e++
	} else if uint64(len(k.esc))+binary.MaxVarintLen64+uint64(len(key)) < escKey {
		e = uint32(len(k.esc)+1) | escKey
		k.esc = append(binary.AppendUvarint(k.esc, uint64(len(key))), key...)
		k.escN++
	} else {
		if k.big == nil {
			k.big = map[string]struct{}{}
		}
		k.big[string(key)] = struct{}{}
		return
	}
	if 4*(k.tabN+1) > 3*len(k.tab) {
		k.growTab(max(256, 2*len(k.tab)))
	}
	k.place(e, key)
	k.tabN++
}

// growTab makes tab slots long (a power of two), its entries placed anew.
func (k *keySet) growTab(slots int) {
	old := k.tab
	k.tab = make([]uint32, slots)
	for _, o := range old {
		if o != 0 {
			k.place(o, k.entryKey(o))
		}
	}
}

// reserve makes room for n keys in all, past the scan, in what holds
// the most keys so far (the run, the down run or tab), where the object
// tells how many members it has (the decoder's addVariant): grown by
// doubling, the old array and the new were alive at once, and the new
// one up to twice what the keys need (two nodes of 256k parameters: 6 MB
// of tables at the peak, 2 MB of them the keys' due).
func (k *keySet) reserve(n int) {
	if !k.past {
		return
	}
	switch most := max(len(k.run), len(k.down), k.tabN); {
	case most == k.tabN:
		if slots := 1 << bits.Len(uint(n+n/3)); slots > len(k.tab) {
			k.growTab(slots)
		}
		if k.escN > 0 {
			// The keys to come with escapes as many, and as long, as
			// those so far.
			left := int64(n - len(k.run) - len(k.down) - k.tabN)
			per := int64((len(k.esc) + k.escN - 1) / k.escN)
			if more := min(left*int64(k.escN)/int64(k.tabN)*per, int64(len(k.data))); more > 0 {
				k.esc = slices.Grow(k.esc, int(more))
			}
		}
	case most == len(k.run):
		k.run = slices.Grow(k.run, n-len(k.run))
	default:
		k.down = slices.Grow(k.down, n-len(k.down))
	}
}

// place files the entry at (an offset plus one) of key in a free slot of
// tab.
func (k *keySet) place(at uint32, key []byte) {
	mask := uint64(len(k.tab) - 1)
	i := maphash.Bytes(keySeed, key) & mask
	for k.tab[i] != 0 {
		i = (i + 1) & mask
	}
	k.tab[i] = at
}

// object reads an object, calling fn with each key; fn must read or skip
// the key's value. The key's bytes alias the input, or are a copy of
// their own when the key has escapes (rawString), so they stay valid
// after fn returns (keySet keeps them).
func (s *scanner) object(fn func(key []byte) error) error {
	if s.peek() != '{' {
		return s.want("an object")
	}
	s.pos++
	if s.peek() == '}' {
		s.pos++
		return nil
	}
	for {
		if s.peek() != '"' {
			return s.want("a key")
		}
		at := s.pos
		key, err := s.rawString()
		if err != nil {
			return err
		}
		if s.peek() != ':' {
			return s.want("':' after a key")
		}
		s.pos++
		s.path = append(s.path, pathElem{key: at})
		if err := fn(key); err != nil {
			return err
		}
		s.path = s.path[:len(s.path)-1]
		switch s.peek() {
		case ',':
			s.pos++
		case '}':
			s.pos++
			return nil
		default:
			return s.want("',' or '}' in an object")
		}
	}
}

// membersLeft counts the members of the object being read that follow
// the one just read (s.pos is at the ',' or '}' after its value),
// without moving s; false when the object is malformed before its end.
func (s *scanner) membersLeft() (int, bool) {
	p := scanner{file: s.file, data: s.data, pos: s.pos}
	n := 0
	for p.peek() == ',' {
		p.pos++
		if p.peek() != '"' || p.skipString() != nil || p.peek() != ':' {
			return 0, false
		}
		p.pos++
		if p.skip() != nil {
			return 0, false
		}
		n++
	}
	return n, p.peek() == '}'
}

// array reads an array, calling fn for each element; fn must read or skip
// it.
func (s *scanner) array(fn func(i int) error) error {
	if s.peek() != '[' {
		return s.want("an array")
	}
	s.pos++
	if s.peek() == ']' {
		s.pos++
		return nil
	}
	for i := 0; ; i++ {
		s.path = append(s.path, pathElem{key: -1, idx: i})
		if err := fn(i); err != nil {
			return err
		}
		s.path = s.path[:len(s.path)-1]
		switch s.peek() {
		case ',':
			s.pos++
		case ']':
			s.pos++
			return nil
		default:
			return s.want("',' or ']' in an array")
		}
	}
}

// rawString reads a string and returns its bytes, unescaped. Without
// escapes they alias the input. One pass over the bytes finds the end,
// escapes, control characters and non-ASCII bytes (checked as UTF-8 only
// then).
func (s *scanner) rawString() ([]byte, error) {
	if s.peek() != '"' {
		return nil, s.want("a string")
	}
	start := s.pos
	data := s.data
	i := start + 1
	escaped, ascii := false, true
	for {
		// Eight bytes at a time (a hash is 32), a byte at a time in the
		// last seven of the input.
		for i+8 <= len(data) {
			if m := stopBytes(binary.LittleEndian.Uint64(data[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				goto stop
			}
			i += 8
		}
		for i < len(data) && strPlain[data[i]] {
			i++
		}
	stop:
		if i >= len(data) {
			return nil, s.stringError(start, cutInString)
		}
		c := data[i]
		if c == '"' {
			break
		}
		if c == '\\' {
			escaped = true
			i += 2
			continue
		}
		if c < 0x20 {
			return nil, s.stringError(start, "control character in a string")
		}
		ascii = false // c >= 0x80
		i++
	}
	s.pos = i + 1
	raw := data[start+1 : i]
	if !ascii && !utf8.Valid(raw) {
		return nil, s.stringError(start, "string is not valid UTF-8")
	}
	if !escaped {
		return raw, nil
	}
	if at := loneSurrogate(raw); at >= 0 {
		if err := s.jsonDefect(start); err != nil {
			return nil, err // a bad escape, before or after: JSON's own defect
		}
		return nil, s.errAt(start+1+at, "the escape %s is half of a UTF-16 surrogate pair: Spack (Python's json) reads it as a lone surrogate, which Go's decoder would read as U+FFFD, so that two strings Spack tells apart would be one", raw[at:at+6])
	}
	if out, ok := s.unescaped(raw); ok {
		return out, s.controlEscape(start, raw, out)
	}
	if err := s.jsonDefect(start); err != nil {
		return nil, err
	}
	var out string // for encoding/json's words of what is wrong
	if err := json.Unmarshal(data[start:s.pos], &out); err != nil {
		return nil, s.errAt(start, "bad string: %v", err)
	}
	return []byte(out), s.controlEscape(start, raw, []byte(out))
}

// controlEscape refuses a string read (out, unescaped from raw, whose
// quote is at offset start) that an escape gives a control character
// other than whitespace (\u0000, \u0001, \b, an escape character), told
// at the escape and naming the string quoted: no spec Spack writes holds
// one, and the diff joins a spec's spellings on NUL and \x01 where it
// keys them (a spec's variants, its compiler beside them, its edges'
// names and versions, its roots), so that the variant "a=1\x00b=2" and
// the variants a=1 and b=2 read alike, as did the package names
// "a\x00b" and a, b. A control character written as it is in a string
// is JSON's defect, refused where it is read; whitespace (a newline, a
// tab, \x1c to \x1f, which Python reads as whitespace) is read as
// written. Only a string with an escape is looked at.
func (s *scanner) controlEscape(start int, raw, out []byte) error {
	bad := -1
	for i, c := range out {
		if c < 0x20 && !controlSpace(c) {
			bad = i
			break
		}
	}
	if bad < 0 {
		return nil
	}
	c := out[bad]
	at := 0 // the escape's offset in raw
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' || i+1 >= len(raw) {
			continue
		}
		e := raw[i+1]
		if e == 'u' && i+6 <= len(raw) {
			if v, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16); err == nil && v == uint64(c) {
				at = i
				break
			}
			i += 5
		} else if e == 'b' && c == '\b' {
			at = i
			break
		} else {
			i++
		}
	}
	return s.errAt(start+1+at, "%s holds the control character %s, written %s, which no spec Spack writes holds", shown(string(out)), strconv.QuoteToASCII(string(c)), escapeAt(raw[at:]))
}

// escapeAt is the escape raw starts with: \b, or \u and its four digits.
func escapeAt(raw []byte) string {
	if len(raw) >= 6 && raw[1] == 'u' {
		return string(raw[:6])
	}
	return string(raw[:min(2, len(raw))])
}

// controlSpace reports whether the control character c is whitespace to
// Python (str.isspace): a tab, a line's end, \v, \f and \x1c to \x1f.
func controlSpace(c byte) bool {
	return c >= '\t' && c <= '\r' || c >= 0x1c && c <= 0x1f
}

// unescaped is raw, a JSON string's text between its quotes, valid
// UTF-8 without a lone surrogate (rawString), with its escapes
// replaced as encoding/json replaces them; false for an escape
// encoding/json refuses. A short one is carved out of a block of
// escBlockSize that no other string overwrites (the caller may keep
// it, as an object's keys stay valid), a long one is an array of its
// own. encoding/json's Unmarshal of the string, and a copy of its
// result, made five allocations a string: a spec of 256k parameters
// each written with an escape ("\u0076000001") allocated 17x its input
// decoding, where the same without the escapes allocates 2.3x
// (TestEscapedKeysDecode).
func (s *scanner) unescaped(raw []byte) ([]byte, bool) {
	if len(raw) > escBlockSize/16 {
		return jsonbytes.AppendUnescaped(make([]byte, 0, len(raw)), raw)
	}
	if cap(s.escBlock)-len(s.escBlock) < len(raw) {
		s.escBlock = make([]byte, 0, escBlockSize)
	}
	start := len(s.escBlock)
	// Never longer than raw: an escape writes fewer bytes than it
	// takes, so the block is not grown (and copied) by the appends.
	out, ok := jsonbytes.AppendUnescaped(s.escBlock, raw)
	if !ok {
		return nil, false
	}
	s.escBlock = out
	return out[start:len(out):len(out)], true
}

// escBlockSize is the size of the blocks short strings with escapes
// are unescaped into.
const escBlockSize = 16 << 10

// str reads a string value as a new string.
func (s *scanner) str() (string, error) {
	b, err := s.rawString()
	return string(b), err
}

// istr reads a string value, interned: for values repeated across nodes.
func (s *scanner) istr() (string, error) {
	b, err := s.rawString()
	if err != nil {
		return "", err
	}
	return s.internBytes(b), nil
}

func (s *scanner) internBytes(b []byte) string {
	if v, ok := s.intern[string(b)]; ok {
		return v
	}
	v := string(b)
	if s.intern == nil {
		s.intern = map[string]string{}
	}
	if len(s.intern) < maxInterned {
		s.intern[v] = v
	}
	return v
}

// strList reads an array of strings. Lists are interned by their text
// (deptypes and virtuals repeat on every edge); the caller must not
// modify them.
func (s *scanner) strList() ([]string, error) {
	if s.peek() != '[' {
		return nil, s.want("an array")
	}
	start := s.pos
	if end := bytes.IndexByte(s.data[start:], ']'); end > 0 && end < 256 {
		if l, ok := s.lists[string(s.data[start:start+end+1])]; ok {
			s.pos = start + end + 1
			return l, nil
		}
	}
	var out []string
	err := s.array(func(int) error {
		v, err := s.istr()
		out = append(out, v)
		return err
	})
	if err == nil && s.pos-start < 256 && len(s.lists) < 4096 {
		if s.lists == nil {
			s.lists = map[string][]string{}
		}
		s.lists[string(s.data[start:s.pos])] = out
	}
	return out, err
}

// hashRef is an interned hash and the node it names (once known): an
// edge keeps the ref, so resolving it needs no look-up.
type hashRef struct {
	s    string
	node *Node
}

// hash reads a hash string, interned in a table of its own: a node's hash
// appears once per edge to it.
func (s *scanner) hash() (*hashRef, error) {
	b, err := s.rawString()
	if err != nil {
		return nil, err
	}
	return s.internHash(b), nil
}

// literal reads true, false, null or a number and returns its text.
func (s *scanner) literal() ([]byte, error) { return s.literalAs("a value") }

// literalAs is literal, what naming the value wanted where a word is
// misspelt.
func (s *scanner) literalAs(what string) ([]byte, error) {
	c := s.peek()
	start := s.pos
	switch c {
	case 't', 'f', 'n':
		// The word whole: "truex" is a misspelt word, not true
		// followed by a wrong byte.
		word := s.data[start:wordEnd(s.data, start)]
		for _, w := range []string{"true", "false", "null"} {
			if string(word) == w {
				s.pos += len(w)
				return word, nil
			}
			if rest := trimCutChar(s.data[s.pos:]); len(rest) < len(w) && w[:len(rest)] == string(rest) {
				// Cut short: "tr" at the end of the file, or inside a
				// character after it, as cut anywhere else.
				return nil, s.errf("want %s, not the end of the file", w)
			}
		}
		return nil, s.errf("want %s, not %s", what, s.nextName())
	}
	if c == '-' || c >= '0' && c <= '9' {
		// The word whole, letters too: "1x" is a misspelt number, not
		// a number followed by a wrong byte.
		s.pos = wordEnd(s.data, s.pos)
		if !validNumber(s.data[start:s.pos]) {
			if s.pos == len(trimCutChar(s.data)) && validNumber(append(s.data[start:s.pos:s.pos], '0')) {
				// Cut short: "1." or "1e-" at the end of the file (or
				// inside a character after it).
				return nil, s.errAt(start, "want a number, not the end of the file")
			}
			return nil, s.errAt(start, "want %s, not %q", aNumber, s.data[start:s.pos])
		}
		return s.data[start:s.pos], nil
	}
	return nil, s.errf("want a value, not %s", s.nextName())
}

// aNumber is what a number looks like, for messages that refuse one
// and name what was read.
const aNumber = "a JSON number (such as 12, -0.5 or 1.5e-3)"

// wordEnd is the end of the word that starts at i: the ASCII letters,
// digits and the characters a number holds (_ . + -) from there. A
// message names a misspelt number or literal whole ("1.5.3", "1x").
func wordEnd(data []byte, i int) int {
	for i < len(data) {
		c := data[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '+' || c == '-') {
			break
		}
		i++
	}
	return i
}

// validNumber says whether b is a JSON number:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func validNumber(b []byte) bool {
	i := 0
	digits := func() bool {
		j := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if !digits() {
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(b)
}

// boolean reads true or false.
func (s *scanner) boolean() (bool, error) {
	c := s.peek()
	if c != 't' && c != 'f' {
		return false, s.want("a boolean")
	}
	lit, err := s.literalAs("a boolean (true or false)")
	return string(lit) == "true", err
}

// skip passes over one value of any kind without building anything,
// checking its syntax as a JSON parser would (issue 31: the decoder may
// skip what the report does not use at scanner speed, with the syntax
// still checked): keys, colons, commas, escapes, literals and numbers.
// Nesting is kept on a stack of its own, not in recursion.
//
// The keys and indexes on the way are kept only to name where a syntax
// error is: a value that fails is skipped again from its start with them
// kept on the path (skipValue's track), so that the error names the
// value it is in, not the one where skipping began, and a value that
// reads costs no path.
func (s *scanner) skip() error {
	begin := s.pos
	err := s.skipValue(false)
	if err == nil {
		return nil
	}
	s.pos = begin
	depth := len(s.path)
	err = s.skipValue(true)
	s.path = s.path[:depth]
	return err
}

// skipValue is skip; track keeps the key or index of each object or
// array it is in on s.path, for messages.
func (s *scanner) skipValue(track bool) error {
	c := s.peek()
	switch c {
	case '"':
		return s.skipString()
	case '{', '[':
	default:
		_, err := s.literal()
		return err
	}
	var stack []byte
	const (
		value = iota // at a value
		key          // at an object's key
		after        // after a value
	)
	state := value
	for {
		switch state {
		case value:
			switch c := s.peek(); c {
			case '{', '[':
				s.pos++
				stack = append(stack, c)
				end := byte('}')
				if c == '[' {
					end = ']'
				}
				if s.peek() == end {
					s.pos++
					stack = stack[:len(stack)-1]
					state = after
					continue
				}
				if c == '{' {
					state = key // its key goes on the path as read
				} else if track {
					s.path = append(s.path, pathElem{key: -1})
				}
				continue
			case '"':
				if err := s.skipString(); err != nil {
					return err
				}
			default:
				if _, err := s.literal(); err != nil {
					return err
				}
			}
			state = after
		case key:
			if s.peek() != '"' {
				return s.want("a key")
			}
			at := s.pos
			if err := s.skipString(); err != nil {
				return err
			}
			if s.peek() != ':' {
				return s.want("':' after a key")
			}
			s.pos++
			if track {
				s.path = append(s.path, pathElem{key: at})
			}
			state = value
		case after:
			if len(stack) == 0 {
				return nil
			}
			top := stack[len(stack)-1]
			var left pathElem
			if track {
				// The member or element just read is left: an error
				// here names its object or array, as object and
				// array do.
				left = s.path[len(s.path)-1]
				s.path = s.path[:len(s.path)-1]
			}
			switch c := s.peek(); {
			case c == ',':
				s.pos++
				state = value
				if top == '{' {
					state = key
				} else if track {
					s.path = append(s.path, pathElem{key: -1, idx: left.idx + 1})
				}
			case c == '}' && top == '{', c == ']' && top == '[':
				s.pos++
				stack = stack[:len(stack)-1]
			case top == '{':
				return s.want("',' or '}' in an object")
			default:
				return s.want("',' or ']' in an array")
			}
		}
	}
}

// strPlain marks the bytes that rawString passes over at once: ASCII but
// for the closing quote, a backslash and the control characters.
var strPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// stopBytes marks the high bit of each byte of x (eight bytes of a
// string, as binary.LittleEndian reads them) at which rawString stops,
// the bytes strPlain leaves out. A plain byte (0x20 to 0x7f, neither
// quote nor backslash) keeps its high bit clear in q-1, b-1 and x-0x20;
// the quote and the backslash borrow in q-1 or b-1, the control
// characters in x-0x20, and a byte from 0x80 keeps its high bit in at
// least one of them (0xa2, the quote's, in b-1; 0xdc in q-1). A borrow
// may mark bytes after the first such byte, never one before it, so the
// lowest mark is exact.
func stopBytes(x uint64) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	q, b := x^(lo*'"'), x^(lo*'\\')
	return ((q - lo) | (b - lo) | (x - lo*0x20)) & hi
}

// strStop marks the bytes that stop a run of a string's plain bytes: the
// closing quote, a backslash, the control characters, and the bytes from
// 0x80 (a character past ASCII, whose UTF-8 is checked).
var strStop = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// skipString passes over a string, checking its escapes, that it has no
// control character, and that it is UTF-8: Spack reads the file as UTF-8
// text before it parses it, and refuses a file with a byte that is none,
// wherever it is (a value skipped here too).
func (s *scanner) skipString() error {
	data := s.data
	start := s.pos
	i := start + 1
	for {
		for i < len(data) && !strStop[data[i]] {
			i++
		}
		if i >= len(data) {
			return s.errAt(start, cutInString)
		}
		switch c := data[i]; {
		case c == '"':
			s.pos = i + 1
			return nil
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				if !utf8.FullRune(data[i:]) {
					// The input ends inside a character: cut short,
					// as rawString finds a string it reads.
					return s.errAt(start, cutInString)
				}
				return s.errAt(i, "string is not valid UTF-8")
			}
			i += size
		case c == '\\':
			if i+1 >= len(data) || !utf8.FullRune(data[i+1:]) {
				// Cut after the backslash, or inside the character
				// it escapes.
				return s.errAt(start, cutInString)
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) && isHex4(data[i+2:]) {
					// The input ends inside the escape: cut short, as
					// rawString finds a string it reads.
					return s.errAt(start, cutInString)
				}
				if i+6 > len(data) || !isHex4(data[i+2:i+6]) {
					return s.escapeError(i)
				}
				i += 6
			default:
				return s.escapeError(i)
			}
		default:
			// At the character, named (a tab, a line's end and U+0001
			// look alike, or nothing, in an editor), as a bad escape
			// and a byte that is no UTF-8 are told.
			return s.errAt(i, "control character %U in a string", c)
		}
	}
}

// jsonDefect is the error of the first defect JSON knows in the string
// whose quote is at offset start (a bad escape, a control character, a
// byte that is no UTF-8, the input's end), as skipString finds it, or
// nil: rawString tells a string it reads as skipString tells one it
// skips, whichever defect its own pass met first. It stopped at a
// control character or a byte that is no UTF-8 after a bad escape, or
// at the end of a file cut after one, where skipString names the
// escape, as encoding/json and Python's json do; and it named a lone
// surrogate (no defect to either) before a bad escape.
func (s *scanner) jsonDefect(start int) error {
	pos := s.pos
	s.pos = start
	err := s.skipString()
	s.pos = pos
	return err
}

// stringError is jsonDefect's error, or one with msg at the string's
// quote should skipString find none (it always finds one where
// rawString does).
func (s *scanner) stringError(start int, msg string) error {
	if err := s.jsonDefect(start); err != nil {
		return err
	}
	return s.errAt(start, msg)
}

// cutInString is the error of a string the input ends in (cut after
// its opening quote, a backslash, or inside a character or a \u
// escape): it says that the file ends there, as a file cut between
// values says ("want a value, not the end of the file"). It said
// "unterminated string" alone, which a string broken by a wrong byte
// might as well have said.
const cutInString = "unterminated string: want its closing '\"', not the end of the file"

// escapeError is the error of the escape at offset i of the input, one
// JSON has none of (\x, \é, \u without four hexadecimal digits), the
// same whether the string is read (rawString) or skipped (skipString):
// the escaped character is quoted whole. encoding/json's words for a
// string read named the first byte of a character past ASCII as a
// character of its own ("invalid character 'Ã' in string escape code"
// for \é), and skipString quoted that byte alone ("\\\xc3"). It is
// quoted in ASCII: "\\\u00e9".
func (s *scanner) escapeError(i int) error {
	data := s.data
	if i+1 < len(data) && data[i+1] == 'u' {
		return s.errAt(i, "bad \\u escape in a string")
	}
	// Quoted in ASCII, as names are (quoted): %q left a character past
	// ASCII as it is, so that \у (its у Cyrillic) read as the start of
	// a \u escape, which is no error there.
	_, size := utf8.DecodeRune(data[min(i+1, len(data)):])
	return s.errAt(i, "bad escape %s in a string", strconv.QuoteToASCII(string(data[i:i+1+size])))
}

// loneSurrogate returns the offset in raw, the text of a string between
// its quotes, of a \u escape of a UTF-16 surrogate that is not half of a
// pair (a high one followed by an escape of a low one), or -1. Python
// reads a pair as one character, as Go does, and keeps a lone surrogate
// as it is, where Go reads U+FFFD.
func loneSurrogate(raw []byte) int {
	surrogate := func(i int) (hex uint64, ok bool) {
		if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
			return 0, false
		}
		v, ok := jsonbytes.Hex4(raw[i+2 : i+6])
		return uint64(v), ok && v >= 0xD800 && v <= 0xDFFF
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if i+1 < len(raw) && raw[i+1] != 'u' {
			i++ // \" \\ \n ...: the escaped byte is no escape's start
			continue
		}
		v, ok := surrogate(i)
		if !ok {
			continue
		}
		if v >= 0xDC00 {
			return i
		}
		if w, ok := surrogate(i + 6); !ok || w < 0xDC00 {
			return i
		}
		i += 11 // the pair; the loop adds one
	}
	return -1
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// end checks that nothing but white space follows the document. A NUL
// byte is no end (peek says 0 for both). Spack reads a spec file, a
// lockfile and a manifest with json.load(s), which refuses what follows
// the document ("Extra data"), NULs included; its database reader (an
// index.json) stops at the document's end (raw_decode), and cachediff
// refuses more there too: a file with more after its document (the NULs
// a crash leaves, a second index) is damaged, not read in part.
func (s *scanner) end() error {
	if s.peek() != 0 || s.pos < len(s.data) {
		if rest := s.data[s.pos:]; rest[0] >= utf8.RuneSelf && !utf8.FullRune(rest) {
			// A character begun after a whole document is no end of
			// it cut short: a byte that is no UTF-8 text.
			return s.errf("unexpected data after the document (the byte %#02x, which is no UTF-8)", rest[0])
		}
		return s.errf("unexpected data after the document (%s)", s.nextName())
	}
	return nil
}

// internHash returns the interned ref of a hash.
func (s *scanner) internHash(b []byte) *hashRef {
	slot := s.hashes.find(b)
	if r := s.hashes.slots[slot]; r != nil {
		return r
	}
	if len(s.refSlab) == 0 {
		s.refSlab = make([]hashRef, s.hashNext)
		s.hashNext = min(2*s.hashNext, slabSize)
	}
	r := &s.refSlab[0]
	s.refSlab = s.refSlab[1:]
	r.s = s.arenaString(b)
	s.hashes.put(slot, r)
	return r
}

// hashTable is the refs of a file's hashes by their strings: an open
// table of pointers (linear probing, at most three quarters full), 8
// bytes a slot. A map of strings took 54 bytes a hash, grown to a tiny
// lockfile's size (a 24-byte slot, table splits leaving half of them
// empty): a fifth of what the decoding of one held (issue 35 item 19).
// The slots are hashed with a seed of the process's (maphash), so that
// no file's hashes can be made to collide.
type hashTable struct {
	slots []*hashRef
	n     int
}

// hashSeed seeds every hashTable: only lookups read a table, never its
// order.
var hashSeed = maphash.MakeSeed()

// sized makes the table's slots room for n hashes.
func (t *hashTable) sized(n int) {
	size := 8
	for size*3 < n*4 {
		size *= 2
	}
	t.slots, t.n = make([]*hashRef, size), 0
}

// find returns the slot of hash b: the slot holding its ref, or the
// empty one where it goes.
func (t *hashTable) find(b []byte) int {
	if t.slots == nil {
		t.sized(0)
	}
	mask := len(t.slots) - 1
	for i := int(maphash.Bytes(hashSeed, b)) & mask; ; i = (i + 1) & mask {
		if r := t.slots[i]; r == nil || r.s == string(b) {
			return i
		}
	}
}

// get returns the ref of hash h, or nil.
func (t *hashTable) get(h string) *hashRef {
	if t.slots == nil {
		return nil
	}
	mask := len(t.slots) - 1
	for i := int(maphash.String(hashSeed, h)) & mask; ; i = (i + 1) & mask {
		if r := t.slots[i]; r == nil || r.s == h {
			return r
		}
	}
}

// put files r in slot, the empty one find returned for its hash, and
// doubles the table when it is three quarters full.
func (t *hashTable) put(slot int, r *hashRef) {
	t.slots[slot] = r
	t.n++
	if t.n*4 < len(t.slots)*3 {
		return
	}
	old := t.slots
	t.slots = make([]*hashRef, 2*len(old))
	mask := len(t.slots) - 1
	for _, r := range old {
		if r == nil {
			continue
		}
		i := int(maphash.String(hashSeed, r.s)) & mask
		for t.slots[i] != nil {
			i = (i + 1) & mask
		}
		t.slots[i] = r
	}
}

// arenaString copies b into a block of bytes shared by the hashes of a
// file, which its specs keep: one allocation for many hashes rather than
// one each (a 60k-spec index has 60k of them).
func (s *scanner) arenaString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(s.arena)-len(s.arena) < len(b) {
		s.arena = make([]byte, 0, max(len(b), s.hashNext*32))
	}
	start := len(s.arena)
	s.arena = append(s.arena, b...)
	return unsafe.String(&s.arena[start], len(b))
}
