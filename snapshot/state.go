package snapshot

import (
	"slices"
	"sync"
	"unsafe"

	"github.com/cachediff/cachediff/internal/fresh"
)

// loadState is what one loading goroutine keeps from file to file: its
// read buffer, the canonical forms it computed, its sort memory, the
// lists it shares, and the state of each Stateful decoder it decoded
// with. The zero value works: nothing shared.
type loadState struct {
	canon *canonCache
	// metaCanon canonicalizes values a file claims about its specs
	// (Finisher.Canonical).
	metaCanon *canonicalizer
	// buf is the read buffer, which the next read reuses: decoding copies
	// every string it keeps, so no package holds on to the bytes of its
	// file, and a loading goroutine allocates about its largest file once
	// instead of every file.
	buf []byte
	// lists shares identical lists between the specs it loads.
	lists listCache
	// sort is the memory the specs of each file are sorted in.
	sort sortScratch
	// read is the bytes of the files this state loaded in the Load at
	// hand (Shared.get starts it at zero).
	read int
	// fin is the Finisher of the file at hand (finisher).
	fin Finisher
	// states are the Stateful decoders' states, made when first used.
	states []decoderState
}

type decoderState struct {
	d Stateful
	s State
}

// state returns st's state of decoder d, made when st has none.
func (st *loadState) state(d Stateful) State {
	for _, ds := range st.states {
		if ds.d == d {
			return ds.s
		}
	}
	s := d.NewState()
	st.states = append(st.states, decoderState{d, s})
	return s
}

// Shared is loading state kept from one Load to the next: per loading
// goroutine, the canonical forms it computed and the states of the
// Stateful decoders (the page format's: the strings it interned, the
// lists it read). The two snapshots of a diff hold mostly the same
// strings and lists: loaded with the first's state, the second finds
// them instead of reading and canonicalizing them again (fewer
// instructions in all), and the two share that
// memory. What is kept does not depend on Options, and each goroutine
// takes a state of its own, so Loads with other options, or at the same
// time, may share one. The zero value is ready to use. A Shared holds on
// to what it keeps until it is dropped, bounded relative to what it read
// (maxSharedShare) and in count (maxListTexts): a log shares one over its
// whole series, whose values change from snapshot to snapshot (a review
// measured twelve trees of 20 KB variant strings at twice the memory
// before the bound in bytes).
type Shared struct {
	mu   sync.Mutex
	free []*loadState
}

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

// maxSharedShare bounds what a state Shared keeps for the next Load's
// lookups, relative to the bytes the Load read, all its states together
// (put; so that the bound scales with the input, and a Load costs the
// same per byte at every size): the bytes of its strings and list texts, and
// sharedStringCost per string for the tables that find them. A
// real-size tree of 60k specs leaves each of two goroutines about 5k
// strings (2.6k interned, as many canonical forms) and 1-2 MB of list
// texts, for 11 MB read (about 15%). A series whose values change from
// snapshot to snapshot, and are long, would otherwise keep them all: a
// log of twelve trees whose variants are strings of 20 KB kept 14 MB,
// and its collector, whose limit the input's size sets, ran at that
// limit (its user time doubled). Bounds in absolute numbers (2^17
// strings, 16 MB) made a cliff: one package of 64k specs, each with
// variants of its own, shared its tables with the new tree's Load, and
// 256k did not, and so read and canonicalized every string again with
// tables and a read buffer of its own (5x the bytes allocated, 5.6x
// the time, for 4x the input).
const (
	maxSharedShare   = 0.25
	sharedStringCost = 48
)

// kept is what st keeps for the next Load: strings (interned, and
// canonical forms) and bytes of strings and list texts (the tables shared
// with the other states counted whole).
func (st *loadState) kept() (strings, bytes int) {
	strings, bytes = len(st.canon.m), st.canon.size
	for _, ds := range st.states {
		n, b := ds.s.Kept()
		strings, bytes = strings+n, bytes+b
	}
	return strings, bytes
}

