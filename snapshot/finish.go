package snapshot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/internal/jsonbytes"
)

// What every format's specs and packages go through once decoded, a
// State's (Finisher) and the other decoders' (decodeOther) alike:
// well-formed hashes, once each; canonicalization; order by hash; a
// package name that is no path.

// finishSpecs is what every format's specs go through once decoded:
// each must have a well-formed hash, once (an error about the first that
// has not, at line); then, unless raw, c canonicalizes them; then they
// are sorted by hash, in place.
func finishSpecs(file string, line int, what string, specs []Spec, raw bool, c *canonicalizer) error {
	return finishSpecsLists(file, line, what, specs, raw, true, c)
}

// finishSpecsLists is finishSpecs, canonicalizing the specs' lists only
// when lists.
func finishSpecsLists(file string, line int, what string, specs []Spec, raw, lists bool, c *canonicalizer) error {
	var sc *sortScratch
	if c != nil {
		sc = c.sort
	}
	order, hashesOK := hashOrder(specs, sc)
	if err := checkHashesUnless(hashesOK, file, line, what, specs); err != nil {
		return err
	}
	for i := range specs {
		if raw {
			// Uncanonicalized, lists stay as written, but a spec's
			// stacks are a set: a stack listed twice would count the
			// spec twice in it (issue 11 item 15).
			specs[i].Stacks = dropDuplicates(specs[i].Stacks)
		} else {
			c.spec(&specs[i], lists)
		}
	}
	sortByHash(specs, order)
	return nil
}

