package gitsrc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRewritingLineOverriddenLater: git gives a file each attribute by
// the last line of a .gitattributes that matches it and names the
// attribute, so a later line with the same pattern that names it
// overrides an earlier one ("*.md ident" then "*.md -ident": git
// check-attr --cached says unspecified, and a clone, or git checkout --
// of a page, writes the pages as committed), yet the earlier line was
// refused as one that "gives files the ident attribute". A later line
// with another pattern, or one git drops, or past a NUL (git reads no
// line of the index's blob past it), overrides nothing here.
func TestRewritingLineOverriddenLater(t *testing.T) {
	long := "*.md -ident #" + strings.Repeat("x", maxAttrLine)
	for _, tc := range []struct {
		data string
		want int
	}{
		{"*.md ident\n*.md -ident\n", 0},
		{"*.md ident\r\n*.md\t!ident\r\n", 0},
		{"*.md ident\n*.md ident=x\n", 0},
		{"\"*.md\" ident\n\"*.md\"-ident\n", 0},
		{"*.md working-tree-encoding=UTF-16LE\n*.md working-tree-encoding=UTF-8\n", 0},
		{"*.md working-tree-encoding\n*.md -working-tree-encoding\n", 0},
		{"[attr]kw ident\n[attr]kw -ident\n", 0},
		// The later line sets it: refused there.
		{"*.md ident\n*.md text ident\n", 2},
		{"*.md -ident\n*.md ident\n", 2},
		{"*.md working-tree-encoding=UTF-8\n*.md working-tree-encoding=UTF-16LE\n", 2},
		// Nothing overrides the first.
		{"*.md ident\n*.MD -ident\n", 1},
		{"*.md ident\n_cache/*.md -ident\n", 1},
		{"*.md ident\n*.md text\n", 1},
		{"*.md ident\n*.md -ident # keep\n", 1},
		{"*.md ident\n" + long + "\n", 1},
		{"*.md ident\n# \x00\n*.md -ident\n", 1},
		{"*.md ident\x00\n*.md -ident\n", 1},
		{"*.md ident\n*.md ident\n*.md ident\n*.md ident\n*.md ident\n*.md ident\n*.md ident\n*.md ident\n*.md ident\n*.md ident\n*.md -ident\n", 0},
		{"\"a b.md\" ident\n\"a c.md\" -ident\n", 1},
		{"*.md working-tree-encoding=UTF-16LE\n*.md foo-working-tree-encoding=UTF-8\n", 1},
	} {
		if got, _ := rewritingLine([]byte(tc.data)); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.data, got, tc.want)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"*.json working-tree-encoding=UTF-16LE\n*.json -working-tree-encoding\n", false},
		{"*.json working-tree-encoding=UTF-16LE\n*.json working-tree-encoding=UTF-8\n", false},
		{"*.json working-tree-encoding=UTF-8\n*.json working-tree-encoding=UTF-16LE\n", true},
	}, "a later line with the same pattern leaves it unset, or UTF-8")
}

// TestRewritingLineOverriddenAlloc: the lines that a later one
// overrides are judged without a copy of the text or a table of its
// patterns: many lines of one pattern overridden by the last, and many
// of distinct patterns each overridden further on, allocate at most 4x
// the text, and 4x the text at most 4.4x as much.
func TestRewritingLineOverriddenAlloc(t *testing.T) {
	for _, shape := range []func(n int) string{
		func(n int) string { return strings.Repeat("*.md ident\n", n) + "*.md -ident\n" },
		// Quoted, compared as git reads them (samePattern), and a
		// macro's definitions, each line read for a later one.
		func(n int) string { return strings.Repeat("\"*.md\" ident\n", n) + "*.md -ident\n" },
		func(n int) string { return strings.Repeat("[attr]kw ident\n", n) + "[attr]kw -text\n" },
		func(n int) string {
			var b strings.Builder
			for i := range 2 * n {
				fmt.Fprintf(&b, "p%d.md %sident\n", i%n, strings.Repeat("-", i/n))
			}
			return b.String()
		},
	} {
		var sizes [2]float64
		for i, n := range []int{1 << 12, 1 << 14} {
			data := []byte(shape(n))
			got := allocated(t, func() error {
				rewritingLine(data)
				attrFile{path: "_cache/.gitattributes", data: data}.rewritingLine()
				return nil
			})
			sizes[i] = float64(got)
			if float64(got) > 4*float64(len(data)) {
				t.Errorf("%.20q, %d bytes: %d bytes allocated (%.1fx); want at most 4x", data, len(data), got, float64(got)/float64(len(data)))
			}
		}
		if r := sizes[1] / sizes[0]; r > 4.4 {
			t.Errorf("%.20q: 4x the text allocates %.2fx as much; want at most 4.4x", shape(1), r)
		}
	}
}

