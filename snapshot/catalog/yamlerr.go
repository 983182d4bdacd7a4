package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/cachediff/cachediff/snapshot"
)

// yamlError turns a yaml.v3 error about text (the front matter, with its
// line numbers equal to the file's) into an Error at the line and column
// where the problem is.
//
// yaml.v3 does not always name that line. For a parser error ("did not
// find expected key", "did not find expected ',' or ']'") it names the
// line where the enclosing block or flow collection starts, counted from
// 0, or nothing; for a scanner error it names the right line. So the line
// is found again here: the problem is on the shortest prefix of the text
// that gives the same message, line by line and then byte by byte (a
// prefix ends the input early, which closes blocks cleanly, so shorter
// prefixes parse or fail otherwise). When that search finds nothing the
// line yaml.v3 named is kept, less its off-by-one for parser errors.
func yamlError(file string, text []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		// Decoding errors (a list where a string goes) name the right line.
		msg = strings.TrimPrefix(te.Errors[0], "yaml: ")
		e := &snapshot.Error{File: file, Msg: "broken YAML front matter: " + msg}
		if n, rest, ok := cutLine(msg); ok {
			e.Line, e.Msg = n, "broken YAML front matter: "+rest
		}
		return e
	}
	reported, problem, hasLine := cutLine(msg)
	e := &snapshot.Error{File: file, Msg: "broken YAML front matter: " + problem}
	if line, col, ok := locateYAMLError(text, problem); ok {
		e.Line, e.Col = line, col
		if hasLine && isParserError(problem) && reported+1 < line {
			// The 0-based line yaml.v3 named is where the enclosing
			// collection starts: a useful hint when it is elsewhere.
			e.Msg += fmt.Sprintf(" (in the block that starts on line %d)", reported+1)
		}
		return e
	}
	if hasLine {
		e.Line = reported
		if isParserError(problem) {
			e.Line++
		}
	}
	return e
}

// unknownEscape is yaml.v3's (and libyaml's) error for an escape in a
// double-quoted scalar that YAML does not know.
const unknownEscape = "found unknown escape character"

// badHex is yaml.v3's (and libyaml's) error for an escape \x, \u or \U
// whose digits are not all hexadecimal. libyaml places it at the
// escape's first digit, whichever digit is bad.
const badHex = "did not find expected hexdecimal number"

// badName is yaml.v3's (and libyaml's) error for an anchor or alias
// whose name is empty or ends on a character that may not end it.
// libyaml places it at that character.
const badName = "did not find expected alphabetic or numeric character"

// noColon is yaml.v3's (and libyaml's) error for a required simple key
// (a scalar alone in a block mapping) that has no ':' after it.
const noColon = "could not find expected ':'"

// prefixPad ends each prefix tried for a problem that a prefix cut in
// the middle of a valid token fails with too: the pad completes it (an
// escape \x4, \ or \u00, an anchor & or alias *; and a \ that is the
// second of an escape \\ is text with its n) and is text, or another
// error, anywhere else.
var prefixPad = map[string]string{unknownEscape: "n", badHex: "00000000", badName: "a"}

// isParserError reports whether a yaml.v3 message comes from its parser
// (which counts lines from 0 and names the enclosing collection's) rather
// than from its scanner (which counts from 1 and names the problem's).
func isParserError(problem string) bool {
	return strings.HasPrefix(problem, "did not find expected") ||
		strings.HasPrefix(problem, "found undefined tag handle") ||
		strings.HasPrefix(problem, "found duplicate %YAML directive") ||
		strings.HasPrefix(problem, "found incompatible YAML document")
}

// cutLine parses yaml.v3's "line N: message" prefix.
func cutLine(msg string) (int, string, bool) {
	var n int
	if _, err := fmt.Sscanf(msg, "line %d:", &n); err != nil {
		return 0, msg, false
	}
	_, rest, _ := strings.Cut(msg, ": ")
	return n, rest, true
}

// yamlProbed, when set (by tests), is called with the length of each
// prefix locateYAMLError parses.
var yamlProbed func(n int)

