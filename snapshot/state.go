package snapshot

import (
	"bytes"
	"slices"
	"sync"
	"unsafe"

	"github.com/cachediff/cachediff/internal/fresh"
	"github.com/cachediff/cachediff/internal/intern"
)

// loadState is what one loading goroutine keeps from file to file: its
// read buffer, the strings it interned, the canonical forms it computed
// and the fast path's scratch memory. The page decoder takes it as its
// state (decodePage: nil decodes by the general path alone). The zero
// value works: fast paths on, nothing shared.
type loadState struct {
	in      *intern.Table
	canon   *canonCache
	scratch metaScratch
	// metaBufs holds the meta of the page being decoded.
	metaBufs metaBufs
	scan     scanBufs
	// metaCanon canonicalizes meta values for metaAgrees.
	metaCanon *canonicalizer
	// buf is the read buffer, which the next read reuses: decoding copies
	// every string it keeps, so no package holds on to the bytes of its
	// file, and a loading goroutine allocates about its largest file once
	// instead of every file.
	buf []byte
	// lists shares identical lists between the specs it loads.
	lists listCache
	// sort is the memory the specs of each page are sorted in.
	sort sortScratch
	// read is the bytes of the files this state loaded in the Load at
	// hand (Shared.get starts it at zero).
	read int
	// page and yaml are where parseFrontMatter reads each page's front
	// matter (pageScratch): 6.4k pages of a real week at 60k specs each
	// allocated 600 bytes of page and a YAML buffer, 5 MB of fresh memory.
	page page
	yaml bytes.Buffer
}

// pageScratch returns the memory to read a page's front matter in: st's
// own, reused page after page (decodePage keeps nothing of it), or new
// for a nil st.
func (st *loadState) pageScratch() (*page, *bytes.Buffer) {
	if st == nil {
		return new(page), new(bytes.Buffer)
	}
	if st.yaml.Cap() > maxYAMLScratch {
		st.yaml = bytes.Buffer{} // a page's long YAML is not kept for the rest
	}
	return &st.page, &st.yaml
}

// maxYAMLScratch bounds the YAML buffer a state keeps from page to page:
// a page's YAML is its envelope, a few lines, unless its meta or specs
// are written as YAML.
const maxYAMLScratch = 64 << 10

// Shared is loading state kept from one Load to the next: per loading
// goroutine, the strings it interned, the canonical forms it computed and
// the lists it read. The two snapshots of a diff hold mostly the same
// strings and lists: loaded with the first's state, the second finds
// them instead of reading and canonicalizing them again (fewer
// instructions in all), and the two share that
// memory. What is kept does not depend on Options, and each goroutine
// takes a state of its own, so Loads with other options, or at the same
// time, may share one. The zero value is ready to use. A Shared holds on
// to what it keeps until it is dropped, bounded in count (maxListTexts,
// maxSharedStrings) and in bytes (maxSharedBytes): a log shares one over
// its whole series, whose values change from snapshot to snapshot (a
// review measured twelve trees of 20 KB variant strings at twice the
// memory before the bound in bytes).
type Shared struct {
	mu   sync.Mutex
	free []*loadState
}

// maxSharedStrings bounds the strings a state Shared keeps may have
// interned and canonicalized: loading a real-size tree of 60k specs gives
// each of two goroutines about 5k (2.6k interned, as many canonical
// forms), and the week after adds a few hundred.
const maxSharedStrings = 1 << 17