// TestRewritingLineOverriddenCRLong: a later line that git reads from
// the index with its carriage return, 2048 bytes with it, is one git
// drops ("ignoring overly long attributes line 2"): git check-attr
// --cached says ident is set on the pages, and a clone writes "$Id:
// <blob id> $" in them, yet "*.md ident" before it was judged
// overridden and passed. Without the carriage return (2047 bytes), it
// overrides.
func TestRewritingLineOverriddenCRLong(t *testing.T) {
	later := "*.md -ident " + strings.Repeat("a", maxAttrLine-1-len("*.md -ident "))
	for _, tc := range []struct {
		data string
		want int
	}{
		{"*.md ident\n" + later + "\r\n", 1},
		{"*.md ident\n" + later + "\r", 1},
		{"*.md working-tree-encoding=UTF-16LE\n" + strings.Replace(later, "-ident", "-working-tree-encoding", 1)[:maxAttrLine-1] + "\r\n", 1},
		{"*.md ident\n" + later + "\n", 0},
	} {
		if got, _ := rewritingLine([]byte(tc.data)); got != tc.want {
			t.Errorf("%.40q (%d bytes): line %d, want %d", tc.data, len(tc.data), got, tc.want)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"*.json working-tree-encoding=UTF-16LE\n" + strings.Replace(later, "*.md -ident", "*.json -working-tree-encoding", 1)[:maxAttrLine-1] + "\r\n", true},
	}, "")
}

// TestRewritingLineOverriddenMacroNUL: a macro line of a .gitattributes
// below the top, which git drops ("[attr]x -text not allowed"), was
// read as an empty line, its NUL with it, so that a line after the NUL
// overrode one before it: "*.md ident", "[attr]x -text<NUL>", "*.md
// -ident" in _cache/.gitattributes passed, while git, which reads no
// line of the index's blob past the NUL, gives the pages ident (git
// check-attr --cached: set; a clone writes "$Id: <blob id> $").
func TestRewritingLineOverriddenMacroNUL(t *testing.T) {
	for _, tc := range []struct {
		data string
		want int
	}{
		{"*.md ident\n[attr]x -text\x00\n*.md -ident\n", 1},
		{"*.md ident\n[attr]x -text\x00*.md -ident\n", 1},
		{"*.md ident\n[attr]x -text\n*.md -ident\n", 0},
	} {
		if got, _ := (attrFile{path: "_cache/.gitattributes", data: []byte(tc.data)}).rewritingLine(); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.data, got, tc.want)
		}
	}
}

// TestRewritingLineOverriddenTurns: two patterns that take turns, each
// overridden further on, were read again at each line, as only the last
// pattern found was remembered: "A.md ident" and "B.md ident" five times
// each, then "A.md -ident" and "B.md -ident", had line 9 refused, past
// the reads allowed, while git check-attr --cached gives neither ident
// (unset). Each pattern is read for once.
func TestRewritingLineOverriddenTurns(t *testing.T) {
	turns := strings.Repeat("A.md ident\nB.md ident\n", 5)
	var eight strings.Builder
	for range 3 {
		for i := range maxOverrideScans {
			fmt.Fprintf(&eight, "p%d.md ident\n", i)
		}
	}
	for i := range maxOverrideScans {
		fmt.Fprintf(&eight, "p%d.md -ident\n", i)
	}
	for _, tc := range []struct {
		data string
		want int
	}{
		{turns + "A.md -ident\nB.md -ident\n", 0},
		{turns + "A.md -ident\nB.md -ident\nB.md !ident\nA.md ident\n", 14},
		{turns + "A.md -ident\r\nB.md -ident", 0},
		{turns + "A.md -ident\n", 10},
		{eight.String(), 0},
		{eight.String() + "p3.md ident\n", 8*4 + 1},
	} {
		if got, _ := rewritingLine([]byte(tc.data)); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.data, got, tc.want)
		}
	}
}

