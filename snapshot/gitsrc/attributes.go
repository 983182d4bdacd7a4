package gitsrc

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"iter"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/atomicfile"
	"github.com/cachediff/cachediff/snapshot"
)

// A checkout re-encodes a file that .gitattributes gives a
// working-tree-encoding (to UTF-16, say), and the site, built from the
// checkout, then reads no page from it (Jekyll copies a file whose raw
// first bytes are not "---" as it is), while REV:PATH reads the blobs as
// committed: a pull request that added one line to the repository's
// .gitattributes emptied the site and passed a gate over
// git:HEAD^1:_cache/develop and git:HEAD:_cache/develop with "no
// changes". A .gitattributes inside the tree is an error of the walk
// (gitattributesMsg); one above it, that may give the pages such an
// encoding, or ident, is too (Tree.encodingAbove, rewritingLine). The
// other attributes leave what
// Jekyll reads alone (eol, text: a carriage return before each line
// break), or need a driver that only the repository's configuration,
// never a commit, can give (filter).

// attrFile is a .gitattributes file of a folder above a tree: its path
// from the top of the repository, its blob id, and its content.
type attrFile struct {
	path string
	oid  string
	data []byte
}

// maxAttributes is the largest .gitattributes above a tree that is read:
// a larger one (no repository has one) is an error, as one that may give
// the pages an encoding, unread.
const maxAttributes = 1 << 20

