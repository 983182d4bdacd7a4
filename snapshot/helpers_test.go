package snapshot

import (
	"errors"
	"fmt"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const hashAlphabet = pagetest.HashAlphabet

// The pages of the tests: package pagetest, shared with the tests of
// the page format (snapshot/catalog).
var (
	hashN      = pagetest.HashN
	testPage   = pagetest.Page
	simpleSpec = pagetest.SimpleSpec
	fullSpec   = pagetest.Full
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
	loc := "loading " + loadingPath(file, false)
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

const realDir = "../testdata/real"

// checkSnapshotInvariants checks what Load promises of any snapshot.
func checkSnapshotInvariants(t *testing.T, snap *Snapshot) {
	t.Helper()
	if !slices.IsSortedFunc(snap.Packages, func(a, b *Package) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("packages not sorted by name")
	}
	seen := map[string]bool{}
	for _, p := range snap.Packages {
		for i, s := range p.Specs {
			if !isHash(s.Hash) {
				t.Errorf("%s: bad hash %q", p.Name, s.Hash)
			}
			if i > 0 && p.Specs[i-1].Hash >= s.Hash {
				t.Errorf("%s: specs not sorted by hash", p.Name)
			}
			if seen[s.Hash] {
				t.Errorf("%s: hash %s twice", p.Name, s.Hash)
			}
			seen[s.Hash] = true
			if !snap.Raw {
				again := cloneSpec(s)
				c := newCanonicalizer()
				c.spec(&again, true)
				if !reflect.DeepEqual(again, s) || len(c.counts) != 0 {
					t.Errorf("%s: spec %s not canonical: %+v, counts %v", p.Name, s.Hash, again, c.counts)
				}
				if s.Compiler == "" {
					t.Errorf("%s: spec %s has an empty compiler", p.Name, s.Hash)
				}
			}
		}
	}
	if !slices.IsSortedFunc(snap.Warnings, CompareWarnings) {
		t.Error("warnings not sorted")
	}
}