// TestRewritingLineOverriddenMacro: git takes a macro's last definition
// whole, whatever it names: "[attr]kw ident", "*.md kw", then "[attr]kw
// -text" gives the pages no ident (git check-attr --cached:
// unspecified, and a clone writes them as committed), yet the first
// definition was refused as a line that gives files ident, as only a
// later line that names ident overrode it. Below the top, where git
// drops a macro's definition, nothing changes.
func TestRewritingLineOverriddenMacro(t *testing.T) {
	for _, tc := range []struct {
		path, data string
		want       int
	}{
		{".gitattributes", "[attr]kw ident\n*.md kw\n[attr]kw -text\n", 0},
		{".gitattributes", "[attr]kw working-tree-encoding=UTF-16LE\n*.md kw\n[attr]kw\ttext\r\n", 0},
		{".gitattributes", "[attr]kw ident\n*.md kw\n[attr]kw -text\n[attr]kw ident\n", 4},
		// One git drops, or another macro's, overrides nothing.
		{".gitattributes", "[attr]kw ident\n*.md kw\n[attr]kw -text #\n", 1},
		{".gitattributes", "[attr]kw ident\n*.md kw\n[attr]kw2 -text\n", 1},
		{".gitattributes", "[attr]kw ident\n*.md kw\x00\n[attr]kw -text\n", 1},
		// A file pattern is overridden only by a line that names it.
		{".gitattributes", "*.md ident\n*.md -text\n", 1},
		{"_cache/.gitattributes", "*.md ident\n[attr]kw -text\n*.md kw\n", 1},
	} {
		if got, _ := (attrFile{path: tc.path, data: []byte(tc.data)}).rewritingLine(); got != tc.want {
			t.Errorf("%s %q: line %d, want %d", tc.path, tc.data, got, tc.want)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"[attr]kw working-tree-encoding=UTF-16LE\n*.json kw\n[attr]kw -text\n", false},
		{"[attr]kw -text\n*.json kw\n[attr]kw working-tree-encoding=UTF-16LE\n", true},
	}, "the macro's last definition gives no working-tree-encoding")
}

// TestRewritingLineOverriddenQuoted: git unquotes a quoted pattern
// before it matches it, so "\"*.md\" ident" then "*.md -ident" gives the
// pages no ident (git check-attr --cached: unset; a clone writes them as
// committed), nor does "*.md ident" then "\"\\052.md\" -ident", yet the
// first line of each was refused, as the patterns were compared as
// written. "\\*.md" (a literal star) and "*.md " are other patterns.
func TestRewritingLineOverriddenQuoted(t *testing.T) {
	for _, tc := range []struct {
		data string
		want int
	}{
		{"\"*.md\" ident\n*.md -ident\n", 0},
		{"*.md ident\n\"*.md\"\t!ident\n", 0},
		{"*.md ident\n\"\\052.md\" -ident\n", 0},
		{"*.md working-tree-encoding=UTF-16LE\n\"*.md\" working-tree-encoding=UTF-8\n", 0},
		{"[attr]kw ident\n*.md kw\n\"[attr]kw\" -text\n", 0},
		{"*.md ident\n\"\\\\*.md\" -ident\n", 1},
		{"\"*.md\" ident\n\"*.md \" -ident\n", 1},
		{"\"*.md\" ident\n\"*.md\\000\" -ident\n", 1},
		{"*.md ident\n\"*.md -ident\n", 1},
		{"\"*.md\" -ident\n*.md ident\n", 2},
	} {
		if got, _ := rewritingLine([]byte(tc.data)); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.data, got, tc.want)
		}
	}
}

// TestRewritingLineOverriddenComment: a later line that git reads as a
// comment (its first byte past the blanks a '#') overrides nothing, even
// when its first word, as written, is the pattern of a quoted line
// before it: "\"#c/*.md\" ident" then "#c/*.md -ident" gives the pages
// of the folder #c ident (git 2.39.5 check-attr --cached: set; a clone
// writes "$Id: <blob id> $"), yet the first line was judged overridden
// and passed.
func TestRewritingLineOverriddenComment(t *testing.T) {
	for _, tc := range []struct {
		data string
		want int
	}{
		{"\"#c/*.md\" ident\n#c/*.md -ident\n", 1},
		{"\"#c/*.md\" ident\n \t#c/*.md -ident\n", 1},
		{"\"#*.md\" working-tree-encoding=UTF-16LE\n#*.md -working-tree-encoding\n", 1},
		{"\"#c/*.md\" ident\n\"#c/*.md\" -ident\n", 0},
	} {
		if got, _ := rewritingLine([]byte(tc.data)); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.data, got, tc.want)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"\"#*.json\" working-tree-encoding=UTF-16LE\n#*.json -working-tree-encoding\n", true},
	}, "")
}
