package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
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

// head opens a page's front matter, up to its values.
const head = "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n"

func cloneSpec(s Spec) Spec {
	s.Versions = slices.Clone(s.Versions)
	s.Variants = slices.Clone(s.Variants)
	s.Stacks = slices.Clone(s.Stacks)
	return s
}
