package snapshot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/internal/jsonbytes"
)

// What every format's specs and packages go through once decoded, the
// package pages' (page.go) and the other decoders' (decodeOther) alike:
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
			return &Error{File: file, Line: line, spec: i + 1, atHash: true, Msg: fmt.Sprintf("%s: spec %d has a malformed hash %q (want 32 characters of a-z and 2-7)", what, i+1, shorten(s.Hash, 40))}
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
// It tests eight bytes at a time (hashWord): it runs on every spec of a
// snapshot, and a byte at a time showed in a real week's instruction
// count.
func isHash(h string) bool {
	if len(h) != 32 {
		return false
	}
	for i := 0; i < 32; i += 8 {
		if !hashWord(jsonbytes.Word(h, i)) {
			return false
		}
	}
	return true
}

// hashWord reports whether each of the eight bytes of x is in Spack's
// base32 alphabet, a-z and 2-7. For a byte below 0x80, adding 0x80-lo
// sets its high bit exactly when it is at least lo, and adding 0x7f-hi
// exactly when it is above hi, and the sum carries into no other byte. A
// byte from 0x80 up gets neither mark whatever it carries (so the word
// is refused), though its carry may mark the byte above it wrongly.
func hashWord(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	letter := (x + (0x80-'a')*ones) &^ (x + (0x7f-'z')*ones)
	digit := (x + (0x80-'2')*ones) &^ (x + (0x7f-'7')*ones)
	return (letter|digit)&highs == highs
}

// checkPackageName refuses a package name that is a path out of its
// folder: "." or "..", one that starts or ends with a slash, or one with a
// "."/".." or empty part between slashes. Spack's names are letters,
// digits and hyphens; a report names a package's page by it (the patch
// format's old/NAME/specs.md), and such a name would make a patch that
// git apply and patch refuse whole, or that points outside its folder.
func checkPackageName(name string) error {
	if !IsPackageName(name) {
		return fmt.Errorf("the package name %q is a path (. or .., or an empty part between slashes), not a name", name)
	}
	return nil
}

// IsPackageName reports whether name can name a package, as loading
// checks it (checkPackageName): no part between slashes is empty, "." or
// "..". A report read back (jsonv1.DecodeBytes) is checked by it too.
func IsPackageName(name string) bool {
	for part := range strings.SplitSeq(name, "/") {
		if part == "" || part == "." || part == ".." {
			return false
		}
	}
	return true
}