// locateYAMLError finds the 1-based line and column (in characters, as
// libyaml counts it) of the shortest prefix of text that fails with
// problem: a binary search over its lines,
// then over the line's bytes, each step a parse of a prefix, so it parses
// O(n log n) bytes of a text of n (at most maxYAML).
func locateYAMLError(text []byte, problem string) (line, col int, ok bool) {
	fails := func(prefix []byte) bool {
		if yamlProbed != nil {
			yamlProbed(len(prefix))
		}
		// Into nodes: the parser's errors alone, without decoding, whose
		// check of a mapping's keys costs their number squared (a text
		// of 10,000 keys and a break took 3.4 s over the prefixes).
		var v yaml.Node
		err := yaml.Unmarshal(prefix, &v)
		if err == nil {
			return false
		}
		_, p, _ := cutLine(strings.TrimPrefix(err.Error(), "yaml: "))
		return p == problem
	}
	// ends[i] is the offset just after line i+1 (its newline included).
	var ends []int
	for off := 0; off < len(text); {
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			off = len(text)
		} else {
			off += i + 1
		}
		ends = append(ends, off)
	}
	if len(ends) == 0 || !fails(text) {
		return 0, 0, false
	}
	n := sort.Search(len(ends), func(i int) bool { return fails(text[:ends[i]]) })
	if n == len(ends) {
		return 0, 0, false
	}
	start := 0
	if n > 0 {
		start = ends[n-1]
	}
	// Within the line: the shortest prefix that fails, ending on the byte
	// where the problem starts.
	// A prefix that ends inside a character fails as bad UTF-8 (not
	// as the problem, and so does not keep the search monotone): it is
	// tried with the whole character. One that cuts a token that the
	// problem could be in is completed (prefixPad).
	lineText := text[start:ends[n]]
	c := sort.Search(len(lineText), func(i int) bool {
		end := start + i + 1
		for end < ends[n] && !utf8.RuneStart(text[end]) {
			end++
		}
		if pad, ok := prefixPad[problem]; ok {
			return fails(append(text[:end:end], pad...))
		}
		return fails(text[:end])
	})
	for c > 0 && c < len(lineText) && !utf8.RuneStart(lineText[c]) {
		c-- // the character the prefix ends inside
	}
	if problem == unknownEscape && c > 0 && lineText[c-1] == '\\' {
		c-- // the escape's backslash, where libyaml places it
	}
	if problem == badHex {
		// c is the digit that is not one (or the end of the text):
		// back over the good digits before it to the escape's x, u or U.
		j := c - 1
		for j >= 0 && isHex(lineText[j]) {
			j--
		}
		if j >= 1 && bytes.IndexByte([]byte("xuU"), lineText[j]) >= 0 && lineText[j-1] == '\\' {
			return n + 1, utf8.RuneCount(lineText[:j+1]) + 1, true
		}
	}
	if problem == noColon && c < len(lineText) {
		return noColonAt(text, start+c+1, ends[n], n+1, fails)
	}
	col = utf8.RuneCount(lineText[:c]) + 1
	if problem == badName && (c < len(lineText) || start+c == len(text)) {
		// At the character that ends the name: a line break, or the
		// end of the text, as libyaml places it.
		return n + 1, col, true
	}
	if c >= len(lineText) || lineText[c] == '\n' || lineText[c] == '\r' {
		col = 0 // the line as a whole, not one of its bytes
	}
	return n + 1, col, true
}

// noColonAt places a required key without its ':', which the prefix
// text[:end] on line n shows (ending at the key's last byte or, for a
// plain scalar, its first), where libyaml finds it: when it looks for
// the next token, right after a key that is 1,024 characters too long
// (or on lines of its own), which a ':' after it does not mend; else at
// the first token on a later line (after blank and comment lines and
// the indentation), or on the line after the text. lineEnd is the
// offset just after line n.
func noColonAt(text []byte, end, lineEnd, n int, fails func([]byte) bool) (line, col int, ok bool) {
	start := bytes.LastIndexByte(text[:end], '\n') + 1
	if fails(append(text[:end:end], ':')) {
		return n, utf8.RuneCount(text[start:end]) + 1, true
	}
	// A plain key has its ':' on its line (the prefix ends at its first
	// byte, every prefix of it failing so) and is too long: libyaml
	// finds it at that ':'.
	comment := false
	for i := end; i < lineEnd; i++ {
		if text[i] == '#' && (text[i-1] == ' ' || text[i-1] == '\t') {
			comment = true
			break
		}
		if text[i] == ':' && (i+1 == len(text) || bytes.IndexByte([]byte(" \t\r\n"), text[i+1]) >= 0) {
			return n, utf8.RuneCount(text[start:i]) + 1, true
		}
	}
	// A plain key with no comment after it on its line: libyaml scans
	// it as a plain scalar on over its line breaks, and finds it without
	// ':' where that stops, on a later line: at a comment line's '#', at
	// a line indented no more than the key, or, on a line indented more
	// (which continues the scalar), at a ": " or " #" there.
	keyLine := bytes.TrimRight(text[start:lineEnd], "\r\n")
	keyIndent := len(keyLine) - len(bytes.TrimLeft(keyLine, " \t"))
	plain := !comment && plainLast(keyLine)
	for off := lineEnd; off < len(text); {
		n++
		rest := text[off:]
		eol := bytes.IndexByte(rest, '\n')
		if eol < 0 {
			eol = len(rest)
		}
		l := bytes.TrimRight(rest[:eol], "\r")
		indent := len(l) - len(bytes.TrimLeft(l, " \t"))
		if plain && indent < len(l) && (l[indent] == '#' || indent <= keyIndent) {
			return n, utf8.RuneCount(l[:indent]) + 1, true
		}
		if plain && indent < len(l) {
			for i := indent; i < len(l); i++ {
				if l[i] == ':' && (i+1 == len(l) || l[i+1] == ' ' || l[i+1] == '\t') ||
					i > indent && l[i] == '#' && (l[i-1] == ' ' || l[i-1] == '\t') {
					return n, utf8.RuneCount(l[:i]) + 1, true
				}
			}
		}
		if !plain && indent < len(l) && l[indent] != '#' {
			return n, utf8.RuneCount(l[:indent]) + 1, true
		}
		off += eol + 1
	}
	return n + 1, 1, true
}

// plainLast reports whether line (a key's, without a comment) ends with
// a plain scalar: its last word is not a quoted scalar's or flow
// collection's end, nor an alias, anchor or tag.
func plainLast(line []byte) bool {
	line = bytes.TrimRight(line, " \t")
	word := line[bytes.LastIndexAny(line, " \t")+1:]
	if len(word) == 0 {
		return false
	}
	return bytes.IndexByte([]byte("\"']}"), word[len(word)-1]) < 0 && bytes.IndexByte([]byte("*&!"), word[0]) < 0
}
