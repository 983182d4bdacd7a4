package catalog

import (
	"bytes"
	"errors"
	"slices"
	"unsafe"

	"github.com/cachediff/cachediff/internal/fresh"
	"github.com/cachediff/cachediff/internal/intern"
	"github.com/cachediff/cachediff/snapshot"
)

// state is what one loading goroutine keeps from page to page (a
// snapshot.State): the strings it interned and the fast path's scratch
// memory and caches. decodePage takes it as its state (nil decodes by the
// general path alone). The zero value works: fast paths on, nothing
// shared.
type state struct {
	in      *intern.Table
	scratch metaScratch
	// metaBufs holds the meta of the page being decoded.
	metaBufs metaBufs
	scan     scanBufs
	// page and yaml are where parseFrontMatter reads each page's front
	// matter (pageScratch): 6.4k pages of a real week at 60k specs each
	// allocated 600 bytes of page and a YAML buffer, 5 MB of fresh memory.
	page page
	yaml bytes.Buffer
}

func newState() *state {
	st := &state{in: intern.New()}
	fresh.Touch(unsafe.Slice(st, 1)) // the scanner's memos are probed before they are written
	return st
}

// Forget empties st as newState makes one, in its own memory: its
// interning table and the door of its long list texts are emptied and
// kept, and the rest (caches and scratch) zeroed in place
// (snapshot.Shared forgets a state that keeps too much for the next Load,
// which for a log of tiny snapshots is every Load).
func (st *state) Forget() {
	in, long := st.in, st.scan.lists.long
	in.Reset()
	long.Reset()
	*st = state{in: in}
	st.scan.lists.long = long
}

// Decode decodes one page (decodePage). A page that fails, and whose
// text does not look like a page (looksLikePage: a README whose front
// matter is broken, or that opens with a "---" rule), is not one: its
// error is a *snapshot.NotInFormat, which Load ignores like other
// Markdown unless the file must be a page.
func (st *state) Decode(file string, data []byte, f *snapshot.Finisher) ([]*snapshot.Package, []snapshot.Warning, error) {
	pkgs, warnings, err := decodePage(file, data, f, st)
	if err != nil {
		var nf *snapshot.NotInFormat
		if !errors.As(err, &nf) && !looksLikePage(data) {
			var e *snapshot.Error
			if !errors.As(err, &e) {
				e = &snapshot.Error{File: file, Msg: err.Error()}
			}
			err = notPage(e)
		}
		return nil, nil, err
	}
	return pkgs, warnings, nil
}

// pageScratch returns the memory to read a page's front matter in: st's
// own, reused page after page (decodePage keeps nothing of it), or new
// for a nil st.
func (st *state) pageScratch() (*page, *bytes.Buffer) {
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

// specs decodes a one-line spec_details value by the fast scanner. Unless
// f.Raw, it gives the specs' lists canonical (f.List) and the rules that
// counted, as f.List records them. Tarballs are kept when f.Tarballs. ok
// false: the general path must decide.
func (st *state) specs(data []byte, f *snapshot.Finisher) (specList, []uint16, bool) {
	fin := f
	if f.Raw {
		fin = nil
	}
	specs, ok := fastSpecListBuf(data, st.in, &st.scan, fin, f.Tarballs)
	return specs, st.scan.lists.counted, ok
}

// Kept is what st keeps for the next Load: the strings it interned, and
// the bytes of those and of its list texts (the table shared with the
// other states counted whole).
func (st *state) Kept() (strings, bytes int) {
	n := st.in.Size()
	for _, b := range st.scan.lists.size {
		n += b
	}
	if b := st.scan.lists.base; b != nil {
		n += b.size
	}
	return st.in.Len(), n + st.scan.lists.recentBytes()
}

// shareLists merges the list texts the states a snapshot.Shared keeps
// have read (up to maxListTexts a field, the newest first) into one
// table per field that they all look lists up in from then on
// (listBase), and empties their own: each goroutine of a Load reads
// about half the pages, so without it a list the other goroutine read is
// read and canonicalized again (the new tree of a real week at 60k
// specs: 9.4k lists read, most of them read by the other goroutine of
// the old tree's Load). The texts are shared, not copied; the tables
// each state emptied keep their memory for the lists it reads next.
func shareLists(states []*state) {
	if len(states) < 2 {
		return // one state finds what it read in its own tables
	}
	var bases []*listBase
	for _, st := range states {
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
		for _, st := range states {
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
		for _, st := range states {
			add(st.scan.lists.seen[f])
		}
		for _, b := range bases {
			add(b.m[f])
		}
		merged.m[f] = m
	}
	for _, st := range states {
		st.scan.lists.base = merged
		for f := range st.scan.lists.seen {
			clear(st.scan.lists.seen[f])
			st.scan.lists.size[f] = 0
		}
	}
}
