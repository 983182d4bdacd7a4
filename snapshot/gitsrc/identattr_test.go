package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// lineCase is a .gitattributes content and the line rewritingLine
// names in it (0: none), with its message.
type lineCase struct {
	data string
	want int
	msg  string
}

// checkRewritingLines checks rewritingLine on each case.
func checkRewritingLines(t *testing.T, cases []lineCase) {
	t.Helper()
	for _, tc := range cases {
		if n, msg := rewritingLine([]byte(tc.data)); n != tc.want || msg != tc.msg {
			t.Errorf("%q: line %d, %q; want line %d, %q", tc.data, n, msg, tc.want, tc.msg)
		}
	}
}

// TestIdentLine: a .gitattributes line that sets ident on files that may
// be pages counts, as a working-tree-encoding does; one that unsets it,
// or sets it on other files, does not.
func TestIdentLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{
		{"*.md ident", 1},
		{"*\tident", 1},
		{"_cache/** text ident", 1},
		{"[attr]kw ident", 1},
		{"*.md -ident", 0},
		{"*.md !ident", 0},
		{"*.c ident", 0},
		{"identity.md text", 0},
		{"# *.md ident", 0},
	} {
		if got, _ := rewritingLine([]byte(tc.line + "\n")); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.line, got, tc.want)
		}
	}
}

// TestGitattributesIdentAbove: a .gitattributes above PATH that gives the
// pages the ident attribute is an error at its line, in a snapshot and
// in a log's range. A checkout replaces each "$Id:…$" of a page (any
// text without a space up to the next '$' on the line) by "$Id: <blob
// id> $": a pull request committed a page whose compact spec_details
// held "$Id:" in the last variant of an added spec and "$" in that of
// another added after the others, then a line "*.md ident" in the
// repository's .gitattributes. REV:PATH read the page as committed (two
// specs added, the gate --fail-on removed-spec passed), while the
// checkout the site is built from lost every spec between the two (13
// of py-keras's 14 removed).
func TestGitattributesIdentAbove(t *testing.T) {
	clone, commit := seriesClone(t)
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	load := func(spec string) error {
		_, err := snapshot.LoadFrom(mustSource(t, r, spec), snapshot.Options{})
		return err
	}
	commit(".gitattributes", "*.png binary\n*.md -ident\n")
	if err := load("HEAD:_cache/develop"); err != nil {
		t.Errorf("attributes that unset ident: %v", err)
	}
	commit(".gitattributes", "*.png binary\n*.md ident\n")
	want := "HEAD:.gitattributes: line 2: this line gives files the ident attribute"
	if err := load("HEAD:_cache/develop"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("*.md ident: %v; want an error holding %q", err, want)
	}
	if _, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err == nil || !strings.Contains(err.Error(), "this line gives files the ident attribute") {
		t.Errorf("a log over the commit: %v; want the same error", err)
	}
}

// TestRewritingLineBOM: git skips a UTF-8 byte order mark at the start
// of a .gitattributes, so "<BOM>*.md ident" gives the pages ident (git
// check-attr says "set", and a checkout rewrites them) while its pattern
// read with the mark, "\ufeff*.md", matched no page here: a gate over
// REV:PATH passed. A mark on a later line is part of its pattern, as it
// is to git.
func TestRewritingLineBOM(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"\ufeff*.md ident\n", 1, identAboveMsg},
		{"\ufeff*.md working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"\ufeff*.png binary\n*.md ident\n", 2, identAboveMsg},
		// Skipped at the start only, and from the working tree only
		// (TestRewritingLineBOMFromIndex): on a later line "<BOM>#"
		// starts a pattern (which a page may be named by).
		{"*.png binary\n\ufeff#x.md ident\n", 2, identAboveMsg},
	})
}

// TestRewritingLineCase: a checkout with core.ignorecase (what git sets
// on a case-insensitive file system: a macOS or Windows runner's) matches
// attribute patterns without case, so "*.MD ident" gives the pages
// ident there (git -c core.ignorecase=true check-attr: set), while the
// pattern matched no page here and the gate passed.
func TestRewritingLineCase(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"*.MD ident\n", 1, identAboveMsg},
		{"SPECS.md working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"*.PNG ident\n", 0, ""},
	})
}

// TestRewritingLineCarriageReturn: git splits a .gitattributes line at
// a carriage return as at a space or a tab (its blanks are " \t\r\n"),
// so "*.md<CR>working-tree-encoding=UTF-16LE" gives the pages the
// encoding (git check-attr: UTF-16LE), while the pattern was cut at a
// space or a tab only, read as "*.md<CR>working-tree-encoding=UTF-16LE",
// matched no page, and a gate over REV:PATH passed.
func TestRewritingLineCarriageReturn(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"*.md\rworking-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"specs.md\r working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"\ufeff*.png binary\r\n*.md\rworking-tree-encoding=UTF-16LE\r\n", 2, encodingAboveMsg},
		{"*.md\rident\n", 1, identAboveMsg},
		{"*.png\rworking-tree-encoding=UTF-16LE\n", 0, ""},
	})
}