// get returns a state for a loading goroutine: one a Load before left, or
// a new one (always a new one when sh is nil).
func (sh *Shared) get() *loadState {
	if sh == nil {
		return newLoadState()
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if n := len(sh.free); n > 0 {
		st := sh.free[n-1]
		sh.free = sh.free[:n-1]
		st.read = 0
		return st
	}
	return newLoadState()
}

// maxSharedBytes bounds the bytes of the strings and list texts a state
// Shared keeps holds, and so does maxSharedShare of the bytes the state
// read in the Load: a real-size tree of 60k specs leaves each of two
// goroutines about 0.1 MB of interned and canonical strings and 1-2 MB
// of list texts, for 11 MB read (about 15%). A series whose values change
// from snapshot to snapshot, and are long, would otherwise keep them all
// within maxSharedStrings: a log of twelve trees whose variants are
// strings of 20 KB kept 14 MB, and its collector, whose limit the input's
// size sets, ran at that limit (its user time doubled).
const (
	maxSharedBytes = 16 << 20
	maxSharedShare = 0.25
)

// keptBytes is what st keeps for the next Load, in bytes of strings and
// list texts (the table shared with the other states counted whole).
func (st *loadState) keptBytes() int {
	n := st.in.Size() + st.canon.size
	for _, b := range st.scan.lists.size {
		n += b
	}
	if b := st.scan.lists.base; b != nil {
		n += b.size
	}
	return n + st.scan.lists.recentBytes()
}

// put leaves st for the next get, unless it has grown past
// maxSharedStrings, maxSharedBytes or maxSharedShare of what it read: the
// Loads of a long series each bring strings of their own, and a state
// that keeps them all would grow with the series.
func (sh *Shared) put(st *loadState) {
	if kept := st.keptBytes(); sh == nil || st.in.Len()+len(st.canon.m) > maxSharedStrings ||
		kept > maxSharedBytes || float64(kept) > maxSharedShare*float64(st.read) {
		return
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.free = append(sh.free, st)
}

// shareLists merges the list texts the states left for the next Load
// have read (up to maxListTexts a field, the newest first) into one
// table per field that they all look lists up in from then on
// (listBase), and empties their own: each goroutine of a Load reads
// about half the pages, so without it a list the other goroutine read is
// read and canonicalized again (the new tree of a real week at 60k
// specs: 9.4k lists read, most of them read by the other goroutine of
// the old tree's Load). The texts are shared, not copied; the tables
// each state emptied keep their memory for the lists it reads next.
func (sh *Shared) shareLists() {
	if sh == nil {
		return
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if len(sh.free) < 2 {
		return // one state finds what it read in its own tables
	}
	var bases []*listBase
	for _, st := range sh.free {
		if b := st.scan.lists.base; b != nil && !slices.Contains(bases, b) {
			bases = append(bases, b)
		}
	}
	merged := new(listBase)
	for f := range listFacets {
		n := 0
		for _, b := range bases {
			n += len(b.m[f])
		}
		for _, st := range sh.free {
			n += len(st.scan.lists.seen[f])
		}
		m := make(map[string]listText, min(n, maxListTexts))
		add := func(from map[string]listText) {
			for text, e := range from {
				if len(m) >= maxListTexts {
					return
				}
				if _, ok := m[text]; !ok {
					m[text] = e // a text has one canonical list: either will do
					merged.size += len(text)
				}
			}
		}
		// The texts read last first: when the bound cuts, it cuts the
		// oldest, so that a long series keeps the lists it reads now.
		for _, st := range sh.free {
			add(st.scan.lists.seen[f])
		}
		for _, b := range bases {
			add(b.m[f])
		}
		merged.m[f] = m
	}
	for _, st := range sh.free {
		st.scan.lists.base = merged
		for f := range st.scan.lists.seen {
			clear(st.scan.lists.seen[f])
			st.scan.lists.size[f] = 0
		}
	}
}

func newLoadState() *loadState {
	st := &loadState{in: intern.New(), canon: newCanonCache(), buf: make([]byte, 0, 256<<10)}
	fresh.Touch(unsafe.Slice(st, 1)) // the scanner's memos are probed before they are written
	return st
}

// specs decodes a one-line spec_details value by the fast scanner. When
// canonical, it gives the specs' lists canonical (canonicalizer.list) and
// the rules that counted (as canonicalizer.rec records them). Tarballs
// are kept when tarballs. ok false: the general path must decide.
func (st *loadState) specs(data []byte, canonical, tarballs bool) (specList, []uint16, bool) {
	lt := &st.scan.lists
	if canonical && lt.canon == nil {
		lt.canon = newCanonicalizer()
		lt.canon.cache = st.canon
	}
	specs, ok := fastSpecListBuf(data, st.in, &st.scan, canonical, tarballs)
	return specs, lt.counted, ok
}

// canonicalizer returns a canonicalizer for one file (its counts start at
// zero), with st's cache and sort scratch; for a nil st, one without.
func (st *loadState) canonicalizer() *canonicalizer {
	c := newCanonicalizer()
	if st == nil {
		return c
	}
	c.cache = st.canon
	c.sort = &st.sort
	return c
}

// listCache shares identical lists between specs: most specs of a page,
// and of neighbouring pages, have the same versions, variants or stacks,
// and each list of each spec would otherwise keep its own array (a
// snapshot of a million tiny specs keeps a million one-string arrays).
// Lists are shared once canonical, and nothing modifies a loaded list.
type listCache struct {
	recent [3][2][]string // per list field: the last distinct lists
	next   [3]int
	// single are the one-string lists seen, per list field, by their
	// string: the commonest lists (a spec's version), which alternate
	// among more values than recent holds (a million tiny specs of ten
	// versions kept a million arrays: 28 MB, issue 11 item 6). Cleared
	// when it reaches maxSingle, so that it stays small.
	single [3]map[string][]string
}

// maxSingle bounds each of listCache.single.
const maxSingle = 4096

// emptyList is every empty list of a loaded spec: an empty slice of a
// decoder's array would keep the array.
var emptyList = []string{}

func (lc *listCache) share(specs []Spec) {
	for i := range specs {
		sp := &specs[i]
		var shared bool
		// The fast decoder gives a spec's three lists one array: sharing
		// two of them keeps it all the same. So the variants, the list
		// that differs most, go first, and when they are not shared the
		// others are not looked for.
		if sp.Variants, shared = lc.one(1, sp.Variants); !shared {
			continue
		}
		sp.Versions, _ = lc.one(0, sp.Versions)
		sp.Stacks, _ = lc.one(2, sp.Stacks)
	}
}

// one returns l, or an identical list seen before, and whether l is
// shared now (or keeps no array: nil or empty).
func (lc *listCache) one(f int, l []string) ([]string, bool) {
	switch {
	case l == nil:
		return nil, true
	case len(l) == 0:
		return emptyList, true
	}
	if len(l) == 1 {
		if r, ok := lc.single[f][l[0]]; ok {
			return r, true
		}
		if lc.single[f] == nil || len(lc.single[f]) >= maxSingle {
			lc.single[f] = make(map[string][]string)
		}
		lc.single[f][l[0]] = l
		return l, false
	}
	for _, r := range &lc.recent[f] {
		if len(r) == len(l) && slices.Equal(r, l) {
			return r, true
		}
	}
	lc.recent[f][lc.next[f]] = l
	lc.next[f] = (lc.next[f] + 1) % len(lc.recent[f])
	return l, false
}
