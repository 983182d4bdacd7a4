package catalog

import (
	"unicode/utf8"
	"unsafe"

	"github.com/cachediff/cachediff/snapshot"
)

// notASCIIWarnings warns of the identifiers of a page that are not ASCII:
// its title (the package's name) and its specs' compilers, oss,
// platforms, targets and stacks. Spack writes them all in ASCII, and one
// written with a lookalike letter (gсc@13.3.0, its с Cyrillic) loaded
// silently and showed in a report's tables as gcc@13.3.0 would; the
// warning quotes it in ASCII (quoteValue), once a value, and the report
// keeps it as written. line is the line of spec_details. A page's specs
// share their values (the same string, the same list), so a value is
// looked at once where its neighbour spec has it too: one check per
// distinct value, not per spec.
func notASCIIWarnings(file string, line int, title string, specs []snapshot.Spec) []snapshot.Warning {
	var out []snapshot.Warning
	var warned map[string]bool
	warn := func(field, plural, v string, line int) {
		if !notASCII(v) || warned[field+"\x00"+v] {
			return
		}
		if warned == nil {
			warned = map[string]bool{}
		}
		warned[field+"\x00"+v] = true
		out = append(out, snapshot.Warning{File: file, Line: line, Same: field + "\x00" + v,
			Message: field + " " + quoteValue(v) + " holds characters that are not ASCII: Spack writes " + plural + " in ASCII, and a lookalike letter reads as another value"})
	}
	warn("package name", "package names", title, 2)
	var last [4]string
	var lastStacks *string
	for i := range specs {
		s := &specs[i]
		for f, v := range [4]string{s.Compiler, s.OS, s.Platform, s.Target} {
			if v == last[f] {
				continue
			}
			last[f] = v
			warn([4]string{"compiler", "os", "platform", "target"}[f], [4]string{"compilers", "oss", "platforms", "targets"}[f], v, line)
		}
		if d := unsafe.SliceData(s.Stacks); d != nil && d == lastStacks {
			continue // the list of the spec before: looked at
		} else {
			lastStacks = d
		}
		for _, v := range s.Stacks {
			warn("stack", "stacks", v, line)
		}
	}
	return out
}

// notASCII reports whether s holds a byte outside ASCII.
func notASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