// TestRewritingLineOtherPage: a page is any *.md whose front matter says
// layout: cache (docs/design.md), not only specs.md, so "zlib.md
// working-tree-encoding=UTF-16LE" re-encodes the page zlib.md in a
// checkout, while the pattern was matched against "specs.md" alone,
// matched nothing, and a gate over REV:PATH passed.
func TestRewritingLineOtherPage(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"zlib.md working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"ZLIB.MD ident\n", 1, identAboveMsg},
		{"*.m? ident\n", 1, identAboveMsg},
		{"z*d ident\n", 1, identAboveMsg},
		{"*.md* ident\n", 1, identAboveMsg},
		{"* ident\n", 1, identAboveMsg},
		{"*.mdx ident\n", 0, ""},
		{"? ident\n", 0, ""},
		{"*.png working-tree-encoding=UTF-16LE\n", 0, ""},
		{"md ident\n", 0, ""},
		{"!*.md ident\n", 0, ""}, // git ignores a negative pattern
		{"!zlib.md working-tree-encoding=UTF-16LE\n", 0, ""},
	})
}

// TestRewritingLineGitBlanks: git splits a .gitattributes line at its
// blanks " \t\r\n" only, so "x<VT>*.md ident" (or with a no-break space)
// is the pattern "x<VT>*.md", which git check-attr applies to the page
// "x<VT>foo.md" (ident: set), while identLine split the line at any
// Unicode space, judged the pattern "x", matched no page, and a gate
// over REV:PATH passed. "*.md<VT>ident" is one pattern, no attribute.
func TestRewritingLineGitBlanks(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"x\v*.md ident\n", 1, identAboveMsg},
		{"x\f*.md ident\n", 1, identAboveMsg},
		{"x\u00a0*.md ident\n", 1, identAboveMsg},
		{"x\u0085*.md\tident\n", 1, identAboveMsg},
		{"*.png binary\n*.md\vident\n", 0, ""},
		{"*.md\u00a0ident\n", 0, ""},
	})
}