// put leaves st, one of the states of a Load that read read bytes, for
// the next get. A state that keeps more than maxSharedShare of what the
// Load read forgets it first, and keeps only its memory for reading and
// sorting: the Loads of a long series each bring strings of their own,
// and a state that keeps them all would grow with the series. The Load's
// bytes, not the state's own: a state's tables, shared with the other
// states, are counted whole in each, and a goroutine that the scheduler
// gave few files forgot them.
func (sh *Shared) put(st *loadState, read int) {
	if sh == nil {
		return
	}
	if !st.worthKeeping(read) {
		st.forget()
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.free = append(sh.free, st)
}

// worthKeeping says whether what st keeps for the next Load's lookups is
// within maxSharedShare of read bytes.
func (st *loadState) worthKeeping(read int) bool {
	strings, bytes := st.kept()
	return float64(bytes+sharedStringCost*strings) <= maxSharedShare*float64(read)
}

// forget drops what st keeps for the next Load's lookups (its canonical
// forms, its lists, its decoders' states), and keeps its read buffer and
// sort memory: the next Load reads its files into the buffer this one
// grew (the new tree of a diff, whose files are about the old tree's
// size) rather than into fresh memory of its own, which the kernel
// clears page by page. The canonical forms' cache, and the decoders'
// states that can (forgetter), are emptied in their own memory rather
// than made again: a log of tiny snapshots forgets at every Load (each
// keeps more than a quarter of a few KB read), and made anew they were
// most of what a step allocated (TestLogTinySnapshotsAlloc).
func (st *loadState) forget() {
	st.canon.reset()
	st.metaCanon = nil
	st.lists = listCache{}
	kept := st.states[:0]
	for _, ds := range st.states {
		if f, ok := ds.s.(forgetter); ok {
			f.Forget()
			kept = append(kept, ds)
		}
	}
	clear(st.states[len(kept):])
	st.states = kept
}

// forgetter is a State that can forget what it keeps for the next Load
// (State.Kept) in its own memory: after Forget it is as the decoder's
// NewState makes one.
type forgetter interface {
	Forget()
}

// shareLists lets the states of each Stateful decoder that the states
// left for the next Load hold share what they read (Stateful.Share: the
// page format merges its list texts into one table they all look lists
// up in): each goroutine of a Load reads about half the files, and reads
// again what the other read otherwise.
func (sh *Shared) shareLists() {
	if sh == nil {
		return
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if len(sh.free) < 2 {
		return // one state finds what it read in its own tables
	}
	var done []Stateful
	for _, st := range sh.free {
		for _, ds := range st.states {
			if slices.Contains(done, ds.d) {
				continue
			}
			done = append(done, ds.d)
			var states []State
			for _, other := range sh.free {
				for _, o := range other.states {
					if o.d == ds.d {
						states = append(states, o.s)
					}
				}
			}
			ds.d.Share(states)
		}
	}
}

func newLoadState() *loadState {
	st := &loadState{canon: newCanonCache(), buf: make([]byte, 0, 256<<10)}
	fresh.Touch(unsafe.Slice(st, 1))
	return st
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

// listReads, when set (by tests), is called with the length of each pair
// of lists listCache.one compares string by string.
var listReads func(n int)

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
		switch {
		case lc.single[f] == nil:
			lc.single[f] = make(map[string][]string)
		case len(lc.single[f]) >= maxSingle:
			// Emptied in place, its table kept: a new map grown again
			// to maxSingle each time was 20 MB of garbage made while
			// a lockfile pair of 32,000 roots loaded (each root's
			// stack a list of its own), which a collection marking
			// then counts as live.
			clear(lc.single[f])
		}
		lc.single[f][l[0]] = l
		return l, false
	}
	for _, r := range &lc.recent[f] {
		// A lockfile's nodes under the same roots share one array of
		// them (spackfmt.markRoots): found by its address, not read.
		if len(r) != len(l) {
			continue
		}
		if unsafe.SliceData(r) == unsafe.SliceData(l) {
			return r, true
		}
		if listReads != nil {
			listReads(len(l))
		}
		if slices.Equal(r, l) {
			return r, true
		}
	}
	lc.recent[f][lc.next[f]] = l
	lc.next[f] = (lc.next[f] + 1) % len(lc.recent[f])
	return l, false
}
