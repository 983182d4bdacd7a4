// Package catalog decodes the package pages of cache.spack.io's
// catalogue (_cache/<tag>/<pkg>/specs.md): Markdown files whose YAML front
// matter holds a package's specs (spec_details) and their summary (meta).
// It is a snapshot.Decoder, and registers itself with package snapshot
// when linked in (a program that loads pages imports it).
//
// Each page goes through one entry point, decodePage (page.go): the front
// matter split, then each value by the fast path (fastjson.go,
// fastyaml.go, fastmeta.go: scanners for the shapes the generated pages
// have, which may give up) or else by the general path (general.go:
// yaml.v3 and encoding/json, which decodes everything the format allows
// and gives every error with its position: specpos.go, yamlerr.go,
// text.go). The fast path's scratch memory and caches (interned strings,
// list texts, buffers) are a loading goroutine's state (state.go:
// snapshot.Stateful); the tests decode with none, for the general path
// alone, as the oracle the fast path must agree with (export_test.go,
// FuzzFastPaths). Package snapshot finishes the specs (snapshot.Finisher:
// hashes, canonicalization, order), checks what holds across pages, and
// owns the model.
//
// The page format is the Fallback of the loader: a page is a *.md file,
// and so is a README, which is left out (snapshot.NotInFormat) unless it
// must be a page (specs.md, or a file named on the command line).
package catalog

import (
	"strings"

	"github.com/cachediff/cachediff/snapshot"
)

func init() { snapshot.Register(decoder{}) }

// decoder is the package-page format. It needs no name outside: it
// registers itself.
type decoder struct{}

var (
	_ snapshot.Fallback = decoder{}
	_ snapshot.Stateful = decoder{}
)

// Claims no file by name alone: a *.md file may be a page or any other
// Markdown (Candidate).
func (decoder) Claims(base string) bool { return false }

// Candidate takes every *.md file, and specs.md must be a page.
func (decoder) Candidate(base string) (may, must bool) {
	return strings.HasSuffix(base, ".md"), base == "specs.md"
}

// Detect reports whether head's first line is a page's opening "---".
func (decoder) Detect(head []byte) bool { return startsLikePage(head) }

// Decode decodes one page with memory of its own, its specs finished as
// a Load with the zero snapshot.Options finishes them (the loader
// decodes with a State, NewState, instead).
func (decoder) Decode(file string, data []byte) ([]*snapshot.Package, []snapshot.Warning, error) {
	return newState().Decode(file, data, snapshot.NewFinisher(snapshot.Options{}))
}

// NewState returns a loading goroutine's memory for pages.
func (decoder) NewState() snapshot.State { return newState() }

// Share merges the list texts the states have read (shareLists).
func (decoder) Share(states []snapshot.State) {
	sts := make([]*state, 0, len(states))
	for _, s := range states {
		if st, ok := s.(*state); ok {
			sts = append(sts, st)
		}
	}
	shareLists(sts)
}

// more returns s.More, made when nil.
func more(s *snapshot.Spec) *snapshot.SpecMore {
	if s.More == nil {
		s.More = &snapshot.SpecMore{}
	}
	return s.More
}

// setSize keeps a size value unless it says nothing ("", "-").
func setSize(s *snapshot.Spec, v string) {
	if v != "" && v != "-" {
		more(s).Page().Size = v
	}
}

// emptyList is every empty list of a loaded spec: an empty slice of a
// decoder's array would keep the array.
var emptyList = []string{}