// TestRewritingLineSlash: a pattern with a slash matches a file's whole
// path, its last part (after the last slash) the file's name, since no
// wildcard but a "**" part crosses a slash: "docs/*.txt
// working-tree-encoding=UTF-16LE", a real-world line of a repository
// that keeps Windows files, gives no page an encoding (git check-attr:
// unspecified), yet any line with a slash was refused.
func TestRewritingLineSlash(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"docs/*.txt working-tree-encoding=UTF-16LE\n", 0, ""},
		{"win/**/*.ps1 ident\n", 0, ""},
		{"docs/x**txt ident\n", 0, ""},
		{"!docs/*.md ident\n", 0, ""},
		{"docs/*.md ident\n", 1, identAboveMsg},
		{"/ZLIB.MD working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"**/*.md ident\n", 1, identAboveMsg},
		{"docs/** ident\n", 1, identAboveMsg},
		{"docs/!x.md ident\n", 1, identAboveMsg},
		{"docs/ ident\n", 0, ""}, // a folder's: it matches no file (TestRewritingLineFolderPattern)
		{"docs/*.txt\\/x ident\n", 1, identAboveMsg},
	})
}

// TestRewritingLineNUL: git reads a .gitattributes line as a C string,
// ended at its first NUL byte: "*.md ident<NUL>junk" gives the pages
// ident (git check-attr, from the file or --cached: set), while the
// attribute was read as "ident<NUL>junk", named no ident, and a gate
// over REV:PATH passed.
func TestRewritingLineNUL(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"*.md ident\x00junk\n", 1, identAboveMsg},
		{"*.png binary\n*.md\tident\x00\n", 2, identAboveMsg},
		{"*.md working-tree-encoding=UTF-16LE\x00x\n", 1, encodingAboveMsg},
		{"*.md\x00 ident\n", 0, ""},
		{"*.png ident\x00 *.md\n", 0, ""},
	})
}

// TestRewritingLineQuotedGlued: git reads a quoted pattern up to its
// closing quote and the attributes right after it, blank or not:
// "\"*.md\"ident" gives the pages ident (git check-attr --cached: set;
// a clone turns "$Id$" into "$Id: <blob id> $"), while identLine split
// the line at blanks only, found no field "ident", and a gate over
// REV:PATH passed.
func TestRewritingLineQuotedGlued(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"\"*.md\"ident\n", 1, identAboveMsg},
		{"*.png binary\n\"*.md\"ident -text\n", 2, identAboveMsg},
		{"\"*.md\"-ident\tident\n", 1, identAboveMsg},
		{"\"*.md\"working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"*.md\"ident\n", 0, ""},
		// A quoted pattern's line that unsets ident gives no page ident:
		// it was refused, "this line gives files the ident attribute".
		{"\"*.md\" -ident\n", 0, ""},
		{"\"*.md\"-ident\n", 0, ""},
		{"\"a b.md\" !ident text\n", 0, ""},
		{"\"*.md\" ident -ident\n", 0, ""},
		{"\"*.md ident\n", 1, identAboveMsg}, // no closing quote: git reads "*.md unquoted
		// Nor one that gives a UTF-8 encoding, or unsets it, its words
		// after a quoted pattern with no blank, or a pattern that holds
		// the attribute's name: they were refused, "this line gives
		// files a working-tree-encoding".
		{"\"*.md\"working-tree-encoding=UTF-8\n", 0, ""},
		{"\"*.md\"-working-tree-encoding\n", 0, ""},
		{"working-tree-encoding.md working-tree-encoding=utf8\n", 0, ""},
	})
}

// TestRewritingLineUnsetEncodingValue: a word that unsets or unspecifies
// working-tree-encoding with a value ("-working-tree-encoding=UTF-16LE")
// gives no file an encoding, as parse_attr reads it (git check-attr
// --cached: unset, unspecified; a clone checks the page out as
// committed), yet such a line was refused, "this line gives files a
// working-tree-encoding".
func TestRewritingLineUnsetEncodingValue(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"*.md -working-tree-encoding=UTF-16LE\n", 0, ""},
		{"*.md !working-tree-encoding=UTF-16LE\n", 0, ""},
		{"\"*.md\"-working-tree-encoding=UTF-16\n", 0, ""},
		{"*.md working-tree-encoding=UTF-16LE -working-tree-encoding=x\n", 0, ""},
		{"*.md -working-tree-encoding=x working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
	})
}

// TestRewritingLineSetThenUnsetEncoding: a line whose last word for
// working-tree-encoding unsets or unspecifies it gives no file an
// encoding, whatever words before it gave (git check-attr --cached:
// unset; a clone checks the page out as committed), yet a word before it
// with no value ("*.md working-tree-encoding -working-tree-encoding")
// was refused, "this line gives files a working-tree-encoding ... a
// checkout ... re-encodes them".
func TestRewritingLineSetThenUnsetEncoding(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"*.md working-tree-encoding -working-tree-encoding\n", 0, ""},
		{"*.md working-tree-encoding !working-tree-encoding\n", 0, ""},
		{"*.md working-tree-encoding working-tree-encoding=UTF-8\n", 0, ""},
		{"*.md working-tree-encoding=UTF-16LE working-tree-encoding -working-tree-encoding=x\n", 0, ""},
		{"*.md -working-tree-encoding working-tree-encoding\n", 1, encodingNoValueAboveMsg},
		{"*.md working-tree-encoding=UTF-8 working-tree-encoding\n", 1, encodingNoValueAboveMsg},
		{"*.md working-tree-encoding -working-tree-encoding=x working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
	})
}

// TestRewritingLineEncodingNamedWithin: a word that holds the name
// working-tree-encoding without being it, another attribute or a value
// of one ("*.md foo-working-tree-encoding=UTF-16LE", "*.md
// x=working-tree-encoding"), gives no file an encoding (git check-attr
// --cached: unspecified; a clone checks the pages out as committed), yet
// such a line was refused, "this line gives files a
// working-tree-encoding ... a checkout ... re-encodes them".
func TestRewritingLineEncodingNamedWithin(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"*.md foo-working-tree-encoding=UTF-16LE\n", 0, ""},
		{"*.md working-tree-encoding-x\n", 0, ""},
		{"*.md working-tree-encoding-x -working-tree-encoding\n", 0, ""},
		{"*.md x=working-tree-encoding\n", 0, ""},
		{"*.md x=working-tree-encoding=UTF-16LE\n", 0, ""},
		{"[attr]working-tree-encoding-x working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"*.md foo-working-tree-encoding working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"*.md working-tree-encoding foo-working-tree-encoding=UTF-8\n", 1, encodingNoValueAboveMsg},
	})
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	checkEncodingLines(t, []encodingCase{
		{"*.json foo-working-tree-encoding=UTF-16LE\n", false},
		{"*.json x=working-tree-encoding\n", false},
	}, "another attribute, which gives no encoding")
}

// TestRewritingLineBOMFromIndex: git skips a byte order mark at the start
// of a .gitattributes read from the working tree, not of one read from
// the index, as a checkout reads it: there "<BOM>#x.md ident" is the
// pattern "<BOM>#x.md", no comment, and a clone turned "$Id$" of the page
// "<BOM>#x.md" into "$Id: <blob id> $" (git check-attr --cached: set),
// while rewritingLine skipped the mark, read a comment, and a gate over
// REV:PATH passed. Both readings count.
func TestRewritingLineBOMFromIndex(t *testing.T) {
	checkRewritingLines(t, []lineCase{
		{"\ufeff#x.md ident\n", 1, identAboveMsg},
		{"\ufeff#x.md working-tree-encoding=UTF-16LE\n", 1, encodingAboveMsg},
		{"\ufeff!x.md ident\n", 1, identAboveMsg},
		{"\ufeff *.md ident\n", 1, identAboveMsg},
		{"\ufeff*.png ident\n", 0, ""},
		{"\ufeff#x.png ident\n*.md ident\n", 2, identAboveMsg},
	})
}

// TestRewritingLineLongLineAlloc: a .gitattributes line of 2048 bytes or
// more, which git ignores (gitDrops), is not split into its words: one
// long line of short words ("*.md -i -i ... ident") allocated 142x its
// size, a string header per word, and more. Nor is a text split into
// all its lines at once: one of empty lines allocated a slice header, 24
// bytes, per byte, several times over. Each allocates at most 4x the
// text, and a text 4x as long at most 4.4x as much.
func TestRewritingLineLongLineAlloc(t *testing.T) {
	for _, shape := range []func(n int) string{
		func(n int) string { return "*.md" + strings.Repeat(" -i", n) + " ident\n" },
		func(n int) string { return strings.Repeat("\n", n) },
	} {
		var sizes [2]float64
		for i, n := range []int{1 << 16, 1 << 18} {
			data := []byte(shape(n))
			got := allocated(t, func() error {
				if line, _ := rewritingLine(data); line != 0 {
					t.Errorf("%.20q: line %d; want 0", data, line)
				}
				attrFile{path: "_cache/.gitattributes", data: data}.rewritingLine()
				return nil
			})
			sizes[i] = float64(got)
			if float64(got) > 4*float64(len(data)) {
				t.Errorf("%.20q, %d bytes: %d bytes allocated (%.1fx); want at most 4x", data, len(data), got, float64(got)/float64(len(data)))
			}
		}
		t.Logf("%.20q: %.0f and %.0f bytes allocated", shape(1), sizes[0], sizes[1])
		if r := sizes[1] / sizes[0]; r > 4.4 {
			t.Errorf("%.20q: 4x the text allocates %.2fx as much; want at most 4.4x", shape(1), r)
		}
	}
}

// TestRewritingLineNearLimitAlloc: a .gitattributes of lines just under
// git's limit (maxAttrLine), which git reads, is judged in linear memory
// too. Each line of short words that names ident or an encoding was
// copied and split into two slices of its words, a string header each
// (85x the text; 174x for "<BOM>*.md !ident !ident ...", whose two
// readings each split it: a 1 MiB file, the most read, cost 182 MB); a
// line of stars cost four tables of its length (17x); a quoted pattern
// was unquoted into a new string at each look (24x). Each shape allocates at
// most 4x the text, judged in the repository's own .gitattributes and in
// one below it, and a text 4x as long at most 4.4x as much.
func TestRewritingLineNearLimitAlloc(t *testing.T) {
	line := func(head, word, last string) string {
		n := (maxAttrLine - 8 - len(head) - len(last)) / len(word)
		return head + strings.Repeat(word, n) + last + "\n"
	}
	for _, l := range []string{
		line("*.md", " -i", " -ident"),
		line("*.md", " -i", " -working-tree-encoding"),
		line("*.md", " -working-tree-encoding", ""),
		line("\ufeff*.md", " !ident", " -working-tree-encoding"),
		line("", "*", " -working-tree-encoding"),
		line(`"`, `\\`, `" -ident -working-tree-encoding`),
		"*.c working-tree-encoding=UTF-8\n",
	} {
		var sizes [2]float64
		for i, n := range []int{128, 512} {
			data := []byte(strings.Repeat(l, n*maxAttrLine/len(l)))
			got := allocated(t, func() error {
				if line, _ := rewritingLine(data); line != 0 {
					t.Errorf("%.20q: line %d; want 0", data, line)
				}
				attrFile{path: "_cache/.gitattributes", data: data}.rewritingLine()
				return nil
			})
			sizes[i] = float64(got)
			if float64(got) > 4*float64(len(data)) {
				t.Errorf("%.30q, %d bytes: %d bytes allocated (%.1fx); want at most 4x", data, len(data), got, float64(got)/float64(len(data)))
			}
		}
		if r := sizes[1] / sizes[0]; r > 4.4 {
			t.Errorf("%.30q: 4x the text allocates %.2fx as much; want at most 4.4x", l, r)
		}
	}
}