// dropDuplicates removes the later copies of each string of l, in place.
func dropDuplicates(l []string) []string {
	if len(l) < 2 {
		return l
	}
	if len(l) <= 16 {
		out := l[:1]
		for _, v := range l[1:] {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		return slices.Clip(out)
	}
	seen := make(map[string]bool, len(l))
	out := l[:0]
	for _, v := range l {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return slices.Clip(out)
}

// checkHashes requires every spec to have a well-formed hash, once.
func checkHashes(file string, line int, what string, specs []Spec) error {
	seen := make(map[string]int, len(specs))
	for i, s := range specs {
		switch {
		case s.Hash == "":
			return &Error{File: file, Line: line, spec: i + 1, Msg: fmt.Sprintf("%s: spec %d has no hash", what, i+1)}
		case !isHash(s.Hash):
			return &Error{File: file, Line: line, spec: i + 1, atHash: true, Msg: fmt.Sprintf("%s: spec %d has a malformed hash %s (want 32 characters of a-z and 2-7)", what, i+1, quoteNameShort(s.Hash, 40))}
		}
		if j, dup := seen[s.Hash]; dup {
			return &Error{File: file, Line: line, spec: i + 1, atHash: true, Msg: fmt.Sprintf("%s: hash %s is listed twice (specs %d and %d)", what, s.Hash, j+1, i+1)}
		}
		seen[s.Hash] = i
	}
	return nil
}

// isHash reports whether h looks like a Spack DAG hash: 32 characters of
// Spack's base32 alphabet.
//
// It tests eight bytes at a time (jsonbytes.HashWord): it runs on every spec of a
// snapshot, and a byte at a time showed in a real week's instruction
// count.
func isHash(h string) bool {
	if len(h) != 32 {
		return false
	}
	for i := 0; i < 32; i += 8 {
		if !jsonbytes.HashWord(jsonbytes.Word(h, i)) {
			return false
		}
	}
	return true
}

// CheckPackageName refuses a package name that is a path out of its
// folder: "." or "..", one that starts or ends with a slash, or one with a
// "."/".." or empty part between slashes. Spack's names are letters,
// digits and hyphens; a report names a package's page by it (the patch
// format's old/NAME/specs.md), and such a name would make a patch that
// git apply and patch refuse whole, or that points outside its folder.
func CheckPackageName(name string) error {
	if !IsPackageName(name) {
		return fmt.Errorf("the package name %q is a path (. or .., or an empty part between slashes), not a name", name)
	}
	return nil
}

// IsPackageName reports whether name can name a package, as loading
// checks it (CheckPackageName): no part between slashes is empty, "." or
// "..". A report read back (jsonv1.DecodeBytes) is checked by it too.
func IsPackageName(name string) bool {
	for part := range strings.SplitSeq(name, "/") {
		if part == "" || part == "." || part == ".." {
			return false
		}
	}
	return true
}

// Finisher is what a State finishes the specs it decodes with, as the
// loader finishes those of a Decoder (finishSpecs): the loading
// goroutine's canonicalization, with its cache of canonical forms, and
// its sort memory. It counts the rules the file at hand applied, and
// shares the identical lists of the specs it finishes (listCache). A
// format that canonicalizes lists as it reads them (the page format's
// fast path, which finds a list's text again) does so through List, and
// counts what it recorded with Count once it keeps the lists.
type Finisher struct {
	// Raw and Tarballs are the Load's Options.Raw and Options.Tarballs.
	Raw, Tarballs bool
	c             canonicalizer // the file's: its counts (a value: one allocation less a file)
	st            *loadState    // nil: outside a Load (NewFinisher)
	lists         canonicalizer // List's, which records instead of counting
}

// NewFinisher returns a Finisher outside a Load, for one file: no cache,
// nothing shared with anything (tests hold a decoder's fast path to its
// general path with it).
func NewFinisher(opt Options) *Finisher {
	return &Finisher{Raw: opt.Raw, Tarballs: opt.Tarballs, c: canonicalizer{counts: RuleCounts{}}}
}

// finisher returns st's Finisher for the next file, its counts at zero.
func (st *loadState) finisher(opt Options) *Finisher {
	f := &st.fin
	f.Raw, f.Tarballs = opt.Raw, opt.Tarballs
	f.c = canonicalizer{counts: RuleCounts{}, cache: st.canon, sort: &st.sort}
	f.st = st
	f.lists.cache = st.canon
	return f
}

// Finish is what every format's specs go through once decoded: each must
// have a well-formed hash, once (an *Error about the first that has not,
// at line, in what, with Error.SpecIndex); then, unless Raw, they are
// canonicalized, their lists only when lists (false: List made them
// canonical); then sorted by hash, in place.
func (f *Finisher) Finish(file string, line int, what string, specs []Spec, lists bool) error {
	if err := finishSpecsLists(file, line, what, specs, f.Raw, lists, &f.c); err != nil {
		return err
	}
	if lists && f.st != nil {
		f.st.lists.share(specs)
	}
	return nil
}

// List returns list l of facet ("version", "variant" or "stack")
// canonical: its strings canonical, sorted as the facet sorts, once
// each. It counts nothing: it appends to rec the rules it applied, which
// Count counts.
func (f *Finisher) List(facet string, l []string, rec *[]uint16) []string {
	less := strings.Compare
	if facet == "variant" {
		less = compareVariants
	}
	if f.lists.counts == nil {
		f.lists.counts = RuleCounts{}
	}
	f.lists.rec = rec
	l = f.lists.list(facet, l, less)
	f.lists.rec = nil
	return l
}

// Count counts the rules of rec, as List recorded them, for the file.
func (f *Finisher) Count(rec []uint16) { f.c.replay(rec) }

// Counts returns the rules counted for the file so far.
func (f *Finisher) Counts() RuleCounts { return f.c.counts }

// Canonical returns s of facet canonical, as Finish makes a spec's, and
// counts nothing: for values a file claims about its specs (a page's
// meta), compared with them.
func (f *Finisher) Canonical(facet, s string) string {
	if f.st == nil {
		return Canonical(facet, s)
	}
	if f.st.metaCanon == nil {
		f.st.metaCanon = newCanonicalizer()
		f.st.metaCanon.cache = f.st.canon
	}
	return f.st.metaCanon.str(facet, s) // its counts are not used
}