// attributesAbove returns the paths, from the top of the repository
// down, of the .gitattributes files that may apply to the files at top
// (a tree's or a page's path from the top): those of the folders above
// it. A tree's own is in the tree.
func attributesAbove(top string) []string {
	if top == "" {
		return nil
	}
	var out []string
	for d := path.Dir(top); ; d = path.Dir(d) {
		if d == "." {
			out = append(out, ".gitattributes")
			break
		}
		out = append(out, d+"/.gitattributes")
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// readAttributes reads the answer of git cat-file --batch to a
// .gitattributes file: its content and blob id, nil when there is none
// (or it is no file); past maxAttributes, an error that names it (name,
// REV:PATH): which of the files above the tree, at which commit of a log.
func readAttributes(br *bufio.Reader, name string) ([]byte, string, error) {
	a, err := readAnswer(br, nil, false)
	if err != nil || a.typ == "missing" || a.typ == "ambiguous" {
		return nil, "", err
	}
	if a.typ != "blob" {
		// A folder (or a submodule's commit) named .gitattributes, which
		// git reads no attribute from, whatever its size: one of 30,000
		// files (a tree object of 1.7 MB) was refused as "a .gitattributes
		// of 1680000 bytes above PATH ... a checkout applies it".
		if _, err := io.CopyN(io.Discard, br, a.size); err != nil {
			return nil, "", err
		}
		_, err := br.ReadByte() // the newline after the content
		return nil, "", err
	}
	if a.size > maxAttributes {
		return nil, "", fmt.Errorf("%s: a .gitattributes of %d bytes above PATH, more than the %d read (a checkout applies it, unread here)", name, a.size, maxAttributes)
	}
	a, err = readAnswerContent(br, a)
	return a.data, a.oid, err
}

// encodingAbove returns the .gitattributes file above the tree that may
// make a checkout rewrite its pages (rewritingLine), its line and what
// the line does; "" when none does.
func (t *Tree) encodingAbove() (file string, line int, msg string) {
	return rewritingAbove(t.attrs)
}

// rewritingAbove is encodingAbove of attrs, the .gitattributes files
// above a tree, from the top down. A line of one is judged with the
// lines of those below it read after its own (belowLines): git takes an
// attribute from a deeper file before a higher one, and a pattern with
// no slash there matches, below its folder, the files it matches above.
// "*.md ident" in .gitattributes and "*.md -ident" in _cache/.gitattributes
// give the pages of _cache/develop no ident (git check-attr --cached:
// unset), yet the first line was refused, with the advice to remove it.
// A deeper line is judged on its own, in its own file. Texts of at most
// 4x the files' size in all are so read, so that deep folders each with
// a .gitattributes are judged in linear time; past that, a line counts.
func rewritingAbove(attrs []attrFile) (file string, line int, msg string) {
	budget := 0
	for _, a := range attrs {
		budget += 4 * len(a.data)
	}
	for i, a := range attrs {
		n, m := a.rewritingLine()
		if n == 0 {
			continue
		}
		if below := belowLines(attrs[i+1:]); below != "" && len(a.data)+len(below) <= budget {
			budget -= len(a.data) + len(below)
			// Up to its first NUL, as git reads a blob from the index, and
			// then the deeper files: "*.md ident<NUL>" then "*.md -ident"
			// in _cache/.gitattributes gives the pages no ident (git
			// check-attr --cached: unset), yet the NUL hid the deeper
			// line, read after it, and line 1 was refused.
			head := a.data
			if k := bytes.IndexByte(head, 0); k >= 0 {
				head = head[:k]
			}
			own := bytes.Count(head, []byte("\n")) + 1
			b := a
			b.data = append(append(slices.Clip(head), '\n'), below...)
			if n, m = b.rewritingLine(); n == 0 || n > own {
				continue
			}
		}
		return a.path, n, m
	}
	return "", 0, ""
}

// belowLines is the lines of attrs (.gitattributes files below another,
// above the tree) that may override a line of it, as git reads them: up
// to each file's first NUL, of those that name ident or
// working-tree-encoding, but a macro's (which git takes from the
// repository's own .gitattributes alone) and one whose pattern holds a
// slash or a backslash as git reads it (slashOrEscape: matched from its
// own folder, or an escaped slash), which may match other files than the
// same pattern above.
func belowLines(attrs []attrFile) string {
	var b strings.Builder
	for _, a := range attrs {
		text := string(a.data)
		if i := strings.IndexByte(text, 0); i >= 0 {
			text = text[:i]
		}
		for l := range attrLines(text) {
			s := strings.TrimLeft(l, gitBlanks)
			if macro, _ := lineMacro(s); macro || slashOrEscape(linePattern(s)) || !strings.Contains(l, "ident") && !strings.Contains(l, "working-tree-encoding") {
				continue
			}
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// slashOrEscape reports whether a pattern as written (linePattern) holds
// a slash or a backslash as git reads it: unquoted, as written; quoted,
// once unquoted, so that "\"\\057x.md\"" (x.md from its own folder)
// does, and "\"\\052.md\"" (*.md) does not: "*.md ident" in the
// repository's .gitattributes, then "\"\\052.md\" -ident" in
// _cache/.gitattributes, gives the pages no ident (git check-attr
// --cached: unset), yet line 1 was refused, as any backslash written
// left the deeper line out.
func slashOrEscape(p string) bool {
	if cQuoteEnd(p) == 0 {
		return strings.ContainsAny(p, `/\`)
	}
	for i := 1; i < len(p)-1; {
		c, next, _ := cNext(p, i)
		if c == '/' || c == '\\' {
			return true
		}
		i = next
	}
	return false
}

// rewritingLine is rewritingLine of the file's text as git reads it
// there: a macro ("[attr]kw ident") git takes from the repository's own
// .gitattributes alone, and drops from any other ("[attr]kw ident not
// allowed"), where it gives no file anything, yet "[attr]kw ident" in
// _cache/.gitattributes was refused as a line that gives files ident.
func (a attrFile) rewritingLine() (int, string) {
	text := string(a.data)
	if a.path == ".gitattributes" {
		return rewritingText(text)
	}
	var out strings.Builder
	out.Grow(len(text) + 1)
	for l := range attrLines(text) {
		// A pattern git reads as a macro's: "[attr]" and a name, quoted
		// (git unquotes it first) or not; a line git ignores for its
		// length (gitDrops) is not read.
		if !tooLong(l) {
			s := strings.TrimLeft(gitLine(l), gitBlanks)
			if ok, _ := lineMacro(s); ok {
				// Its NUL, if any, is kept: git reads no line past it
				// ("[attr]x -text<NUL>" then "*.md -ident" overrides no
				// "*.md ident" before them, overridden).
				l = l[len(gitLine(l)):]
			}
		}
		out.WriteString(l)
		out.WriteByte('\n')
	}
	return rewritingText(out.String())
}

// rewritingLine returns the first line of a .gitattributes text that may
// make a checkout rewrite a page, with the error that says how: a
// working-tree-encoding (encodingLine) or ident (identLine), whichever
// comes first; 0 when none does.
func rewritingLine(data []byte) (int, string) {
	return rewritingText(string(data))
}

// rewritingText is rewritingLine of a text converted once: each line is
// judged as a part of it, never copied, nor split into a slice of its
// words. A .gitattributes of lines just under git's limit (maxAttrLine),
// each of short words ("*.md -i -i ... -ident"), allocated 85x its size
// (two copies of each line, and two slices of a string header per word),
// and 174x with a byte order mark, read both ways.
func rewritingText(data string) (int, string) {
	n, msg := rewritingLineOf(data)
	// git skips a UTF-8 byte order mark at the start of a file read from
	// the working tree (and only there): "<BOM> *.md ident" gives the
	// pages ident. Not of one read from the index, as a checkout reads
	// it: there "<BOM>#x.md ident" is a pattern, no comment, and gives
	// the page "<BOM>#x.md" ident. Both readings count.
	if d, ok := strings.CutPrefix(data, "\xef\xbb\xbf"); ok {
		if m, mmsg := rewritingLineOf(d); m > 0 && (n == 0 || m < n) {
			n, msg = m, mmsg
		}
	}
	return n, msg
}

// rewritingLineOf is rewritingLine of data read as it is.
func rewritingLineOf(data string) (int, string) {
	e, i := encodingLine(data), identLine(data)
	switch {
	case e > 0 && (i == 0 || e < i) && noValueLine(data, e):
		return e, encodingNoValueAboveMsg
	case e > 0 && (i == 0 || e < i):
		return e, encodingAboveMsg
	case i > 0:
		return i, identAboveMsg
	}
	return 0, ""
}

// noValueLine reports whether line n of a .gitattributes text (data)
// sets working-tree-encoding with no value, its last word on it (as git
// reads the words, attrStates) "working-tree-encoding": git refuses to
// check such a file out, where it re-encodes none.
func noValueLine(data string, n int) bool {
	var l string
	i := 0
	for l = range attrLines(data) {
		if i++; i == n {
			break
		}
	}
	s := strings.TrimLeft(gitLine(l), gitBlanks)
	return lastMention(attrStates(s), "working-tree-encoding") == "working-tree-encoding"
}

// identLine returns the first line of a .gitattributes text that may set
// ident on a page (an attribute "ident", not "-ident" nor "!ident"), or 0;
// its pattern is judged as encodingLine judges it. A checkout replaces
// each "$Id$" of such a file, and each "$Id:" with what follows it up to
// the next '$' on its line (no space between), by "$Id: <blob id> $":
// a page committed with "$Id:" in one spec and a '$' in a later one of a
// one-line spec_details lost every spec between them in the checkout the
// site is built from, while REV:PATH read them all and the gate passed.
func identLine(data string) int {
	n, next := -1, 0
	o := overrides{nul: -1}
	for l := range attrLines(data) {
		next = min(next+len(l)+1, len(data)) // where the next line starts
		// A line git ignores for its length (gitDrops), or that names no
		// ident, is not split into its words: a .gitattributes of one
		// long line of short words ("*.md -i -i ... ident") allocated
		// 142x its size.
		if n++; tooLong(l) {
			continue
		}
		s := strings.Trim(gitLine(l), gitBlanks)
		if s == "" || s[0] == '#' || !strings.Contains(s, "ident") {
			continue
		}
		// git sets each attribute by the last word of the line that
		// names it ("*.md ident -ident" leaves ident unset), of the
		// words after the pattern as git reads it (attrStates):
		// "\"*.md\"ident" gives the pages ident, and "\"*.md\" -ident"
		// none, which was refused as a line that gives files ident.
		if lastMention(attrStates(s), "ident") != "ident" {
			continue
		}
		if first, _ := nextWord(s); !patternCounts(first) || gitDrops(gitLine(l)) || overridden(data, next, s, "ident", &o) {
			continue
		}
		return n + 1
	}
	return 0
}

// overrides is what overridden knows of a .gitattributes text: what each
// read of the rest of it (at most maxOverrideScans, each of the whole
// text at most, so that a text of many overridden lines is judged in
// linear time; past them, a line counts as it did) found for its
// pattern: where the pattern's last line that names the attribute
// starts, -1 for none, which answers for each later line of that
// pattern without another read. Of one entry per pattern, not only the
// last: "A.md ident" and "B.md ident" taken turns with five times, then
// "A.md -ident" and "B.md -ident", read the text again at each line,
// and the ninth was refused, though git gives neither ident.
type overrides struct {
	scans int
	found [maxOverrideScans]struct {
		pattern string
		at      int
	}
	nul int // where the text's first NUL is, once known; -1 before
}

// maxOverrideScans is how many times a judge of a .gitattributes text
// reads the rest of it for a later line (overridden).
const maxOverrideScans = 8

// overridden reports whether a line of a .gitattributes text (data) after
// the line s (blanks trimmed), from offset from on, has the same pattern
// and names the attribute name, which it then sets, unsets or
// unspecifies in place of s: git gives a file each attribute by the last
// line that matches the file and names the attribute, so "*.md ident"
// then "*.md -ident" gives the pages no ident (git check-attr --cached
// says unspecified, and a clone writes them as committed), yet the first
// line was refused as one that gives files ident. The later line is
// judged on its own. Only a line before the text's first NUL counts, and
// only when s is before it too (git reads no line of a blob from the
// index past it: "*.md ident<NUL>" then "*.md -ident" gives the pages
// ident in a clone), and only the same pattern as git reads it, quoted
// or not (samePattern): "*.MD" or
// "_cache/*.md" may match other files.
func overridden(data string, from int, s, name string, o *overrides) bool {
	if o.nul < 0 {
		if o.nul = strings.IndexByte(data, 0); o.nul < 0 {
			o.nul = len(data)
		}
	}
	if o.nul < from {
		return false // a NUL on the line or before: no later line is read
	}
	p := linePattern(s)
	// A macro takes its last definition whole (attr.c's determine_macros),
	// whatever it names: "[attr]kw ident", "*.md kw", then "[attr]kw
	// -text" gives the pages no ident (git check-attr --cached:
	// unspecified), yet the first line was refused.
	macro, _ := lineMacro(s)
	for _, f := range o.found[:o.scans] {
		if samePattern(f.pattern, p) {
			return f.at >= from
		}
	}
	if o.scans >= maxOverrideScans {
		return false
	}
	// The last such line, which overrides each line of the pattern
	// before it: "*.md ident" on each of many lines, then "*.md -ident".
	found := &o.found[o.scans]
	o.scans++
	found.pattern, found.at = p, -1
	at := from
	for l := range attrLines(data[from:o.nul]) {
		// Measured with its carriage return, as a checkout reads it from
		// the index (tooLong leaves it out, as the working tree's reading
		// does, which only refuses more there): "*.md -ident ..." of 2047
		// bytes and a CR is dropped by git ("ignoring overly long
		// attributes line"), and overrides nothing.
		// A comment is no line either: "\"#c/*.md\" ident" (a quoted
		// pattern, which a '#' does not make a comment) then "#c/*.md
		// -ident" gives the pages of #c ident (git check-attr --cached:
		// set; a clone writes "$Id: <blob id> $"), yet the later line
		// was read as the same pattern, and the first passed.
		if len(l) < maxAttrLine && (macro || strings.Contains(l, name)) {
			t := strings.Trim(l, gitBlanks)
			if t != "" && t[0] != '#' && samePattern(linePattern(t), p) && (macro || lastMention(attrStates(t), name) != "") && !gitDrops(l) {
				found.at = at
			}
		}
		at += len(l) + 1
	}
	return found.at >= 0
}

// linePattern is the pattern of a .gitattributes line (s, blanks trimmed
// at its start) as written: the quoted string it starts with, when git
// can unquote it (cQuoteEnd), else its first word.
func linePattern(s string) string {
	if end := cQuoteEnd(s); end > 0 {
		return s[:end]
	}
	w, _ := nextWord(s)
	return w
}

// samePattern reports whether two patterns as written (linePattern) are
// the same pattern as git reads them, quoted or not: "\"*.md\" ident"
// then "*.md -ident" gives the pages no ident (git check-attr --cached:
// unset), yet the first line was refused, as they were compared as
// written. Each is read a byte at a time (cNext), never unquoted into a
// string of its own; one that holds a NUL once unquoted, which git's C
// strings read otherwise, is the same only as written.
func samePattern(a, b string) bool {
	if a == b {
		return true
	}
	qa, qb := cQuoteEnd(a) > 0, cQuoteEnd(b) > 0
	if !qa && !qb {
		return false
	}
	// next is the byte of pattern s at i and where the next starts; the
	// end is at len(s) unquoted, before the closing quote quoted.
	next := func(s string, quoted bool, i int) (byte, int, bool) {
		if !quoted {
			return s[i], i + 1, s[i] != 0
		}
		return cNext(s, i)
	}
	i, j := 0, 0
	ea, eb := len(a), len(b)
	if qa {
		i, ea = 1, len(a)-1
	}
	if qb {
		j, eb = 1, len(b)-1
	}
	for i < ea && j < eb {
		var ca, cb byte
		var oka, okb bool
		ca, i, oka = next(a, qa, i)
		cb, j, okb = next(b, qb, j)
		if !oka || !okb || ca != cb || ca == 0 {
			return false
		}
	}
	return i == ea && j == eb
}

// attrLines yields the lines of a .gitattributes text, as git cuts it at
// each newline (without it), one at a time: a text of many short lines
// split at once cost a slice header per line, 24 bytes for each byte of
// a text of empty lines.
func attrLines(data string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for {
			l, rest, found := strings.Cut(data, "\n")
			if !yield(l) || !found {
				return
			}
			data = rest
		}
	}
}

// tooLong reports whether git ignores a .gitattributes line (without its
// newline) for its length, as gitDrops does.
func tooLong(l string) bool {
	return len(strings.TrimSuffix(gitLine(l), "\r")) >= maxAttrLine
}

// gitBlanks are the bytes at which git splits a .gitattributes line (but
// for the newline, at which it is cut into lines): not a vertical tab, a
// form feed nor any other Unicode space, so "x<VT>*.md ident" is the
// pattern "x<VT>*.md", which git applies to a page "x<VT>foo.md".
const gitBlanks = " \t\r"

// gitLine returns a .gitattributes line as git reads it, a C string: up
// to its first NUL byte ("*.md ident<NUL>junk" gives the pages ident).
// From the index git reads no line past that byte either; reading them
// here only refuses more.
func gitLine(l string) string {
	if i := strings.IndexByte(l, 0); i >= 0 {
		return l[:i]
	}
	return l
}

// maxAttrLine is git's ATTR_MAX_LINE_LENGTH: a .gitattributes line of
// as many bytes or more (its newline left out) git ignores, with a
// warning.
const maxAttrLine = 2048

// gitDrops reports whether git ignores a .gitattributes line (as
// gitLine has it) whole, giving no file any of its attributes: one of
// maxAttrLine bytes or more, or one with a word after its pattern (or
// a macro's name) that is no attribute's name, quoted or not as the
// pattern is (attr.c's parse_attr_line stops at the
// first: "*.md ident # keep $Id$" gives a page no ident, as '#' names
// none, and git check-attr says so), yet such a line was refused as
// one that "gives files the ident attribute". A line read from the
// working tree has its carriage return cut (strbuf_getline), and is
// measured so here: a line git ignores from the index alone still
// counts, as refusing it refuses only more.
func gitDrops(line string) bool {
	if tooLong(line) {
		return true
	}
	s := strings.TrimLeft(line, gitBlanks)
	if s == "" {
		return false
	}
	// A macro's name is a word git drops the line for, as it does for
	// any other, quoted or not ("\"[attr]#kw\" ident" as "[attr]#kw ident").
	if ok, valid := lineMacro(s); ok && !valid {
		return true
	}
	for f, rest := nextWord(attrStates(s)); f != ""; f, rest = nextWord(rest) {
		if f[0] == '-' || f[0] == '!' {
			f = f[1:]
		}
		if name, _, _ := strings.Cut(f, "="); !attrNameValid(name) {
			return true
		}
	}
	return false
}

// attrStates returns the words after the pattern of a .gitattributes line
// (s, blanks trimmed at its start), as parse_attr_line reads them: after
// the closing quote of a quoted pattern, with or without a blank
// ("\"*.md\"ident #" is dropped as "*.md ident #" is), or after its
// first blank when git reads it unquoted, as it does one whose quoting it
// cannot read (unquote_c_style fails).
func attrStates(s string) string {
	if end := cQuoteEnd(s); end > 0 {
		return s[end:]
	}
	if i := strings.IndexAny(s, gitBlanks); i >= 0 {
		return s[i:]
	}
	return ""
}

// nextWord returns the first word of s, cut at git's blanks, and the
// rest of s after it; "" when s has none. Its words are read one at a
// time, as no slice of them is made (rewritingText).
func nextWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, gitBlanks)
	if i := strings.IndexAny(s, gitBlanks); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// cQuoteEnd returns the end (past its closing quote) of the quoted
// string s starts with, as git's unquote_c_style reads it, or 0 when
// git cannot read it: no closing quote, or a backslash before other
// than one of abfnrtv\" or three octal digits from \000 to \377.
func cQuoteEnd(s string) int {
	if !strings.HasPrefix(s, `"`) {
		return 0
	}
	for i := 1; i < len(s); {
		if s[i] == '"' {
			return i + 1
		}
		_, next, ok := cNext(s, i)
		if !ok {
			return 0
		}
		i = next
	}
	return 0
}

// cNext reads the byte of a quoted string at s[i] (not its closing
// quote) as unquote_c_style does: the byte, where the next starts, and
// false when git cannot read it. A quoted pattern is read a byte at a
// time, never unquoted into a string of its own: one of backslashes was
// at each look (rewritingText).
func cNext(s string, i int) (byte, int, bool) {
	if s[i] != '\\' {
		return s[i], i + 1, true
	}
	i++
	switch {
	case i >= len(s):
		return 0, 0, false
	case strings.IndexByte(`abfnrtv`, s[i]) >= 0:
		return "\a\b\f\n\r\t\v"[strings.IndexByte(`abfnrtv`, s[i])], i + 1, true
	case s[i] == '\\' || s[i] == '"':
		return s[i], i + 1, true
	case '0' <= s[i] && s[i] <= '3' && i+2 < len(s) && isOctal(s[i+1]) && isOctal(s[i+2]):
		return (s[i]-'0')<<6 | (s[i+1]-'0')<<3 | (s[i+2] - '0'), i + 3, true
	}
	return 0, 0, false
}

// lineMacro reports whether a .gitattributes line (s, blanks trimmed at
// its start) defines a macro as parse_attr_line reads its pattern
// (macroName), quoted (git unquotes it first) or not, and whether the
// macro's name is valid (attrNameValid).
func lineMacro(s string) (macro, valid bool) {
	end := cQuoteEnd(s)
	if end == 0 {
		pattern := s
		if i := strings.IndexAny(s, gitBlanks); i >= 0 {
			pattern = s[:i]
		}
		name, ok := macroName(pattern)
		return ok, ok && attrNameValid(name)
	}
	// macroName of the unquoted pattern, read a byte at a time: past
	// "[attr]" and any blank, the name up to a blank or a NUL.
	const prefix, cBlanks = "[attr]", gitBlanks + "\n"
	n, name, valid := 0, 0, true
	for i := 1; i < end-1; n++ {
		var c byte
		c, i, _ = cNext(s, i)
		switch {
		case n < len(prefix):
			if c != prefix[n] {
				return false, false
			}
		case name == 0 && strings.IndexByte(cBlanks, c) >= 0:
			// a blank before the name
		case c == 0 || strings.IndexByte(cBlanks, c) >= 0:
			return true, valid && name > 0
		default:
			valid = valid && attrNameByte(c) && (name > 0 || c != '-')
			name++
		}
	}
	return n > len(prefix), n > len(prefix) && valid && name > 0
}

// macroName returns the name a pattern defines a macro
// of, as parse_attr_line reads it: one longer than "[attr]" that starts
// with it is a macro's, whose name is what follows up to a blank, past
// any blank; an unquoted pattern has none, a quoted one may ("\"[attr]
// kw x\"" defines kw). A C string, it ends at a NUL byte, and git's
// blanks include the newline a quoted "\n" gives.
func macroName(pattern string) (string, bool) {
	const cBlanks = gitBlanks + "\n"
	if len(pattern) <= len("[attr]") || !strings.HasPrefix(pattern, "[attr]") {
		return "", false
	}
	name := strings.TrimLeft(pattern[len("[attr]"):], cBlanks)
	if i := strings.IndexAny(name, cBlanks+"\x00"); i >= 0 {
		name = name[:i]
	}
	return name, true
}

func isOctal(c byte) bool { return '0' <= c && c <= '7' }

// attrNameValid is attr.c's attr_name_valid: a name of letters, digits,
// '-', '.' and '_' that does not start with '-'.
func attrNameValid(name string) bool {
	if name == "" || name[0] == '-' {
		return false
	}
	for _, c := range []byte(name) {
		if !attrNameByte(c) {
			return false
		}
	}
	return true
}

// attrNameByte reports whether c may be in an attribute's name.
func attrNameByte(c byte) bool {
	return c == '-' || c == '.' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// encodingLine returns the first line of a .gitattributes text that may
// give a page a working-tree-encoding, or 0. A line whose pattern has
// only the wildcards * and ? is matched against a page's name, with a
// slash by its last part (mayMatchPage); any other line that names the
// attribute (a pattern quoted, a macro, or with a bracket or a
// backslash) counts, as git's matching of such patterns is not repeated
// here: its brackets take [!x] and [[:lower:]] (path.Match reads the
// first as '!' or 'x', and the second not at all as git does), and
// "[!x]pecs.md working-tree-encoding=UTF-16LE" re-encoded every page of
// a checkout while the gate, matching with path.Match, passed. The match
// ignores case, as a checkout with core.ignorecase (a case-insensitive
// file system's) does: "*.MD" gives the pages the attribute there.
func encodingLine(data string) int {
	n, next := -1, 0
	o := overrides{nul: -1}
	for l := range attrLines(data) {
		next = min(next+len(l)+1, len(data)) // where the next line starts
		if n++; tooLong(l) {
			continue // git ignores it (gitDrops)
		}
		s := strings.Trim(gitLine(l), gitBlanks)
		if s == "" || s[0] == '#' || !strings.Contains(s, "working-tree-encoding") || gitDrops(gitLine(l)) {
			continue
		}
		// git's blanks are " \t\r\n": a carriage return ends the pattern
		// as a space does ("*.md<CR>working-tree-encoding=UTF-16LE").
		pattern := s
		if i := strings.IndexAny(s, gitBlanks); i >= 0 {
			pattern = s[:i]
		}
		if !patternCounts(pattern) || onlyUTF8(attrStates(s)) || overridden(data, next, s, "working-tree-encoding", &o) {
			continue
		}
		return n + 1
	}
	return 0
}

// isUTF8 reports whether a working-tree-encoding is UTF-8, to which git
// does not re-encode (git_path_check_encoding: the default encoding,
// "utf-8" or "utf8" in any case; nor to an empty one): a checkout leaves
// the file as committed, and "*.json working-tree-encoding=UTF-8" made
// a nightly job fail.
func isUTF8(v string) bool {
	return v == "" || strings.EqualFold(v, "utf-8") || strings.EqualFold(v, "utf8")
}

// onlyUTF8 reports whether the working-tree-encoding the words after a
// .gitattributes line's pattern give (attrStates: "\"*.md\"-working-tree-
// encoding" unsets it, and a pattern named so is no attribute) is UTF-8
// (isUTF8), or unset ("-working-tree-encoding", with a value or not:
// git's false value is an empty string, which git_path_check_encoding
// reads as no encoding, and a clone checks the pages out as committed)
// or unspecified ("!working-tree-encoding"), or none, none of which
// rewrites anything; git is still asked (rewrittenPage), as for any line
// that names the attribute.
// Of the words that are the attribute, only the line's last counts, as
// git sets an attribute by the last word that names it
// ("*.md working-tree-encoding=UTF-16LE -working-tree-encoding" and
// "*.md working-tree-encoding -working-tree-encoding" leave it unset).
// A word that only holds its name is another attribute, or a value of
// one ("foo-working-tree-encoding=UTF-16LE", "x=working-tree-encoding":
// git check-attr says unspecified, and a clone checks the pages out as
// committed), which was refused as a line that gives files a
// working-tree-encoding.
func onlyUTF8(states string) bool {
	last := lastMention(states, "working-tree-encoding")
	v, ok := strings.CutPrefix(last, "working-tree-encoding=")
	return last == "" || last[0] == '-' || last[0] == '!' || ok && isUTF8(v)
}

// lastMention returns the last of a .gitattributes line's words that
// sets, unsets ("-name") or unspecifies ("!name") the attribute name,
// with or without a value (git_attr's fill_one goes through a line's
// attributes from the last, and takes for each the first it meets); ""
// when none does.
func lastMention(states, name string) string {
	last := ""
	for w, rest := nextWord(states); w != ""; w, rest = nextWord(rest) {
		f := w
		if f[0] == '-' || f[0] == '!' {
			f = f[1:]
		}
		if n, _, _ := strings.Cut(f, "="); n == name {
			last = w
		}
	}
	return last
}

// patternCounts reports whether a line of this pattern may give a page
// its attributes: a macro's, one quoted, or with a bracket or a
// backslash, whose matching git's is not repeated here, always; any
// other when it may match a page's name (mayMatchPage).
func patternCounts(pattern string) bool {
	return strings.HasPrefix(pattern, "[attr]") || strings.ContainsAny(pattern, `"[\`) || mayMatchPage(pattern)
}

// mayMatchPage reports whether pattern, with only the wildcards * and ?,
// matches some page's name without case: a name that
// ends in ".md", as any *.md with layout: cache is a page, not specs.md
// alone ("zlib.md working-tree-encoding=..." re-encodes the page
// zlib.md). A name's last bytes are those of the pattern after its last
// star, and a star takes any bytes before them: the pattern matches such
// a name when the bytes after its last star (all of them, with no star)
// end as ".md" does, each the same or '?', over their length up to 3
// (over 3, with no star). It makes nothing, as a line of stars is no
// slower, and allocates no more, than another: one of 2000 stars
// allocated 4x its length for each line, here and below the tree.
func mayMatchPage(pattern string) bool {
	if strings.HasPrefix(pattern, "!") {
		return false // git ignores a negative pattern ("Use '\!'")
	}
	// With a slash, the pattern matches a file's path, and its last part
	// the file's name: no wildcard but a part "**" crosses a slash
	// ("docs/x**txt" is "docs/x*txt"). One that ends in a slash matches
	// a folder alone, never a file in it (attr.c's path_matches: a
	// PATTERN_FLAG_MUSTBEDIR pattern against a path without a trailing
	// slash), so that "develop/ ident" gives no page anything (git
	// check-attr: unspecified), yet it was refused as a line that may.
	if i := strings.LastIndexByte(pattern, '/'); i >= 0 {
		if i == len(pattern)-1 {
			return false
		}
		pattern = pattern[i+1:]
	}
	const ext = ".md"
	tail := pattern[strings.LastIndexByte(pattern, '*')+1:]
	if len(tail) == len(pattern) && len(tail) < len(ext) {
		return false // no star, and too short a name
	}
	for k := 1; k <= min(len(tail), len(ext)); k++ {
		if c := tail[len(tail)-k]; c != '?' && lower(c) != ext[len(ext)-k] {
			return false
		}
	}
	return true
}

// lower is an ASCII byte in lower case.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// encodingAboveMsg is the error of a .gitattributes above the tree that
// may re-encode its pages (encodingAbove), at its line.
const encodingAboveMsg = "this line gives files a working-tree-encoding, and may give the pages one: " + encodingHow + "; remove the line, or give the checked-out folder"

// encodingHow says what a working-tree-encoding does to the gate.
const encodingHow = "a checkout, which the site is built from, re-encodes them, and Jekyll reads no page from a file that does not start with '---' as written, while REV:PATH reads the pages as committed"

// encodingNoValue is the attribute rewrittenPage names for a file git
// gives working-tree-encoding with no value (check-attr: set), and
// encodingNoValueHow what it does: convert.c's git_path_check_encoding
// dies, and git 2.39's clone of such a commit checks out nothing, where
// the error said "a checkout ... re-encodes them".
const (
	encodingNoValue    = "working-tree-encoding (with no value)"
	encodingNoValueHow = "git refuses to check out such a file (\"fatal: true/false are no valid working-tree-encodings\"), so that a checkout of this commit fails and the site is not built from it, while REV:PATH reads the files as committed"
)

// encodingNoValueAboveMsg is encodingAboveMsg for a line that gives
// files working-tree-encoding with no value (noValueLine).
const encodingNoValueAboveMsg = "this line gives files the working-tree-encoding attribute with no value, and may give it to the pages: " + encodingNoValueHow + "; " + encodingNoValueFix

// encodingNoValueFix is what to do about a line that gives files
// working-tree-encoding with no value: "give it an encoding" was said,
// yet a checkout re-encodes the pages to any but UTF-8, and such a line
// is refused again (encodingAboveMsg).
const encodingNoValueFix = "remove the line that gives it, or give it the value UTF-8, which leaves the files as committed (any other encoding rewrites them in a checkout, and is refused too)"

// identAboveMsg is the error of a .gitattributes above the tree that may
// set ident on its pages (identLine), at its line.
const identAboveMsg = "this line gives files the ident attribute, and may give it to the pages: " + identHow + "; remove the line, or give the checked-out folder"

// identHow says what ident does to the gate.
const identHow = "a checkout, which the site is built from, replaces each \"$Id:\" of a page and what follows it up to the next '$' on its line by \"$Id: <blob id> $\", so that the site can show other specs than REV:PATH reads as committed"

// identFileHow and encodingFileHow are identHow and encodingHow for a
// file that is no page (a Spack file).
const (
	identFileHow    = "a checkout replaces each \"$Id:\" of the file and what follows it up to the next '$' on its line by \"$Id: <blob id> $\" (the specs between them are gone from it), while REV:PATH reads the file as committed"
	encodingFileHow = "a checkout re-encodes the file, while REV:PATH reads it as committed"
)

// rewrittenAbove is rewrittenPage for the files of the tree, pages and
// others (files, its listing; none in a dot-folder, which the walk
// leaves out), as
// the error of the first one git gives ident or a working-tree-encoding
// (or of git's failure); nil when none has one, and when no
// .gitattributes above the tree names either (namesRewrite).
//
// Only the files the loader reads with decoders (snapshot.Candidate:
// pages, Spack files by name or content) are asked about, when the tree
// holds no symbolic link: a checkout that rewrites a script or an image
// beside the pages ("*.ps1 working-tree-encoding=UTF-16LE") changes
// nothing cachediff reads, and refusing it made a nightly job fail. A
// tree with a link has every file asked about, as a link followed in the
// commit may lead to any of them.
func (t *Tree) rewrittenAbove(files []File, decoders ...snapshot.Decoder) *snapshot.Error {
	if !namesRewrite(t.attrs) {
		return nil
	}
	// No file in a dot-folder: the walk leaves them out.
	read := func(f File) bool { return !inDotDir(f.Path) }
	if t.IsTree && !slices.ContainsFunc(files, func(f File) bool { return f.Kind == Symlink }) {
		sizes, err := t.byContentSizes(files, decoders)
		if err != nil {
			return &snapshot.Error{File: t.Spec, Msg: "asking git the sizes of its files: " + err.Error()}
		}
		read = func(f File) bool {
			size := f.Size
			if n, ok := sizes[f.Path]; ok {
				size = n
			}
			return !inDotDir(f.Path) && snapshot.Candidate(snapshot.File{Name: t.Join(f.Path), Base: path.Base(f.Path), Size: size}, decoders)
		}
	}
	return t.rewrittenBy(files, t.attrs, read)
}

// byContentSizes returns the sizes, asked of git, of the files of the
// tree that the loader recognises by content alone and whose size the
// listing does not give (Tree.ListSizes): the loader leaves one over its
// limit out with a warning (snapshot.Candidate says no with its size),
// and "big*.json ident" above the tree refused a 65 MB big.v7.json that
// nothing read. Only those files are asked about: one git process.
func (t *Tree) byContentSizes(files []File, decoders []snapshot.Decoder) (map[string]int64, error) {
	var paths, oids []string
	for _, f := range files {
		file := snapshot.File{Name: t.Join(f.Path), Base: path.Base(f.Path), Size: -1}
		if f.Kind != Regular || f.Size >= 0 || inDotDir(f.Path) || !snapshot.Candidate(file, decoders) {
			continue
		}
		if file.Size = 1 << 62; snapshot.Candidate(file, decoders) {
			continue // read whatever its size: a page, or a Spack file by name
		}
		paths, oids = append(paths, f.Path), append(oids, f.OID)
	}
	if len(oids) == 0 {
		return nil, nil
	}
	out, err := t.repo.run(strings.NewReader(strings.Join(oids, "\n")+"\n"), "cat-file", "--batch-check=%(objectsize)")
	if err != nil {
		// A blob this clone lacks (a partial one): the files are judged
		// as before, and the loader says why it cannot read one.
		return nil, nil
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(oids) {
		return nil, fmt.Errorf("git cat-file --batch-check: %d answers for %d blobs", len(lines), len(oids))
	}
	sizes := make(map[string]int64, len(paths))
	for i, l := range lines {
		if strings.HasSuffix(l, " missing") {
			continue // as above
		}
		n, err := strconv.ParseInt(l, 10, 64)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("git cat-file --batch-check: unexpected size %q", l)
		}
		sizes[paths[i]] = n
	}
	return sizes, nil
}

// rewrittenMirror is rewrittenAbove for a tree read as a Spack mirror,
// which no walk reads (nor refuses its .gitattributes, gitattributesMsg):
// the .gitattributes files in the tree count with those above it, and
// git is asked whenever there is one ("*.json ident" dropped from a
// checkout's one-line build_cache/index.json every spec between a "$Id:"
// and the next '$', while REV:PATH read them all).
func (t *Tree) rewrittenMirror(files []File) *snapshot.Error {
	attrs := slices.Clip(t.attrs)
	for _, f := range files {
		// One committed as a symbolic link is read by git as text too
		// (rewrittenTargets).
		if (f.Kind == Regular || f.Kind == Symlink) && path.Base(f.Path) == ".gitattributes" {
			attrs = append(attrs, attrFile{path: path.Join(t.top, f.Path), oid: f.OID})
		} else if f.Kind == Submodule && strings.EqualFold(path.Base(f.Path), ".gitattributes") {
			// A checkout reads the index entry's object whatever its
			// mode: "* ident" through a gitlink to its blob passed.
			return &snapshot.Error{File: t.Join(f.Path), Msg: attributesGitlinkMsg}
		} else if (f.Kind == Regular || f.Kind == Symlink) && strings.EqualFold(path.Base(f.Path), ".gitattributes") {
			// ".GITATTRIBUTES": a checkout on a case-insensitive file
			// system may read it as .gitattributes (attr.c's read_attr
			// falls back to the working tree), which git check-attr
			// --cached, reading the index, never does.
			return &snapshot.Error{File: t.Join(f.Path), Msg: attributesCaseMsg}
		}
	}
	if len(attrs) == len(t.attrs) && !namesRewrite(t.attrs) {
		return nil
	}
	// A mirror reads no dot-file nor a file in a dot-folder, but under
	// v3/, whose spec manifests are listed whole (a manifest named
	// ".x.spec.manifest.json", or in v3/manifests/spec/zlib/.x/, is read
	// as the others are) and a view may be named so: "* ident" named the
	// .gitattributes, sorted first, as the file whose specs a checkout
	// drops, and ".*.json working-tree-encoding=UTF-16LE" re-encoded a
	// manifest in a checkout that no question to git named.
	return t.rewrittenBy(files, attrs, func(f File) bool {
		base := path.Base(f.Path)
		return base != ".gitattributes" && (strings.HasPrefix(f.Path, "v3/") || !inDotDir(f.Path) && !strings.HasPrefix(base, "."))
	})
}

// attributesCaseMsg is the error of a mirror's .gitattributes named in
// another case (rewrittenMirror).
const attributesCaseMsg = "a .gitattributes named in another case: a checkout on a case-insensitive file system (macOS) may read it as .gitattributes and rewrite the files it names, while REV:PATH reads them as committed; rename or remove it, or give the checked-out folder"

// attributesGitlinkMsg is the error of a .gitattributes in a mirror, or
// above a file a link leads to, committed as a submodule (a gitlink):
// a checkout reads its attributes from the object its id names when
// that is a blob the clone holds, and none when it does not (a shallow
// clone), which cat-file, reading it here, cannot tell (gitlinkAttributes).
const attributesGitlinkMsg = "a .gitattributes committed as a submodule (a gitlink): a checkout reads its attributes when its id names a blob the clone holds, and none when it does not (a shallow clone), so that the files may be rewritten or not; remove it, or give the checked-out folder"

// inDotDir reports whether the file at p (a path in a tree) is in a
// folder whose name starts with a dot.
func inDotDir(p string) bool {
	dir, _ := path.Split(p)
	return strings.HasPrefix(dir, ".") || strings.Contains(dir, "/.")
}

// rewrittenBy is rewrittenAbove through the .gitattributes files attrs,
// over the files read says may be read.
func (t *Tree) rewrittenBy(files []File, attrs []attrFile, read func(File) bool) *snapshot.Error {
	var pages []string
	notPage := map[string]bool{}
	for _, f := range files {
		base := path.Base(f.Path)
		if !t.IsTree {
			base = path.Base(t.top)
		}
		// Not only pages: a Spack file (index.json, spack.lock, one read
		// by content) that a checkout rewrites is read otherwise there
		// too ("*.json ident" dropped the specs between a "$Id:" and
		// the next '$' of a one-line index.json from the checkout).
		if f.Kind != Regular || !read(f) {
			continue
		}
		pages = append(pages, path.Join(t.top, f.Path))
		if !strings.HasSuffix(strings.ToLower(base), ".md") {
			notPage[pages[len(pages)-1]] = true
		}
	}
	page, attr, n, err := t.repo.rewrittenPage(attrs, pages)
	switch {
	case err != nil:
		return &snapshot.Error{File: t.Spec, Msg: "asking git which attributes a checkout gives the pages: " + err.Error()}
	case n == 0:
		return nil
	}
	what := "page"
	if notPage[page] {
		what = "file"
	}
	return &snapshot.Error{File: t.Rev + ":" + page, Msg: rewrittenMsg(what, attr, n, attrs)}
}

// rewrittenMsg is the error of a page (what: "page", or "file" for a
// Spack file) to which git gives attr (ident or working-tree-encoding),
// one of n files that have one, through attrs.
func rewrittenMsg(what, attr string, n int, attrs []attrFile) string {
	how := identHow
	switch {
	case attr == encodingNoValue:
		how = encodingNoValueHow
	case what != "page" && attr == "ident":
		how = identFileHow
	case what != "page":
		how = encodingFileHow
	case attr != "ident":
		how = encodingHow
	}
	others := ""
	switch {
	case n == 2:
		others = " (and 1 other " + what + " given ident or a working-tree-encoding)"
	case n > 2:
		others = fmt.Sprintf(" (and %d other %ss given ident or a working-tree-encoding)", n-1, what)
	}
	var files []string
	for _, a := range attrs {
		// In ASCII (quotedInput): as Go quotes (%q), a folder
		// zlіb (its і Cyrillic) read as zlib.
		files = append(files, quotedInput(a.path))
	}
	// No checked-out folder is there to give when git refuses to check
	// the file out.
	fix := "remove the line that gives it, or give the checked-out folder"
	if attr == encodingNoValue {
		fix = encodingNoValueFix
	}
	return fmt.Sprintf("git check-attr says a checkout gives this %s the %s attribute%s, through the .gitattributes files of this commit (%s) or this repository's .git/info/attributes: %s; %s", what, attr, others, strings.Join(files, ", "), how, fix)
}

// namesRewrite reports whether a .gitattributes of attrs names ident or
// working-tree-encoding anywhere: only then can git give a page one of
// them through it (a macro, "[attr]m ident", names it too), and only
// then is git asked (rewrittenPage).
func namesRewrite(attrs []attrFile) bool {
	return slices.ContainsFunc(attrs, func(a attrFile) bool {
		return bytes.Contains(a.data, []byte("ident")) || bytes.Contains(a.data, []byte("working-tree-encoding"))
	})
}

// rewrittenPage asks git which of pages (paths from the top of the
// repository) a checkout of a commit whose .gitattributes files above
// them are attrs gives ident or a working-tree-encoding, and returns the
// first, with the attribute and how many pages have one ("" when none
// has). rewritingLine reads the files as cachediff reads them, which
// each round of review found to differ from git's reading somewhere (a
// byte order mark, a case, a quote, a blank): git's own answer closes
// that gap, where it may. It is git check-attr --cached over a temporary
// index that holds the files alone (as a checkout reads them: from the
// index), matching with case and without, as a checkout on a
// case-sensitive or a case-insensitive file system does, and with the system and user attributes files left
// out, which no commit gives (the repository's info/attributes, which
// git cannot be told to leave out, counts: it rewrites this clone's
// checkout too). The index is in a folder of its own that a signal
// removes (atomicfile.MkdirTemp).
func (r *Repo) rewrittenPage(attrs []attrFile, pages []string) (page, attr string, n int, err error) {
	if len(attrs) == 0 || len(pages) == 0 {
		return "", "", 0, nil
	}
	// A log loads PATH at many commits under the same attributes: git
	// is asked once for each page under each set of them.
	var key strings.Builder
	for _, a := range attrs {
		key.WriteString(a.oid + " " + a.path + "\x00")
	}
	r.attrCache.mu.Lock()
	defer r.attrCache.mu.Unlock()
	if r.attrCache.m == nil {
		r.attrCache.m = map[string]map[string]string{}
	}
	known := r.attrCache.m[key.String()]
	if known == nil {
		known = map[string]string{}
		r.attrCache.m[key.String()] = known
	}
	var ask []string
	for _, p := range pages {
		if _, ok := known[p]; !ok {
			ask = append(ask, p)
		}
	}
	if len(ask) > 0 {
		got, err := r.checkAttr(attrs, ask)
		if err != nil {
			return "", "", 0, err
		}
		for i, p := range ask {
			known[p] = got[i]
		}
	}
	for _, p := range pages {
		if a := known[p]; a != "" {
			if n++; n == 1 {
				page, attr = p, a
			}
		}
	}
	return page, attr, n, nil
}

// checkAttr is git check-attr (rewrittenPage) for pages: the attribute
// each has, ident or working-tree-encoding, or "".
func (r *Repo) checkAttr(attrs []attrFile, pages []string) ([]string, error) {
	out, err := r.run(nil, "rev-parse", "--absolute-git-dir")
	if err != nil {
		return nil, err
	}
	gitDir := strings.TrimSuffix(string(out), "\n")
	// The index is made in TMPDIR; where none can be (a full or
	// read-only TMPDIR), in the repository's git folder, as git makes
	// its own index.lock, and removed from there too: a full /tmp failed
	// every snapshot from git under a .gitattributes ("git update-index:
	// ... index.lock write error. Out of diskspace"), where the log's
	// steps fall back to memory.
	dir, err := r.attrIndex("", attrs)
	if err != nil {
		var gerr error
		if dir, gerr = r.attrIndex(gitDir, attrs); gerr != nil {
			return nil, err
		}
	}
	defer func() {
		os.RemoveAll(dir)
		atomicfile.Release(dir)
	}()
	env := []string{"GIT_INDEX_FILE=" + filepath.Join(dir, "index"), "GIT_ATTR_NOSYSTEM=1"}
	var in bytes.Buffer
	// check-attr reads a path from the current folder, which may be
	// below the top, or in the .git folder, where git refuses to run it
	// ("must be run in a work tree"): git is given the repository and,
	// as the work tree, the temporary folder (which --cached does not
	// read, and which the current folder is not in), so that a path is
	// from the top wherever the repository was opened from.
	env = append(env, "GIT_DIR="+gitDir, "GIT_WORK_TREE="+dir)
	// A checkout on a case-sensitive file system (a Linux runner) and
	// one on a case-insensitive one (macOS) each give a page what they
	// give it: "*.md ident" then "*.MD -ident" gives ident on the first
	// alone, "*.MD ident" on the second alone. A page either gives one
	// to is refused.
	got := make([]string, len(pages))
	for _, icase := range []string{"false", "true"} {
		in.Reset()
		for _, p := range pages {
			in.WriteString(p + "\x00")
		}
		out, err := r.runEnv(env, &in, "-c", "core.attributesFile="+os.DevNull, "-c", "core.ignorecase="+icase,
			"check-attr", "--cached", "-z", "--stdin", "ident", "working-tree-encoding")
		if err != nil {
			return nil, err
		}
		// "PATH\x00ATTR\x00INFO\x00" for each path and attribute, in order.
		f := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		if len(f) != 6*len(pages) {
			return nil, fmt.Errorf("git check-attr: %d fields for %d paths", len(f), len(pages))
		}
		for i := range pages {
			g := f[6*i : 6*i+6]
			if g[1] != "ident" || g[4] != "working-tree-encoding" {
				return nil, fmt.Errorf("git check-attr: unexpected answer %q", g)
			}
			switch {
			case got[i] != "":
			case g[2] == "set":
				got[i] = "ident"
			case g[5] == "set":
				got[i] = encodingNoValue
			case g[5] != "unspecified" && g[5] != "unset" && !isUTF8(g[5]):
				got[i] = "working-tree-encoding"
			}
		}
	}
	return got, nil
}

// attrIndex makes a temporary folder in parent ("" for TMPDIR) holding
// the index of checkAttr, of the files attrs, and returns the folder's
// absolute name; on an error it leaves nothing.
func (r *Repo) attrIndex(parent string, attrs []attrFile) (dir string, err error) {
	dir, err = atomicfile.MkdirTemp(parent, "cachediff-attr-*")
	if err != nil {
		return "", fmt.Errorf("making a temporary index for git check-attr: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
			atomicfile.Release(dir)
		}
	}()
	if dir, err = filepath.Abs(dir); err != nil {
		return "", err
	}
	env := []string{"GIT_INDEX_FILE=" + filepath.Join(dir, "index"), "GIT_ATTR_NOSYSTEM=1"}
	var in bytes.Buffer
	for _, a := range attrs {
		fmt.Fprintf(&in, "100644 %s\t%s\x00", a.oid, a.path)
	}
	// A split index (core.splitIndex) would write its shared part into
	// the repository's .git, where it stays.
	if _, err := r.runEnv(env, &in, "-c", "core.splitIndex=false", "update-index", "-z", "--index-info"); err != nil {
		return "", err
	}
	return dir, nil
}

// outOfTree reports whether a link's target p (a file's path from the top,
// "" for none) is out of the tree at top, or in a dot-folder of it, which
// the judge of the tree's own files leaves out as the walk does
// (cache/other.json to .data/idx.txt): rewrittenTargets judges it.
func outOfTree(p, top string) bool {
	return p != "" && (!within(p, top) || inDotDir(strings.TrimPrefix(p, top+"/")))
}

// rewrittenThroughLinks is rewrittenTargets for the tree's links, which
// it follows as Source.Walk does, for a judge that does not walk it
// (attributesInRange): a commit that added "*.txt ident" above the tree,
// and changed nothing in it, rewrote data/idx.txt, which its other.json
// leads to, in a checkout, while the log, which loads the tree only
// where it changed, passed.
func (t *Tree) rewrittenThroughLinks(files []File) *snapshot.Error {
	var names, bases, paths, oids []string
	top := t.top
	for _, f := range files {
		dir, base := path.Split(f.Path)
		if !t.IsTree {
			base = path.Base(t.Path)
		}
		file := snapshot.File{Name: t.Join(f.Path), Base: base, Size: -1, Root: !t.IsTree}
		if f.Kind != Symlink || inDotDir(dir) || snapshot.LinkRefused(file, nil) {
			continue
		}
		names, bases = append(names, file.Name), append(bases, base)
		paths, oids = append(paths, joinTop(top, f.Path)), append(oids, f.OID)
	}
	if len(paths) == 0 {
		return nil
	}
	followed, w, err := t.repo.resolveLinks(t.Commit, top, files, t.dirs, t.listedSizes, paths, oids)
	if err != nil {
		return &snapshot.Error{File: t.Spec, Msg: "following its symbolic links: " + err.Error()}
	}
	var outNames, outPaths []string
	for i, l := range followed {
		if l.typ == "blob" && outOfTree(l.path, top) && snapshot.Candidate(snapshot.File{Name: names[i], Base: bases[i], Size: -1, Root: !t.IsTree}, nil) {
			outNames, outPaths = append(outNames, names[i]), append(outPaths, l.path)
		}
	}
	return t.rewrittenTargets(w, outNames, outPaths)
}

// rewrittenTargets judges the files that links of the tree (names) lead
// to out of it (paths from the top), which the loader reads as a folder
// on disk reads them: by the .gitattributes files above each at the
// commit, which need not be above the tree. "*.txt ident" gave
// data/idx.txt, which the tree's other.json leads to, ident: a checkout
// dropped the specs between a "$Id:" and the next '$' from other.json,
// while REV:PATH read them all, and no file of the tree was judged to be
// rewritten. Those files are in the listing the links were followed in
// (w: a folder above the tree, down), or above it and so above the tree
// (t.attrs): git is asked only when one is there.
func (t *Tree) rewrittenTargets(w *linkWalker, names, paths []string) *snapshot.Error {
	if len(paths) == 0 || w == nil {
		return nil
	}
	seen := map[string]bool{}
	var attrs []attrFile
	listed := false // a .gitattributes whose content is not read here
	for i, p := range paths {
		for _, a := range attributesAbove(p) {
			if seen[a] {
				continue
			}
			seen[a] = true
			// A .gitattributes committed as a symbolic link counts too:
			// a checkout reads its blob from the index, the link's target
			// written as text ("*.txt ident" is a target like any).
			if e, ok := w.entries[a]; ok && e.kind == Submodule && !e.dir {
				// Whose blob a clone may hold or not: "idx.txt ident"
				// through a gitlink passed.
				return &snapshot.Error{File: t.Rev + ":" + a, Msg: fmt.Sprintf("%s (it is above %s, which the symbolic link %s leads to)", attributesGitlinkMsg, p, names[i])}
			} else if ok && (e.kind == Regular || e.kind == Symlink) && !e.dir {
				attrs, listed = append(attrs, attrFile{path: a, oid: e.oid}), true
			} else if i := slices.IndexFunc(t.attrs, func(f attrFile) bool { return f.path == a }); i >= 0 && !within(parentDir(a), w.root) {
				attrs = append(attrs, t.attrs[i])
			}
		}
	}
	if !listed && !namesRewrite(attrs) {
		return nil
	}
	page, attr, n, err := t.repo.rewrittenPage(attrs, paths)
	switch {
	case err != nil:
		return &snapshot.Error{File: t.Spec, Msg: "asking git which attributes a checkout gives the files its symbolic links lead to: " + err.Error()}
	case n == 0:
		return nil
	}
	return &snapshot.Error{File: names[slices.Index(paths, page)], Msg: fmt.Sprintf("a symbolic link to %s: %s", t.Rev+":"+page, rewrittenMsg("file", attr, n, attrs))}
}
