package snapshot

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const hashAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// hashN returns a distinct valid hash for each i >= 0.
func hashN(i int) string {
	b := []byte(strings.Repeat("a", 32))
	for j := 31; i > 0 && j >= 0; j-- {
		b[j] = hashAlphabet[i%32]
		i /= 32
	}
	return string(b)
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// testPage writes a package page the way the generator does: the front
// matter with meta (left out when nil) and spec_details as one-line JSON,
// ending in "\n---\n". spec_details is on line 5 when meta is nil, else 6.
func testPage(title, tag string, meta any, specs ...map[string]any) string {
	var b strings.Builder
	b.WriteString("---\n")
	fmt.Fprintf(&b, "title: %q\nlayout: cache\ncategories: [package, %s]\n", title, tag)
	if meta != nil {
		b.WriteString("meta: " + mustJSON(meta) + "\n")
	}
	if specs == nil {
		specs = []map[string]any{}
	}
	b.WriteString("spec_details: " + mustJSON(specs) + "\n---\n")
	return b.String()
}

// simpleSpec is a spec in canonical form with one stack.
func simpleSpec(i int) map[string]any {
	return map[string]any{"hash": hashN(i), "compiler": "gcc@13.2.0", "versions": []string{"1.0"},
		"os": "ubuntu24.04", "platform": "linux", "target": "x86_64_v3",
		"variants": []string{"+shared"}, "stacks": []string{"root"}, "size": "-"}
}

// simpleMeta is the meta that agrees with n simple specs.
func simpleMeta(n int) map[string]any {
	return map[string]any{"versions": []string{"1.0"}, "compilers": []string{"gcc@13.2.0"},
		"oss": []string{"ubuntu24.04"}, "platforms": []string{"linux"}, "targets": []string{"x86_64_v3"},
		"stacks": []string{"root"}, "num_specs": n, "num_specs_by_stack": map[string]int{"root": n}}
}

// simplePage is a consistent page of n simple specs, hashes from first on.
func simplePage(title, tag string, first, n int) string {
	specs := make([]map[string]any, n)
	for i := range specs {
		specs[i] = simpleSpec(first + i)
	}
	return testPage(title, tag, simpleMeta(n), specs...)
}

// writeTree writes files (slash-separated paths relative to the root) into
// a new temporary directory and returns it.
func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

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
	if !slices.IsSortedFunc(snap.Warnings, compareWarnings) {
		t.Error("warnings not sorted")
	}
}
