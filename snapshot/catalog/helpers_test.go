package catalog

import (
	"errors"
	"fmt"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"slices"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

const hashAlphabet = pagetest.HashAlphabet

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
