package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNotASCIIWarnedOncePerValue (210th adversarial pass): a page warns
// of each distinct value of its identifiers that is not ASCII, and a
// catalogue whose every page lists one such stack (r\u043eot, its о
// Cyrillic) warned once a page: 2,000 lines of the same value in the
// report of 1,000 pages a side, where design.md promises a warning for
// each distinct value. The snapshot gives each value once, at its first
// page, counting the pages more that hold it; a value of one page alone
// keeps its warning as it was.
func TestNotASCIIWarnedOncePerValue(t *testing.T) {
	dir := t.TempDir()
	const n = 5
	for i := range n {
		name := fmt.Sprintf("pkg%d", i)
		stacks := `"r\u043eot", "ml"`
		meta := `"num_specs_by_stack": {"r\u043eot": 1, "ml": 1}, "stacks": ["ml", "r\u043eot"]`
		if i == n-1 { // a value of this page alone
			stacks = `"r\u043eot", "m\u0131"`
			meta = `"num_specs_by_stack": {"r\u043eot": 1, "m\u0131": 1}, "stacks": ["m\u0131", "r\u043eot"]`
		}
		writeStackPage(t, dir, name, i, meta, stacks)
	}
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range snap.Warnings {
		if strings.Contains(w.Message, "not ASCII") {
			got = append(got, filepath.Base(filepath.Dir(w.File))+": "+w.Message)
		}
	}
	want := []string{
		`pkg0: stack "r\u043eot" holds characters that are not ASCII: Spack writes stacks in ASCII, and a lookalike letter reads as another value; 4 more pages hold it too`,
		`pkg4: stack "m\u0131" holds characters that are not ASCII: Spack writes stacks in ASCII, and a lookalike letter reads as another value`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings of values not ASCII:\n%s\nwant each value once:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNotASCIICollapseLeavesOtherWarnings (213th adversarial pass): the
// collapse of warnings of values not ASCII picked them by the text of
// their message alone, so a page's own warning that quotes a value
// holding that text (meta miscounting a stack so named, on each of three
// pages) was given once, "2 more pages hold it too", and the two other
// pages' warnings were dropped. Each page keeps its own.
func TestNotASCIICollapseLeavesOtherWarnings(t *testing.T) {
	dir := t.TempDir()
	const stack = "s holds characters that are not ASCII: Spack writes t"
	for i := range 3 {
		name := fmt.Sprintf("pkg%d", i)
		q := strconv.Quote(stack)
		writeStackPage(t, dir, name, i, `"num_specs_by_stack": {`+q+`: 2}, "stacks": [`+q+`]`, q)
	}
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range snap.Warnings {
		got = append(got, filepath.Base(filepath.Dir(w.File))+": "+w.Message)
	}
	var want []string
	for i := range 3 {
		want = append(want, fmt.Sprintf(`pkg%d: meta says num_specs_by_stack[%q] is 2, but 1 spec lists that stack`, i, stack))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant each page's own:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNotASCIILongValuesKeptApart (213th adversarial pass): a warning
// quotes a value of over 80 characters shortened, so two stacks alike in
// their first 80 characters (r\u043eotxxx…0 and r\u043eotxxx…1, on a page
// each) read as one value, "1 more page holds it too", and the second
// value was never named. Each keeps its warning.
func TestNotASCIILongValuesKeptApart(t *testing.T) {
	dir := t.TempDir()
	for i := range 2 {
		name := fmt.Sprintf("pkg%d", i)
		stack := `r\u043eot` + strings.Repeat("x", 90) + fmt.Sprint(i)
		writeStackPage(t, dir, name, i, `"num_specs_by_stack": {"`+stack+`": 1}, "stacks": ["`+stack+`"]`, `"`+stack+`"`)
	}
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range snap.Warnings {
		got = append(got, filepath.Base(filepath.Dir(w.File))+": "+w.Message)
	}
	if len(got) != 2 || strings.Contains(strings.Join(got, "\n"), "more page") {
		t.Errorf("warnings of two long values not ASCII:\n%s\nwant one a page, neither collapsed", strings.Join(got, "\n"))
	}
}

// writeStackPage writes dir/name/specs.md, a page of one spec (its hash
// the i-th letter, 32 times) listing stacks (JSON list items, as
// written), with meta's stack fields as given.
func writeStackPage(t *testing.T, dir, name string, i int, meta, stacks string) {
	t.Helper()
	page := fmt.Sprintf("---\ntitle: %q\nlayout: cache\ncategories: [package, develop]\n"+
		`meta: {"compilers": ["gcc@13.2.0"], "num_specs": 1, %s, "oss": ["ubuntu24.04"], "platforms": ["linux"], "targets": ["x86_64"], "versions": ["1.0"]}`+"\n"+
		`spec_details: [{"compiler": "gcc@13.2.0", "hash": "%s", "os": "ubuntu24.04", "platform": "linux", "size": "-", "stacks": [%s], "target": "x86_64", "variants": ["+x"], "versions": ["1.0"]}]`+"\n---\n",
		name, meta, strings.Repeat(string(rune('a'+i)), 32), stacks)
	if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name, "specs.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
}
