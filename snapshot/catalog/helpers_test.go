package catalog

import (
	"errors"
	"fmt"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// The pages of the tests: package pagetest, shared with the tests of
// the loader (snapshot).
var (
	hashN      = pagetest.HashN
	mustJSON   = pagetest.MustJSON
	testPage   = pagetest.Page
	simpleSpec = pagetest.SimpleSpec
	simpleMeta = pagetest.SimpleMeta
	simplePage = pagetest.SimplePage
	writeTree  = pagetest.WriteTree
)

// bothPaths are the two ways a page is parsed: the fast path (with a
// loading state) and the general decoders alone, which must agree.
var bothPaths = []func(string, []byte, bool) (*Package, RuleCounts, []Warning, error){parsePage, parseGeneral}

// errorFor returns the *Error about file in err (an *Error or a
// *LoadError), or nil.
func errorFor(err error, file string) *Error {
	var le *LoadError
	if errors.As(err, &le) {
		for _, e := range le.Errs {
			if e.File == file {
				return e
			}
		}
		return nil
	}
	var e *Error
	if errors.As(err, &e) && e.File == file {
		return e
	}
	return nil
}

// checkErr requires err to report file at line and col (0: none), with a
// message holding every one of want, in its fields and in its text.
func checkErr(t *testing.T, err error, file string, line, col int, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one about %s", file)
	}
	e := errorFor(err, file)
	if e == nil {
		t.Fatalf("error %q does not name %s", err, file)
	}
	if e.Line != line || e.Col != col {
		t.Errorf("error %q at line %d, column %d; want line %d, column %d", e, e.Line, e.Col, line, col)
	}
	text := err.Error()
	loc := "loading " + file
	if line > 0 {
		loc += fmt.Sprintf(": line %d", line)
		if col > 0 {
			loc += fmt.Sprintf(", column %d", col)
		}
	}
	loc += ": "
	if !strings.Contains(text, loc) {
		t.Errorf("error %q does not contain %q", text, loc)
	}
	for _, w := range want {
		if !strings.Contains(e.Msg, w) {
			t.Errorf("error %q does not say %q", text, w)
		}
	}
}

// head opens a page's front matter, up to its values.
const head = "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"

func cloneSpec(s Spec) Spec {
	s.Versions = slices.Clone(s.Versions)
	s.Variants = slices.Clone(s.Variants)
	s.Stacks = slices.Clone(s.Stacks)
	return s
}

// otherFields is what a spec written as JSON needs after the fields of
// fields (a part of its text, its opening brace or not): a comma and
// each field every spec has but the hash (pagetest.SpecFields) that
// fields does not write as a key of the spec's own (not of an object
// inside it), empty, with the size real pages write when it is not
// known. A spec needs them all, and a test of something else writes only
// its own.
func otherFields(fields string) string {
	fields = strings.TrimPrefix(strings.TrimSpace(fields), "{")
	keys := map[string]bool{}
	depth := 0
	for i := 0; i < len(fields); i++ {
		switch c := fields[i]; c {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			j := i + 1
			for j < len(fields) && fields[j] != '"' {
				if fields[j] == '\\' {
					j++
				}
				j++
			}
			if depth == 0 && j < len(fields) && strings.HasPrefix(strings.TrimLeft(fields[j+1:], " \t\r\n"), ":") {
				keys[fields[i+1:j]] = true
			}
			i = j
		}
	}
	return restOf(func(k string) bool { return keys[k] }, `, "%s": %s`)
}

// otherFieldsYAML is otherFields for a spec written as a YAML block
// mapping (fields, its lines so far): a line for each field, indented by
// indent.
func otherFieldsYAML(fields, indent string) string {
	return restOf(func(k string) bool {
		return regexp.MustCompile(`(?m)(^|[\s{,])` + k + `\s*:`).MatchString(fields)
	}, indent+"%s: %s\n")
}

func restOf(has func(string) bool, format string) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(pagetest.SpecFields)) {
		if !has(k) {
			fmt.Fprintf(&b, format, k, mustJSON(pagetest.SpecFields[k]))
		}
	}
	return b.String()
}

// fullSpecs is list (a JSON list of specs, as a test writes it) with the
// fields every spec has added to each spec that does not write them
// (otherFields), after its last field: the white space before its
// closing brace stays where it was. A spec without fields gets a hash.
func fullSpecs(list string) string {
	var b strings.Builder
	depth, start, copied := 0, -1, 0
	inString := false
	for i := 0; i < len(list); i++ {
		c := list[i]
		if inString {
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
			if c == '{' && depth == 2 {
				start = i
			}
		case '}', ']':
			if c == '}' && depth == 2 {
				spec := list[start:i]
				end := len(strings.TrimRight(spec, " \t\r\n"))
				rest := otherFields(spec)
				if strings.TrimSpace(spec[1:]) == "" {
					rest = fmt.Sprintf(`"hash": %q%s`, hashN(start), rest)
				}
				b.WriteString(list[copied:start+end] + rest)
				copied = start + end
			}
			depth--
		}
	}
	b.WriteString(list[copied:])
	return b.String()
}

// oneMeta is a meta for a test's page of one spec, written after its
// spec_details (where it moves no line the test checks) by a test of
// something else: every page has a meta (a page without one is refused),
// and this one, without lists, disagrees with the specs (warnings, which
// such a test does not read).
const oneMeta = "meta: {\"num_specs\": 1}\n"
